"""The rows and models of the Mitchell boards page (牌套成绩, ``pages/entry/mitchell``): the grid being typed (a
table's boards, or a board's tables in round order) with the NS result and match points a typed number gives,
and the picker on the left (the tables of a round, or the boards). Their texts are in the page's translation
context.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from tournament_desk.domain.scoring_modes.mitchell_scores import check_penalty, match_points, score_board
from tournament_desk.gui.models.common import CHANGED_COLOUR, MUTED_COLOUR, RowsModel, format_number
from tournament_desk.gui.models.results import SOURCE_ROLES, source_data
from tournament_desk.services.results import pair_boards as pb

Index = QModelIndex | QPersistentModelIndex
DISPLAY = Qt.ItemDataRole.DisplayRole
MISSING = QColor("#fff4d6")
TYPED = QColor("#e3f2fd")
DONE = QColor("#e3f2e1")

# The state of a row: open for typing, or why not.
OPEN, UNPAIRED, UNPUBLISHED, NOT_PLAYED = "open", "unpaired", "unpublished", "not-played"
BY_TABLE, BY_BOARD = "table", "board"


def tr(text: str) -> str:
    return QCoreApplication.translate("PairBoardsPage", text)


def signed(value: float | None) -> str:
    if value is None:
        return ""
    text = format_number(abs(value))
    return f"+{text}" if value > 0 else ("0" if value == 0 else f"−{text}")


def seat_name(seat: str) -> str:
    return {"N": tr("North"), "E": tr("East"), "S": tr("South"), "W": tr("West")}.get(seat, seat)


def direction_name(direction: str) -> str:
    return {"NS": tr("NS"), "EW": tr("EW")}.get(direction, direction)


def boards_text(boards: range) -> str:
    return f"{boards[0]}–{boards[-1]}" if len(boards) > 1 else str(boards[0])


def parse_penalty(text: str) -> tuple[str, int] | None:
    """``NS:10``, ``EW 10``, ``南北10``, ``ew10`` → ("NS"/"EW", points); empty or 0 → None (no penalty)."""
    raw = text.strip()
    if not raw:
        return None
    if ":" not in raw and "：" not in raw:
        raw = re.sub(r"^([^\d\s]+)\s*(\d)", r"\1:\2", raw)
    parsed = pb.parse_penalty_side(raw)
    if parsed is None:
        return None
    side, points = parsed
    check_penalty(points)
    return (side, points) if points else None


# --- the rows ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EntryRow:
    """One board at one table: who plays it, what was entered and what it scores so far."""

    round: int
    table: int
    board: int
    ns: str
    ew: str
    declarer: str
    state: str
    points: int | None = None
    penalty_ns: int = 0
    penalty_ew: int = 0
    ns_result: int | None = None
    ns_mp: float | None = None
    ew_mp: float | None = None

    @property
    def editable(self) -> bool:
        return self.state == OPEN

    @property
    def missing(self) -> bool:
        return self.editable and self.points is None

    @property
    def key(self) -> tuple[int, int]:
        return (self.round, self.table)

    @property
    def penalty(self) -> tuple[str, int] | None:
        if self.penalty_ns:
            return ("NS", self.penalty_ns)
        if self.penalty_ew:
            return ("EW", self.penalty_ew)
        return None


def expected_results(travellers: Iterable[Sequence[pb.PairBoardView]]) -> int:
    """How many results the services scale every board to (Neuberg: the most results any board has),
    read back from the travellers shown: a board's stored match points against its plain ones give it."""
    most = 0
    for views in travellers:
        done = [v for v in views if v.ns_result is not None and v.ns_mp is not None]
        if not done:
            continue
        most = max(most, len(done))
        plain = match_points({(v.round, v.table): float(v.ns_result or 0) for v in done})
        first = done[0]
        assert first.ns_mp is not None
        most = max(most, round((first.ns_mp + 1) * len(done) / (plain[(first.round, first.table)] + 1)))
    return most


def score_preview(
    views: Sequence[pb.PairBoardView], key: tuple[int, int], ns_result: int, expected: int
) -> dict[tuple[int, int], tuple[int, float, float]]:
    """A board's results with one of them typed (not saved): (round, table) → NS result, NS MP, EW MP."""
    results = {(v.round, v.table): v.ns_result for v in views if v.ns_result is not None}
    results[key] = ns_result
    expected = max(expected, len(results))
    ns = score_board(results, expected)
    ew = score_board({k: -r for k, r in results.items()}, expected)
    return {k: (r, ns[k], ew[k]) for k, r in results.items()}


class EntryModel(RowsModel[EntryRow]):
    """The rows being typed: a table's boards, or a board's tables in round order."""

    COLUMNS = 12
    (
        COL_ROUND,
        COL_TABLE,
        COL_BOARD,
        COL_NS,
        COL_EW,
        COL_DECLARER,
        COL_POINTS,
        COL_PENALTY,
        COL_RESULT,
        COL_NS_MP,
        COL_EW_MP,
        COL_STATE,
    ) = range(12)
    EDITABLE = (COL_POINTS, COL_PENALTY)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.typed: int | None = None  # the row whose points are being typed
        self.preview: dict[tuple[int, int], tuple[int, float, float]] = {}  # what the typed number gives
        self.tinted: set[tuple[int, int, int]] = set()  # (round, table, board) changed elsewhere while typed

    def set_rows(self, rows: Sequence[EntryRow]) -> None:
        self.typed, self.preview = None, {}
        self.tinted.clear()
        super().set_rows(rows)

    def tint(self, key: tuple[int, int, int], on: bool) -> None:
        """Tint a row another station changed while it was being typed, or stop."""
        (self.tinted.add if on else self.tinted.discard)(key)
        for i, row in enumerate(self.rows):
            if (*row.key, row.board) == key:
                self.dataChanged.emit(self.index(i, 0), self.index(i, self.COLUMNS - 1),
                                      [Qt.ItemDataRole.BackgroundRole])  # fmt: skip

    def update_rows(self, rows: Sequence[EntryRow]) -> None:
        """The same rows after a save: refresh the cells in place, so the view keeps its cursor."""
        if [(*r.key, r.board) for r in rows] != [(*r.key, r.board) for r in self.rows]:
            self.set_rows(rows)
            return
        self.rows, self.typed, self.preview = list(rows), None, {}
        if self.rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.rows) - 1, self.COLUMNS - 1))

    def show_preview(self, row: int | None, preview: dict[tuple[int, int], tuple[int, float, float]]) -> None:
        self.typed, self.preview = row, preview
        if self.rows:  # not the typed cells: that would put the stored text back into the open editor
            self.dataChanged.emit(
                self.index(0, self.COL_RESULT), self.index(len(self.rows) - 1, self.COL_STATE)
            )

    def figures(self, position: int) -> tuple[int | None, float | None, float | None]:
        """NS result, NS MP and EW MP of a row: as typed when a number is being typed, else as stored."""
        row = self.rows[position]
        board_typed = self.typed is not None and self.rows[self.typed].board == row.board
        if board_typed and row.key in self.preview:
            return self.preview[row.key]
        return row.ns_result, row.ns_mp, row.ew_mp

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < self.COLUMNS:
            return None
        if role == DISPLAY:
            return (tr("Round"), tr("Table"), tr("Board"), tr("NS pair"), tr("EW pair"), tr("Declarer"),
                    tr("Defenders' points"), tr("Penalty"), tr("NS result"), tr("NS MP"), tr("EW MP"),
                    tr("Status"))[section]  # fmt: skip
        if role == Qt.ItemDataRole.ToolTipRole:
            tips = {
                self.COL_POINTS: tr("The points the defenders took on this board at this table (0–200, steps of 5)"),
                self.COL_PENALTY: tr("Penalty points awarded to a side: NS:10 or EW:10; empty for none"),
                self.COL_RESULT: tr("North-South's result: the defenders' points when NS defended, minus them when "
                                    "NS declared; East-West's is the opposite"),
                self.COL_NS_MP: tr("North-South's match points on this board so far: 2 per result beaten, 1 per tie"),
                self.COL_EW_MP: tr("East-West's match points on this board so far: 2 per result beaten, 1 per tie"),
            }  # fmt: skip
            return tips.get(section)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return base
        row = self.rows[index.row()]
        if not row.editable:
            return base & ~Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() in self.EDITABLE:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def data(self, index: Index, role: int = DISPLAY) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        row, col = self.rows[index.row()], index.column()
        if role == Qt.ItemDataRole.EditRole:
            if col == self.COL_POINTS:
                return "" if row.points is None else str(row.points)
            if col == self.COL_PENALTY:
                penalty = row.penalty
                return f"{penalty[0]}:{penalty[1]}" if penalty else ""
            return None
        if role == DISPLAY:
            return self._text(index.row(), col)
        if role == Qt.ItemDataRole.BackgroundRole:
            if (*row.key, row.board) in self.tinted:
                return QBrush(CHANGED_COLOUR)
            if col == self.COL_POINTS and self.typed == index.row():
                return QBrush(TYPED)
            if col == self.COL_POINTS and row.missing:
                return QBrush(MISSING)
            return None
        if role == Qt.ItemDataRole.ForegroundRole and not row.editable:
            return MUTED_COLOUR
        if role == Qt.ItemDataRole.TextAlignmentRole and col not in (
            self.COL_NS,
            self.COL_EW,
            self.COL_STATE,
        ):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def _text(self, position: int, col: int) -> str:
        row = self.rows[position]
        if col == self.COL_ROUND:
            return str(row.round)
        if col == self.COL_TABLE:
            return str(row.table)
        if col == self.COL_BOARD:
            return str(row.board)
        if col == self.COL_NS:
            return row.ns
        if col == self.COL_EW:
            return row.ew
        if col == self.COL_DECLARER:
            return seat_name(row.declarer)
        if col == self.COL_POINTS:
            return "" if row.points is None else str(row.points)
        if col == self.COL_PENALTY:
            penalty = row.penalty
            return f"{direction_name(penalty[0])} +{penalty[1]}" if penalty else ""
        result, ns_mp, ew_mp = self.figures(position)
        if col == self.COL_RESULT:
            return signed(result)
        if col == self.COL_NS_MP:
            return "" if ns_mp is None else format_number(ns_mp)
        if col == self.COL_EW_MP:
            return "" if ew_mp is None else format_number(ew_mp)
        if self.typed == position:
            return tr("typing: Enter saves")
        return {
            UNPAIRED: tr("not paired yet"),
            UNPUBLISHED: tr("round not published"),
            NOT_PLAYED: tr("not played (withdrawal)"),
        }.get(row.state, tr("waiting") if row.points is None else "")

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        return False  # the page saves what is typed (one service call per cell), never the view


# --- the picker on the left: the tables of a round, or the boards ------------------------------------------


@dataclass(frozen=True)
class PickRow:
    number: int  # the table or the board
    first: str  # the NS pair, or the board's declarer
    second: str  # the EW pair, or ""
    boards: str  # the table's boards this round, or ""
    entered: int
    expected: int  # results that can be typed now
    state: str = OPEN
    source: str | None = None  # services.live.Source (by table, a table the phones have)

    @property
    def waiting(self) -> bool:
        return self.entered < self.expected


class PickModel(RowsModel[PickRow]):
    COLUMNS = 4

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.by = BY_TABLE

    def update_rows(self, rows: Sequence[PickRow]) -> None:
        if [r.number for r in rows] != [r.number for r in self.rows]:
            self.set_rows(rows)
            return
        self.rows = list(rows)
        if self.rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.rows) - 1, self.columnCount() - 1))

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else (5 if self.by == BY_TABLE else 3)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> object:
        if orientation != Qt.Orientation.Horizontal or role != DISPLAY:
            return None
        names = (
            (tr("Table"), tr("NS pair"), tr("EW pair"), tr("Boards (entered)"), tr("From"))
            if self.by == BY_TABLE
            else (tr("Board"), tr("Declarer"), tr("Results"))
        )
        return names[section] if 0 <= section < len(names) else None

    def data(self, index: Index, role: int = DISPLAY) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        row, col = self.rows[index.row()], index.column()
        if col == 4 and role in SOURCE_ROLES:
            return source_data(row.source, row.waiting, role)
        if role == DISPLAY:
            if col == 0:
                return str(row.number)
            if self.by == BY_TABLE:
                return (row.first, row.second, f"{row.boards}  ({row.entered}/{row.expected})")[col - 1]
            return (row.first, f"{row.entered}/{row.expected}")[col - 1]
        if role == Qt.ItemDataRole.BackgroundRole:
            if row.waiting:
                return QBrush(MISSING)
            if row.expected:
                return QBrush(DONE)
        if role == Qt.ItemDataRole.ForegroundRole and row.state != OPEN:
            return MUTED_COLOUR
        if role == Qt.ItemDataRole.ToolTipRole and row.state == NOT_PLAYED:
            return tr("Not played: a pair has withdrawn.")
        return None
