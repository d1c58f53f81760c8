"""The table of a knockout round on the knockout page (淘汰赛, ``pages/entry/knockout``): its rows and model
(levels typed as on the results page, the side on stage when they are equal). Their texts are in the page's
translation context.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont

from tournament_desk.domain.levels import format_level
from tournament_desk.domain.results import ResultState
from tournament_desk.gui.models.common import CHANGED_COLOUR
from tournament_desk.gui.models.results import SOURCE_ROLES, LevelsModel, source_data, state_text

Index = QModelIndex | QPersistentModelIndex
MISSING = QColor("#fff4d6")
WINNER = QColor("#e3f2e1")


def tr(text: str) -> str:
    return QCoreApplication.translate("KnockoutPage", text)


def parse_side(text: object) -> str | None:
    """主 / 客, h / a, home / away (and 1 / 2) → "home" / "away"; None when it is none of them."""
    value = str(text or "").strip().lower()
    if value in ("主", "主队", "h", "home", "1", tr("home").lower()):
        return "home"
    if value in ("客", "客队", "a", "away", "2", tr("away").lower()):
        return "away"
    return None


def side_text(side: str | None) -> str:
    return {"home": tr("home"), "away": tr("away")}.get(side or "", "")


@dataclass(frozen=True)
class KnockoutRow:
    table: int
    home: str
    away: str
    kind: ResultState
    side: str | None
    home_level: int | None
    away_level: int | None
    on_stage: str | None
    winner: str | None
    typed_home: int | None = None  # typed, not saved yet
    typed_away: int | None = None  # equal to the home level: waits for the side on stage
    source: str | None = None  # services.live.Source when the table has a live row (phones), else None
    games: tuple[int, int] | None = None  # a team match of pairs: the pair games each team won

    @property
    def missing(self) -> bool:
        return self.kind == ResultState.PENDING


class KnockoutModel(LevelsModel[KnockoutRow]):
    COLUMNS = 9
    (COL_TABLE, COL_HOME, COL_AWAY, COL_HOME_LEVEL, COL_AWAY_LEVEL, COL_ON_STAGE, COL_WINNER, COL_SOURCE,
     COL_STATE) = range(9)  # fmt: skip
    EDITABLE = (COL_HOME_LEVEL, COL_AWAY_LEVEL, COL_ON_STAGE)

    # (table, home level, away level, side on stage or ""): a complete result, for the page to save.
    entered = Signal(int, int, int, str)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return (tr("Table"), tr("Home"), tr("Away"), tr("Home level"), tr("Away level"),
                    tr("On stage (在台上)"), tr("Winner"), tr("From"), tr("Status"))[section]  # fmt: skip
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        row, col = self.rows[index.row()], index.column()
        if col == self.COL_SOURCE and role in SOURCE_ROLES:
            return source_data(row.source, row.missing, role)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self._text(row, col)
        if role == Qt.ItemDataRole.BackgroundRole:
            if self.marked(row.table):  # changed at another station
                return QBrush(CHANGED_COLOUR)
            if row.missing:
                return QBrush(MISSING)
            if (col == self.COL_HOME and row.winner == "home") or (
                col == self.COL_AWAY and row.winner == "away"
            ):
                return QBrush(WINNER)
        if role == Qt.ItemDataRole.FontRole and col == self.COL_WINNER:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and col not in (self.COL_HOME, self.COL_AWAY, self.COL_WINNER,
                                                                      self.COL_STATE):  # fmt: skip
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def _text(self, row: KnockoutRow, col: int) -> str:
        if (
            row.games is not None
            and row.home_level is None
            and col in (self.COL_HOME_LEVEL, self.COL_AWAY_LEVEL)
        ):
            return tr("won {n}").format(n=row.games[0 if col == self.COL_HOME_LEVEL else 1])
        text = self.table_text(row, col)
        if text is not None:
            return text
        if col == self.COL_AWAY_LEVEL:
            level = row.typed_away if row.typed_away is not None else row.away_level
            return format_level(level) if level else ""
        if col == self.COL_ON_STAGE:
            return side_text(row.on_stage)
        if col == self.COL_WINNER:
            return {"home": row.home, "away": row.away}.get(row.winner or "", "")
        if col == self.COL_STATE:
            if row.typed_away is not None:
                return tr("equal levels: who was on stage? (主 / 客), then Enter")
            if row.typed_home is not None:
                return tr("type the away level, then Enter")
            return state_text(row.kind, row.side)
        return ""

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or index.column() not in self.EDITABLE:
            return False
        row = self.rows[index.row()]
        if index.column() == self.COL_ON_STAGE:
            side = parse_side(value)
            home = self.home_of(row)
            away = row.typed_away if row.typed_away is not None else row.away_level
            if side is None:
                self.refused.emit(tr("Choose the side on stage: home (主) or away (客)."))
                return False
            if home is None or away is None:
                self.refused.emit(tr("Type both levels first."))
                return False
            if home != away:
                self.refused.emit(tr("The levels differ: the higher level wins, no side on stage is needed."))
                return False
            self.entered.emit(row.table, home, away, side)
            return True
        level = self.typed_level(value)
        if level is None:
            return False
        if index.column() == self.COL_HOME_LEVEL:
            self.update_row(row.table, typed_home=level, typed_away=None)
            return True
        home = self.home_of(row)
        if home is None:
            self.refused.emit(tr("Type the home level first."))
            return False
        if home == level:  # the side on stage decides: asked for in the next column
            self.update_row(row.table, typed_home=home, typed_away=level)
            return True
        self.entered.emit(row.table, home, level, "")
        return True
