"""Duplicate boards (复式, rules.md §7.2): each board's result per table and room, and the match outcome.

A board result is one board in one or both rooms of a table: the defenders' points and any penalty points
awarded to a side (the boards themselves are in ``board_sets``).
When every board of both rooms is in, the table's XMP, VP and MP are worked out and stored, so standings and
reports read the match like any other; until then the table stays pending (one board's write: ``board_write``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from tournament_desk.domain.duplicate import (
    ROOMS,
    Board,
    BoardScore,
    Pair,
    Penalty,
    Room,
    check_points,
    parse_penalty,
    parse_points,
    running_xmp,
    score_boards,
)
from tournament_desk.domain.errors import BadInput, Message, TournamentError, msg
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import Outcome
from tournament_desk.services.desk import Desk, audit, names_by_id, rules_of
from tournament_desk.services.results.board_sets import boards_of, require_duplicate
from tournament_desk.services.results.board_write import (
    Entries,
    RoomsSeen,
    board_entries,
    board_row,
    board_text,
    check_rooms_unchanged,
    compare_board,
    find_board,
    penalty_totals,
    write_board,
)
from tournament_desk.services.results.levels import parse_whole
from tournament_desk.services.results.table import (
    apply_state,
    check_unchanged,
    find_table,
    match_state,
    recorded_row,
    refuse_rows,
)
from tournament_desk.services.sheets import TABLE_COLUMNS, read_sheet
from tournament_desk.storage import models as m


# --- board results --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BoardSheet:
    """One table of a duplicate round: its boards, what the desk entered and what that gives."""

    round: int
    table: int
    home: str
    away: str
    boards: tuple[Board, ...]
    entries: Entries
    scores: tuple[BoardScore, ...]
    kind: ResultState
    side: str | None
    outcome: Outcome | None  # as stored (None while pending)
    xmp: int | None  # the home team's level difference once every board is in
    rules: RuleSet = field(repr=False)

    @property
    def running(self) -> int:
        return running_xmp(self.scores)

    @property
    def missing(self) -> int:
        """Board-rooms still without a result."""
        return sum((b.number, room) not in self.entries for b in self.boards for room in ROOMS)


def _sheet(
    match: m.Match, names: dict[int, str], boards: tuple[Board, ...], entries: Entries, rules: RuleSet
) -> BoardSheet:
    outcome = None
    if ResultState(match.kind).scores:
        outcome = Outcome(
            match.home_mp or 0.0, match.away_mp or 0.0, match.home_vp or 0.0, match.away_vp or 0.0
        )
    scores = score_boards(boards, entries, rules)
    return BoardSheet(
        match.round_no, match.table_no, names[match.home_id], names[match.away_id], boards, entries, scores,
        ResultState(match.kind), match.side, outcome, match.xmp, rules,
    )  # fmt: skip


def _sheet_of(session: Session, match: m.Match, rules: RuleSet) -> BoardSheet:
    names = names_by_id(session)
    boards = boards_of(session, match.round_no)
    return _sheet(match, names, boards, board_entries(session, [match.id])[match.id], rules)


def board_sheet(desk: Desk, round_no: int, table_no: int) -> BoardSheet:
    with desk.db.transaction() as session:
        require_duplicate(session)
        return _sheet_of(session, find_table(session, round_no, table_no), rules_of(session))


def round_sheets(desk: Desk, round_no: int) -> list[BoardSheet]:
    """Every table of a round with its boards (published or not): for the results page and the scoresheets."""
    with desk.db.transaction() as session:
        require_duplicate(session)
        rules, names, boards = rules_of(session), names_by_id(session), boards_of(session, round_no)
        matches = list(
            session.scalars(select(m.Match).where(m.Match.round_no == round_no).order_by(m.Match.table_no))
        )
        entries = board_entries(session, [mt.id for mt in matches])
        return [_sheet(mt, names, boards, entries[mt.id], rules) for mt in matches]


def record_board(
    desk: Desk,
    round_no: int,
    table_no: int,
    board_no: int,
    *,
    open_points: int | None = None,
    closed_points: int | None = None,
    penalties: Sequence[Penalty] | None = None,
    reason: str | None = None,
    correct: bool | None = None,
    expected: RoomsSeen | None = None,
) -> BoardSheet:
    """Record one board of a table (one or both rooms), audited.

    With ``penalties`` None a room keeps the penalties it has; a list replaces the penalties of every room
    it names and of every room whose points are given (so an entry of both rooms is the whole board).
    ``correct`` (``table_results``): None, a second entry replaces the first; False, a first entry (a room
    given that holds something else refuses with ``AlreadyRecorded``); True, a correction (a board with
    nothing in the rooms given refuses). Given either way, the same board again changes nothing.
    ``expected`` (the window's pages, issue 23): the rooms it names as the director saw them
    (``check_rooms_unchanged``), compared in the write's transaction before anything else; nothing is written
    when one differs (``ChangedElsewhere``).
    """
    points: dict[Room, int | None] = {"open": open_points, "closed": closed_points}
    given = [room for room, p in points.items() if p is not None]
    totals = penalty_totals(penalties, given) if penalties is not None else {}
    with desk.db.transaction(write=True) as session:
        require_duplicate(session)
        rules = rules_of(session)
        match = find_table(session, round_no, table_no)
        check_rooms_unchanged(session, match, board_no, expected)
        write_board(session, desk, rules, match, board_no, points, totals, reason, correct)
        return _sheet_of(session, match, rules)


def set_penalty(
    desk: Desk,
    round_no: int,
    table_no: int,
    board_no: int,
    room: Room,
    to: Pair,
    points: int,
    *,
    reason: str | None = None,
    expected: RoomsSeen | None = None,
) -> BoardSheet:
    """Set the penalty points awarded to one side in one room of a board (0 takes it back); ``expected`` as
    ``record_board``'s."""
    check_points(points)
    with desk.db.transaction(write=True) as session:
        require_duplicate(session)
        rules = rules_of(session)
        match = find_table(session, round_no, table_no)
        check_rooms_unchanged(session, match, board_no, expected)
        row = board_row(session, match.id, board_no, room)
        to_ns, to_ew = (row.penalty_ns, row.penalty_ew) if row is not None else (0, 0)
        totals = {room: (points, to_ew) if to == "NS" else (to_ns, points)}
        write_board(session, desk, rules, match, board_no, {}, totals, reason)
        return _sheet_of(session, match, rules)


# --- undo: the whole sheet of a table -------------------------------------------------------------------
def sheet_state(desk: Desk, round_no: int, table_no: int) -> dict[str, object]:
    """A table's board results and outcome, in the form ``restore_sheet`` takes back (for undo)."""
    with desk.db.transaction() as session:
        match = find_table(session, round_no, table_no)
        return _full_state(session, match)


def _full_state(session: Session, match: m.Match) -> dict[str, object]:
    rows = session.scalars(
        select(m.BoardResult)
        .where(m.BoardResult.match_id == match.id)
        .order_by(m.BoardResult.board_no, m.BoardResult.room)
    )
    boards = [[r.board_no, r.room, r.defenders_points, r.penalty_ns, r.penalty_ew] for r in rows]
    return {**match_state(match), "boards": boards}


def restore_sheet(
    desk: Desk,
    round_no: int,
    table_no: int,
    state: dict[str, object],
    *,
    reason: str | None = None,
    expected: dict[str, object] | None = None,
) -> BoardSheet:
    """Put a table's boards and outcome back as ``sheet_state`` described them (undo, redo; audited);
    ``expected`` as ``results.restore_table``'s."""
    with desk.db.transaction(write=True) as session:
        rules = rules_of(session)
        match = find_table(session, round_no, table_no)
        old = _full_state(session, match)
        if expected is not None:
            check_unchanged(session, match, expected, old)
        session.execute(delete(m.BoardResult).where(m.BoardResult.match_id == match.id))
        rows = state.get("boards")
        assert isinstance(rows, list)
        session.add_all(
            m.BoardResult(
                match_id=match.id, board_no=b, room=room, defenders_points=p, penalty_ns=ns, penalty_ew=ew
            )
            for b, room, p, ns, ew in rows
        )
        apply_state(match, state)
        session.flush()
        audit(session, desk, "restore", round_no=round_no, table_no=table_no, old=old,
              new=_full_state(session, match), reason=reason)  # fmt: skip
        return _sheet_of(session, match, rules)


# --- a results sheet with one row per board ---------------------------------------------------------------
BOARD_COLUMNS = {
    **TABLE_COLUMNS,
    "board": ("副", "牌号", "board"),
    "open": ("开室", "open"),
    "closed": ("闭室", "closed"),
    "penalties": ("罚分", "penalty", "penalties"),
}


def parse_penalties(text: str) -> list[Penalty]:
    """A sheet's penalties cell: ``open:NS:20 closed:EW:10`` (spaces, commas or semicolons between)."""
    for sep in (",", "，", ";", "；"):
        text = text.replace(sep, " ")
    return [parse_penalty(part) for part in text.split()]


def import_board_results(
    desk: Desk, sheet: Path, *, reason: str | None = None, correct: bool | None = None
) -> list[BoardSheet]:
    """Import board results (columns round, table, board, open, closed[, penalties]): every row or none; the
    tables written.

    Each row is the whole board: both rooms' defenders' points and the penalties awarded in them.
    ``correct`` as ``results.import_results``' (a board that holds something else refuses the sheet).
    """
    rows = read_sheet(sheet, BOARD_COLUMNS, required=("round", "table", "board", "open", "closed"))
    if not rows:
        raise BadInput("'{path}' has no results to import.", path=str(sheet))
    problems: list[Message] = []
    recorded = False
    seen: dict[tuple[int, int, int], int] = {}
    with desk.db.transaction(write=True) as session:
        require_duplicate(session)
        rules = rules_of(session)
        tables: dict[tuple[int, int], m.Match] = {}
        written: dict[tuple[int, int], m.Match] = {}
        for row in rows:
            try:
                round_no = parse_whole(row.cells["round"], "round")
                table_no = parse_whole(row.cells["table"], "table")
                board_no = parse_whole(row.cells["board"], "board")
                points: dict[Room, int | None] = {
                    "open": parse_points(row.cells["open"]),
                    "closed": parse_points(row.cells["closed"]),
                }
                penalties = penalty_totals(parse_penalties(row.cells.get("penalties", "")), ROOMS)
                key = (round_no, table_no, board_no)
                if key in seen:
                    raise BadInput("it repeats row {first}", first=seen[key])
                seen[key] = row.number
                match = tables.get((round_no, table_no)) or find_table(session, round_no, table_no)
                tables[(round_no, table_no)] = match
                if correct is not None:
                    find_board(boards_of(session, round_no), board_no, round_no)
                    stored, same, clash = compare_board(session, match, board_no, points, penalties)
                    if same:
                        continue  # the board holds this row already
                    if correct is False and clash:
                        recorded = True
                        held = recorded_row(session, match, board_text(stored), board_no)
                        problems.append(msg("row {row}: {problem}", row=row.number, problem=held))
                        continue
                write_board(session, desk, rules, match, board_no, points, penalties, reason)
                written[(round_no, table_no)] = match
            except TournamentError as exc:
                problems.append(msg("row {row}: {problem}", row=row.number, problem=exc.message))
        refuse_rows(problems, recorded)  # raised inside the transaction: every row already applied rolls back
        return [_sheet_of(session, mt, rules) for mt in written.values()]
