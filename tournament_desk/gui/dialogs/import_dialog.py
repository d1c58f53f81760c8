"""The preview of a sign-up sheet before importing it: every row, the bad ones in red with the reason.

The director unticks a row to leave it out and double-clicks a cell to correct it; every row is checked again
as they type (``SheetPreviewModel``). The import is all or nothing of the rows kept, so the Import button stays
disabled while any kept row is bad.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QLineEdit,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.gui.dialogs.base import ActionDialog, Submit
from tournament_desk.gui.models.common import PROBLEM_COLOUR
from tournament_desk.gui.models.import_preview import SheetPreviewModel
from tournament_desk.services.entrants import EntrantSheet
from tournament_desk.services.entrants_check import SheetLine

Index = QModelIndex | QPersistentModelIndex


class TypingDelegate(QStyledItemDelegate):
    """Commits a cell at every keystroke, so the row's problem is re-checked while the director types."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        editor = super().createEditor(parent, option, index)
        if isinstance(editor, QLineEdit):
            editor.textEdited.connect(lambda _text, e=editor: self.commitData.emit(e))
        return editor

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        # The model re-checks every row after each keystroke; the text being typed stays as it is.
        if isinstance(editor, QLineEdit) and editor.text() == str(index.data() or ""):
            return
        super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if isinstance(editor, QLineEdit):
            model.setData(index, editor.text())
            return
        super().setModelData(editor, model, index)


class ImportPreviewDialog(ActionDialog):
    """``error`` is the sentence saying why the sheet could not be read at all (then ``sheet`` is None)."""

    def __init__(
        self,
        parent: QWidget | None,
        submit: Submit,
        path: Path,
        sheet: EntrantSheet | None,
        error: str | None = None,
    ) -> None:
        super().__init__(parent, submit)
        self.path = path
        self.error = error
        self.setWindowTitle(self.tr("Import entrants from {file}").format(file=path.name))
        self.resize(820, 520)
        self.model = SheetPreviewModel(sheet, self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setItemDelegate(TypingDelegate(self.table))
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(SheetPreviewModel.COL_PROBLEM, QHeaderView.ResizeMode.Stretch)
        self.table.setColumnHidden(SheetPreviewModel.COL_IDENTS, not self.model.has_idents())
        self.table.resizeColumnsToContents()
        hint = QLabel(
            self.tr("Untick a row to leave it out; double-click a cell (or type over it) to correct it.")
        )
        hint.setWordWrap(True)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(hint)
        layout.addWidget(self.table)
        layout.addWidget(self.buttons)
        self.ok_button.setText(self.tr("&Import"))
        self.model.dataChanged.connect(self.update_summary)
        self.update_summary()

    def kept_lines(self) -> list[SheetLine]:
        """The rows to import, as corrected."""
        return self.model.kept_lines()

    def read_lines(self) -> list[SheetLine]:
        """The rows as the sheet gave them (for the audit trail: which were left out or corrected)."""
        return list(self.model.read)

    def update_summary(self) -> None:
        kept = len(self.model.kept_lines())
        bad = len(self.model.bad_rows())
        left_out = len(self.model.lines) - kept
        if self.error is not None:
            self.set_problem(self.error)
        elif not self.model.lines:
            self.set_problem(self.tr("The sheet has no entrants to import."))
        elif not kept:
            self.set_problem(self.tr("Every row is left out: tick the rows to import."))
        elif bad:
            self.set_problem(
                self.tr(
                    "Rows that cannot be imported: {count} (in red). Correct them here, or untick them to "
                    "leave them out: nothing is imported while any row kept is wrong."
                ).format(count=bad)
            )
        else:
            text = self.tr("Entrants to import: {count}.").format(count=kept)
            if left_out:
                text += " " + self.tr("Rows left out: {count}.").format(count=left_out)
            warned = len(self.model.warned_rows())
            if warned:
                text += " " + self.tr(
                    "{count} of them to check (shaded): see why in the last column."
                ).format(count=warned)
            self.summary.setText(text)
            self.summary.setStyleSheet("")
        self.ok_button.setEnabled(self.error is None and kept > 0 and not bad)

    def set_problem(self, text: str) -> None:
        self.summary.setText(text)
        self.summary.setStyleSheet(f"color: {PROBLEM_COLOUR.name()};")
