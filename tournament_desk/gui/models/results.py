"""One row per table of a round: the two levels typed at the desk, and the VP and MP they give."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, TypeVar

from PySide6.QtCore import (
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.levels import format_level, parse_level
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.scoring import Outcome
from tournament_desk.gui.icons import lock_icon
from tournament_desk.gui.models.common import CHANGED_COLOUR, PROBLEM_COLOUR, TableRowsModel
from tournament_desk.i18n import render
from tournament_desk.reports.html.shapes import TableLike
from tournament_desk.services.rounds import RoundView

Index = QModelIndex | QPersistentModelIndex
MISSING = QColor("#fff4d6")


def tr(text: str) -> str:
    return QCoreApplication.translate("ResultsModel", text)


@dataclass(frozen=True)
class ResultRow:
    table: int
    home: str
    away: str
    kind: ResultState
    side: str | None
    home_level: int | None
    away_level: int | None
    outcome: Outcome | None
    typed_home: int | None = None  # a level typed but not yet saved: it waits for the other side's
    locked: bool = False  # kept by the director when the round was re-paired
    deductions: tuple[tuple[str, float], ...] = ()  # (entrant, MP deducted) in this round
    source: str | None = None  # services.live.Source when the table has a live row (phones), else None

    @property
    def decided(self) -> bool:
        """Decided at the desk rather than played: a forfeit, a ruling, a late scoresheet."""
        return self.kind in (ResultState.FORFEIT, ResultState.RULING, ResultState.LATE)

    @property
    def missing(self) -> bool:
        return self.kind == ResultState.PENDING


def _n(x: float) -> str:
    return f"{x:g}"


def _deductions(deducted: dict[str, float], home: str, away: str) -> tuple[tuple[str, float], ...]:
    return tuple((name, deducted[name]) for name in (home, away) if deducted.get(name))


class LevelRow(TableLike, Protocol):
    """A table whose levels the desk types: the home level, typed, waits for the away level."""

    @property
    def typed_home(self) -> int | None: ...


L = TypeVar("L", bound=LevelRow)


class LevelsModel(TableRowsModel[L]):
    """A round's tables whose levels the desk types, home then away (the levels and knockout pages): what their
    first five columns show and how a typed level is read."""

    COL_TABLE, COL_HOME, COL_AWAY, COL_HOME_LEVEL, COL_AWAY_LEVEL = range(5)
    # A typed level was refused; the sentence says why.
    refused = Signal(str)

    @staticmethod
    def home_of(row: L) -> int | None:
        """The home level as the desk sees it: typed and not saved yet, else stored."""
        return row.typed_home if row.typed_home is not None else row.home_level

    def table_text(self, row: L, col: int) -> str | None:
        """The table, the two sides and the home level; None for the other columns."""
        if col == self.COL_TABLE:
            return str(row.table)
        if col == self.COL_HOME:
            return row.home
        if col == self.COL_AWAY:
            return row.away
        if col == self.COL_HOME_LEVEL:
            level = self.home_of(row)
            return format_level(level) if level else ""
        return None

    def typed_level(self, value: object) -> int | None:
        """The level typed, or None once ``refused`` has said why it is not one."""
        try:
            return parse_level(value)
        except BadInput as exc:
            self.refused.emit(render(exc))
            return None


class ResultsModel(LevelsModel[ResultRow]):
    COLUMNS = 9
    COL_TABLE, COL_HOME, COL_AWAY, COL_HOME_LEVEL, COL_AWAY_LEVEL, COL_VP, COL_MP, COL_SOURCE, COL_STATE = (
        range(9)
    )
    LEVEL_COLUMNS = (COL_HOME_LEVEL, COL_AWAY_LEVEL)
    EDITABLE = LEVEL_COLUMNS  # the desk types the two levels, nothing else

    # (table, home level, away level): both levels of a table are known and valid; the page saves them.
    levels_entered = Signal(int, int, int)

    def set_round(
        self, view: RoundView, deducted: dict[str, float] | None = None, sources: dict[int, str] | None = None
    ) -> None:
        """The tables of a round; ``deducted``: the MP deducted from entrants in this round (marked);
        ``sources``: where each table's result stands on the phones (``services.live.live_tables``)."""
        deducted, sources = deducted or {}, sources or {}
        self.set_rows(
            [
                ResultRow(t.table, t.home, t.away, t.kind, t.side, t.home_level, t.away_level, t.outcome,
                          locked=t.locked, deductions=_deductions(deducted, t.home, t.away),
                          source=sources.get(t.table))
                for t in view.tables
            ]
        )  # fmt: skip

    def set_deductions(self, deducted: dict[str, float]) -> None:
        """A deduction made or taken back: re-mark the tables of the entrants concerned."""
        for row in self.rows:
            marks = _deductions(deducted, row.home, row.away)
            if marks != row.deductions:
                self.update_row(row.table, deductions=marks)

    # --- Qt model API --------------------------------------------------------------------------------
    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return (
                tr("Table"), tr("Home / NS"), tr("Away / EW"), tr("Home level"), tr("Away level"), tr("VP"), tr("MP"),
                tr("From"), tr("Status"),
            )[section]  # fmt: skip
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        row, col = self.rows[index.row()], index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self._text(row, col)
        if role == Qt.ItemDataRole.BackgroundRole and self.marked(row.table):
            return QBrush(CHANGED_COLOUR)
        if role == Qt.ItemDataRole.BackgroundRole and row.missing:
            return QBrush(MISSING)
        if role == Qt.ItemDataRole.DecorationRole and col == self.COL_TABLE and row.locked:
            return lock_icon()
        if role == Qt.ItemDataRole.ToolTipRole and col == self.COL_SOURCE:
            return source_text(row)[1] or None
        if role == Qt.ItemDataRole.ForegroundRole and col == self.COL_SOURCE and row.source == "disputed":
            return PROBLEM_COLOUR
        if role == Qt.ItemDataRole.ToolTipRole and col in (self.COL_TABLE, self.COL_STATE):
            return "\n".join(self.marks(row)) or None
        if (
            role == Qt.ItemDataRole.ForegroundRole
            and col == self.COL_STATE
            and (row.decided or row.deductions)
        ):
            return PROBLEM_COLOUR
        if role == Qt.ItemDataRole.TextAlignmentRole and col not in (
            self.COL_HOME,
            self.COL_AWAY,
            self.COL_STATE,
        ):
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.UserRole:
            return row.table
        return None

    def _text(self, row: ResultRow, col: int) -> str:
        o = row.outcome
        text = self.table_text(row, col)
        if text is not None:
            return text
        if col == self.COL_AWAY_LEVEL:
            return format_level(row.away_level) if row.away_level else ""
        if col == self.COL_VP:
            return f"{_n(o.home_vp)} : {_n(o.away_vp)}" if o and not row.missing else ""
        if col == self.COL_MP:
            return f"{_n(o.home_mp)} : {_n(o.away_mp)}" if o and not row.missing else ""
        if col == self.COL_SOURCE:
            return source_text(row)[0]
        if col == self.COL_STATE:
            if row.typed_home is not None:
                return tr("type the away level, then Enter")
            deducted = [tr("−{mp} MP {name}").format(mp=_n(mp), name=name) for name, mp in row.deductions]
            return " · ".join([self.state_text(row), *deducted])
        return ""

    @staticmethod
    def marks(row: ResultRow) -> list[str]:
        """What the director did to a table besides typing its result, one sentence each."""
        lines = []
        if row.locked:
            lines.append(tr("Locked: kept as it was when the round was re-paired."))
        if row.decided:
            lines.append(state_text(row.kind, row.side))
        lines += [tr("{mp} MP deducted from {name} in this round.").format(mp=_n(mp), name=name)
                  for name, mp in row.deductions]  # fmt: skip
        return lines

    @staticmethod
    def state_text(row: ResultRow) -> str:
        return state_text(row.kind, row.side)

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """A typed level: refused with a sentence when it is not a level, else kept until both sides are in."""
        if role != Qt.ItemDataRole.EditRole or index.column() not in self.EDITABLE:
            return False
        row = self.rows[index.row()]
        level = self.typed_level(value)
        if level is None:
            return False
        if index.column() == self.COL_HOME_LEVEL:
            # Kept on screen until Enter on the away level saves the pair as one change.
            self.update_row(row.table, typed_home=level)
            return True
        home = self.home_of(row)
        if home is None:
            self.refused.emit(tr("Type the home level first."))
            return False
        self.levels_entered.emit(row.table, home, level)
        return True


def state_text(kind: ResultState, side: str | None) -> str:
    """A table's state as the results pages show it (levels and duplicate boards alike)."""
    who = {"home": tr("home"), "away": tr("away"), "both": tr("both sides")}.get(side or "", "")
    return {
        ResultState.PENDING: tr("missing"),
        ResultState.PLAYED: tr("entered"),
        ResultState.FORFEIT: tr("forfeit: {side}").format(side=who),
        ResultState.LATE: tr("late scoresheet: {side}").format(side=who),
        ResultState.RULING: tr("loss by ruling: {side}").format(side=who),
        ResultState.ANNULLED: tr("annulled (withdrawal)"),
    }.get(kind, kind.value)


def source_text(row: ResultRow) -> tuple[str, str]:
    """Where a table's result came from: a short mark for the narrow column, and its tooltip."""
    return source_marks(row.source, row.missing)


# The roles of the "From" cell that ``source_data`` answers (the rest: the row's own, e.g. its background).
SOURCE_ROLES = (
    Qt.ItemDataRole.DisplayRole,
    Qt.ItemDataRole.ToolTipRole,
    Qt.ItemDataRole.ForegroundRole,
    Qt.ItemDataRole.TextAlignmentRole,
)


def source_data(source: str | None, missing: bool, role: int) -> object:
    """The "From" cell of any result-entry page's table list: its mark, tooltip and (disputed) colour."""
    if role == Qt.ItemDataRole.DisplayRole:
        return source_marks(source, missing)[0]
    if role == Qt.ItemDataRole.ToolTipRole:
        return source_marks(source, missing)[1] or None
    if role == Qt.ItemDataRole.ForegroundRole and source == "disputed":
        return PROBLEM_COLOUR
    if role == Qt.ItemDataRole.TextAlignmentRole:
        return int(Qt.AlignmentFlag.AlignCenter)
    return None


def source_marks(source: str | None, missing: bool) -> tuple[str, str]:
    """A table's source (``services.live.Source``; None: no phone has it) as a mark and a tooltip."""
    source = source or ("open" if missing else "desk")
    return {
        "open": ("", ""),
        "desk": (tr("desk"), tr("Entered at the desk.")),
        "pending": (
            tr("table ✎"),
            tr("Entered at the table by one side; the other side has not confirmed yet."),
        ),
        "confirmed": (tr("table ✓"), tr("Entered at the table and confirmed by both sides.")),
        "disputed": (
            tr("table ≠"),
            tr(
                "The two sides entered different results at the table: type the decided result (Ctrl+D: next dispute)."
            ),
        ),
    }.get(source, ("", ""))
