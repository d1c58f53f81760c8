"""The boards of one duplicate table (rows) × the two rooms, and the tables of a round with their results.

The grid shows what the desk has entered and, while a number is being typed, what it would give: each
board's NS scores and XMP for the home team, and the total, VP and MP, computed by the domain from the
entries on screen. Saving goes through the page (one service call per cell).
"""

from __future__ import annotations

from typing import Any, ClassVar

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor

from tournament_desk.domain.duplicate import (
    TRUMP_SYMBOLS,
    BoardScore,
    Room,
    RoomResult,
    match_xmp,
    parse_points,
    running_xmp,
    score_boards,
    score_match,
)
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.levels import format_level
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.scoring import Outcome
from tournament_desk.gui.models.common import CHANGED_COLOUR
from tournament_desk.gui.models.results import SOURCE_ROLES, source_data, state_text
from tournament_desk.i18n import render
from tournament_desk.services.results.boards import BoardSheet

Index = QModelIndex | QPersistentModelIndex
DISPLAY = Qt.ItemDataRole.DisplayRole
MISSING = QColor("#fff4d6")
TYPED = QColor("#e3f2fd")


def _tr(text: str) -> str:
    return QCoreApplication.translate("BoardGridModel", text)


def signed(value: int | None) -> str:
    if value is None:
        return ""
    return f"+{value}" if value > 0 else ("0" if value == 0 else f"−{-value}")


def _n(x: float) -> str:
    return f"{x:g}"


def penalty_text(result: RoomResult) -> str:
    parts = [f"+{p} {side}" for side, p in ((_tr("NS"), result.to_ns), (_tr("EW"), result.to_ew)) if p]
    return ", ".join(parts)


def widest_room_text() -> str:
    """A room's cell at its usual widest: points with penalty points to both sides (sizes the column)."""
    return f"200 (+10 {_tr('NS')}, +10 {_tr('EW')})"


class BoardGridModel(QAbstractTableModel):
    """Rows: the boards of one table; the two room columns are typed, the rest follow."""

    COLUMNS = 9
    (
        COL_BOARD,
        COL_LEVEL,
        COL_DECLARER,
        COL_TRUMP,
        COL_OPEN,
        COL_CLOSED,
        COL_OPEN_NS,
        COL_CLOSED_NS,
        COL_XMP,
    ) = range(9)
    ROOM_COLUMNS: ClassVar[dict[int, Room]] = {COL_OPEN: "open", COL_CLOSED: "closed"}

    # (board, room, points): a valid number was typed and confirmed; the page saves it.
    points_entered = Signal(int, str, int)
    # A typed number was refused; the sentence says why.
    refused = Signal(str)
    # The figures below the grid changed (while typing, or after a save).
    totals_changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.sheet: BoardSheet | None = None
        self.typed: tuple[int, Room, int] | None = None  # a number being typed, not saved yet
        self.scores: tuple[BoardScore, ...] = ()
        self.tinted: set[int] = set()  # boards another station changed while they were being typed

    def set_sheet(self, sheet: BoardSheet | None) -> None:
        self.beginResetModel()
        self.sheet, self.typed = sheet, None
        self.tinted.clear()
        self._score()
        self.endResetModel()
        self.totals_changed.emit()

    def update_sheet(self, sheet: BoardSheet) -> None:
        """The same table after a save: refresh the cells in place, so the view keeps its cursor."""
        if self.sheet is None or self.sheet.boards != sheet.boards:
            self.set_sheet(sheet)
            return
        self.sheet, self.typed = sheet, None
        self._score()
        self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, self.COLUMNS - 1))
        self.totals_changed.emit()

    def _entries(self) -> dict[tuple[int, Room], RoomResult]:
        assert self.sheet is not None
        entries = dict(self.sheet.entries)
        if self.typed is not None:
            board, room, points = self.typed
            old = entries.get((board, room), RoomResult(0))
            entries[(board, room)] = RoomResult(points, old.to_ns, old.to_ew)
        return entries

    def _score(self) -> None:
        if self.sheet is None:
            self.scores = ()
            return
        self.scores = score_boards(self.sheet.boards, self._entries(), self.sheet.rules)

    def preview(self, row: int, room: Room, text: str) -> None:
        """Show what a number being typed would give (nothing when it is not a valid number yet)."""
        if self.sheet is None or not 0 <= row < len(self.sheet.boards):
            return
        try:
            points = parse_points(text)
        except BadInput:
            points = None
        board = self.sheet.boards[row].number
        self.typed = (board, room, points) if points is not None else None
        self._score()
        self.dataChanged.emit(self.index(0, self.COL_OPEN_NS), self.index(self.rowCount() - 1, self.COL_XMP))
        self.totals_changed.emit()

    def tint_board(self, board: int, on: bool) -> None:
        """Tint a board's row (another station changed it while it was being typed), or stop."""
        (self.tinted.add if on else self.tinted.discard)(board)
        row = (
            next((i for i, b in enumerate(self.sheet.boards) if b.number == board), None)
            if self.sheet
            else None
        )
        if row is not None:
            self.dataChanged.emit(self.index(row, 0), self.index(row, self.COLUMNS - 1),
                                  [Qt.ItemDataRole.BackgroundRole])  # fmt: skip

    def clear_preview(self) -> None:
        if self.typed is not None:
            self.typed = None
            self._score()
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, self.COL_XMP))
            self.totals_changed.emit()

    # --- the figures below the grid -------------------------------------------------------------------
    def total(self) -> tuple[int, int | None, Outcome | None]:
        """Levels so far, the match XMP once complete, and the VP and MP it gives."""
        if self.sheet is None:
            return 0, None, None
        xmp = match_xmp(self.scores)
        return running_xmp(self.scores), xmp, score_match(xmp, self.sheet.rules) if xmp is not None else None

    # --- Qt model API --------------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() or self.sheet is None else len(self.sheet.boards)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else self.COLUMNS

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < self.COLUMNS:
            return None
        if role == DISPLAY:
            return (
                _tr("Board"), _tr("Level"), _tr("Declarer"), _tr("Trump"), _tr("Open room"), _tr("Closed room"),
                _tr("Open NS"), _tr("Closed NS"), _tr("XMP"),
            )[section]  # fmt: skip
        if role == Qt.ItemDataRole.ToolTipRole:
            tips = {
                self.COL_OPEN: _tr("The defenders' points in the open room (home team North-South)"),
                self.COL_CLOSED: _tr("The defenders' points in the closed room (home team East-West)"),
                self.COL_OPEN_NS: _tr("North-South's levels in the open room, by the level table"),
                self.COL_CLOSED_NS: _tr("North-South's levels in the closed room, by the level table"),
                self.COL_XMP: _tr("The home team's levels on this board"),
            }
            return tips.get(section)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        if index.isValid() and index.column() in self.ROOM_COLUMNS:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if self.sheet is None or not index.isValid() or not 0 <= index.row() < len(self.sheet.boards):
            return None
        col, board = index.column(), self.sheet.boards[index.row()]
        room = self.ROOM_COLUMNS.get(col)
        entry = self.sheet.entries.get((board.number, room)) if room else None
        if role == Qt.ItemDataRole.EditRole:
            return str(entry.points) if entry is not None else ""
        if role == DISPLAY:
            return self._text(index.row(), col, entry)
        if role == Qt.ItemDataRole.BackgroundRole and board.number in self.tinted:
            return QBrush(CHANGED_COLOUR)
        if role == Qt.ItemDataRole.BackgroundRole and room is not None:
            if self.typed is not None and self.typed[:2] == (board.number, room):
                return QBrush(TYPED)
            return QBrush(MISSING) if entry is None else None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ToolTipRole and entry is not None and (entry.to_ns or entry.to_ew):
            return _tr("Penalty points: {text}").format(text=penalty_text(entry))
        return None

    def _text(self, row: int, col: int, entry: RoomResult | None) -> str:
        assert self.sheet is not None
        board, score = self.sheet.boards[row], self.scores[row] if row < len(self.scores) else None
        if col == self.COL_BOARD:
            return str(board.number)
        if col == self.COL_LEVEL:
            return format_level(board.level)
        if col == self.COL_DECLARER:
            return {"N": _tr("N"), "E": _tr("E"), "S": _tr("S"), "W": _tr("W")}[board.declarer]
        if col == self.COL_TRUMP:
            return _tr("no trump") if board.trump == "NT" else TRUMP_SYMBOLS[board.trump]
        if col in self.ROOM_COLUMNS:
            if entry is None:
                return ""
            extra = penalty_text(entry)
            return f"{entry.points} ({extra})" if extra else str(entry.points)
        if score is None:
            return ""
        if col == self.COL_OPEN_NS:
            return signed(score.open_ns)
        if col == self.COL_CLOSED_NS:
            return signed(score.closed_ns)
        return signed(score.xmp)

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """A typed number: refused with a sentence unless it is 0 or more in steps of 5, else saved."""
        room = self.ROOM_COLUMNS.get(index.column())
        if role != Qt.ItemDataRole.EditRole or room is None or self.sheet is None:
            return False
        try:
            points = parse_points(value)
        except BadInput as exc:
            self.refused.emit(render(exc))
            return False
        self.points_entered.emit(self.sheet.boards[index.row()].number, room, points)
        return True


class TablesModel(QAbstractTableModel):
    """The tables of a duplicate round: who plays, how many board results are in, and the result."""

    COLUMNS = 7
    COL_TABLE, COL_HOME, COL_AWAY, COL_XMP, COL_RESULT, COL_SOURCE, COL_STATE = range(7)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[BoardSheet] = []
        self.sources: dict[int, str] = {}  # table → services.live.Source, for tables the phones have

    def set_rows(self, rows: list[BoardSheet], sources: dict[int, str] | None = None) -> None:
        self.beginResetModel()
        self.rows, self.sources = rows, dict(sources or {})
        self.endResetModel()

    def set_source(self, table: int, source: str | None) -> None:
        if source is None:
            self.sources.pop(table, None)
        else:
            self.sources[table] = source
        row = next((i for i, s in enumerate(self.rows) if s.table == table), None)
        if row is not None:
            self.dataChanged.emit(self.index(row, self.COL_SOURCE), self.index(row, self.COL_SOURCE))

    def update_row(self, sheet: BoardSheet) -> None:
        for i, row in enumerate(self.rows):
            if row.table == sheet.table:
                self.rows[i] = sheet
                self.dataChanged.emit(self.index(i, 0), self.index(i, self.COLUMNS - 1))
                return

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else self.COLUMNS

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == DISPLAY and 0 <= section < self.COLUMNS:
            return (_tr("Table"), _tr("Home"), _tr("Away"), _tr("XMP"), _tr("VP / MP"), _tr("From"),
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
        if role == Qt.ItemDataRole.UserRole:
            return sheet.table
        return None

    def _text(self, sheet: BoardSheet, col: int) -> str:
        o = sheet.outcome
        if col == self.COL_TABLE:
            return str(sheet.table)
        if col == self.COL_HOME:
            return sheet.home
        if col == self.COL_AWAY:
            return sheet.away
        if col == self.COL_XMP:
            return signed(sheet.xmp if sheet.xmp is not None else (sheet.running if sheet.entries else None))
        if col == self.COL_RESULT:
            if o is None:
                return ""
            return f"{_n(o.home_vp)} : {_n(o.away_vp)} / {_n(o.home_mp)} : {_n(o.away_mp)}"
        return self.state_text(sheet)

    @staticmethod
    def state_text(sheet: BoardSheet) -> str:
        if sheet.kind == ResultState.PENDING:
            return _tr("{count} missing").format(count=sheet.missing)
        return state_text(sheet.kind, sheet.side)
