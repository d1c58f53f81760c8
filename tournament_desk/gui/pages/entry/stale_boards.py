"""A board as the director saw it when typing began (issue 23), for the duplicate and Mitchell boards pages: its
state in the services' ``expected`` terms, and its text.

``services.boards.record_board`` and ``services.pair_boards.record_pair_board`` take these states as
``expected=`` and compare them inside their write transaction (``ChangedElsewhere`` when another station
changed the board since; ``stale.StaleGuard`` asks then).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QCoreApplication

from tournament_desk.domain.duplicate import Room, RoomResult
from tournament_desk.gui.models.boards import penalty_text
from tournament_desk.gui.pages.entry.stale import Seen
from tournament_desk.services.results import pair_boards as pb


def tr(text: str) -> str:
    return QCoreApplication.translate("StaleEdit", text)


# --- duplicate boards: one room of one board --------------------------------------------------------------
def where_room(table: int, board: int, room: Room) -> str:
    name = tr("open room") if room == "open" else tr("closed room")
    return tr("Table {table}, board {board}, {room}").format(table=table, board=board, room=name)


def room_seen(entries: Mapping[tuple[int, Room], RoomResult], board: int, room: Room) -> Seen:
    """A board-room as the grid shows it: ``{room: [points, penalty to NS, penalty to EW] or None}``."""
    entry: RoomResult | None = entries.get((board, room))
    if entry is None:
        return Seen({room: None}, tr("nothing entered"))
    extra = penalty_text(entry)
    text = f"{entry.points} ({extra})" if extra else str(entry.points)
    return Seen({room: [entry.points, entry.to_ns, entry.to_ew]}, text)


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
