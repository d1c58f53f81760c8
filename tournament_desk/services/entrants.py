"""Registering entrants, importing a sign-up sheet, the round-1 draw and withdrawals (what a withdrawal does to
the tables: ``withdrawals``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.scoring_modes import scoring_mode
from tournament_desk.domain.sorting import sort_key
from tournament_desk.services.backups import take_backup
from tournament_desk.services.desk import (
    Desk,
    audit,
    audit_chained,
    entrant_by_name,
    now,
    paired_rounds,
    rules_of,
    tournament,
)
from tournament_desk.services.entrants_check import SheetCheck, SheetEntrant, SheetLine
from tournament_desk.services.entrants_check import clean_name as _clean_name
from tournament_desk.services.entrants_check import clean_players as _clean_players
from tournament_desk.services.entrants_check import clean_unit as _clean_unit
from tournament_desk.services.entrants_check import split_players as split_players
from tournament_desk.services.players import add_players, set_players
from tournament_desk.services.sheets import read_sheet
from tournament_desk.services.stages import current_stage
from tournament_desk.services.withdrawals import apply_withdrawal, undo_withdrawal
from tournament_desk.storage import models as m

ENTRANT_COLUMNS = {
    "name": ("名称", "队名", "名字", "姓名", "参赛队", "team", "pair", "entrant"),
    "unit": ("单位", "代表单位", "club", "organisation", "organization"),
    "players": ("队员", "选手", "运动员", "members"),
    "idents": ("识别号", "会员号", "手机尾号", "ID", "idents"),  # one per player, in order (issue 30)
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


# An entrant to store: name, unit, players and their idents, already in their normal form.
_NewEntrant = tuple[str, str | None, Sequence[str], Sequence[str | None]]


def _add_many(session: Session, desk: Desk, new: Sequence[_NewEntrant]) -> list[m.Entrant]:
    """Store entrants in the order given, each with the next draw number, its players and its own audit entry
    (``entrant-add``), in a few statements: a sheet of 5000 rows flushed three times a row (issue 29)."""
    if current_stage(session).format.scheduled and paired_rounds(session):
        raise BadInput("The schedule was fixed when round 1 was paired; no entrant can join now.")
    first_draw = (session.scalar(select(func.max(m.Entrant.draw_no))) or 0) + 1
    moment = now()
    entrants = [
        m.Entrant(name=name, sort_key=sort_key(name), unit=unit, draw_no=first_draw + i, created_at=moment)
        for i, (name, unit, _, _) in enumerate(new)
    ]
    session.add_all(entrants)
    session.flush()
    add_players(session, [(e, players) for e, (_, _, players, _) in zip(entrants, new, strict=True)],
                [idents for _, _, _, idents in new])  # fmt: skip
    for entrant, (_, _, players, idents) in zip(entrants, new, strict=True):
        audit_chained(
            session,
            desk,
            "entrant-add",
            entrant_id=entrant.id,
            new={
                "name": entrant.name,
                "unit": entrant.unit,
                "players": list(players),
                "draw_no": entrant.draw_no,
                **({"idents": list(idents)} if any(idents) else {}),
            },
        )
    return entrants


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
        return _info(_add_many(session, desk, [(name, unit, player_list, ())])[0])


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
        entrant.name, entrant.unit = name, unit
        set_players(session, entrant, player_list)
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


def _players_wanted(session: Session) -> int | None:
    """How many players an entrant of this event has: a team match's 2 × P, a team's 4, a pair's 2."""
    event = tournament(session)
    pairs = scoring_mode(event.scoring).team_pairs(rules_of(session))
    if pairs is not None:
        return 2 * pairs
    return 4 if event.entrants_kind == "teams" else 2


def _sheet_check(session: Session) -> SheetCheck:
    return SheetCheck(frozenset(session.scalars(select(m.Entrant.name))), _players_wanted(session))


def read_entrant_sheet(sheet: Path) -> list[SheetLine]:
    """The rows of a sign-up sheet as text, with their sheet row numbers (reads the file only)."""
    return [
        SheetLine(
            r.number,
            r.cells.get("name", ""),
            r.cells.get("unit") or "",
            r.cells.get("players") or "",
            r.cells.get("idents") or "",
        )
        for r in read_sheet(sheet, ENTRANT_COLUMNS, required=("name",))
    ]


@dataclass(frozen=True)
class EntrantSheet:
    """A sign-up sheet opened for the preview: its rows as read, and the check to run on them as corrected."""

    path: Path
    lines: tuple[SheetLine, ...]
    check: SheetCheck


def open_entrant_sheet(desk: Desk, sheet: Path) -> EntrantSheet:
    """Read a sign-up sheet for the preview, with what the check needs from the event (reads only)."""
    lines = read_entrant_sheet(sheet)
    with desk.db.transaction() as session:
        return EntrantSheet(sheet, tuple(lines), _sheet_check(session))


def preview_entrant_sheet(desk: Desk, sheet: Path) -> list[SheetEntrant]:
    """What ``import_entrants`` would do with a sheet, row by row (reads only)."""
    opened = open_entrant_sheet(desk, sheet)
    return opened.check.check(opened.lines)


def import_entrants(
    desk: Desk, sheet: Path, *, rows: Sequence[SheetLine] | None = None, read: Sequence[SheetLine] = ()
) -> list[EntrantInfo]:
    """Import every row of a sign-up sheet, or none: all problems are reported together, by row.

    ``rows``: the rows the director kept in the preview, as corrected there (default: every row of the file).
    ``read``: the rows as the preview read them, so that the audit trail names the rows left out and the
    corrections made (each row's old and new text)."""
    lines = list(rows) if rows is not None else read_entrant_sheet(sheet)
    with desk.db.transaction(write=True) as session:
        checked = _sheet_check(session).check(lines)
        problems = [r.problem for r in checked if r.problem is not None]
        if problems:
            raise BadInput("Nothing was imported: {problems}.", problems=problems[:20])
        if not checked:
            raise BadInput("'{path}' has no entrants to import.", path=str(sheet))
        take_backup(desk, "before-import")
        added = _add_many(session, desk, [(r.name, r.unit, r.players, r.idents) for r in checked])
        audit(
            session,
            desk,
            "entrant-import",
            new={"file": sheet.name, "rows": len(added), **_edits(read, lines)},
        )
        return [_info(e) for e in added]


def _edits(read: Sequence[SheetLine], kept: Sequence[SheetLine]) -> dict[str, object]:
    """The rows the preview left out and the ones it corrected, for the audit trail (nothing when neither)."""
    by_row = {line.row: line for line in kept}
    left_out = [line.row for line in read if line.row not in by_row]
    corrected = {
        str(line.row): {"old": [line.name, line.unit, line.players], "new": [new.name, new.unit, new.players]}
        for line in read
        if (new := by_row.get(line.row)) is not None and new != line
    }
    edits: dict[str, object] = {}
    if left_out:
        edits["left_out"] = left_out
    if corrected:
        edits["corrected"] = corrected
    return edits


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
    """Withdraw an entrant after ``after_round``: what happens to its tables is the format's rule (rules.md §5.7).

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
    """Take a withdrawal back (rules.md §5.7: only while no later round has results of its own).

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
