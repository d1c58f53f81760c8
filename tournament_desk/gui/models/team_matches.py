"""The team matches of a round (rules.md §5.8, 团体赛): who plays, the pair games each team has won, the points and
where the result came from; the match picked shows its boards (``team_match.GamesModel``)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor

from tournament_desk.domain.results import ResultState
from tournament_desk.gui.models.results import SOURCE_ROLES, source_data, state_text
from tournament_desk.services.results.team_views import TeamSheet

Index = QModelIndex | QPersistentModelIndex
DISPLAY = Qt.ItemDataRole.DisplayRole
MISSING = QColor("#fff4d6")


def _tr(text: str) -> str:
    return QCoreApplication.translate("TeamMatchModel", text)


def _n(x: float) -> str:
    return f"{x:g}"


class MatchesModel(QAbstractTableModel):
    """The team matches of a round: who plays, the pair games each has won, the points and the state."""

    COLUMNS = 7
    COL_TABLE, COL_HOME, COL_AWAY, COL_GAMES, COL_POINTS, COL_SOURCE, COL_STATE = range(7)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[TeamSheet] = []
        self.sources: dict[int, str] = {}  # table → services.live.Source, for tables the phones have
        self.deducted: dict[str, float] = {}  # points deducted from teams in this round (rules.md §5.6)

    def set_rows(self, rows: list[TeamSheet], sources: dict[int, str] | None = None) -> None:
        self.beginResetModel()
        self.rows, self.sources = list(rows), dict(sources or {})
        self.endResetModel()

    def set_deductions(self, deducted: dict[str, float]) -> None:
        """The points deducted from teams in the round shown: their matches say so."""
        self.deducted = dict(deducted)
        if self.rows:
            self.dataChanged.emit(
                self.index(0, self.COL_STATE), self.index(len(self.rows) - 1, self.COL_STATE)
            )

    def row_of(self, table: int) -> int | None:
        return next((i for i, s in enumerate(self.rows) if s.table == table), None)

    def update_row(self, sheet: TeamSheet) -> None:
        row = self.row_of(sheet.table)
        if row is not None:
            self.rows[row] = sheet
            self.dataChanged.emit(self.index(row, 0), self.index(row, self.COLUMNS - 1))

    def set_source(self, table: int, source: str | None) -> None:
        if source is None:
            self.sources.pop(table, None)
        else:
            self.sources[table] = source
        row = self.row_of(table)
        if row is not None:
            self.dataChanged.emit(self.index(row, self.COL_SOURCE), self.index(row, self.COL_SOURCE))

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else self.COLUMNS

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == DISPLAY and 0 <= section < self.COLUMNS:
            return (_tr("Table"), _tr("Home"), _tr("Away"), _tr("Games"), _tr("Points"), _tr("From"),
                    _tr("Status"))[section]  # fmt: skip
        return None

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        sheet, col = self.rows[index.row()], index.column()
        if col == self.COL_SOURCE and role in SOURCE_ROLES:
            return source_data(self.sources.get(sheet.table), sheet.kind == ResultState.PENDING, role)
        if role == DISPLAY:
            return self._text(sheet, col)
        if role == Qt.ItemDataRole.BackgroundRole and sheet.kind == ResultState.PENDING:
            return QBrush(MISSING)
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (
            self.COL_TABLE,
            self.COL_GAMES,
            self.COL_POINTS,
        ):
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.UserRole:
            return sheet.table
        return None

    def _text(self, sheet: TeamSheet, col: int) -> str:
        if col == self.COL_TABLE:
            return str(sheet.table)
        if col == self.COL_HOME:
            return sheet.home
        if col == self.COL_AWAY:
            return sheet.away
        if col == self.COL_GAMES:
            typed = any(line.entered for line in sheet.lines)
            return f"{sheet.home_won} : {sheet.away_won}" if typed else ""
        if col == self.COL_POINTS:
            o = sheet.outcome
            return f"{_n(o.home_mp)} : {_n(o.away_mp)}" if o is not None else ""
        deducted = [
            _tr("−{points} points {name}").format(points=_n(self.deducted[name]), name=name)
            for name in (sheet.home, sheet.away)
            if self.deducted.get(name)
        ]
        return " · ".join([self.state_text(sheet), *deducted])

    @staticmethod
    def state_text(sheet: TeamSheet) -> str:
        if sheet.kind == ResultState.PENDING:
            return _tr("{count} of {pairs} games missing").format(count=len(sheet.missing), pairs=sheet.pairs)
        return state_text(sheet.kind, sheet.side)
