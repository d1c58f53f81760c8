"""What the table models share: number formatting, alignment, a sort role and the colours of states."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor

T = TypeVar("T")
SORT_ROLE = Qt.ItemDataRole.UserRole
ROW_ROLE = Qt.ItemDataRole.UserRole + 1  # the plain row object a view row shows
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
PROBLEM_COLOUR = QColor("#c62828")
MUTED_COLOUR = QColor("#808080")


def format_number(value: float) -> str:
    """7.5 → "7.5", 41.0 → "41", 0.25 → "0.25": no needless decimals, no "-0"."""
    if value == 0:
        return "0"
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


class RowsModel(QAbstractTableModel, Generic[T]):
    """A flat table of plain rows: subclasses set ``COLUMNS`` and implement ``data`` and ``headerData``."""

    COLUMNS = 0

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[T] = []

    def set_rows(self, rows: Sequence[T]) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else self.COLUMNS
