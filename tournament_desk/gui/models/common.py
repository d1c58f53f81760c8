"""What the table models share: number formatting, alignment, a sort role and the colours of states."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Generic, Protocol, TypeVar

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


class TableRow(Protocol):
    @property
    def table(self) -> int: ...


R = TypeVar("R", bound=TableRow)


class TableRowsModel(RowsModel[R]):
    """Rows that are a round's tables (frozen dataclasses with a ``table`` number): one changed in place."""

    def update_row(self, table: int, **changes: object) -> None:
        for i, row in enumerate(self.rows):
            if row.table == table:
                self.rows[i] = replace(row, **changes)  # type: ignore[type-var]
                self.dataChanged.emit(self.index(i, 0), self.index(i, self.columnCount() - 1))
                return

    def row_of_table(self, table: int) -> int:
        return next(i for i, r in enumerate(self.rows) if r.table == table)
