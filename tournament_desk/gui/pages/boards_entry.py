"""The editor of the duplicate boards grid (复式成绩, ``boards``): checks the points on Enter or Tab and shows
what they would give while they are typed.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLineEdit, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from tournament_desk.domain.duplicate import parse_points
from tournament_desk.domain.errors import BadInput
from tournament_desk.gui.models.boards import BoardGridModel
from tournament_desk.i18n import render

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
        return editor

    def eventFilter(self, editor: QObject, event: QEvent) -> bool:
        if editor.property("committed") and event.type() in (QEvent.Type.FocusOut, QEvent.Type.Hide):
            return True  # already saved on Enter: losing focus must not save it a second time
        if isinstance(editor, QLineEdit) and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() == Qt.Key.Key_Escape:
                self.page.grid.clear_preview()
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
