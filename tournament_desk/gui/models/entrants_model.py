"""The entrants table and its pinyin-sorting search proxy (the preview of a sign-up sheet: ``import_preview``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from PySide6.QtCore import (
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)

from tournament_desk.domain.sorting import name_key
from tournament_desk.gui.models.common import (
    LEFT,
    MUTED_COLOUR,
    RIGHT,
    ROW_ROLE,
    SORT_ROLE,
    NameSearchProxy,
    RowsModel,
)
from tournament_desk.services.entrants import EntrantInfo

Index = QModelIndex | QPersistentModelIndex
DISPLAY = Qt.ItemDataRole.DisplayRole
EDIT = Qt.ItemDataRole.EditRole


def _tr(text: str) -> str:
    return QCoreApplication.translate("EntrantsTableModel", text)


def join_players(players: Sequence[str]) -> str:
    return _tr(", ").join(players)


def status_text(entrant: EntrantInfo) -> str:
    after = entrant.withdrawn_after_round
    if after is None:
        return _tr("Playing")
    if after == 0:
        return _tr("Withdrawn before round 1")
    return _tr("Withdrawn after round {round}").format(round=after)


class EntrantsTableModel(RowsModel[EntrantInfo]):
    COLUMNS = 5
    """Draw number, name, unit, players, status. Name, unit and players can be edited in place: the model
    does not change itself but asks for the edit (``edit_requested``), and shows it once the service
    has stored it and the page reloads."""

    COL_DRAW, COL_NAME, COL_UNIT, COL_PLAYERS, COL_STATUS = range(5)
    FIELDS: ClassVar[dict[int, str]] = {COL_NAME: "name", COL_UNIT: "unit", COL_PLAYERS: "players"}

    edit_requested = Signal(int, str, str)  # entrant id, field ("name", "unit", "players"), new text

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != DISPLAY or not 0 <= section < 5:
            return None
        return (_tr("Draw"), _tr("Name"), _tr("Unit"), _tr("Players"), _tr("Status"))[section]

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        if index.isValid() and index.column() in self.FIELDS:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def text(self, entrant: EntrantInfo, column: int) -> str:
        if column == self.COL_DRAW:
            return "" if entrant.draw_no is None else str(entrant.draw_no)
        if column == self.COL_NAME:
            return entrant.name
        if column == self.COL_UNIT:
            return entrant.unit or ""
        if column == self.COL_PLAYERS:
            return join_players(entrant.players)
        return status_text(entrant)

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        entrant, column = self.rows[index.row()], index.column()
        if role in (DISPLAY, EDIT):
            return self.text(entrant, column)
        if role == SORT_ROLE:
            if column == self.COL_DRAW:
                return entrant.draw_no if entrant.draw_no is not None else 1 << 30
            if column == self.COL_STATUS:
                return -1 if entrant.withdrawn_after_round is None else entrant.withdrawn_after_round
            return self.text(entrant, column)
        if role == ROW_ROLE:
            return entrant
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(RIGHT if column == self.COL_DRAW else LEFT)
        if role == Qt.ItemDataRole.ForegroundRole and entrant.withdrawn_after_round is not None:
            return MUTED_COLOUR
        return None

    def setData(self, index: Index, value: Any, role: int = EDIT) -> bool:
        if role != EDIT or not index.isValid() or index.column() not in self.FIELDS:
            return False
        entrant = self.rows[index.row()]
        text = str(value or "").strip()
        if text == self.text(entrant, index.column()):
            return False
        self.edit_requested.emit(entrant.id, self.FIELDS[index.column()], text)
        return True


class EntrantsProxyModel(NameSearchProxy):
    """Sorts names and units by pinyin (``name_key``), other columns by their value; filters by a search
    text found in the name or the unit, as written or in pinyin (``matches_name``: "zhang" and "zs" find 张三)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)

    def texts(self, row: object) -> Iterable[str] | None:
        return (row.name, row.unit or "") if isinstance(row, EntrantInfo) else None

    def lessThan(self, left: Index, right: Index) -> bool:
        if left.column() in (EntrantsTableModel.COL_NAME, EntrantsTableModel.COL_UNIT):
            return name_key(str(left.data(DISPLAY) or "")) < name_key(str(right.data(DISPLAY) or ""))
        return bool(left.data(SORT_ROLE) < right.data(SORT_ROLE))
