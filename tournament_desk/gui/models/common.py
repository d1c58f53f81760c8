"""What the table models share: number formatting, alignment, a sort role and the colours of states."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Generic, Protocol, TypeVar

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTimer,
)
from PySide6.QtGui import QColor

from tournament_desk.domain.sorting import matches_name, search_form

T = TypeVar("T")
SORT_ROLE = Qt.ItemDataRole.UserRole
ROW_ROLE = Qt.ItemDataRole.UserRole + 1  # the plain row object a view row shows
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
PROBLEM_COLOUR = QColor("#c62828")
MUTED_COLOUR = QColor("#808080")
CHANGED_COLOUR = QColor("#fff0a8")  # a row another station has just changed (marked for MARK_MS)
MARK_MS = 3000
HELD = 0  # a mark no timer takes away (timed marks are numbered from 1)


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
    """Rows that are a round's tables (frozen dataclasses with a ``table`` number): one changed in place, the
    ``EDITABLE`` columns typed into."""

    EDITABLE: tuple[int, ...] = ()

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        base = super().flags(index)
        if index.isValid() and index.column() in self.EDITABLE:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def update_row(self, table: int, **changes: object) -> None:
        for i, row in enumerate(self.rows):
            if row.table == table:
                self.rows[i] = replace(row, **changes)  # type: ignore[type-var]
                self.dataChanged.emit(self.index(i, 0), self.index(i, self.columnCount() - 1))
                return

    def row_of_table(self, table: int) -> int:
        return next(i for i, r in enumerate(self.rows) if r.table == table)

    # Tables marked as just changed elsewhere (table → the mark's number, so an older mark's timer
    # does not take away a newer one).
    _marks: dict[int, int] | None = None
    _mark_count = 0

    def marked(self, table: int) -> bool:
        return self._marks is not None and table in self._marks

    def mark_tables(self, tables: Iterable[int], ms: int | None = None) -> None:
        """Tint these tables' rows for ``ms`` (default MARK_MS): another station changed them."""
        ms = MARK_MS if ms is None else ms
        tables = set(tables)
        if not tables:
            return
        if self._marks is None:
            self._marks = {}
        self._mark_count += 1
        number = self._mark_count
        for table in tables:
            self._marks[table] = number
        self._repaint(tables)
        QTimer.singleShot(ms, self, lambda: self._unmark(tables, number))

    def hold_marks(self, tables: Iterable[int]) -> None:
        """Tint these tables' rows until ``release_marks``: another station changed a table being typed."""
        tables = set(tables)
        if self._marks is None:
            self._marks = {}
        for table in tables:
            self._marks[table] = HELD
        self._repaint(tables)

    def release_marks(self, tables: Iterable[int]) -> None:
        if not self._marks:
            return
        gone = {t for t in tables if self._marks.get(t) == HELD}
        for table in gone:
            del self._marks[table]
        self._repaint(gone)

    def clear_marks(self) -> None:
        if self._marks:
            tables = set(self._marks)
            self._marks.clear()
            self._repaint(tables)

    def _unmark(self, tables: set[int], number: int) -> None:
        if self._marks is None:
            return
        gone = {t for t in tables if self._marks.get(t) == number}
        for table in gone:
            del self._marks[table]
        self._repaint(gone)

    def _repaint(self, tables: set[int]) -> None:
        for i, row in enumerate(self.rows):
            if row.table in tables:
                self.dataChanged.emit(self.index(i, 0), self.index(i, self.columnCount() - 1),
                                      [Qt.ItemDataRole.BackgroundRole])  # fmt: skip


class NameSearchProxy(QSortFilterProxyModel):
    """Filters by a search text found in any of a row's texts (``texts``), as written or in pinyin
    (``matches_name``: "zhang" and "zs" find 张三); the row object is the source model's ``ROW_ROLE``."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.search = ""

    def set_search(self, text: str) -> None:
        self.beginFilterChange()
        self.search = search_form(text)
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def texts(self, row: object) -> Iterable[str] | None:
        """The texts a search looks in (None: a row of another kind, always shown)."""
        raise NotImplementedError

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex) -> bool:
        if not self.search:
            return True
        model = self.sourceModel()
        texts = self.texts(model.data(model.index(source_row, 0, source_parent), ROW_ROLE))
        return texts is None or any(matches_name(self.search, text) for text in texts)
