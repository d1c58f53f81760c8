"""An event's players as people (issue 30): who plays for whom, linked to the registry on this computer.

``set_players`` is the one writer of an entrant's players: the ``entrant_player`` rows in order, and the line of
names ``Entrant.players`` derived from them (what documents, pages and phones read). A name an entrant keeps
keeps its player (its ident, its link to other events); a new name is a new player, linked silently to the
registry's person of the same name and unit (``domain.players``). A likely match (a unit spelt otherwise, an
ident that agrees) is a proposal: the director confirms it (``merge_players``, one audited transaction) or leaves
it. Remembering an event's players puts them in the registry for the next event.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.players import Match, Person, compare, key, match_players
from tournament_desk.services import players_registry as registry
from tournament_desk.services.desk import Desk, audit, now, tournament
from tournament_desk.storage import models as m

_KNOWN = "players.known"  # session.info: the registry as read once per transaction


@dataclass(frozen=True)
class PlayerInfo:
    id: int
    uid: str
    name: str
    unit: str | None
    ident: str | None
    entrant: str | None  # the entrant they play for (None: no longer listed anywhere)
    position: int | None
    known: bool = False  # in the registry on this computer


@dataclass(frozen=True)
class MergeProposal:
    """The event's ``player`` is likely the registry's ``known`` (``why``: "unit-spelling", "unit-missing",
    "ident" or "several")."""

    player: PlayerInfo
    known: registry.KnownInfo
    why: str


def _known(session: Session) -> list[registry.KnownInfo]:
    if _KNOWN not in session.info:
        session.info[_KNOWN] = registry.known_players()
    known: list[registry.KnownInfo] = session.info[_KNOWN]
    return known


def add_players(
    session: Session,
    entrants: Sequence[tuple[m.Entrant, Sequence[str]]],
    idents: Sequence[Sequence[str | None]] = (),
) -> None:
    """The players of entrants that have none yet (just registered, imported, a demo's hundreds), in a few
    statements: ``set_players`` without reading what they had. ``idents``: each entrant's players' idents in
    the same order (a sign-up sheet's 识别号 column), when given; a player with an ident is linked silently to
    the registry's person of the same name and ident, whatever their unit."""
    moment = now()
    given = [list(i) for i in idents] + [[] for _ in range(len(entrants) - len(idents))]
    rows = [
        _new_row(name, entrant.unit, moment, ident)
        for (entrant, names), known in zip(entrants, given, strict=True)
        for name, ident in zip(names, [*known, *[None] * (len(names) - len(known))], strict=False)
    ]
    ids = iter(_insert(session, rows))
    _write(session, [(entrant, [(next(ids), name) for name in names]) for entrant, names in entrants])


def set_players(session: Session, entrant: m.Entrant, names: Sequence[str]) -> None:
    """The entrant's players become ``names`` (normal form, in order); with ``add_players``, the one place
    ``Entrant.players`` is written. A name it keeps keeps its player (ident, links); a name it drops leaves the
    event; a new name is a new player."""
    session.flush()
    links = session.scalars(select(m.EntrantPlayer).where(m.EntrantPlayer.entrant_id == entrant.id)).all()
    free = [p for p in (session.get(m.Player, link.player_id) for link in links) if p is not None]
    session.execute(delete(m.EntrantPlayer).where(m.EntrantPlayer.entrant_id == entrant.id))
    chosen: list[tuple[int | None, str]] = []
    for name in names:
        kept = next((p for p in free if key(p.name) == key(name)), None)
        if kept is not None:
            free.remove(kept)
            kept.name, kept.unit = name, entrant.unit
        chosen.append((kept.id if kept is not None else None, name))
    for gone in free:
        session.delete(gone)
    session.flush()
    ids = iter(
        _insert(session, [_new_row(name, entrant.unit, now()) for held, name in chosen if held is None])
    )
    _write(session, [(entrant, [(held if held is not None else next(ids), name) for held, name in chosen])])


def _new_row(name: str, unit: str | None, moment: datetime, ident: str | None = None) -> dict[str, Any]:
    return {
        "uid": registry.new_uid(),
        "name": name,
        "unit": unit,
        "ident": ident or None,
        "created_at": moment,
    }


def _insert(session: Session, rows: list[dict[str, Any]]) -> list[int]:
    """New players (linked to the registry's person first, when it knows them exactly): their ids, in order."""
    if not rows:
        return []
    _link_known(session, rows)
    statement = insert(m.Player).returning(m.Player.id, sort_by_parameter_order=True)
    return list(session.scalars(statement, rows))


def _write(session: Session, chosen: Sequence[tuple[m.Entrant, Sequence[tuple[int, str]]]]) -> None:
    """Each entrant's players (id, name) in order as its rows, and its line of names derived from them."""
    links = [
        {"entrant_id": entrant.id, "position": position, "player_id": player_id}
        for entrant, players in chosen
        for position, (player_id, _) in enumerate(players, start=1)
    ]
    if links:
        session.execute(insert(m.EntrantPlayer), links)
    for entrant, players in chosen:
        entrant.players = ",".join(name for _, name in players)


def _link_known(session: Session, rows: list[dict[str, Any]]) -> None:
    """New players the registry knows by exactly this name and unit take that person's uid (and ident)."""
    known = _known(session)
    if not known:
        return
    by_id = {k.id: k for k in known}
    new = [Person(i, r["name"], r["unit"], r["ident"]) for i, r in enumerate(rows)]
    found = match_players(new, registry.people(known))
    if not found.linked:
        return
    taken = set(session.scalars(select(m.Player.uid)))
    for person, match in found.linked:
        k = by_id[match.ref]
        if k.uid in taken:  # already someone of this event: one person plays for one entrant
            continue
        rows[person.ref].update(uid=k.uid, ident=rows[person.ref]["ident"] or k.ident)
        taken.add(k.uid)


def _rows(session: Session) -> list[PlayerInfo]:
    known = {k.uid for k in _known(session)}
    if known:  # a uid the registry merged into another record still names a known person
        known |= set(registry.uid_aliases())
    query = (
        select(m.Player, m.Entrant.name, m.EntrantPlayer.position)
        .outerjoin(m.EntrantPlayer, m.EntrantPlayer.player_id == m.Player.id)
        .outerjoin(m.Entrant, m.Entrant.id == m.EntrantPlayer.entrant_id)
        .order_by(m.Entrant.draw_no, m.Entrant.id, m.EntrantPlayer.position, m.Player.id)
    )
    return [
        PlayerInfo(p.id, p.uid, p.name, p.unit, p.ident, entrant, position, p.uid in known)
        for p, entrant, position in session.execute(query)
    ]


def list_players(desk: Desk) -> list[PlayerInfo]:
    """The event's players, entrant by entrant in draw order, each in their place."""
    with desk.db.transaction() as session:
        return _rows(session)


def _player(session: Session, player_id: int) -> m.Player:
    player = session.get(m.Player, player_id)
    if player is None:
        raise BadInput("There is no player number {id} in this event.", id=player_id)
    return player


def set_ident(desk: Desk, player_id: int, ident: str | None, *, reason: str | None = None) -> PlayerInfo:
    """A player's ident (a phone's last digits, a member number), or none; audited old → new."""
    ident = registry.clean_ident(ident)
    with desk.db.transaction(write=True) as session:
        player = _player(session, player_id)
        if player.ident != ident:
            audit(session, desk, "player-ident", old={"player": player.name, "ident": player.ident},
                  new={"player": player.name, "ident": ident}, reason=reason)  # fmt: skip
            player.ident = ident
        return next(p for p in _rows(session) if p.id == player_id)


def proposals(desk: Desk, entrants: Iterable[str] | None = None) -> list[MergeProposal]:
    """The likely matches between the event's players not yet linked to the registry (of ``entrants`` only,
    when named: the rows just imported) and the registry's people, for the director to confirm; a pair the
    director has said are two people (``keep_apart``) is not proposed again."""
    known = registry.known_players()
    if not known:
        return []
    wanted = set(entrants) if entrants is not None else None
    with desk.db.transaction() as session:
        session.info[_KNOWN] = known
        rows = [
            p
            for p in _rows(session)
            if not p.known and p.entrant is not None and (wanted is None or p.entrant in wanted)
        ]
        linked = set(session.scalars(select(m.Player.uid)))
        apart = {(r.player_id, r.known_uid) for r in session.scalars(select(m.PlayerApart))}
    by_id = {k.id: k for k in known}
    found = match_players([Person(p.id, p.name, p.unit, p.ident) for p in rows], registry.people(known))
    infos = {p.id: p for p in rows}
    seen: set[tuple[int, int]] = set()
    result: list[MergeProposal] = []
    for proposal in found.proposals:
        pair = (proposal.new.ref, proposal.known.ref)
        uid = by_id[proposal.known.ref].uid
        if pair not in seen and uid not in linked and (proposal.new.ref, uid) not in apart:
            seen.add(pair)
            result.append(MergeProposal(infos[proposal.new.ref], by_id[proposal.known.ref], proposal.why))
    return result


def merge_players(
    desk: Desk, pairs: Sequence[tuple[int, int]], *, reason: str | None = None
) -> list[PlayerInfo]:
    """The director confirms that each event player is the registry's person: the player takes the person's uid
    (and ident, when it has none). One transaction, one audit entry per merge; afterwards the registry keeps
    the player's spelling, so the next sheet that writes them so links them without asking."""
    if not pairs:
        raise BadInput("Choose at least one merge to confirm.")
    return settle_proposals(desk, pairs, (), reason=reason)


def keep_apart(desk: Desk, pairs: Sequence[tuple[int, int]], *, reason: str | None = None) -> None:
    """The director says each event player is *not* the registry's person: the proposal is not made again."""
    if not pairs:
        raise BadInput("Name a player of the event and a player of the registry.")
    settle_proposals(desk, (), pairs, reason=reason)


def settle_proposals(
    desk: Desk,
    same: Sequence[tuple[int, int]],
    apart: Sequence[tuple[int, int]],
    *,
    reason: str | None = None,
) -> list[PlayerInfo]:
    """The director's answer to the proposals, in one transaction: (event player, registry person) pairs that
    are ``same`` (merged, audited "player-merge") and pairs that are ``apart`` (two people, kept in
    ``player_apart`` and audited "player-apart", so the proposal is not shown again). Returns the merged."""
    if len({player_id for player_id, _ in same}) < len(same):
        raise BadInput("A player is merged with two players of the registry; tick one of them.")
    known = {k.id: k for k in registry.known_players()}
    with desk.db.transaction(write=True) as session:
        session.info[_KNOWN] = list(known.values())
        merged: list[tuple[m.Player, registry.KnownInfo]] = []
        for player_id, known_id in same:
            player, person = _player(session, player_id), _person(known, known_id)
            _check_merge(session, player, person)
            audit(session, desk, "player-merge",
                  old={"player": player.name, "unit": player.unit, "ident": player.ident, "uid": player.uid},
                  new={"player": person.name, "unit": person.unit, "ident": person.ident, "uid": person.uid},
                  reason=reason)  # fmt: skip
            player.uid, player.ident = person.uid, player.ident or person.ident
            session.flush()
            merged.append((player, person))
        for player_id, known_id in apart:
            _apart(session, desk, _player(session, player_id), _person(known, known_id), reason)
        result = [p for p in _rows(session) if p.id in {player.id for player, _ in merged}]
    if merged:
        registry.remember([(k.uid, p.name, p.unit, p.ident) for p, k in merged], at=now())
    return result


def _person(known: dict[int, registry.KnownInfo], known_id: int) -> registry.KnownInfo:
    person = known.get(known_id)
    if person is None:
        raise BadInput("There is no player number {id} in the registry.", id=known_id)
    return person


def _apart(
    session: Session, desk: Desk, player: m.Player, person: registry.KnownInfo, reason: str | None
) -> None:
    if player.uid == person.uid:
        raise BadInput("'{name}' is already linked to that player of the registry.", name=player.name)
    if session.get(m.PlayerApart, (player.id, person.uid)) is not None:
        return  # said before: nothing new to record
    session.add(m.PlayerApart(player_id=player.id, known_uid=person.uid, created_at=now()))
    audit(session, desk, "player-apart", old={"player": player.name, "unit": player.unit, "ident": player.ident},
          new={"known": person.name, "unit": person.unit, "ident": person.ident, "uid": person.uid},
          reason=reason)  # fmt: skip
    session.flush()


def _check_merge(session: Session, player: m.Player, person: registry.KnownInfo) -> None:
    if player.uid == person.uid:
        raise BadInput("'{name}' is already linked to that player of the registry.", name=player.name)
    other = session.scalar(select(m.Player).where(m.Player.uid == person.uid))
    if other is not None:
        raise BadInput("'{known}' of the registry already plays in this event as '{name}'; one person plays "
                       "for one entrant.", known=person.name, name=other.name)  # fmt: skip
    kind, _ = compare(Person(0, player.name, player.unit, player.ident), Person(1, person.name, person.unit,
                                                                                person.ident))  # fmt: skip
    if kind is Match.NONE and player.ident and person.ident:
        raise BadInput("'{name}' and '{known}' have different idents; they are two people.", name=player.name,
                       known=person.name)  # fmt: skip


def remember_players(desk: Desk) -> registry.Remembered:
    """The event's players into the registry on this computer (new people added, new spellings kept)."""
    with desk.db.transaction() as session:
        rows = [
            (p.uid, p.name, p.unit, p.ident) for p in session.scalars(select(m.Player).order_by(m.Player.id))
        ]
        event = tournament(session).name
    if not rows:
        raise BadInput("This event has no players to remember.")
    return registry.remember(rows, at=now(), event=event)
