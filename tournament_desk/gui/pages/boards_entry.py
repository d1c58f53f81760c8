"""Typing on the duplicate boards grid (复式成绩, ``boards``): the editor, which checks the points on Enter or Tab
and shows what they would give while they are typed, and the page's side of it (``DuplicateTyping``): saving a
board-room as an undoable step, expecting it as it was when typing began (issue 23).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLineEdit, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from tournament_desk.domain.duplicate import Room, parse_points
from tournament_desk.domain.errors import BadInput
from tournament_desk.gui.models.boards import BoardGridModel
from tournament_desk.gui.pages.stale import Edit, Seen, StaleGuard, keeps_typing, on_first_edit
from tournament_desk.gui.pages.stale_boards import room_seen, where_room
from tournament_desk.gui.pages.undo import label, table_step
from tournament_desk.i18n import render
from tournament_desk.services import boards as bs
from tournament_desk.services.table_results import ChangedElsewhere

if TYPE_CHECKING:
    from tournament_desk.gui.pages.boards import DuplicateResultsPage

Index = QModelIndex | QPersistentModelIndex


class PointsDelegate(QStyledItemDelegate):
    """Checks the points on Enter or Tab (a bad number keeps the editor open and says why) and shows what
    the number would give while it is being typed."""

    def __init__(self, page: DuplicateResultsPage) -> None:
        super().__init__(page)
        self.page = page

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        editor = QLineEdit(parent)
        editor.setObjectName("points-editor")
        editor.setPlaceholderText("0 5 … 200")
        room = BoardGridModel.ROOM_COLUMNS.get(index.column(), "open")
        editor.textEdited.connect(partial(self.page.grid.preview, index.row(), room))
        # What the board-room shows at the first key typed is what its write expects (issue 23).
        on_first_edit(editor, partial(self.page.typing_began, index.row(), room))
        return editor

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        if not keeps_typing(editor):  # a refresh under the editor keeps what is typed
            super().setEditorData(editor, index)

    def eventFilter(self, editor: QObject, event: QEvent) -> bool:
        if editor.property("committed") and event.type() in (QEvent.Type.FocusOut, QEvent.Type.Hide):
            return True  # already saved on Enter: losing focus must not save it a second time
        if isinstance(editor, QLineEdit) and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() == Qt.Key.Key_Escape:
                self.page.grid.clear_preview()
                self.page.typing_abandoned()
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Tab):
                try:
                    parse_points(editor.text())
                except BadInput as exc:
                    self.page.say(render(exc), error=True)
                    editor.selectAll()
                    return True  # refused in place: the editor stays open
                editor.setProperty("committed", True)
                self.commitData.emit(editor)
                self.closeEditor.emit(editor, QStyledItemDelegate.EndEditHint.NoHint)
                self.page.advance()
                return True
        return super().eventFilter(editor, event)


class DuplicateTyping:
    """Mixed into ``DuplicateResultsPage`` (its ``session``, ``round_no``, ``table_no``, ``grid``, ``stale``,
    ``earlier_round_ok``, ``table_saved``)."""

    session: Any
    round_no: int | None
    table_no: int | None
    grid: BoardGridModel
    stale: StaleGuard

    if TYPE_CHECKING:  # the page's

        def earlier_round_ok(self) -> bool: ...
        def table_saved(self, table: int) -> None: ...

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
        done = table_step(self.session, round_no, table, what, bs.record_board, board, on_done=self.table_saved,
                          kind="sheet", reason=reason, on_overtaken=overtaken, expected=expected,
                          **given)  # fmt: skip
        if not done:
            self.grid.clear_preview()
        return done

    # --- the board-rooms being typed (issue 23: StaleGuard's host) --------------------------------------
    def typing_began(self, row: int, room: Room) -> None:
        sheet = self.grid.sheet
        if self.round_no is None or sheet is None or not 0 <= row < len(sheet.boards):
            return
        board = sheet.boards[row].number
        edit = Edit(self.round_no, sheet.table, where_room(sheet.table, board, room),
                    room_seen(sheet.entries, board, room))  # fmt: skip
        self.stale.begin((sheet.table, board, room), lambda: edit)

    def typing_abandoned(self) -> None:
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
