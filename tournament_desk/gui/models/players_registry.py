"""The registry of players on this computer as a table (File ▸ Players' registry…): one row per person, a tick
per row to choose the two records to merge, and a proxy that sorts names by pinyin and finds a person by their
name, unit, ident or another spelling, as written or in pinyin ("zhang", "zs" find 张三)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from tournament_desk.domain.sorting import name_key
from tournament_desk.gui.models.common import ROW_ROLE, NameSearchProxy, RowsModel
from tournament_desk.services.players_registry import KnownInfo

Index = QModelIndex | QPersistentModelIndex
DISPLAY = Qt.ItemDataRole.DisplayRole
CHECK = Qt.ItemDataRole.CheckStateRole


def _tr(text: str) -> str:
    return QCoreApplication.translate("RegistryModel", text)


ALIKE_BRUSH = QBrush(QColor("#fff4c2"))  # a record likely one person with another: worth a look


def _shown(known: KnownInfo) -> str:
    return known.name + (f"（{known.unit}）" if known.unit else "")


def spellings_text(known: KnownInfo) -> str:
    """The other ways a person is written, as one line: 张三（北大）、张叁."""
    return "、".join(f"{name}（{unit}）" if unit else name for name, unit in known.spellings)


class RegistryModel(RowsModel[KnownInfo]):
    COL_NAME, COL_UNIT, COL_IDENT, COL_SPELLINGS, COL_EVENTS = range(5)
    COLUMNS = 5

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.ticked: set[int] = set()  # the registry ids ticked for a merge
        self.alike: dict[int, list[str]] = {}  # a record likely one person with others: their names and units

    def set_rows(self, rows: Sequence[KnownInfo], alike: Sequence[tuple[int, int]] = ()) -> None:
        """The registry's records; ``alike``: pairs of ids likely one person (``players_registry.duplicates``),
        tinted, with the other record named in the tooltip."""
        by_id = {k.id: k for k in rows}
        self.ticked &= set(by_id)
        self.alike = {}
        for a, b in alike:
            if a in by_id and b in by_id:
                self.alike.setdefault(a, []).append(_shown(by_id[b]))
                self.alike.setdefault(b, []).append(_shown(by_id[a]))
        super().set_rows(rows)

    def ticked_rows(self) -> list[KnownInfo]:
        """The ticked records, in the table's order."""
        return [k for k in self.rows if k.id in self.ticked]

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != DISPLAY or not 0 <= section < self.COLUMNS:
            return None
        return (_tr("Name"), _tr("Unit"), _tr("Ident"), _tr("Also written"), _tr("Events"))[section]

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        if index.isValid() and index.column() == self.COL_NAME:
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        known, column = self.rows[index.row()], index.column()
        if role == CHECK and column == self.COL_NAME:
            return Qt.CheckState.Checked if known.id in self.ticked else Qt.CheckState.Unchecked
        if role == DISPLAY:
            return self._text(known, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            others = self.alike.get(known.id)
            if others:
                return _tr("Likely the same person as {others}").format(others="、".join(others))
            return self._text(known, column) or None
        if role == Qt.ItemDataRole.BackgroundRole and known.id in self.alike:
            return ALIKE_BRUSH
        if role == ROW_ROLE:
            return known
        return None

    def _text(self, known: KnownInfo, column: int) -> str:
        if column == self.COL_NAME:
            return known.name
        if column == self.COL_UNIT:
            return known.unit or ""
        if column == self.COL_IDENT:
            return known.ident or ""
        if column == self.COL_SPELLINGS:
            return spellings_text(known)
        return "、".join(known.events)

    def setData(self, index: Index, value: Any, role: int = CHECK) -> bool:
        if role != CHECK or not index.isValid() or index.column() != self.COL_NAME:
            return False
        if not 0 <= index.row() < len(self.rows):
            return False
        known = self.rows[index.row()]
        if Qt.CheckState(value) == Qt.CheckState.Checked:
            self.ticked.add(known.id)
        else:
            self.ticked.discard(known.id)
        self.dataChanged.emit(index, index, [CHECK])
        return True


class RegistryProxyModel(NameSearchProxy):
    """Names, units and spellings sorted by pinyin; a search finds a person by any of their texts."""

    def texts(self, row: object) -> Iterable[str] | None:
        if not isinstance(row, KnownInfo):
            return None
        return (row.name, row.unit or "", row.ident or "", *(t for s in row.spellings for t in s if t))

    def lessThan(self, left: Index, right: Index) -> bool:
        return name_key(str(left.data(DISPLAY) or "")) < name_key(str(right.data(DISPLAY) or ""))
