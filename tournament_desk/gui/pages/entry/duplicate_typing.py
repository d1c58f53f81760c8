"""Typing on the duplicate boards grid (复式成绩, ``duplicate``): the editor, which checks the points on Enter or
Tab, and the page's side of it (``DuplicateTyping``): showing what the points being typed would give, saving a
board-room as an undoable step, expecting it as it was when typing began (issue 23).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from typing import TYPE_CHECKING, Any

from tournament_desk.domain.duplicate import parse_points
from tournament_desk.gui.models.boards import BoardGridModel
from tournament_desk.gui.pages.entry.editor import EntryDelegate
from tournament_desk.gui.pages.entry.stale import Edit, Seen, StaleGuard
from tournament_desk.gui.pages.entry.stale_boards import room_seen, where_room
from tournament_desk.gui.pages.undo import label
from tournament_desk.services.results import boards as bs
from tournament_desk.services.results.table import ChangedElsewhere
from tournament_desk.services.undo import Label


class PointsDelegate(EntryDelegate):
    """The defenders' points of a board-room, checked on Enter or Tab (0 or more, in steps of 5)."""

    editor_name = "points-editor"
    placeholder = "0 5 … 200"

    def parse(self, text: str, column: int) -> object:
        return parse_points(text)


class DuplicateTyping:
    """Mixed into ``DuplicateResultsPage`` (its ``session``, ``round_no``, ``table_no``, ``grid``, ``stale``,
    ``earlier_round_ok``, ``write_step`` and ``table_saved``)."""

    session: Any
    round_no: int | None
    table_no: int | None
    grid: BoardGridModel
    stale: StaleGuard

    if TYPE_CHECKING:  # the page's

        def earlier_round_ok(self) -> bool: ...
        def table_saved(self, table: int) -> None: ...
        def write_step(self, round_no: int, table: int, what: Label, action: Callable[..., Any], *args: Any,
                       **kwargs: Any) -> bool: ...  # fmt: skip

    def save_points(self, board: int, room: str, points: int) -> None:
        if self.round_no is None or self.table_no is None:
            return
        key = (self.table_no, board, room)
        if not self.earlier_round_ok():
            self.grid.clear_preview()
            self.stale.end(key)
            return
        write = partial(self.write_points, self.round_no, self.table_no, board, room, points)
        self.stale.save(key, str(points), write)  # expected: the board-room when typing began (issue 23)

    def write_points(self, round_no: int, table: int, board: int, room: str, points: int,
                     expected: dict[str, object] | None, reason: str | None,
                     overtaken: Callable[[ChangedElsewhere], None] | None) -> bool:  # fmt: skip
        """One try at storing a board-room's points; refused: the preview goes."""
        given = {"open_points" if room == "open" else "closed_points": points}
        what = label("board", board=board, points=points)
        # expected: compared by the services in the write's (and the undo step's) transaction
        done = self.write_step(round_no, table, what, bs.record_board, board, kind="sheet", reason=reason,
                               on_overtaken=overtaken, expected=expected, **given)  # fmt: skip
        if not done:
            self.grid.clear_preview()
        return done

    # --- the board-rooms being typed (issue 23: StaleGuard's host) --------------------------------------
    def typing_edited(self, row: int, column: int, text: str) -> None:
        """What the points being typed would give, on the grid and under it."""
        self.grid.preview(row, BoardGridModel.ROOM_COLUMNS.get(column, "open"), text)

    def typing_began(self, row: int, column: int) -> None:
        sheet = self.grid.sheet
        if self.round_no is None or sheet is None or not 0 <= row < len(sheet.boards):
            return
        board = sheet.boards[row].number
        room = BoardGridModel.ROOM_COLUMNS.get(column, "open")
        edit = Edit(self.round_no, sheet.table, where_room(sheet.table, board, room),
                    room_seen(sheet.entries, board, room))  # fmt: skip
        self.stale.begin((sheet.table, board, room), lambda: edit)

    def typing_abandoned(self, row: int, column: int) -> None:
        self.grid.clear_preview()
        self.stale.end_all()  # Esc: one cell is typed at a time

    def stale_now(self, key: Hashable) -> Seen:
        assert isinstance(key, tuple) and self.round_no is not None
        table, board, room = key
        return room_seen(self.session.read(bs.board_sheet, self.round_no, table).entries, board, room)

    def stale_kept(self, key: Hashable) -> None:
        assert isinstance(key, tuple)
        self.grid.clear_preview()
        self.table_saved(key[0])

    def stale_tint(self, key: Hashable, on: bool) -> None:
        assert isinstance(key, tuple)
        if key[0] == self.table_no:
            self.grid.tint_board(key[1], on)
