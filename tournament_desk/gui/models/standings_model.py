"""The standings table: rank, name, unit, the figures the format ranks by, played, deductions.

Shared ranks show the same number; hovering a row tells which tiebreak put it below the row above.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QPersistentModelIndex, Qt

from tournament_desk.domain.results import figure, figure_text
from tournament_desk.domain.standings import StandingRow
from tournament_desk.gui.models.common import LEFT, MUTED_COLOUR, RIGHT, ROW_ROLE, RowsModel, format_number

Index = QModelIndex | QPersistentModelIndex
DISPLAY = Qt.ItemDataRole.DisplayRole


def _tr(text: str) -> str:
    return QCoreApplication.translate("StandingsTableModel", text)


def tiebreak_name(key: str) -> str:
    names = {
        "mp": _tr("MP"),
        "vp": _tr("VP"),
        "opp_mp": _tr("opponents' score"),
        "points": _tr("points"),
        "h2h_vp": _tr("head-to-head VP among the tied"),
        "h2h_points": _tr("head-to-head points among the tied"),
        "level_diff": _tr("level difference"),
        "game_ratio": _tr("game ratio (games won ÷ lost)"),
        "lot": _tr("the lot drawn"),
        "placing": _tr("the place"),
    }
    return names.get(key, key)


def tiebreak_value(row: StandingRow, key: str) -> float | str:
    value = figure(row, {"h2h_vp": "h2h", "h2h_points": "h2h"}.get(key, key))
    return value if isinstance(value, str) else float(value or 0)  # a place ("5–8") as it reads


def shown(value: float | str) -> str:
    return value if isinstance(value, str) else format_number(value)


def separation_text(row: StandingRow, above: StandingRow | None) -> str:
    """Why ``row`` is where it is relative to the row above: the tiebreak that separated them, or a tie."""
    if above is None:
        return ""
    if row.separated_by is not None:
        key = row.separated_by
        return _tr("Separated from {name} by {tiebreak} ({above} vs {value})").format(
            name=above.entrant.name,
            tiebreak=tiebreak_name(key),
            above=shown(tiebreak_value(above, key)),
            value=shown(tiebreak_value(row, key)),
        )
    if row.rank == above.rank:
        return _tr("Shares the rank of {name}: equal on every tiebreak").format(name=above.entrant.name)
    return ""


SWISS_KEYS = ("rank", "name", "unit", "mp", "vp", "opp_mp", "played", "deducted")


class StandingsTableModel(RowsModel[StandingRow]):
    """Columns follow the event's format: rank, name, unit, the figures its ranking uses, played, deducted.

    The ``COL_*`` numbers are those of a Swiss event (MP, VP, opponents' score; XMP last for duplicate);
    ``column_of`` finds a figure's column in any format.
    """

    COL_RANK, COL_NAME, COL_UNIT, COL_MP, COL_VP, COL_OPP, COL_PLAYED, COL_DEDUCTED, COL_XMP = range(9)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.keys: tuple[str, ...] = SWISS_KEYS

    def set_standings(self, rows: list[StandingRow], columns: tuple[str, ...]) -> None:
        """The rows and the figure keys to show (``Standings.columns``)."""
        # A figure that splits the ranking (Mitchell's direction: each has its own places) comes before the rank.
        split = tuple(c for c in columns if c == "direction")
        figures = tuple(c for c in columns if c not in ("xmp", "direction"))
        keys = (
            *split,
            "rank",
            "name",
            "unit",
            *figures,
            "played",
            "deducted",
            *(c for c in columns if c == "xmp"),
        )
        if keys != self.keys:
            self.beginResetModel()
            self.keys = keys
            self.endResetModel()
        self.set_rows(rows)

    def column_of(self, key: str) -> int:
        return self.keys.index(key)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.keys)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < self.columnCount():
            return None
        key = self.keys[section]
        if role == DISPLAY:
            return {
                "rank": _tr("Rank"),
                "name": _tr("Name"),
                "unit": _tr("Unit"),
                "mp": _tr("MP"),
                "vp": _tr("VP"),
                "opp_mp": _tr("Opp."),
                "points": _tr("Points"),
                "h2h": _tr("H2H"),
                "level_diff": _tr("Level diff."),
                "games_won": _tr("Won"),
                "games_lost": _tr("Lost"),
                "game_ratio": _tr("Ratio"),
                "played": _tr("Played"),
                "deducted": _tr("Deducted"),
                "xmp": _tr("XMP"),
                "direction": _tr("Direction"),
                "score": _tr("Score"),
                "placing": _tr("Place"),
            }.get(key, key)
        if role == Qt.ItemDataRole.ToolTipRole:
            tips = {
                "mp": _tr("Match points, after deductions"),
                "vp": _tr("Victory points"),
                "opp_mp": _tr("Opponents' score: the match points of every opponent met"),
                "points": _tr("Win 3, draw 1, loss 0, after deductions"),
                "h2h": _tr("Head-to-head: what it scored against the entrants tied with it"),
                "level_diff": _tr("Levels won minus levels lost over all its matches"),
                "games_won": _tr("Pair games won over all its team matches (胜局)"),
                "games_lost": _tr("Pair games lost over all its team matches (负局)"),
                "game_ratio": _tr("Game ratio (得失局率): pair games won ÷ lost; ∞ when it lost none"),
                "deducted": _tr("Match points deducted for discipline"),
                "xmp": _tr("Levels won on the duplicate boards (shown, not a tiebreak)"),
                "direction": _tr("North-South and East-West are ranked separately (Mitchell)"),
                "placing": _tr(
                    "The place won: a shared place (5–8) for those out in the same knockout round"
                ),
                "score": _tr(
                    "Match points over the boards (2 per result beaten, 1 per tie), after deductions"
                ),
            }
            return tips.get(key)
        return None

    def text(self, row: StandingRow, column: int) -> str:
        key = self.keys[column]
        if key == "rank":
            return str(row.rank)
        if key == "name":
            return row.entrant.name
        if key == "unit":
            return row.entrant.unit or ""
        if key == "played":
            return str(row.played)
        if key == "deducted":
            return format_number(-row.deducted) if row.deducted else ""  # as printed and exported: −0.5
        if key == "direction":
            return {"NS": _tr("NS"), "EW": _tr("EW")}.get(row.direction or "", row.direction or "")
        return figure_text(row, key)

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
            return int(LEFT if self.keys[column] in ("name", "unit", "direction") else RIGHT)
        if role == Qt.ItemDataRole.ForegroundRole and row.entrant.withdrawn:
            return MUTED_COLOUR
        if role == ROW_ROLE:
            return row
        return None
