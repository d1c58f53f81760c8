"""Registering entrants, importing a sign-up sheet, the round-1 draw and withdrawals (what a withdrawal does to
the tables: ``withdrawals``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput, Message, msg
from tournament_desk.domain.names import PLAYERS_MAX, UNIT_MAX, checked_name, normal_form, similar_key
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.sorting import sort_key
from tournament_desk.services.backups import take_backup
from tournament_desk.services.desk import Desk, audit, entrant_by_name, now, paired_rounds
from tournament_desk.services.sheets import read_sheet
from tournament_desk.services.stages import current_stage
from tournament_desk.services.withdrawals import apply_withdrawal, undo_withdrawal
from tournament_desk.storage import models as m

ENTRANT_COLUMNS = {
    "name": ("名称", "队名", "名字", "姓名", "参赛队", "team", "pair", "entrant"),
    "unit": ("单位", "代表单位", "club", "organisation", "organization"),
    "players": ("队员", "选手", "运动员", "members"),
}


@dataclass(frozen=True)
class EntrantInfo:
    id: int
    name: str
    unit: str | None
    players: tuple[str, ...]
    draw_no: int | None
    withdrawn_after_round: int | None


def _info(e: m.Entrant) -> EntrantInfo:
    players = tuple(p for p in e.players.split(",") if p)
    return EntrantInfo(e.id, e.name, e.unit, players, e.draw_no, e.withdrawn_after_round)


def split_players(text: str | None) -> list[str]:
    if not text:
        return []
    for sep in ("，", "、", ";", "；", "/"):
        text = text.replace(sep, ",")
    return [p.strip() for p in text.split(",") if p.strip()]


def _clean_name(name: str | None) -> str:
    cleaned = checked_name(name)
    if not cleaned:
        raise BadInput("An entrant needs a name.")
    return cleaned


def _clean_unit(unit: str | None) -> str | None:
    return checked_name(unit, what="unit", most=UNIT_MAX) or None


def _clean_players(players: str | Sequence[str]) -> list[str]:
    """Player names, each in the normal form; all of them together at most PLAYERS_MAX characters."""
    listed = split_players(players) if isinstance(players, str) else list(players)
    cleaned = [name for name in (normal_form(p) for p in listed) if name]
    checked_name(",".join(cleaned), what="players", most=PLAYERS_MAX)
    return cleaned


def _add(session: Session, desk: Desk, name: str, unit: str | None, players: Sequence[str]) -> m.Entrant:
    """Store an entrant whose name, unit and players are already in their normal form."""
    if current_stage(session).format.scheduled and paired_rounds(session):
        raise BadInput("The schedule was fixed when round 1 was paired; no entrant can join now.")
    next_draw = (session.scalar(select(func.max(m.Entrant.draw_no))) or 0) + 1
    entrant = m.Entrant(
        name=name,
        sort_key=sort_key(name),
        unit=unit,
        players=",".join(players),
        draw_no=next_draw,
        created_at=now(),
    )
    session.add(entrant)
    session.flush()
    audit(
        session,
        desk,
        "entrant-add",
        entrant_id=entrant.id,
        new={"name": entrant.name, "unit": entrant.unit, "players": list(players), "draw_no": next_draw},
    )
    return entrant


def add_entrant(
    desk: Desk, name: str, *, unit: str | None = None, players: str | Sequence[str] = ()
) -> EntrantInfo:
    """Register one entrant; it gets the next draw number until the draw is made."""
    name = _clean_name(name)
    unit = _clean_unit(unit)
    player_list = _clean_players(players)
    with desk.db.transaction(write=True) as session:
        if session.scalar(select(m.Entrant.id).where(m.Entrant.name == name)) is not None:
            raise BadInput("An entrant called '{name}' is already registered.", name=name)
        return _info(_add(session, desk, name, unit, player_list))


def update_entrant(
    desk: Desk,
    entrant_id: int,
    *,
    name: str,
    unit: str | None,
    players: str | Sequence[str],
    reason: str | None = None,
) -> EntrantInfo:
    """Correct an entrant's name, unit or players (audited, old → new)."""
    name = _clean_name(name)
    unit = _clean_unit(unit)
    player_list = _clean_players(players)
    with desk.db.transaction(write=True) as session:
        entrant = session.get(m.Entrant, entrant_id)
        if entrant is None:
            raise BadInput("There is no entrant number {id}.", id=entrant_id)
        clash = session.scalar(select(m.Entrant.id).where(m.Entrant.name == name, m.Entrant.id != entrant_id))
        if clash is not None:
            raise BadInput("An entrant called '{name}' is already registered.", name=name)
        old = {
            "name": entrant.name,
            "unit": entrant.unit,
            "players": entrant.players.split(",") if entrant.players else [],
        }
        entrant.name, entrant.unit, entrant.players = name, unit, ",".join(player_list)
        entrant.sort_key = sort_key(name)
        new = {"name": entrant.name, "unit": entrant.unit, "players": player_list}
        if old != new:
            audit(session, desk, "entrant-edit", entrant_id=entrant.id, old=old, new=new, reason=reason)
        return _info(entrant)


def list_entrants(desk: Desk) -> list[EntrantInfo]:
    with desk.db.transaction() as session:
        return [
            _info(e) for e in session.scalars(select(m.Entrant).order_by(m.Entrant.draw_no, m.Entrant.id))
        ]


@dataclass(frozen=True)
class SheetEntrant:
    row: int  # the row number the user sees in the sheet
    name: str
    unit: str | None
    players: tuple[str, ...]
    problem: Message | None  # why the import refuses this row, if it does
    warning: Message | None = None  # imported, but it looks like another row's entrant (a near-duplicate)


def _check_sheet(session: Session, sheet: Path) -> list[SheetEntrant]:
    """Every row of a sign-up sheet with the reason it cannot be imported: the preview and the import agree."""
    rows = read_sheet(sheet, ENTRANT_COLUMNS, required=("name",))
    existing = set(session.scalars(select(m.Entrant.name)))
    seen: dict[str, int] = {}
    similar: dict[str, tuple[int, str]] = {}
    checked: list[SheetEntrant] = []
    for row in rows:
        problem: Message | None = None
        warning: Message | None = None
        try:
            name = _clean_name(row.cells.get("name", "")) if row.cells.get("name", "").strip() else ""
            unit = _clean_unit(row.cells.get("unit"))
            players = tuple(_clean_players(row.cells.get("players") or ""))
        except BadInput as exc:
            name, unit, players = normal_form_or_raw(row.cells.get("name", "")), None, ()
            checked.append(SheetEntrant(row.number, name, unit, players, msg("row {row}: {problem}",
                                        row=row.number, problem=exc.message)))  # fmt: skip
            continue
        key = similar_key(name)
        if name and key in similar and similar[key][1] != name:
            warning = msg("row {row}: '{name}' looks like '{other}' in row {first}", row=row.number, name=name,
                          other=similar[key][1], first=similar[key][0])  # fmt: skip
        similar.setdefault(key, (row.number, name))
        if not name:
            problem = msg("row {row}: no name", row=row.number)
        elif name in seen:
            problem = msg(
                "row {row}: '{name}' repeats row {first}", row=row.number, name=name, first=seen[name]
            )
        elif name in existing:
            problem = msg("row {row}: '{name}' is already registered", row=row.number, name=name)
        else:
            seen[name] = row.number
        checked.append(SheetEntrant(row.number, name, unit, players, problem, warning))
    return checked


def normal_form_or_raw(text: str) -> str:
    """The name to show beside a refused row (its raw text when it cannot even be normalised)."""
    try:
        return normal_form(text)
    except BadInput:
        return text


def preview_entrant_sheet(desk: Desk, sheet: Path) -> list[SheetEntrant]:
    """What ``import_entrants`` would do with a sheet, row by row (reads only)."""
    with desk.db.transaction() as session:
        return _check_sheet(session, sheet)


def import_entrants(desk: Desk, sheet: Path) -> list[EntrantInfo]:
    """Import every row of a sign-up sheet, or none: all problems are reported together, by row."""
    with desk.db.transaction(write=True) as session:
        checked = _check_sheet(session, sheet)
        problems = [r.problem for r in checked if r.problem is not None]
        if problems:
            raise BadInput("Nothing was imported: {problems}.", problems=problems[:20])
        if not checked:
            raise BadInput("'{path}' has no entrants to import.", path=str(sheet))
        take_backup(desk, "before-import")
        added = [_add(session, desk, r.name, r.unit, r.players) for r in checked]
        audit(session, desk, "entrant-import", new={"file": sheet.name, "rows": len(added)})
        return [_info(e) for e in added]


def draw(desk: Desk, *, seed: int | None = None, order: Sequence[str] | None = None) -> list[EntrantInfo]:
    """Give every entrant its round-1 draw number: a recorded random draw, or the director's order."""
    with desk.db.transaction(write=True) as session:
        if paired_rounds(session):
            raise BadInput("The draw cannot change once round 1 has been paired.")
        entrants = list(session.scalars(select(m.Entrant).order_by(m.Entrant.id)))
        if len(entrants) < 2:
            raise BadInput("Register at least two entrants before the draw.")
        if order is not None:
            names = [" ".join(n.split()) for n in order if n.strip()]
            by_name = {e.name: e for e in entrants}
            unknown = [n for n in names if n not in by_name]
            if unknown:
                raise BadInput("There is no entrant called '{name}'.", name=unknown[0])
            repeated = sorted({n for n in names if names.count(n) > 1})
            if repeated:
                raise BadInput("'{name}' appears more than once in the order.", name=repeated[0])
            missing = [e.name for e in entrants if e.name not in names]
            if missing:
                raise BadInput("The order leaves out {names}.", names="、".join(missing[:10]))
            ordered = [by_name[n] for n in names]
            method: dict[str, object] = {"method": "order"}
        else:
            if seed is None:
                seed = random.SystemRandom().randrange(1, 10**9)
            ordered = entrants[:]
            random.Random(seed).shuffle(ordered)
            method = {"method": "random", "seed": seed}
        old = {e.name: e.draw_no for e in entrants}
        for e in entrants:  # clear first: draw numbers are unique
            e.draw_no = None
        session.flush()
        for number, e in enumerate(ordered, start=1):
            e.draw_no = number
        audit(session, desk, "draw", old=old, new={**method, "order": [e.name for e in ordered]})
        return [_info(e) for e in ordered]


def withdraw(
    desk: Desk, name: str, *, after_round: int | None = None, reason: str | None = None
) -> EntrantInfo:
    """Withdraw an entrant after ``after_round``: what happens to its tables is the format's rule (SPEC §5.7).

    Swiss: results played stand, a later table already paired is forfeited, a later bye is void. Round
    robin: under half its matches met, all its results are annulled; otherwise they stand and each later
    opponent gets the withdrawal award. Without ``after_round`` the withdrawal takes effect after the last
    round it has a result in.
    """
    with desk.db.transaction(write=True) as session:
        entrant = entrant_by_name(session, name)
        if entrant.withdrawn_after_round is not None:
            raise BadInput("'{name}' has already withdrawn.", name=entrant.name)
        last = paired_rounds(session)
        mine = list(
            session.scalars(
                select(m.Match).where((m.Match.home_id == entrant.id) | (m.Match.away_id == entrant.id))
            )
        )
        played = [mt.round_no for mt in mine if ResultState(mt.kind).has_result and mt.note != "withdrawn"]
        if after_round is None:
            after_round = max(played, default=0)
        if after_round < 0:
            raise BadInput("The round a withdrawal follows cannot be negative.")
        if after_round > last:
            raise BadInput(
                "Round {round} has not been paired yet; the last paired round is {last}.",
                round=after_round,
                last=last,
            )
        later = [r for r in played if r > after_round]
        if later:
            raise BadInput(
                "'{name}' already has a result in round {round}; withdraw it after that round.",
                name=entrant.name,
                round=max(later),
            )
        take_backup(desk, "before-withdrawal")
        entrant.withdrawn_after_round = after_round
        entrant.withdraw_reason = reason
        session.flush()
        apply_withdrawal(session, desk, entrant, after_round, reason)
        audit(
            session, desk, "withdraw", entrant_id=entrant.id, new={"after_round": after_round}, reason=reason
        )
        return _info(entrant)


def reinstate(desk: Desk, name: str, *, reason: str | None = None) -> EntrantInfo:
    """Take a withdrawal back (SPEC §5.7: only while no later round has results of its own).

    Tables the withdrawal decided go back to what was played at them, or to no result; a bye it made void
    stays void (re-pair a draft round to give it again).
    """
    with desk.db.transaction(write=True) as session:
        entrant = entrant_by_name(session, name)
        after = entrant.withdrawn_after_round
        if after is None:
            raise BadInput("'{name}' has not withdrawn.", name=entrant.name)
        decided = []
        for mt in session.scalars(select(m.Match).order_by(m.Match.round_no, m.Match.table_no)):
            if mt.note == "withdrawn" and entrant.id in (mt.home_id, mt.away_id):
                decided.append(mt)
            elif mt.round_no > after and ResultState(mt.kind).has_result and mt.note != "withdrawn":
                raise BadInput(
                    "Round {round} already has results; a withdrawal can be taken back only before any later "
                    "round has results.",
                    round=mt.round_no,
                )
        take_backup(desk, "before-reinstatement")
        entrant.withdrawn_after_round = None
        entrant.withdraw_reason = None
        session.flush()
        undo_withdrawal(session, desk, entrant, decided, reason)
        audit(session, desk, "reinstate", entrant_id=entrant.id, old={"after_round": after}, new={"after_round": None},
              reason=reason)  # fmt: skip
        return _info(entrant)
