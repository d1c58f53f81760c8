"""The editor of every result-entry grid: what is typed is checked on Enter or Tab, refused in place with a
sentence, or handed on; the editor never calls its page, it emits signals the page connects (``EntryPage``).

The signals name the cell by its row and column in the view's model (a proxy's, where the page has one):

- ``began``: the director's first keystroke in the cell's editor (issue 23: what the cell showed then is what
  its write expects; a refresh never rewrites what is being typed, ``stale.keeps_typing``);
- ``edited``: the text as it is typed (a page shows what it would give);
- ``abandoned``: Esc;
- ``refused``: Enter on what is not acceptable, with the sentence (the editor stays open, its text selected);
- ``committed``: Enter or Tab on what is, with the value checked (after the model was given the text, for a
  delegate that ``writes_model``);
- ``page_key``: "undo" or "redo", Ctrl+Z / Ctrl+Y in an untouched editor (a delegate with ``undo_keys``).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QComboBox, QLineEdit, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from tournament_desk.domain.errors import BadInput
from tournament_desk.gui.pages.entry.stale import keeps_typing, on_first_edit
from tournament_desk.i18n import render

Index = QModelIndex | QPersistentModelIndex
CELL = "cell"  # the editor's property: the cell it edits (a persistent index, so it follows the rows)
ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Tab)


class Refused(Exception):
    """What was typed is not acceptable: ``message`` says why, as the director reads it."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class EntryDelegate(QStyledItemDelegate):
    """A line editor per cell, checked on Enter or Tab. Subclasses say how a cell's text is read (``parse``),
    and may give another editor (``make_editor``)."""

    began = Signal(int, int)
    edited = Signal(int, int, str)
    abandoned = Signal(int, int)
    refused = Signal(str)
    committed = Signal(int, int, object)
    page_key = Signal(str)

    editor_name = "entry-editor"
    placeholder = ""
    writes_model = True  # Enter gives the model the text (``setData``) before ``committed``
    undo_keys = False  # Ctrl+Z / Ctrl+Y in an untouched editor belong to the page

    # --- what subclasses say -------------------------------------------------------------------------
    def parse(self, text: str, column: int) -> object:
        """The value typed in a cell of ``column``; raises BadInput (or Refused) when it is not one."""
        return text

    def make_editor(self, parent: QWidget, index: Index) -> QWidget:
        editor = QLineEdit(parent)
        editor.setObjectName(self.editor_name)
        editor.setPlaceholderText(self.placeholder_for(index.column()))
        return editor

    def placeholder_for(self, column: int) -> str:
        return self.placeholder

    def text_of(self, editor: QWidget) -> str:
        if isinstance(editor, QComboBox):
            return editor.currentText()
        return editor.text() if isinstance(editor, QLineEdit) else ""

    def check(self, editor: QWidget, column: int) -> object:
        try:
            return self.parse(self.text_of(editor), column)
        except BadInput as exc:
            raise Refused(render(exc)) from exc

    # --- Qt's delegate API ---------------------------------------------------------------------------
    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        editor = self.make_editor(parent, index)
        cell = QPersistentModelIndex(index)
        editor.setProperty(CELL, cell)
        line = editor.lineEdit() if isinstance(editor, QComboBox) else editor
        if isinstance(line, QLineEdit):
            line.textEdited.connect(lambda text: self.edited.emit(cell.row(), cell.column(), text))
        on_first_edit(editor, lambda: self.began.emit(cell.row(), cell.column()))
        return editor

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        if not keeps_typing(editor):  # a refresh under the editor (another station) keeps what is typed
            super().setEditorData(editor, index)

    def eventFilter(self, editor: QObject, event: QEvent) -> bool:
        if editor.property("committed") and event.type() in (QEvent.Type.FocusOut, QEvent.Type.Hide):
            return True  # handed on at Enter: losing focus must not hand it on a second time
        if not isinstance(editor, QLineEdit | QComboBox) or not isinstance(event, QKeyEvent):
            return super().eventFilter(editor, event)
        if self.undo_keys and isinstance(editor, QLineEdit) and self.page_step(editor, event):
            return True
        if event.type() != QEvent.Type.KeyPress:
            return super().eventFilter(editor, event)
        cell = editor.property(CELL)
        row, column = (cell.row(), cell.column()) if isinstance(cell, QPersistentModelIndex) else (-1, -1)
        if event.key() == Qt.Key.Key_Escape:
            self.abandoned.emit(row, column)
        if event.key() in ENTER_KEYS:
            try:
                value = self.check(editor, column)
            except Refused as refusal:
                self.refused.emit(refusal.message)
                if isinstance(editor, QLineEdit):
                    editor.selectAll()
                return True  # refused in place: the editor stays open
            editor.setProperty("committed", True)
            if self.writes_model:
                self.commitData.emit(editor)
            self.closeEditor.emit(editor, QStyledItemDelegate.EndEditHint.NoHint)
            self.committed.emit(row, column, value)
            return True
        return super().eventFilter(editor, event)

    def page_step(self, editor: QLineEdit, event: QKeyEvent) -> bool:
        """Ctrl+Z / Ctrl+Y in an untouched editor: after Enter the editor opens on the next table at once, and
        Ctrl+Z there means "undo what I just entered", not "undo my typing" (there is none)."""
        if editor.text() and editor.isModified():
            return False  # the director's own typing: the line edit undoes it
        if event.matches(QKeySequence.StandardKey.Undo):
            step = "undo"
        elif event.matches(QKeySequence.StandardKey.Redo):
            step = "redo"
        else:
            return False
        event.accept()  # ours: neither the line edit nor another shortcut takes it
        if event.type() == QEvent.Type.KeyPress:
            editor.setProperty("committed", True)  # closing must not save the empty editor
            self.closeEditor.emit(editor, QStyledItemDelegate.EndEditHint.RevertModelCache)
            self.page_key.emit(step)
        return True
