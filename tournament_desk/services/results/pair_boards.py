"""Board results of a Mitchell pairs event (rules.md §7.5): the defenders' points of each board at each table,
checked against the movement, and what they score.

A table of a Mitchell round has a result once every board it plays that round is in; the standings rank NS and
EW separately (``domain.formats.mitchell_stage``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.duplicate import parse_points
from tournament_desk.domain.errors import BadInput, Message, TournamentError, msg
from tournament_desk.domain.formats.mitchell import boards_of
from tournament_desk.domain.formats.mitchell_stage import Mitchell, declarer_of
from tournament_desk.domain.scoring_modes.mitchell_scores import (
    board_result_ns,
    check_board_points,
    check_penalty,
)
from tournament_desk.services.backups import take_backup
from tournament_desk.services.desk import Desk, audit, names_by_id
from tournament_desk.services.results.levels import parse_whole
from tournament_desk.services.results.pair_board_write import (
    board_state,
    check_board,
    holds_board,
    mitchell_of,
    pair_board_text,
    stored_board,
    write_pair_board,
)
from tournament_desk.services.results.table import (
    check_unchanged,
    find_table,
    recorded_row,
    refuse_rows,
)
from tournament_desk.services.sheets import TABLE_COLUMNS, read_sheet
from tournament_desk.services.snapshot import load
from tournament_desk.services.stages import save_settings, stage_of_round
from tournament_desk.storage import models as m

BOARD_COLUMNS = {
    **TABLE_COLUMNS,
    "board": ("牌", "牌号", "board"),
    "points": ("得分", "防家得分", "points"),
    "penalty_ns": ("南北罚分", "penalty_ns"),
    "penalty_ew": ("东西罚分", "penalty_ew"),
}


@dataclass(frozen=True)
class PairBoardView:
    round: int
    table: int
    board: int
    ns: str
    ew: str
    declarer: str  # the fixed declarer seat, N/E/S/W
    points: int | None  # the defenders' points (None: not in yet)
    penalty_ns: int
    penalty_ew: int
    ns_result: int | None  # NS's signed result (EW's is its negative)
    ns_mp: float | None  # the board's match points in each direction so far
    ew_mp: float | None


def parse_penalty_side(text: str | None) -> tuple[str, int] | None:
    """``NS:10`` or ``EW:20`` (penalty points awarded to that side); None for no penalty."""
    if text is None or not text.strip():
        return None
    side, _, points = text.replace("：", ":").partition(":")
    side = side.strip().upper()
    if side in ("南北",):
        side = "NS"
    if side in ("东西",):
        side = "EW"
    if side not in ("NS", "EW") or not points.strip():
        raise BadInput("'{text}' is not a penalty: write NS:POINTS or EW:POINTS, e.g. EW:10.", text=text)
    return side, parse_points(points)


def record_pair_board(
    desk: Desk,
    round_no: int,
    table_no: int,
    board_no: int,
    points: int,
    *,
    penalty: tuple[str, int] | None = None,
    correct: bool | None = False,
    reason: str | None = None,
    expected: dict[str, int | None] | None = None,
) -> list[PairBoardView]:
    """Record the defenders' points of one board at one table (audited); a second entry must be a correction.

    ``correct`` (``table_results``): False, a first entry (a board holding another result refuses with
    ``AlreadyRecorded``); True, a correction (a board with no result refuses); either way the same result
    again changes nothing. None: whatever is there is replaced.
    ``expected`` (the window's pages, issue 23): the board at the table as the director saw it,
    ``{"points": int | None, "penalty_ns": int, "penalty_ew": int}`` (points None: nothing recorded),
    compared in the write's transaction before the checks above; when it differs nothing is written
    (``ChangedElsewhere``, naming the station and time of the table's last change).
    Returns the board's results at every table that has played it (traveller order), with match points.
    """
    with desk.db.transaction(write=True) as session:
        fmt, match = check_board(session, round_no, table_no, board_no)
        side, amount = penalty if penalty is not None else ("NS", 0)
        to_ns, to_ew = (amount, 0) if side == "NS" else (0, amount)
        if expected is not None:
            check_unchanged(
                session,
                match,
                dict(expected),
                board_state(stored_board(session, round_no, table_no, board_no)),
            )
        write_pair_board(
            session, desk, fmt, match, board_no, points, to_ns, to_ew, correct=correct, reason=reason
        )
        return _traveller(session, fmt, board_no)


def import_pair_boards(desk: Desk, sheet: Path, *, reason: str | None = None, correct: bool = False) -> int:
    """A sheet with one row per board and table (round, table, board, points[, penalties]): all or none; the
    board results written. A row a board holds already changes nothing; a board holding another result
    refuses the sheet (``AlreadyRecorded``, naming each such row) unless ``correct``."""
    rows = read_sheet(sheet, BOARD_COLUMNS, required=("round", "table", "board", "points"))
    if not rows:
        raise BadInput("'{path}' has no results to import.", path=str(sheet))
    problems: list[Message] = []
    recorded = False
    seen: dict[tuple[int, int, int], int] = {}
    with desk.db.transaction(write=True) as session:
        checked = []
        for row in rows:
            try:
                key = (parse_whole(row.cells["round"], "round"), parse_whole(row.cells["table"], "table"),
                       parse_whole(row.cells["board"], "board"))  # fmt: skip
                if key in seen:
                    raise BadInput("it repeats row {first}", first=seen[key])
                seen[key] = row.number
                fmt, match = check_board(session, *key)
                points = check_board_points(parse_points(row.cells["points"]))
                to_ns = check_penalty(parse_points(row.cells.get("penalty_ns") or "0"))
                to_ew = check_penalty(parse_points(row.cells.get("penalty_ew") or "0"))
                stored = stored_board(session, *key)
                if holds_board(stored, points, to_ns, to_ew):
                    continue  # the board holds this row already
                if stored is not None and not correct:
                    recorded = True
                    held = recorded_row(session, match, pair_board_text(stored), key[2])
                    problems.append(msg("row {row}: {problem}", row=row.number, problem=held))
                    continue
                checked.append((fmt, match, key[2], points, to_ns, to_ew))
            except TournamentError as exc:
                problems.append(msg("row {row}: {problem}", row=row.number, problem=exc.message))
        refuse_rows(problems, recorded)
        if not checked:
            return 0
        take_backup(desk, "before-import")
        for fmt, match, board_no, points, to_ns, to_ew in checked:
            write_pair_board(
                session, desk, fmt, match, board_no, points, to_ns, to_ew, correct=None, reason=reason
            )
        return len(checked)


def _traveller(session: Session, fmt: Mitchell, board_no: int) -> list[PairBoardView]:
    data = load(session)
    move = fmt.movement(data)
    pairs = {seat: e for e, seat in fmt.seats(data).items()}
    names = names_by_id(session)
    scores = fmt.board_scores(data)
    declarer = declarer_of(data.settings, board_no)
    views = []
    for row in session.scalars(
        select(m.PairBoard).where(m.PairBoard.board_no == board_no).order_by(m.PairBoard.round_no)
    ):
        s = move.sitting(row.round_no, row.table_no)
        ns, ew = pairs[("NS", s.ns)], pairs[("EW", s.ew)]
        result = board_result_ns(row.points, declarer in "EW", row.penalty_ns, row.penalty_ew)
        views.append(
            PairBoardView(
                row.round_no,
                row.table_no,
                board_no,
                names[ns],
                names[ew],
                declarer,
                row.points,
                row.penalty_ns,
                row.penalty_ew,
                result,
                scores["NS"].get(ns, {}).get(board_no),
                scores["EW"].get(ew, {}).get(board_no),
            )
        )
    return views


def traveller(desk: Desk, board_no: int) -> list[PairBoardView]:
    """Every result of one board so far, in the order it was played, with its match points."""
    with desk.db.transaction() as session:
        fmt = mitchell_of(session, 1)
        return _traveller(session, fmt, board_no)


def table_boards(desk: Desk, round_no: int, table_no: int) -> list[PairBoardView]:
    """The boards a table plays in a round, entered or not."""
    with desk.db.transaction() as session:
        fmt = mitchell_of(session, round_no)
        match = find_table(session, round_no, table_no, changing=False)
        data = load(session)
        names = names_by_id(session)
        out = []
        for board in fmt.boards(data, round_no, table_no):
            here = (v for v in _traveller(session, fmt, board) if (v.round, v.table) == (round_no, table_no))
            out.append(
                next(here, None)
                or PairBoardView(
                    round_no,
                    table_no,
                    board,
                    names[match.home_id],
                    names[match.away_id],
                    declarer_of(data.settings, board),
                    None,
                    0,
                    0,
                    None,
                    None,
                    None,
                )
            )
        return out


@dataclass(frozen=True)
class GuideRow:
    """One round of a table's guide card, with names: who sits NS and EW, where EW comes from and goes to,
    which boards are played and where the boards come from and go to (0: the bye stand)."""

    round: int
    ns: str
    ew: str
    ew_from: int | None
    boards: range
    boards_from: int | None
    ew_to: int | None
    boards_to: int | None
    shares_with: int | None
    sit_out: bool = False  # the NS pair sits out (轮空): ``ew`` is "" (the phantom), the boards rest here


@dataclass(frozen=True)
class MovementView:
    tables: int
    rounds: int
    boards_per_round: int
    even: str | None  # "skip" or "relay" for an even number of tables
    seats: dict[str, tuple[str, int]]  # name → (direction, pair number)
    guides: dict[int, list[GuideRow]]  # table → its guide card
    declarers: dict[int, str]  # board → its fixed declarer seat
    phantom: int | None = None  # the missing EW pair's number (an odd number of pairs), else None


def movement_view(desk: Desk) -> MovementView:
    """The movement with names: every table's guide card, each pair's seat, each board's declarer."""
    with desk.db.transaction() as session:
        fmt = mitchell_of(session, 1)
        data = load(session)
        move = fmt.movement(data)
        names = names_by_id(session)
        per_round = int(data.settings["boards_per_round"])
        pairs = {seat: e for e, seat in fmt.seats(data).items()}
        guides = {
            table: [
                GuideRow(
                    g.round,
                    names[pairs[("NS", g.ns)]],
                    "" if g.sit_out else names[pairs[("EW", g.ew)]],
                    g.ew_from,
                    boards_of(g.group, per_round),
                    g.boards_from,
                    g.ew_to,
                    g.boards_to,
                    g.shares_with,
                    g.sit_out,
                )
                for g in move.guide(table)
            ]
            for table in range(1, move.tables + 1)
        }
        return MovementView(
            move.tables,
            move.rounds,
            per_round,
            move.even,
            {names[e]: seat for e, seat in fmt.seats(data).items()},
            guides,
            {b: declarer_of(data.settings, b) for b in range(1, move.tables * per_round + 1)},
            move.phantom,
        )


def set_declarers(desk: Desk, declarers: dict[int, str], *, reason: str | None = None) -> dict[int, str]:
    """Set the fixed declarer seat (定庄) of boards, N/E/S/W; a board with a result keeps its declarer."""
    with desk.db.transaction(write=True) as session:
        stage = stage_of_round(session, 1)
        if not isinstance(stage.format, Mitchell):
            raise BadInput("This event is not scored board by board; enter the levels reached at the table.")
        played = set(session.scalars(select(m.PairBoard.board_no).distinct()))
        settings = dict(stage.settings)
        upto = max([*declarers, len(str(settings.get("declarers") or ""))])
        current = {b: declarer_of(settings, b) for b in range(1, upto + 1)}
        for board_no, seat in sorted(declarers.items()):
            seat = seat.strip().upper()
            if seat not in ("N", "E", "S", "W"):
                raise BadInput("'{seat}' is not a seat: type N, E, S or W.", seat=seat)
            if board_no < 1:
                raise BadInput("Boards are numbered from 1, not {board}.", board=board_no)
            if board_no in played and current[board_no] != seat:
                raise BadInput("Board {board} already has results; its declarer can no longer change.",
                               board=board_no)  # fmt: skip
            current[board_no] = seat
        settings["declarers"] = "".join(current[b] for b in sorted(current))
        save_settings(session, stage.number, settings)
        audit(
            session, desk, "declarers", new={str(b): s for b, s in sorted(declarers.items())}, reason=reason
        )
        return current
