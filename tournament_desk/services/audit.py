"""Reading the audit trail: every change with its time, station, old and new values, and reason; and checking
it (``verify_trail``): its hash chain, and that every result stored is the one the trail last recorded."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.chain import GENESIS, AuditEntry, entry_hash
from tournament_desk.domain.duplicate import ROOMS
from tournament_desk.domain.errors import Message, msg
from tournament_desk.domain.team_match import PairGame
from tournament_desk.services.desk import Desk, audit_fields, names_by_id
from tournament_desk.services.results.table import match_state
from tournament_desk.services.results.team_views import game_json
from tournament_desk.storage import models as m


def audit_trail(
    desk: Desk, *, round_no: int | None = None, table_no: int | None = None, entrant: str | None = None
) -> list[AuditEntry]:
    """The trail in the order it was written, optionally only one round, table or entrant."""
    with desk.db.transaction() as session:
        names = names_by_id(session)
        query = select(m.Audit).order_by(m.Audit.id)
        if round_no is not None:
            query = query.where(m.Audit.round_no == round_no)
        if table_no is not None:
            query = query.where(m.Audit.table_no == table_no)
        if entrant is not None:
            ids = [i for i, n in names.items() if n == entrant]
            query = query.where(m.Audit.entrant_id.in_(ids))
        return [
            AuditEntry(
                a.at, a.station, a.action, a.round_no, a.table_no,
                names.get(a.entrant_id) if a.entrant_id is not None else None,
                json.loads(a.old) if a.old else None, json.loads(a.new) if a.new else None, a.reason,
            )
            for a in session.scalars(query)
        ]  # fmt: skip


@dataclass(frozen=True)
class Mismatch:
    """A result stored otherwise than the audit trail last recorded it: changed outside the program."""

    round: int
    table: int
    board: int | None  # a board of a duplicate (with its room) or a Mitchell table; None: the table's result
    room: str | None
    stored: Any  # as the trail keeps it (``match_state``; a board's points and penalties); None: no such row
    recorded: Any
    entry: int  # the id of the entry that recorded it last
    at: datetime


@dataclass(frozen=True)
class ChainCheck:
    entries: int
    broken_at: int | None  # the id of the first entry whose hash does not follow (None: intact)
    broken_when: datetime | None
    mismatches: tuple[Mismatch, ...] = ()  # results stored otherwise than the (intact) trail last said
    compared: int = 0  # the results (tables, boards) compared with what the trail last recorded of them

    @property
    def problem(self) -> Message | None:
        """The sentence for the first result that differs from the trail (None: every one agrees)."""
        return mismatch_message(self.mismatches) if self.mismatches else None


def verify_trail(desk: Desk) -> ChainCheck:
    """Recompute the hash chain (``domain.chain``) and find the first entry that does not follow; if the chain
    holds, compare every result stored with the one the trail last recorded for it (``Mismatch``)."""
    with desk.db.transaction() as session:
        previous = GENESIS
        count = 0
        last = _LastRecorded()
        for row in session.scalars(select(m.Audit).order_by(m.Audit.id)):
            count += 1
            expected = entry_hash(previous, audit_fields(row))
            if row.hash != expected:
                return ChainCheck(count, row.id, row.at)
            previous = expected
            last.note(row)
        return ChainCheck(count, None, None, last.compare(session), last.compared)


# --- every result as the trail last recorded it --------------------------------------------------------------
# The entries whose ``new`` is a table's whole result (``table_results.match_state``) are those of every action
# that changes a table's result: a result, a correction, a forfeit, a late scoresheet, a ruling and its award
# recomputed (``refresh_rulings``), a decision removed, a withdrawal's forfeits and annulments and their
# reinstatement, a cleared table, an undo or redo (``restore``), a duplicate board (the table settles with it),
# a result from the tables' phones (recorded as ``result``). Anything else on a table passes over its result
# (below) or makes what the trail said of it no longer the last word (a Mitchell board settles the table without
# recording its result: its boards are compared instead).
_STATE = ("kind", "side", "home_level", "away_level", "home_mp", "away_mp", "home_vp", "away_vp")
_STATE_EXTRA = ("xmp", "on_stage")  # in ``match_state`` only when set
# Entries on a table that leave its result as it was.
_RESULT_KEPT = frozenset({"lock", "unlock", "phone-lock", "phone-unlock", "live-entry", "lineup"})
GAME = "game"  # a ``Mismatch``'s room when its board is a pair game of a team match (rules.md §5.8)
# Entries on a round that build its tables afresh (a draft round's pairing, re-pairing, a swap).
_TABLES_BUILT = frozenset({"pair", "repair", "swap"})

Recorded = tuple[Any, int, datetime]  # the value, the id and the time of the entry that recorded it last


def _state_of(new: Any) -> dict[str, Any] | None:
    if not isinstance(new, dict) or any(key not in new for key in _STATE):
        return None
    return {key: new.get(key) for key in (*_STATE, *_STATE_EXTRA)}


def _forget_round(kept: dict[Any, Recorded], round_no: int) -> None:
    for key in [k for k in kept if k[0] == round_no]:
        del kept[key]


def _board_row(row: Any) -> list[Any] | None:
    return None if row is None else list(row)


@dataclass
class _LastRecorded:
    """What the trail last recorded of each table's result and each board's entry, entry by entry."""

    tables: dict[tuple[int, int], Recorded] = field(default_factory=dict)
    boards: dict[tuple[int, int, int, str], Recorded] = field(default_factory=dict)  # duplicate, per room
    pair_boards: dict[tuple[int, int, int], Recorded] = field(default_factory=dict)  # Mitchell
    games: dict[tuple[int, int, int], Recorded] = field(default_factory=dict)  # team matches' pair games

    @property
    def compared(self) -> int:
        return len(self.tables) + len(self.boards) + len(self.pair_boards) + len(self.games)

    def note(self, row: m.Audit) -> None:
        round_no, table_no = row.round_no, row.table_no
        if round_no is None:
            return
        if table_no is None:
            if row.action in _TABLES_BUILT:
                _forget_round(self.tables, round_no)
                _forget_round(self.boards, round_no)
                _forget_round(self.pair_boards, round_no)
                _forget_round(self.games, round_no)
            return
        new = json.loads(row.new) if row.new else None
        state = _state_of(new)
        if state is not None:
            self.tables[(round_no, table_no)] = (state, row.id, row.at)
        elif row.action not in _RESULT_KEPT:
            self.tables.pop((round_no, table_no), None)
        if not isinstance(new, dict):
            return
        if row.action == "game" and isinstance(new.get("board"), int):  # one pair game (None: cleared)
            self.games[(round_no, table_no, int(new["board"]))] = (new.get("game"), row.id, row.at)
        elif isinstance(new.get("pair_games"), dict):  # a team match's whole sheet, entered or put back
            for held in [k for k in self.games if k[:2] == (round_no, table_no)]:
                self.games[held] = (None, row.id, row.at)
            for game, value in new["pair_games"].items():
                self.games[(round_no, table_no, int(game))] = (value, row.id, row.at)
        elif row.action == "board" and isinstance(new.get("board"), int):
            board = int(new["board"])
            if "points" in new:  # Mitchell
                recorded = [new.get("points"), new.get("penalty_ns"), new.get("penalty_ew")]
                self.pair_boards[(round_no, table_no, board)] = (recorded, row.id, row.at)
            for room in ROOMS:
                if room in new:
                    self.boards[(round_no, table_no, board, room)] = (_board_row(new[room]), row.id, row.at)
        elif row.action == "restore" and isinstance(
            new.get("boards"), list
        ):  # a duplicate sheet put back whole
            for key in [k for k in self.boards if k[:2] == (round_no, table_no)]:
                self.boards[key] = (None, row.id, row.at)
            for board, room, points, to_ns, to_ew in new["boards"]:
                self.boards[(round_no, table_no, board, room)] = ([points, to_ns, to_ew], row.id, row.at)

    def compare(self, session: Session) -> tuple[Mismatch, ...]:
        found: list[Mismatch] = []
        matches = {(mt.round_no, mt.table_no): mt for mt in session.scalars(select(m.Match))}
        for (round_no, table_no), (recorded, entry, at) in sorted(self.tables.items()):
            match = matches.get((round_no, table_no))
            stored = _state_of(match_state(match)) if match is not None else None
            if stored != recorded:
                found.append(Mismatch(round_no, table_no, None, None, stored, recorded, entry, at))
        if self.boards:
            ids = {mt.id: key for key, mt in matches.items()}
            rows = {
                (*ids[r.match_id], r.board_no, r.room): [r.defenders_points, r.penalty_ns, r.penalty_ew]
                for r in session.scalars(select(m.BoardResult))
                if r.match_id in ids
            }
            for (round_no, table_no, board, room), (recorded, entry, at) in sorted(self.boards.items()):
                entered = rows.get((round_no, table_no, board, room))
                if entered != recorded:
                    found.append(Mismatch(round_no, table_no, board, room, entered, recorded, entry, at))
        if self.games:
            found.extend(self._compare_games(session, matches))
        if self.pair_boards:
            pairs = {
                (r.round_no, r.table_no, r.board_no): [r.points, r.penalty_ns, r.penalty_ew]
                for r in session.scalars(select(m.PairBoard))
            }
            for (round_no, table_no, board), (recorded, entry, at) in sorted(self.pair_boards.items()):
                entered = pairs.get((round_no, table_no, board))
                if entered != recorded:
                    found.append(Mismatch(round_no, table_no, board, None, entered, recorded, entry, at))
        return tuple(sorted(found, key=lambda f: (f.round, f.table, f.board or 0, f.room or "")))

    def _compare_games(self, session: Session, matches: dict[tuple[int, int], m.Match]) -> list[Mismatch]:
        ids = {mt.id: key for key, mt in matches.items()}
        rows = {
            (*ids[r.match_id], r.game_no): game_json(
                PairGame(r.game_no, r.home_level, r.away_level, r.declarer, r.absent)  # type: ignore[arg-type]
            )
            for r in session.scalars(select(m.PairGame))
            if r.match_id in ids
        }
        return [
            Mismatch(
                round_no, table_no, game, GAME, rows.get((round_no, table_no, game)), recorded, entry, at
            )
            for (round_no, table_no, game), (recorded, entry, at) in sorted(self.games.items())
            if rows.get((round_no, table_no, game)) != recorded
        ]


def _value_message(mismatch: Mismatch, value: Any) -> Message | str:
    from tournament_desk.reports.audit_changes import number_text, result_summary

    if value is None:
        return msg("nothing (the table is gone)") if mismatch.board is None else msg("nothing")
    if mismatch.room == GAME:
        home, away, declarer, absent = value
        if absent == "both":
            return msg("both pairs absent")
        if absent is not None:
            return msg("the {side} pair absent", side=msg(absent))
        if declarer is not None:
            return msg("{home} : {away}, the {side} pair declaring", home=home, away=away, side=msg(declarer))
        return f"{home} : {away}"
    if mismatch.board is not None:
        points, to_ns, to_ew = value
        return msg("{points} points, penalties {ns} to NS and {ew} to EW", points=points, ns=to_ns, ew=to_ew)
    result = result_summary(value)
    if value.get("home_vp") is None or value.get("away_vp") is None:
        return result

    def figure(key: str) -> str:
        number = value.get(key)
        return number_text(float(number)) if isinstance(number, int | float) else "—"

    return msg(
        "{result}, VP {home_vp} : {away_vp}, MP {home_mp} : {away_mp}",
        result=result,
        **{key: figure(key) for key in ("home_vp", "away_vp", "home_mp", "away_mp")},
    )


def mismatch_message(mismatches: tuple[Mismatch, ...]) -> Message:
    """One sentence: the first result that differs from the trail, and how many more do."""
    first = mismatches[0]
    if first.board is None:
        where = msg("Round {round} table {table}", round=first.round, table=first.table)
    elif first.room == GAME:
        where = msg("Round {round} table {table} game {game}", round=first.round, table=first.table,
                    game=first.board)  # fmt: skip
    elif first.room is None:
        where = msg("Round {round} table {table} board {board}", round=first.round, table=first.table,
                    board=first.board)  # fmt: skip
    else:
        where = msg("Round {round} table {table} board {board} ({room} room)", round=first.round,
                    table=first.table, board=first.board, room=msg(first.room))  # fmt: skip
    values = {
        "where": where,
        "stored": _value_message(first, first.stored),
        "recorded": _value_message(first, first.recorded),
        "id": first.entry,
        "at": first.at.isoformat(sep=" "),
    }
    if len(mismatches) == 1:
        return msg(
            "{where} holds {stored}, but the audit trail last recorded {recorded} (entry {id}, {at}): it was "
            "changed outside the program; open a backup to compare.",
            **values,
        )
    return msg(
        "{where} holds {stored}, but the audit trail last recorded {recorded} (entry {id}, {at}), and {more} "
        "more results differ from the trail as well: they were changed outside the program; open a backup to "
        "compare.",
        more=len(mismatches) - 1,
        **values,
    )


@dataclass(frozen=True)
class RemoteChange:
    """A change another station made, as the window tells the director of it."""

    station: str
    action: str
    at: datetime
    round: int | None
    table: int | None
    entrant_id: int | None = None


@dataclass(frozen=True)
class Watermark:
    """How far the audit trail goes (its last entry), and what other stations changed since the last look."""

    last: int
    others: tuple[RemoteChange, ...] = ()


def high_water(desk: Desk) -> int:
    """The id of the audit trail's last entry (0 when empty): one cheap read, polled by the window."""
    with desk.db.transaction() as session:
        return int(session.scalar(select(m.Audit.id).order_by(m.Audit.id.desc()).limit(1)) or 0)


def changes_since(desk: Desk, after: int) -> Watermark:
    """Entries after ``after`` written by stations other than this one (rules.md §11: several stations)."""
    with desk.db.transaction() as session:
        rows = session.execute(
            select(
                m.Audit.id,
                m.Audit.station,
                m.Audit.action,
                m.Audit.at,
                m.Audit.round_no,
                m.Audit.table_no,
                m.Audit.entrant_id,
            )
            .where(m.Audit.id > after)
            .order_by(m.Audit.id)
        ).all()
    last = rows[-1][0] if rows else after
    others = tuple(
        RemoteChange(station, action, at, round_no, table_no, entrant_id)
        for _, station, action, at, round_no, table_no, entrant_id in rows
        if station != desk.station
    )
    return Watermark(last, others)
