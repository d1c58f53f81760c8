"""The preview of a sign-up sheet: each row ticked to import (untick to leave it out), its cells correctable.

Every change re-runs the import's own check (``services.entrants_check.SheetCheck``) over the rows kept, so a
row refused for repeating another turns good as soon as the other is left out or renamed; the dialog's
delegate commits as the director types, so the reasons follow each keystroke.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from tournament_desk.gui.models.common import LEFT, MUTED_COLOUR, PROBLEM_COLOUR, RIGHT
from tournament_desk.i18n import render
from tournament_desk.services.entrants import EntrantSheet
from tournament_desk.services.entrants_check import SheetEntrant, SheetLine

Index = QModelIndex | QPersistentModelIndex
DISPLAY = Qt.ItemDataRole.DisplayRole
EDIT = Qt.ItemDataRole.EditRole
CHECK = Qt.ItemDataRole.CheckStateRole
WARNING_BRUSH = QBrush(QColor("#fff4c2"))  # imported, but worth a look
CORRECTED_BRUSH = QBrush(QColor("#e3f2fd"))  # a cell the director corrected


def _tr(text: str) -> str:
    return QCoreApplication.translate("SheetPreviewModel", text)


class SheetPreviewModel(QAbstractTableModel):
    COL_ROW, COL_NAME, COL_UNIT, COL_PLAYERS, COL_IDENTS, COL_PROBLEM = range(6)
    FIELDS: ClassVar[dict[int, str]] = {
        COL_NAME: "name",
        COL_UNIT: "unit",
        COL_PLAYERS: "players",
        COL_IDENTS: "idents",  # the players' idents, one each in their order (a 识别号 column), issue 30
    }

    def __init__(self, sheet: EntrantSheet | None = None, parent: Any = None) -> None:
        super().__init__(parent)
        self.read: tuple[SheetLine, ...] = sheet.lines if sheet else ()
        self.lines: list[SheetLine] = list(self.read)
        self.kept: list[bool] = [True] * len(self.lines)
        self.check = sheet.check if sheet else None
        self.results: list[SheetEntrant | None] = []
        self.recheck()

    # --- what the dialog asks -------------------------------------------------------------------------------
    def kept_lines(self) -> list[SheetLine]:
        return [line for line, kept in zip(self.lines, self.kept, strict=True) if kept]

    def bad_rows(self) -> list[SheetEntrant]:
        return [r for r in self.results if r is not None and r.problem is not None]

    def warned_rows(self) -> list[SheetEntrant]:
        return [r for r in self.results if r is not None and r.problem is None and r.warning is not None]

    def recheck(self) -> None:
        checked = iter(self.check.check(self.kept_lines()) if self.check else [])
        self.results = [next(checked) if kept else None for kept in self.kept]
        if self.lines:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.lines) - 1, self.COL_PROBLEM))

    # --- the model ------------------------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.lines)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else self.COL_PROBLEM + 1

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if (
            orientation != Qt.Orientation.Horizontal
            or role != DISPLAY
            or not 0 <= section <= self.COL_PROBLEM
        ):
            return None
        return (_tr("Import / row"), _tr("Name"), _tr("Unit"), _tr("Players"), _tr("Idents"), _tr("Problem"))[
            section
        ]

    def has_idents(self) -> bool:
        """Whether the sheet gave any player an ident (else the dialog hides that column)."""
        return any(line.idents for line in self.read)

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        if index.column() == self.COL_ROW:
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        elif index.column() in self.FIELDS:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def problem_text(self, row: int) -> str:
        result = self.results[row]
        if result is None:
            return _tr("Left out")
        if result.problem is not None:
            return render(result.problem)
        return _tr("Check: {warning}").format(warning=render(result.warning)) if result.warning else ""

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.lines):
            return None
        row, column = index.row(), index.column()
        line, result = self.lines[row], self.results[row]
        if role == CHECK and column == self.COL_ROW:
            return Qt.CheckState.Checked if self.kept[row] else Qt.CheckState.Unchecked
        if role in (DISPLAY, EDIT, Qt.ItemDataRole.ToolTipRole):
            if column == self.COL_ROW:
                return str(line.row)
            if column in self.FIELDS:
                return getattr(line, self.FIELDS[column])
            return self.problem_text(row)
        if role == Qt.ItemDataRole.ForegroundRole:
            if result is None:
                return MUTED_COLOUR
            return PROBLEM_COLOUR if result.problem is not None else None
        if role == Qt.ItemDataRole.BackgroundRole and result is not None:
            if column in self.FIELDS and row < len(self.read) and self._corrected(row, column):
                return CORRECTED_BRUSH
            return WARNING_BRUSH if result.problem is None and result.warning is not None else None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(RIGHT if column == self.COL_ROW else LEFT)
        return None

    def _corrected(self, row: int, column: int) -> bool:
        field = self.FIELDS[column]
        return bool(getattr(self.lines[row], field) != getattr(self.read[row], field))

    def setData(self, index: Index, value: Any, role: int = EDIT) -> bool:
        if not index.isValid():
            return False
        row, column = index.row(), index.column()
        if role == CHECK and column == self.COL_ROW:
            self.kept[row] = Qt.CheckState(value) == Qt.CheckState.Checked
        elif role == EDIT and column in self.FIELDS:
            text = str(value or "")
            line = self.lines[row]
            if text == getattr(line, self.FIELDS[column]):
                return False
            changed: dict[str, Any] = {self.FIELDS[column]: text}
            self.lines[row] = replace(line, **changed)
        else:
            return False
        self.recheck()
        return True
