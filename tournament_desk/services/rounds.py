"""Pairing and publishing a round (SPEC §8), and reading a round's tables back."""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.pairing import Pairing, pair_round
from tournament_desk.domain.pairing.swiss import REMATCH, SAME_UNIT
from tournament_desk.domain.scoring import Outcome
from tournament_desk.services.board_sets import freeze_board_set
from tournament_desk.services.desk import (
    Desk,
    audit,
    entrant_by_name,
    names_by_id,
    now,
    paired_rounds,
    rules_of,
    tournament,
)
from tournament_desk.services.snapshot import load
from tournament_desk.storage import models as m


@dataclass(frozen=True)
class TableView:
    table: int
    home: str
    away: str
    relaxed: tuple[str, ...]
    locked: bool
    kind: str  # pending, played, forfeit, late, ruling
    side: str | None
    home_level: int | None
    away_level: int | None
    outcome: Outcome | None
    xmp: int | None = None  # duplicate events: the home team's level difference over the boards


@dataclass(frozen=True)
class RoundView:
    round: int
    tables: tuple[TableView, ...]
    bye: str | None
    bye_award: tuple[float, float] | None
    published: bool
    # Only on the view returned by a pairing: the bye went to an entrant that already had one
    # (everyone had, SPEC §5.4), and the entrants left without a legal partner when rules were relaxed.
    repeat_bye: bool = False
    stranded: tuple[str, ...] = ()


def missing_tables(session: Session, round_no: int) -> list[int]:
    return list(
        session.scalars(
            select(m.Match.table_no)
            .where(m.Match.round_no == round_no, m.Match.kind == "pending")
            .order_by(m.Match.table_no)
        )
    )


def _table_view(mt: m.Match, names: dict[int, str]) -> TableView:
    outcome = None
    if mt.kind != "pending":
        outcome = Outcome(mt.home_mp or 0.0, mt.away_mp or 0.0, mt.home_vp or 0.0, mt.away_vp or 0.0)
    relaxed = tuple(r for r in mt.relaxed.split(",") if r)
    return TableView(
        mt.table_no, names[mt.home_id], names[mt.away_id], relaxed, mt.locked, mt.kind, mt.side, mt.home_level,
        mt.away_level, outcome, mt.xmp,
    )  # fmt: skip


def _round_view(session: Session, round_no: int) -> RoundView:
    rnd = session.get(m.Round, round_no)
    if rnd is None:
        raise BadInput("Round {round} has not been paired yet.", round=round_no)
    names = names_by_id(session)
    tables = [
        _table_view(mt, names)
        for mt in session.scalars(
            select(m.Match).where(m.Match.round_no == round_no).order_by(m.Match.table_no)
        )
    ]
    bye = names[rnd.bye_entrant_id] if rnd.bye_entrant_id is not None else None
    award = (rnd.bye_mp or 0.0, rnd.bye_vp or 0.0) if bye is not None else None
    return RoundView(round_no, tuple(tables), bye, award, rnd.published)


def table_view(desk: Desk, round_no: int, table_no: int) -> TableView:
    """One table of a round as it is stored now (cheaper than the whole round)."""
    with desk.db.transaction() as session:
        match = session.scalars(
            select(m.Match).where(m.Match.round_no == round_no, m.Match.table_no == table_no)
        ).first()
        if match is None:
            raise BadInput("Round {round} has no table {table}.", round=round_no, table=table_no)
        names = {
            i: n
            for i, n in session.execute(
                select(m.Entrant.id, m.Entrant.name).where(m.Entrant.id.in_((match.home_id, match.away_id)))
            )
        }
        return _table_view(match, names)


def last_paired_round(desk: Desk) -> int:
    """The number of the last round paired (0 before round 1)."""
    with desk.db.transaction() as session:
        return paired_rounds(session)


def round_view(desk: Desk, round_no: int) -> RoundView:
    with desk.db.transaction() as session:
        return _round_view(session, round_no)


def _store_pairing(
    session: Session,
    desk: Desk,
    round_no: int,
    pairing: Pairing,
    *,
    publish: bool = True,
    action: str = "pair",
    reason: str | None = None,
    locked: frozenset[int] = frozenset(),
) -> None:
    rules = rules_of(session)
    bye_award = rules.bye
    rnd = session.get(m.Round, round_no)
    if rnd is None:
        rnd = m.Round(number=round_no, published=publish, paired_at=now())
        session.add(rnd)
    rnd.bye_entrant_id = pairing.bye
    rnd.bye_mp = bye_award.mp if pairing.bye is not None else None
    rnd.bye_vp = bye_award.vp if pairing.bye is not None else None
    session.flush()
    freeze_board_set(session, round_no)  # duplicate events: the round keeps the boards it is paired with
    names = names_by_id(session)
    session.add_all(
        m.Match(
            round_no=round_no,
            table_no=t.table,
            home_id=t.home,
            away_id=t.away,
            relaxed=",".join(t.relaxed),
            kind="pending",
            locked=t.home in locked,
        )
        for t in pairing.tables
    )
    audit(
        session,
        desk,
        action,
        round_no=round_no,
        reason=reason,
        new={
            "tables": [[t.table, names[t.home], names[t.away], *t.relaxed] for t in pairing.tables],
            "bye": names[pairing.bye] if pairing.bye is not None else None,
            **({"repeat_bye": True} if pairing.repeat_bye else {}),
            **({"no_legal_partner": [names[i] for i in pairing.stranded]} if pairing.stranded else {}),
        },
    )


def _next_pairing(session: Session) -> tuple[int, Pairing]:
    """Check the event is ready for its next round and pair it (reads only)."""
    event = tournament(session)
    last = paired_rounds(session)
    if last:
        missing = missing_tables(session, last)
        if missing:
            raise BadInput(
                "Round {round} still has no result for table {tables}; enter them before pairing the next round.",
                round=last,
                tables=", ".join(map(str, missing)),
            )
    if event.rounds_planned is not None and last >= event.rounds_planned:
        raise BadInput("All {rounds} rounds of this event have been paired.", rounds=event.rounds_planned)
    round_no = last + 1
    entrants = load(session, for_pairing=True).pairing_entrants(round_no)
    if len(entrants) < 2:
        raise BadInput("At least two active entrants are needed to pair a round.")
    return round_no, pair_round(entrants)


def pair_next_round(desk: Desk, *, publish: bool = True) -> RoundView:
    """Pair the next round (and publish it, unless the director wants to adjust it first).

    The file is backed up first, so a pairing can always be undone by going back to the copy.
    """
    with desk.db.transaction() as session:
        round_no, pairing = _next_pairing(session)
        desk.db.backup(f"before-round-{round_no}")
        _store_pairing(session, desk, round_no, pairing, publish=publish)
        names = names_by_id(session)
        return replace(
            _round_view(session, round_no),
            repeat_bye=pairing.repeat_bye,
            stranded=tuple(names[i] for i in pairing.stranded),
        )


def _draft(session: Session, round_no: int) -> m.Round:
    """The round, which must still be a draft: changed only before it is published."""
    rnd = session.get(m.Round, round_no)
    if rnd is None:
        raise BadInput("Round {round} has not been paired yet.", round=round_no)
    if rnd.published:
        raise BadInput(
            "Round {round} is already published; its pairing can no longer change.", round=round_no
        )
    return rnd


def _tables(session: Session, round_no: int) -> list[m.Match]:
    return list(
        session.scalars(select(m.Match).where(m.Match.round_no == round_no).order_by(m.Match.table_no))
    )


def publish_round(desk: Desk, round_no: int) -> RoundView:
    """Publish a draft round: its pairing is fixed and results can be entered."""
    with desk.db.transaction() as session:
        _draft(session, round_no).published = True
        audit(session, desk, "publish", round_no=round_no)
        return _round_view(session, round_no)


def set_locked(
    desk: Desk, round_no: int, table_no: int, locked: bool, *, reason: str | None = None
) -> RoundView:
    """Lock a table of a draft round so that re-pairing keeps it (or unlock it)."""
    with desk.db.transaction() as session:
        _draft(session, round_no)
        match = next((t for t in _tables(session, round_no) if t.table_no == table_no), None)
        if match is None:
            raise BadInput("Round {round} has no table {table}.", round=round_no, table=table_no)
        old = match.locked
        match.locked = locked
        audit(session, desk, "lock" if locked else "unlock", round_no=round_no, table_no=table_no,
              old={"locked": old}, new={"locked": locked}, reason=reason)  # fmt: skip
        return _round_view(session, round_no)


def swap_entrants(
    desk: Desk, round_no: int, first: str, second: str, *, reason: str | None = None
) -> RoundView:
    """Swap two entrants between tables (or with the bye) in a draft round; rule breaks are re-marked."""
    with desk.db.transaction() as session:
        rnd = _draft(session, round_no)
        ids = {name: entrant_by_name(session, name).id for name in (first, second)}
        if ids[first] == ids[second]:
            raise BadInput("Choose two different entrants to swap.")
        slots: dict[int, tuple[m.Match | None, str]] = {}
        for match in _tables(session, round_no):
            slots[match.home_id] = (match, "home")
            slots[match.away_id] = (match, "away")
        if rnd.bye_entrant_id is not None:
            slots[rnd.bye_entrant_id] = (None, "bye")
        for name, entrant_id in ids.items():
            if entrant_id not in slots:
                raise BadInput("'{name}' is not in round {round}.", name=name, round=round_no)
        (match_a, side_a), (match_b, side_b) = slots[ids[first]], slots[ids[second]]
        if match_a is not None and match_a is match_b:
            raise BadInput("'{first}' and '{second}' already play each other.", first=first, second=second)
        for slot in (match_a, match_b):
            if slot is not None and slot.locked:
                raise BadInput("Table {table} is locked; unlock it before changing it.", table=slot.table_no)
        _put(rnd, match_a, side_a, ids[second])
        _put(rnd, match_b, side_b, ids[first])
        session.flush()
        _remark(session, round_no)
        audit(session, desk, "swap", round_no=round_no, new={"swap": [first, second]}, reason=reason)
        return _round_view(session, round_no)


def _put(rnd: m.Round, match: m.Match | None, side: str, entrant_id: int) -> None:
    if match is None:
        rnd.bye_entrant_id = entrant_id
    elif side == "home":
        match.home_id = entrant_id
    else:
        match.away_id = entrant_id


def _remark(session: Session, round_no: int) -> None:
    """Recompute which rules each table of a round breaks (after a manual change)."""
    snap = load(session)
    units = snap.units
    earlier: dict[int, set[int]] = {}
    for match in session.scalars(select(m.Match).where(m.Match.round_no < round_no)):
        earlier.setdefault(match.home_id, set()).add(match.away_id)
        earlier.setdefault(match.away_id, set()).add(match.home_id)
    for match in _tables(session, round_no):
        broken = []
        if units[match.home_id] and units[match.home_id] == units[match.away_id]:
            broken.append(SAME_UNIT)
        if match.away_id in earlier.get(match.home_id, set()):
            broken.append(REMATCH)
        match.relaxed = ",".join(broken)


def repair_round(desk: Desk, round_no: int, *, reason: str | None = None) -> RoundView:
    """Pair a draft round again, keeping its locked tables as they are."""
    with desk.db.transaction() as session:
        if round_no != paired_rounds(session):
            raise BadInput("Only the last round can be paired again.")
        rnd = _draft(session, round_no)
        tables = _tables(session, round_no)
        locked = [(t.home_id, t.away_id) for t in tables if t.locked]
        for t in tables:
            session.delete(t)
        rnd.bye_entrant_id = None
        session.flush()  # the draft's own tables and bye are gone, so they are not "earlier" meetings
        entrants = load(session, for_pairing=True).pairing_entrants(round_no)
        pairing = pair_round(entrants, locked=locked)
        _store_pairing(session, desk, round_no, pairing, publish=False, action="repair", reason=reason,
                       locked=frozenset(home for home, _ in locked))  # fmt: skip
        return _round_view(session, round_no)
