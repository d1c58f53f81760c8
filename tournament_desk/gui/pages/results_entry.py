"""The editor of the results grid (``results``): checks a level on Enter or Tab, gives Ctrl+Z / Ctrl+Y in an
untouched editor to the page, and tells the page when the director begins or abandons typing a table (issue 23:
what the table showed then is what its write expects; a refresh never rewrites what is being typed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, Qt, QTimer
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QLineEdit, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.levels import parse_level
from tournament_desk.gui.pages.stale import keeps_typing, on_first_edit
from tournament_desk.i18n import render

if TYPE_CHECKING:
    from tournament_desk.gui.pages.results import ResultsPage

Index = QModelIndex | QPersistentModelIndex


class LevelDelegate(QStyledItemDelegate):
    """Checks a level when Enter or Tab is pressed: a bad one keeps the editor open and says why."""

    def __init__(self, page: ResultsPage) -> None:
        super().__init__(page)
        self.page = page

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        editor = QLineEdit(parent)
        editor.setObjectName("level-editor")
        editor.setPlaceholderText("9 10 J Q K A 过A")
        table = self.page.table_at(index)
        editor.setProperty("table", table)
        on_first_edit(editor, lambda: self.page.typing_began(table))
        return editor

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        if not keeps_typing(editor):  # another station's change under the editor keeps what is typed
            super().setEditorData(editor, index)

    @staticmethod
    def page_key(editor: QLineEdit, event: QKeyEvent) -> str | None:
        """ "undo" or "redo" when Ctrl+Z / Ctrl+Y in an untouched editor belongs to the page, not the editor.

        After Enter the editor opens on the next table at once; Ctrl+Z there means "undo what I just
        entered", not "undo my typing" (there is none).
        """
        if editor.text() and editor.isModified():
            return None  # the director's own typing: the line edit undoes it
        if event.matches(QKeySequence.StandardKey.Undo):
            return "undo"
        if event.matches(QKeySequence.StandardKey.Redo):
            return "redo"
        return None

    def eventFilter(self, editor: QObject, event: QEvent) -> bool:
        if editor.property("committed") and event.type() in (QEvent.Type.FocusOut, QEvent.Type.Hide):
            return True  # already saved on Enter: losing focus must not save it a second time
        if isinstance(editor, QLineEdit) and event.type() in (
            QEvent.Type.ShortcutOverride,
            QEvent.Type.KeyPress,
        ):
            assert isinstance(event, QKeyEvent)
            step = self.page_key(editor, event)
            if step is not None:
                event.accept()  # ours: neither the line edit nor another shortcut takes it
                if event.type() == QEvent.Type.KeyPress:
                    editor.setProperty("committed", True)  # closing must not save the empty editor
                    self.closeEditor.emit(editor, QStyledItemDelegate.EndEditHint.RevertModelCache)
                    QTimer.singleShot(0, self.page.undo if step == "undo" else self.page.redo)
                return True
        if isinstance(editor, QLineEdit) and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() == Qt.Key.Key_Escape:
                self.page.typing_abandoned(int(editor.property("table")))
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Tab):
                try:
                    parse_level(editor.text())
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
