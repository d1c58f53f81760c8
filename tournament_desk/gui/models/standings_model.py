"""The standings table: rank, name, unit, MP, VP, opponents' score, played, deductions.

Shared ranks show the same number; hovering a row tells which tiebreak put it below the row above.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QPersistentModelIndex, Qt

from tournament_desk.domain.standings import StandingRow
from tournament_desk.gui.models.common import LEFT, MUTED_COLOUR, RIGHT, ROW_ROLE, RowsModel, format_number

Index = QModelIndex | QPersistentModelIndex
DISPLAY = Qt.ItemDataRole.DisplayRole


def _tr(text: str) -> str:
    return QCoreApplication.translate("StandingsTableModel", text)


def tiebreak_name(key: str) -> str:
    names = {"mp": _tr("MP"), "vp": _tr("VP"), "opp_mp": _tr("opponents' score")}
    return names.get(key, key)


def tiebreak_value(row: StandingRow, key: str) -> float:
    return float(getattr(row, key))


def separation_text(row: StandingRow, above: StandingRow | None) -> str:
    """Why ``row`` is where it is relative to the row above: the tiebreak that separated them, or a tie."""
    if above is None:
        return ""
    if row.separated_by is not None:
        key = row.separated_by
        return _tr("Separated from {name} by {tiebreak} ({above} vs {value})").format(
            name=above.entrant.name,
            tiebreak=tiebreak_name(key),
            above=format_number(tiebreak_value(above, key)),
            value=format_number(tiebreak_value(row, key)),
        )
    if row.rank == above.rank:
        return _tr("Shares the rank of {name}: equal on every tiebreak").format(name=above.entrant.name)
    return ""


class StandingsTableModel(RowsModel[StandingRow]):
    COLUMNS = 8
    COL_RANK, COL_NAME, COL_UNIT, COL_MP, COL_VP, COL_OPP, COL_PLAYED, COL_DEDUCTED, COL_XMP = range(9)
    NUMERIC = frozenset({COL_RANK, COL_MP, COL_VP, COL_OPP, COL_PLAYED, COL_DEDUCTED, COL_XMP})

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        """Duplicate events add the teams' XMP totals as a last column."""
        if parent.isValid():
            return 0
        return self.COLUMNS + 1 if self.rows and self.rows[0].xmp is not None else self.COLUMNS

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < self.columnCount():
            return None
        if role == DISPLAY:
            return (
                _tr("Rank"),
                _tr("Name"),
                _tr("Unit"),
                _tr("MP"),
                _tr("VP"),
                _tr("Opp."),
                _tr("Played"),
                _tr("Deducted"),
                _tr("XMP"),
            )[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            tips = {
                self.COL_MP: _tr("Match points, after deductions"),
                self.COL_VP: _tr("Victory points"),
                self.COL_OPP: _tr("Opponents' score: the match points of every opponent met"),
                self.COL_DEDUCTED: _tr("Match points deducted for discipline"),
                self.COL_XMP: _tr("Levels won on the duplicate boards (shown, not a tiebreak)"),
            }
            return tips.get(section)
        return None

    def text(self, row: StandingRow, column: int) -> str:
        if column == self.COL_RANK:
            return str(row.rank)
        if column == self.COL_NAME:
            return row.entrant.name
        if column == self.COL_UNIT:
            return row.entrant.unit or ""
        if column == self.COL_MP:
            return format_number(row.mp)
        if column == self.COL_VP:
            return format_number(row.vp)
        if column == self.COL_OPP:
            return format_number(row.opp_mp)
        if column == self.COL_PLAYED:
            return str(row.played)
        if column == self.COL_XMP:
            return "" if row.xmp is None else f"{row.xmp:+d}".replace("-", "−") if row.xmp else "0"
        return format_number(row.deducted) if row.deducted else ""

    def tooltip(self, position: int) -> str:
        row = self.rows[position]
        above = self.rows[position - 1] if position > 0 else None
        lines = [separation_text(row, above)]
        if row.entrant.withdrawn:
            lines.append(_tr("Withdrawn"))
        return "\n".join(line for line in lines if line)

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        row, column = self.rows[index.row()], index.column()
        if role == DISPLAY:
            return self.text(row, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tooltip(index.row()) or None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(RIGHT if column in self.NUMERIC else LEFT)
        if role == Qt.ItemDataRole.ForegroundRole and row.entrant.withdrawn:
            return MUTED_COLOUR
        if role == ROW_ROLE:
            return row
        return None
