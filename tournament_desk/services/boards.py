"""Duplicate boards (复式, SPEC §7.2): each board's result per table and room, and the match outcome.

A board result is one board in one or both rooms of a table: the defenders' points and any penalty points
awarded to a side (the boards themselves are in ``board_sets``).
When every board of both rooms is in, the table's XMP, VP and MP are worked out and stored, so standings and
reports read the match like any other; until then the table stays pending.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from tournament_desk.domain.duplicate import (
    ROOMS,
    Board,
    BoardScore,
    Pair,
    Penalty,
    Room,
    RoomResult,
    check_points,
    match_xmp,
    parse_penalty,
    parse_points,
    running_xmp,
    score_boards,
    score_match,
)
from tournament_desk.domain.errors import BadInput, Message, TournamentError, msg
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import Outcome, score_late_scoresheet
from tournament_desk.services.board_sets import boards_of, require_duplicate
from tournament_desk.services.desk import Desk, audit, names_by_id, rules_of
from tournament_desk.services.results import parse_whole
from tournament_desk.services.sheets import read_sheet
from tournament_desk.services.table_results import (
    AlreadyRecorded,
    already_recorded,
    apply_state,
    check_unchanged,
    find_table,
    match_state,
    nothing_to_correct,
    recorded_row,
)
from tournament_desk.storage import models as m

Entries = dict[tuple[int, Room], RoomResult]


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


def _entries(session: Session, match_ids: Sequence[int]) -> dict[int, Entries]:
    found: dict[int, Entries] = {i: {} for i in match_ids}
    rows = session.execute(
        select(
            m.BoardResult.match_id, m.BoardResult.board_no, m.BoardResult.room,
            m.BoardResult.defenders_points, m.BoardResult.penalty_ns, m.BoardResult.penalty_ew,
        ).where(m.BoardResult.match_id.in_(match_ids))
    )  # fmt: skip
    for match_id, board_no, room, points, to_ns, to_ew in rows:
        found[match_id][(board_no, cast(Room, room))] = RoomResult(points, to_ns, to_ew)
    return found


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
    return _sheet(match, names, boards, _entries(session, [match.id])[match.id], rules)


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
        entries = _entries(session, [mt.id for mt in matches])
        return [_sheet(mt, names, boards, entries[mt.id], rules) for mt in matches]


def settle(session: Session, match: m.Match, rules: RuleSet) -> None:
    """Work the table's outcome out from its boards: stored once all are in, pending until then.

    A late scoresheet stays late (the responsible side keeps 0, the other what the boards give). A forfeit or
    a loss by ruling stays what the referee decided: boards typed or corrected afterwards are kept, but they
    never turn the table back into a played match (only a ruling that awards the recorded score follows
    them); the director removes the ruling first to score the boards.
    """
    boards = boards_of(session, match.round_no)
    xmp = match_xmp(score_boards(boards, _entries(session, [match.id])[match.id], rules))
    match.xmp = xmp
    state = ResultState(match.kind)
    if state in (ResultState.FORFEIT, ResultState.RULING):
        if state == ResultState.RULING and rules.ruling_award == "recorded" and xmp is not None:
            o = score_match(xmp, rules)
            match.home_mp, match.away_mp, match.home_vp, match.away_vp = (
                o.home_mp,
                o.away_mp,
                o.home_vp,
                o.away_vp,
            )
        return
    if xmp is None:
        if match.kind == ResultState.PLAYED:
            match.kind = ResultState.PENDING.value
            match.home_mp = match.away_mp = match.home_vp = match.away_vp = None
        return
    played = score_match(xmp, rules)
    outcome = played
    if match.kind == ResultState.LATE and match.side in ("home", "away", "both"):
        outcome = score_late_scoresheet(match.side, played)  # type: ignore[arg-type]
    else:
        match.kind, match.side = ResultState.PLAYED.value, None
    match.home_mp, match.away_mp = outcome.home_mp, outcome.away_mp
    match.home_vp, match.away_vp = outcome.home_vp, outcome.away_vp


def _find_board(boards: Sequence[Board], board_no: int, round_no: int) -> Board:
    board = next((b for b in boards if b.number == board_no), None)
    if board is None:
        raise BadInput(
            "Round {round} is played with boards {boards}; there is no board {board}.",
            round=round_no,
            boards=", ".join(str(b.number) for b in boards),
            board=board_no,
        )
    return board


def _row(session: Session, match_id: int, board_no: int, room: Room) -> m.BoardResult | None:
    return session.scalars(
        select(m.BoardResult).where(
            m.BoardResult.match_id == match_id, m.BoardResult.board_no == board_no, m.BoardResult.room == room
        )
    ).first()


def _entry_json(row: m.BoardResult | None) -> list[int] | None:
    return None if row is None else [row.defenders_points, row.penalty_ns, row.penalty_ew]


def _compare(
    session: Session,
    match: m.Match,
    board_no: int,
    points: dict[Room, int | None],
    penalties: dict[Room, tuple[int, int]],
) -> tuple[dict[Room, m.BoardResult | None], bool, bool]:
    """What a board holds in each room, whether every room given holds exactly what is given (``same``), and
    whether a room given holds something else (``clash``)."""
    stored = {room: _row(session, match.id, board_no, room) for room in ROOMS}
    same, clash, given_any = True, False, False
    for room in ROOMS:
        given = points.get(room)
        if given is None and room not in penalties:
            continue
        given_any = True
        row = stored[room]
        if given is not None:
            check_points(given)
        for p in penalties.get(room, ()):
            check_points(p)
        if row is None:
            same = False
            continue
        wanted = (
            row.defenders_points if given is None else given,
            *penalties.get(room, (row.penalty_ns, row.penalty_ew)),
        )
        if wanted != (row.defenders_points, row.penalty_ns, row.penalty_ew):
            same, clash = False, True
    return stored, same and given_any, clash


def board_text(stored: dict[Room, m.BoardResult | None]) -> Message:
    """What a board holds, as a refusal names it: ``open room 40, closed room 85 (+20 NS)``."""

    def room_text(row: m.BoardResult) -> str:
        extra = [f"+{p} {side}" for side, p in (("NS", row.penalty_ns), ("EW", row.penalty_ew)) if p]
        return str(row.defenders_points) + (f" ({', '.join(extra)})" if extra else "")

    held = {room: room_text(row) for room, row in stored.items() if row is not None}
    if "open" in held and "closed" in held:
        return msg("open room {open}, closed room {closed}", open=held["open"], closed=held["closed"])
    if "open" in held:
        return msg("open room {open}", open=held["open"])
    return msg("closed room {closed}", closed=held.get("closed", "?"))


def write_board(
    session: Session,
    desk: Desk,
    rules: RuleSet,
    match: m.Match,
    board_no: int,
    points: dict[Room, int | None],
    penalties: dict[Room, tuple[int, int]],
    reason: str | None,
    correct: bool | None = None,
) -> None:
    """Write one board of a table: the points of the rooms given and the penalties (to NS, to EW) of the
    rooms in ``penalties``; then settle the table and audit old → new. ``correct`` as ``record_board``'s."""
    _find_board(boards_of(session, match.round_no), board_no, match.round_no)
    if all(v is None for v in points.values()) and not penalties:
        raise BadInput("Give the defenders' points of the open room, the closed room or both.")
    if correct is not None:
        stored, same, clash = _compare(session, match, board_no, points, penalties)
        if same:
            return  # the same board again: nothing changes, nothing is audited
        if correct is False and clash:
            raise already_recorded(session, match, board_text(stored), board=board_no)
        rooms = [room for room in ROOMS if points.get(room) is not None or room in penalties]
        if correct and all(stored[room] is None for room in rooms):
            raise nothing_to_correct(match.round_no, match.table_no, board_no)
    old: dict[str, object] = {"board": board_no, **match_state(match)}
    for room in ROOMS:
        row = _row(session, match.id, board_no, room)
        old[room] = _entry_json(row)
        given = points.get(room)
        if given is None and room not in penalties:
            continue
        if row is None and given is None:
            raise BadInput(
                "Board {board} has no defenders' points in the {room} room yet; give them with its penalties.",
                board=board_no,
                room=msg(room),
            )
        if row is None:
            row = m.BoardResult(match_id=match.id, board_no=board_no, room=room, penalty_ns=0, penalty_ew=0)
            session.add(row)
        if given is not None:
            row.defenders_points = check_points(given)
        if room in penalties:
            row.penalty_ns, row.penalty_ew = (check_points(p) for p in penalties[room])
    session.flush()
    settle(session, match, rules)
    new: dict[str, object] = {"board": board_no, **match_state(match)}
    for room in ROOMS:
        new[room] = _entry_json(_row(session, match.id, board_no, room))
    audit(session, desk, "board", round_no=match.round_no, table_no=match.table_no, old=old, new=new,
          reason=reason)  # fmt: skip


def penalty_totals(penalties: Sequence[Penalty], rooms: Sequence[Room] = ()) -> dict[Room, tuple[int, int]]:
    """The points awarded to NS and to EW in each room the penalties name, and in ``rooms`` (0 if none)."""
    named = {p.room for p in penalties} | set(rooms)
    return {
        room: (
            sum(p.points for p in penalties if p.room == room and p.to == "NS"),
            sum(p.points for p in penalties if p.room == room and p.to == "EW"),
        )
        for room in ROOMS
        if room in named
    }


RoomsSeen = dict[Room, list[int] | None]


def check_rooms_unchanged(
    session: Session, match: m.Match, board_no: int, expected: RoomsSeen | None
) -> None:
    """Refuse a write based on a stale read of a board (issue 23): ``expected`` is, for each room it names,
    the room as the caller saw it, ``[points, penalty to NS, penalty to EW]`` or None (nothing recorded), as
    the audit's old/new keep a room. Only the rooms named are compared; a difference raises
    ``ChangedElsewhere`` (naming the station and time of the table's last change)."""
    if expected is None:
        return
    seen: dict[str, object] = {
        str(room): None if value is None else [int(v) for v in value] for room, value in expected.items()
    }
    now: dict[str, object] = {
        room: _entry_json(_row(session, match.id, board_no, cast(Room, room))) for room in seen
    }
    check_unchanged(session, match, seen, now)


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
        row = _row(session, match.id, board_no, room)
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
    "round": ("轮", "轮次", "round"),
    "table": ("桌", "桌号", "table"),
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
                    _find_board(boards_of(session, round_no), board_no, round_no)
                    stored, same, clash = _compare(session, match, board_no, points, penalties)
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
        if problems:
            # Raising inside the transaction rolls back every row already applied.
            if recorded:
                raise AlreadyRecorded("Nothing was imported: {problems}.", problems=problems[:20])
            raise BadInput("Nothing was imported: {problems}.", problems=problems[:20])
        return [_sheet_of(session, mt, rules) for mt in written.values()]
