"""A board as the director saw it when typing began (issue 23), for the duplicate and Mitchell boards pages: its
state in ``expected`` terms, its text, and the check of it before a write.

``services.boards.record_board`` and ``services.pair_boards.record_pair_board`` do not take ``expected=`` yet.
Until they do, the desk reads the board again just before writing and refuses as the services do
(``ChangedElsewhere``, naming the station and time of the table's last change). A duplicate board is checked
inside the undo step's transaction (``services.undo.record`` holds the write lock, so nothing comes in between);
a Mitchell board by a read just before its write, in a transaction of its own (a change in those milliseconds
is not seen). When the services take ``expected=`` (the same dicts), the ``*_unchanged`` functions go.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication

from tournament_desk.domain.duplicate import ROOMS, Room, RoomResult
from tournament_desk.gui.models.boards import penalty_text
from tournament_desk.gui.pages.stale import Seen
from tournament_desk.services import boards as bs
from tournament_desk.services import pair_boards as pb
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.table_results import ChangedElsewhere


def tr(text: str) -> str:
    return QCoreApplication.translate("StaleEdit", text)


# --- duplicate boards: one room of one board --------------------------------------------------------------
def where_room(table: int, board: int, room: Room) -> str:
    name = tr("open room") if room == "open" else tr("closed room")
    return tr("Table {table}, board {board}, {room}").format(table=table, board=board, room=name)


def room_seen(entries: bs.Entries, board: int, room: Room) -> Seen:
    """A board-room as the grid shows it: ``{room: [points, penalty to NS, penalty to EW] or None}``."""
    entry: RoomResult | None = entries.get((board, room))
    if entry is None:
        return Seen({room: None}, tr("nothing entered"))
    extra = penalty_text(entry)
    text = f"{entry.points} ({extra})" if extra else str(entry.points)
    return Seen({room: [entry.points, entry.to_ns, entry.to_ew]}, text)


def record_board_unchanged(
    desk: Desk, round_no: int, table_no: int, board_no: int, *, expected: dict[str, object], **kwargs: Any
) -> bs.BoardSheet:
    """``record_board`` if the rooms in ``expected`` are still as the director saw them."""
    entries = bs.board_sheet(desk, round_no, table_no).entries  # in the undo step's write transaction
    for room in ROOMS:
        if room in expected and room_seen(entries, board_no, room).state[room] != expected[room]:
            raise changed_since(desk, round_no, table_no)
    return bs.record_board(desk, round_no, table_no, board_no, **kwargs)


# --- Mitchell: one board at one table ----------------------------------------------------------------------
def where_pair_board(round_no: int, table: int, board: int) -> str:
    return tr("Round {round}, table {table}, board {board}").format(round=round_no, table=table, board=board)


def pair_board_seen(points: int | None, penalty_ns: int, penalty_ew: int) -> Seen:
    state: dict[str, object] = {"points": points, "penalty_ns": penalty_ns, "penalty_ew": penalty_ew}
    if points is None:
        return Seen(state, tr("nothing entered"))
    extra = [f"{side} +{p}" for side, p in ((tr("NS"), penalty_ns), (tr("EW"), penalty_ew)) if p]
    return Seen(state, f"{points} ({', '.join(extra)})" if extra else str(points))


def pair_board_now(views: Sequence[pb.PairBoardView], round_no: int, table_no: int) -> Seen:
    view = next((v for v in views if (v.round, v.table) == (round_no, table_no)), None)
    if view is None:
        return pair_board_seen(None, 0, 0)
    return pair_board_seen(view.points, view.penalty_ns, view.penalty_ew)


def record_pair_board_unchanged(
    desk: Desk, round_no: int, table_no: int, board_no: int, points: int, *, expected: dict[str, object],
    **kwargs: Any,
) -> list[pb.PairBoardView]:  # fmt: skip
    """``record_pair_board`` if the board at the table is still as the director saw it."""
    if pair_board_now(pb.traveller(desk, board_no), round_no, table_no).state != expected:
        raise changed_since(desk, round_no, table_no)
    return pb.record_pair_board(desk, round_no, table_no, board_no, points, **kwargs)


def changed_since(desk: Desk, round_no: int, table_no: int) -> ChangedElsewhere:
    """The services' refusal of a stale write, naming the last change of the table."""
    last = audit_trail(desk, round_no=round_no, table_no=table_no)[-1:]
    return ChangedElsewhere(
        "Round {round} table {table} was changed at station {station} at {time} since you looked at it; look "
        "again before changing it. Nothing was changed.",
        round=round_no,
        table=table_no,
        station=last[0].station if last else "?",
        time=last[0].at.strftime("%H:%M") if last else "?",
    )
