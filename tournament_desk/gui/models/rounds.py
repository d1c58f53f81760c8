"""The pairing of one round as a table: table, home/NS and MP before, away/EW and MP before, marks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QFont

from tournament_desk.domain.levels import format_level
from tournament_desk.domain.results import ResultState, signed
from tournament_desk.domain.table_state import WITHDRAWN, TableState, table_words
from tournament_desk.gui.icons import lock_icon
from tournament_desk.gui.models.common import RowsModel
from tournament_desk.i18n import render
from tournament_desk.services.rounds import RoundView, ScheduledRound, TableView

Index = QModelIndex | QPersistentModelIndex
CURRENT_COLOUR = QColor("#fff4c2")  # the round in play, in the schedule


def tr(text: str) -> str:
    return QCoreApplication.translate("RoundModel", text)


def rule_text(rule: str) -> str:
    return {
        "same-unit": tr(
            "Two entrants of one unit meet (the pairing found no other way, or a manual swap made it)."
        ),
        "rematch": tr(
            "These two have met before (the pairing found no other way, or a manual swap made it)."
        ),
    }.get(rule, rule)


def result_text(t: TableView) -> str:
    if t.kind == ResultState.PENDING:
        return ""
    if t.kind == ResultState.PLAYED and t.home_level and t.away_level:
        return f"{format_level(t.home_level)} : {format_level(t.away_level)}"
    if t.kind == ResultState.PLAYED and t.xmp is not None:  # duplicate boards: the home team's levels
        return tr("{xmp} XMP").format(xmp=signed(t.xmp))
    said = table_words(TableState.of(t.kind, t.side, t.note)) if t.note == WITHDRAWN else None
    if said is not None:  # decided by a withdrawal: as the sheets and tdesk word it (domain.table_state)
        return render(said)
    if t.kind == ResultState.ANNULLED:
        return tr("annulled (withdrawal)")
    side = {"home": tr("home"), "away": tr("away"), "both": tr("both")}.get(t.side or "", "")
    kind = {
        ResultState.FORFEIT: tr("forfeit"),
        ResultState.LATE: tr("late scoresheet"),
        ResultState.RULING: tr("loss by ruling"),
    }.get(t.kind, t.kind.value)
    return tr("{kind} ({side})").format(kind=kind, side=side)


@dataclass(frozen=True)
class PairingRow:
    table: int | None  # None: the bye
    home: str
    away: str
    home_mp: float
    away_mp: float | None
    relaxed: tuple[str, ...]
    locked: bool
    result: str
    rest: bool = False  # a round robin's rest rather than a bye
    group: str | None = None  # a group stage: the table's group (A, B, …)


def _mp(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


class RoundModel(RowsModel[PairingRow]):
    """The round's tables. ``COL_GROUP`` (a group stage's group) comes last in the model; the page shows it
    beside the table number, and hides it when no table has a group."""

    COLUMNS = 8
    COL_TABLE, COL_HOME, COL_HOME_MP, COL_AWAY, COL_AWAY_MP, COL_MARKS, COL_RESULT, COL_GROUP = range(8)

    def set_round(self, view: RoundView, mp_before: dict[str, float]) -> None:
        rows = [
            PairingRow(t.table, t.home, t.away, mp_before.get(t.home, 0.0), mp_before.get(t.away, 0.0), t.relaxed,
                       t.locked, result_text(t), group=t.group)
            for t in view.tables
        ]  # fmt: skip
        if view.bye and view.bye_state == ResultState.REST:
            rows.append(PairingRow(None, view.bye, "", mp_before.get(view.bye, 0.0), None, (), False,
                                   tr("rests (no score)"), rest=True))  # fmt: skip
        elif view.bye:
            award = view.bye_award or (0.0, 0.0)
            rows.append(PairingRow(None, view.bye, "", mp_before.get(view.bye, 0.0), None, (), False,
                                   tr("bye: {mp} MP, {vp} VP").format(mp=f"{award[0]:g}", vp=f"{award[1]:g}")))  # fmt: skip
        self.set_rows(rows)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return (
                tr("Table"),
                tr("Home / NS"),
                tr("MP"),
                tr("Away / EW"),
                tr("MP"),
                tr("Notes"),
                tr("Result"),
                tr("Group"),
            )[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        row, col = self.rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == self.COL_TABLE:
                if row.table is None:
                    return tr("Rests") if row.rest else tr("Bye")
                return str(row.table)
            if col == self.COL_MARKS:
                marks = [tr("⚠ same unit") if r == "same-unit" else tr("⚠ rematch") for r in row.relaxed]
                if row.locked:
                    marks.insert(0, tr("locked"))  # after the padlock icon (DecorationRole)
                return "  ".join(marks)
            return {
                self.COL_HOME: row.home, self.COL_HOME_MP: _mp(row.home_mp), self.COL_AWAY: row.away,
                self.COL_AWAY_MP: _mp(row.away_mp), self.COL_RESULT: row.result, self.COL_GROUP: row.group or "",
            }.get(col)  # fmt: skip
        if role == Qt.ItemDataRole.DecorationRole and col == self.COL_MARKS and row.locked:
            return lock_icon()  # drawn: the bundled font has no 🔒
        if role == Qt.ItemDataRole.ToolTipRole and col == self.COL_MARKS and row.relaxed:
            return "\n".join(rule_text(r) for r in row.relaxed)
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (
            self.COL_TABLE,
            self.COL_HOME_MP,
            self.COL_AWAY_MP,
        ):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.TextAlignmentRole and col == self.COL_GROUP:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None


@dataclass(frozen=True)
class ScheduleRow:
    round: int
    tables: tuple[str, ...]  # "home – away", with the result once there is one
    rest: str
    current: bool  # the round being played now (or the next to pair)


class ScheduleModel(RowsModel[ScheduleRow]):
    """A fixed schedule (round robin): one row per round, one column per table, the entrant that rests last;
    every round known in advance, results shown as they come in, the current round highlighted."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.tables = 0
        self.rests = False

    def set_schedule(self, rounds: list[ScheduledRound], current: int) -> None:
        rows = []
        for r in rounds:
            stored = {t.table: t for t in r.stored}
            cells = []
            for number, home, away in r.tables:
                result = result_text(stored[number]) if number in stored else ""
                cells.append(f"{home} – {away}" + (f"   {result}" if result else ""))
            rows.append(ScheduleRow(r.round, tuple(cells), r.rest or "", r.round == current))
        width = max((len(r.tables) for r in rows), default=0)
        rests = any(r.rest for r in rows)
        if (width, rests) != (self.tables, self.rests):
            self.beginResetModel()
            self.tables, self.rests = width, rests
            self.endResetModel()
        self.set_rows(rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        """Round, one column per table, and the entrant that rests when the count is odd."""
        return 0 if parent.isValid() else self.tables + 1 + int(self.rests)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            if section == 0:
                return tr("Round")
            if section == self.tables + 1:
                return tr("Rests")
            return tr("Table {n}").format(n=section)
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        row, col = self.rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return str(row.round)
            if col == self.tables + 1:
                return row.rest
            return row.tables[col - 1] if col - 1 < len(row.tables) else ""
        if role == Qt.ItemDataRole.FontRole and row.current:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.BackgroundRole and row.current:
            return CURRENT_COLOUR
        if role == Qt.ItemDataRole.TextAlignmentRole and col == 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
