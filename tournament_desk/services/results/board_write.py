"""One board at one table of a duplicate round (复式, rules.md §7.2): its checks, its write, and the table settled.

``boards`` (the desk's board entry, the sheet import and undo) and ``live.boards`` (boards both phones agreed on)
write every board through here, so a board is checked, audited and its table settled (XMP, VP and MP once every
board of both rooms is in, pending until then) the same way whoever enters it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.duplicate import (
    ROOMS,
    Board,
    Penalty,
    Room,
    RoomResult,
    check_points,
    match_xmp,
    score_boards,
    score_match,
)
from tournament_desk.domain.errors import BadInput, Message, msg
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import score_late_scoresheet
from tournament_desk.services.desk import Desk, audit
from tournament_desk.services.results.board_sets import boards_of
from tournament_desk.services.results.table import (
    already_recorded,
    check_unchanged,
    match_state,
    nothing_to_correct,
)
from tournament_desk.storage import models as m

# What the desk entered at a table: (board, room) → the room's result.
Entries = dict[tuple[int, Room], RoomResult]


def board_entries(session: Session, match_ids: Sequence[int]) -> dict[int, Entries]:
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


def settle(session: Session, match: m.Match, rules: RuleSet) -> None:
    """Work the table's outcome out from its boards: stored once all are in, pending until then.

    A late scoresheet stays late (the responsible side keeps 0, the other what the boards give). A forfeit or
    a loss by ruling stays what the referee decided: boards typed or corrected afterwards are kept, but they
    never turn the table back into a played match (only a ruling that awards the recorded score follows
    them); the director removes the ruling first to score the boards.
    """
    boards = boards_of(session, match.round_no)
    xmp = match_xmp(score_boards(boards, board_entries(session, [match.id])[match.id], rules))
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


def find_board(boards: Sequence[Board], board_no: int, round_no: int) -> Board:
    board = next((b for b in boards if b.number == board_no), None)
    if board is None:
        raise BadInput(
            "Round {round} is played with boards {boards}; there is no board {board}.",
            round=round_no,
            boards=", ".join(str(b.number) for b in boards),
            board=board_no,
        )
    return board


def board_row(session: Session, match_id: int, board_no: int, room: Room) -> m.BoardResult | None:
    return session.scalars(
        select(m.BoardResult).where(
            m.BoardResult.match_id == match_id, m.BoardResult.board_no == board_no, m.BoardResult.room == room
        )
    ).first()


def room_json(row: m.BoardResult | None) -> list[int] | None:
    return None if row is None else [row.defenders_points, row.penalty_ns, row.penalty_ew]


def compare_board(
    session: Session,
    match: m.Match,
    board_no: int,
    points: dict[Room, int | None],
    penalties: dict[Room, tuple[int, int]],
) -> tuple[dict[Room, m.BoardResult | None], bool, bool]:
    """What a board holds in each room, whether every room given holds exactly what is given (``same``), and
    whether a room given holds something else (``clash``)."""
    stored = {room: board_row(session, match.id, board_no, room) for room in ROOMS}
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
    find_board(boards_of(session, match.round_no), board_no, match.round_no)
    if all(v is None for v in points.values()) and not penalties:
        raise BadInput("Give the defenders' points of the open room, the closed room or both.")
    if correct is not None:
        stored, same, clash = compare_board(session, match, board_no, points, penalties)
        if same:
            return  # the same board again: nothing changes, nothing is audited
        if correct is False and clash:
            raise already_recorded(session, match, board_text(stored), board=board_no)
        rooms = [room for room in ROOMS if points.get(room) is not None or room in penalties]
        if correct and all(stored[room] is None for room in rooms):
            raise nothing_to_correct(match.round_no, match.table_no, board_no)
    old: dict[str, object] = {"board": board_no, **match_state(match)}
    for room in ROOMS:
        row = board_row(session, match.id, board_no, room)
        old[room] = room_json(row)
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
        new[room] = room_json(board_row(session, match.id, board_no, room))
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
        room: room_json(board_row(session, match.id, board_no, cast(Room, room))) for room in seen
    }
    check_unchanged(session, match, seen, now)
