"""The series' standings as a table model: one row per competitor in the service's order (its rank, its name and
unit as typed, each event's place · points with dropped ones in brackets, events played, total)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt

from tournament_desk.gui.models.common import LEFT, MUTED_COLOUR, RIGHT, SORT_ROLE, RowsModel
from tournament_desk.reports.series_data import SeriesData, SeriesRowData, cell_text, figure, rank_text

CENTRE = Qt.AlignmentFlag.AlignCenter


class SeriesModel(RowsModel[SeriesRowData]):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.data_: SeriesData | None = None

    def set_data(self, data: SeriesData | None) -> None:
        self.beginResetModel()
        self.data_ = data
        self.rows = list(data.rows) if data is not None else []
        self.endResetModel()

    def _events(self) -> int:
        return len(self.data_.events) if self.data_ is not None else 0

    def _per_unit(self) -> bool:
        return self.data_ is not None and self.data_.per_unit

    def _lead(self) -> int:
        """Columns before the events: rank, (name,) unit."""
        return 2 if self._per_unit() else 3

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        if parent.isValid() or self.data_ is None:
            return 0
        return self._lead() + self._events() + 2

    def kind(self, column: int) -> str:
        """What a column holds: rank, name, unit, event, played or total."""
        lead = ["rank", "unit"] if self._per_unit() else ["rank", "name", "unit"]
        if column < len(lead):
            return lead[column]
        if column < len(lead) + self._events():
            return "event"
        return "played" if column == len(lead) + self._events() else "total"

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal or self.data_ is None:
            return None
        if not 0 <= section < self.columnCount():
            return None
        kind = self.kind(section)
        if kind == "event":
            event = self.data_.events[section - self._lead()]
            if role == Qt.ItemDataRole.DisplayRole:
                return self.tr("#{number}").format(number=event.number)
            if role == Qt.ItemDataRole.ToolTipRole:
                return event.name
            return None
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        return {
            "rank": self.tr("Rank"),
            "name": self.tr("Name"),
            "unit": self.tr("Unit"),
            "played": self.tr("Played"),
            "total": self.tr("Total"),
        }[kind]

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        row = self.rows[index.row()]
        kind = self.kind(index.column())
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, kind, index.column())
        if role == SORT_ROLE:
            return self._sort(row, kind, index.column())
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return LEFT if kind in ("name", "unit") else RIGHT if kind == "total" else CENTRE
        if role == Qt.ItemDataRole.ForegroundRole:
            dropped = kind == "event" and (e := row.events[index.column() - self._lead()]) and not e.counted
            return MUTED_COLOUR if row.rank is None or dropped else None
        if role == Qt.ItemDataRole.ToolTipRole and kind == "event":
            score = row.events[index.column() - self._lead()]
            if score is not None and not score.counted:
                return self.tr("Not counted: only the best {best} events count.").format(
                    best=self.data_.rule.best if self.data_ else ""
                )
        return None

    def _text(self, row: SeriesRowData, kind: str, column: int) -> str:
        if kind == "event":
            return cell_text(row.events[column - self._lead()])
        return {
            "rank": rank_text(row.rank),
            "name": row.name,
            "unit": row.unit,
            "played": str(row.played),
            "total": figure(row.points),
        }[kind]

    def _sort(self, row: SeriesRowData, kind: str, column: int) -> object:
        if kind == "event":
            score = row.events[column - self._lead()]
            return -1.0 if score is None else score.points
        if kind == "rank":
            return row.rank if row.rank is not None else 1_000_000
        if kind in ("played", "total"):
            return row.played if kind == "played" else row.points
        return row.name if kind == "name" else row.unit
