"""Board results of a Mitchell pairs event (牌套成绩, SPEC §7.5): the defenders' points of each board at each
table, typed by keyboard in one of two orders.

- **By table** (按桌): pick a round and a table (the list on the left); its boards are listed; type each board's
  defenders' points, Enter, the next board; after the table's last board the cursor goes to the next table of
  the round still waiting for boards.
- **By board** (按牌, traveller order): pick a board; every table that plays it is listed in round order (the
  rounds not yet paired greyed); type the points of each table, Enter moves down; after the board's last
  result the cursor goes to the next board still waiting for one.

The penalty column is optional: ``NS:10`` or ``EW:10`` (南北 / 东西) awards penalty points to that side; empty
takes them back. While a number is typed the row shows the NS result it gives and the board's match points in
each direction (NS MP, EW MP) as the services will score them, Neuberg included; saving shows what they stored.
A different value for a cell that already has one asks whether it is a correction first. A number that is not
a board's points is refused in place with the services' sentence, and nothing changes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import partial

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
)
from PySide6.QtGui import QBrush, QColor, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QSplitter,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.domain.duplicate import parse_points
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.scoring_modes.mitchell_scores import (
    board_result_ns,
    check_board_points,
    check_penalty,
    match_points,
    score_board,
)
from tournament_desk.gui.dialogs.reason_dialog import ask_reason
from tournament_desk.gui.models.common import MUTED_COLOUR, RowsModel, format_number
from tournament_desk.gui.models.results import SOURCE_ROLES, source_data
from tournament_desk.gui.pages.base import Page, entry_view
from tournament_desk.gui.pages.pair_sources import PairBoardSources
from tournament_desk.gui.pages.results import fill_round_box
from tournament_desk.gui.session import ENTRANTS, ROUNDS, RULES, DeskSession
from tournament_desk.i18n import render
from tournament_desk.services import deductions as ds
from tournament_desk.services import pair_boards as pb
from tournament_desk.services.rounds import RoundView, last_paired_round, round_view

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

    def set_rows(self, rows: Sequence[EntryRow]) -> None:
        self.typed, self.preview = None, {}
        super().set_rows(rows)

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


# --- typing ----------------------------------------------------------------------------------------------


class EntryDelegate(QStyledItemDelegate):
    """Checks what is typed on Enter or Tab (a bad number keeps the editor open and says why) and shows what
    the points would give while they are typed."""

    def __init__(self, page: PairBoardsPage) -> None:
        super().__init__(page)
        self.page = page

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        editor = QLineEdit(parent)
        editor.setObjectName("pair-board-editor")
        if index.column() == EntryModel.COL_POINTS:
            editor.setPlaceholderText("0 5 … 200")
            editor.textEdited.connect(partial(self.page.preview, index.row()))
        else:
            editor.setPlaceholderText("NS:10 / EW:10")
        return editor

    def eventFilter(self, editor: QObject, event: QEvent) -> bool:
        if editor.property("committed") and event.type() in (QEvent.Type.FocusOut, QEvent.Type.Hide):
            return True  # handed to the page on Enter: losing focus must not hand it over again
        if isinstance(editor, QLineEdit) and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() == Qt.Key.Key_Escape:
                self.page.preview(-1, "")
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Tab):
                index = self.page.grid_view.currentIndex()
                value = self.page.check(index.column(), editor.text())
                if value is False:
                    editor.selectAll()
                    return True  # refused in place: the editor stays open, nothing changed
                editor.setProperty("committed", True)
                self.closeEditor.emit(editor, QStyledItemDelegate.EndEditHint.NoHint)
                # After the editor has closed: a question or a new editor inside its key event is refused.
                QTimer.singleShot(0, partial(self.page.commit, index.row(), index.column(), value))
                return True
        return super().eventFilter(editor, event)


# --- the page --------------------------------------------------------------------------------------------


class PairBoardsPage(PairBoardSources, Page):
    # Not RESULTS: this page makes those changes itself and updates its rows in place, so the cursor stays.
    watches = frozenset({ROUNDS, ENTRANTS, RULES})

    def __init__(self, session: DeskSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.by = BY_TABLE
        self.round_no: int | None = None
        self.table_no: int | None = None
        self.board_no: int | None = None
        self.movement: pb.MovementView | None = None
        self.rounds: dict[int, RoundView] = {}
        self.travellers: dict[int, list[pb.PairBoardView]] = {}
        # board → every (round, table, NS, EW) that plays it, in round order
        self.plays: dict[int, list[tuple[int, int, str, str]]] = {}

        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        self.by_table_button = QRadioButton(self.tr("By &table"))
        self.by_table_button.setObjectName("pair-boards-by-table")
        self.by_board_button = QRadioButton(self.tr("By &board (traveller)"))
        self.by_board_button.setObjectName("pair-boards-by-board")
        self.by_table_button.setChecked(True)
        self.mode_group = QButtonGroup(self)
        self.mode_group.addButton(self.by_table_button)
        self.mode_group.addButton(self.by_board_button)
        self.by_table_button.toggled.connect(self.mode_toggled)
        bar.addWidget(self.by_table_button)
        bar.addWidget(self.by_board_button)
        bar.addSpacing(24)
        self.round_label = QLabel(self.tr("Round"))
        bar.addWidget(self.round_label)
        self.round_box = QComboBox()
        self.round_box.setObjectName("pair-boards-round")
        self.round_box.currentIndexChanged.connect(self.show_picker)
        bar.addWidget(self.round_box)
        bar.addStretch()
        self.deduct_button = QPushButton(self.tr("&Deduct 0.5…"))
        self.deduct_button.setObjectName("pair-boards-deduct")
        self.deduct_button.setToolTip(
            self.tr("Deduct 0.5 match points from a pair of the chosen table for a discipline violation")
        )
        self.deduct_button.clicked.connect(self.deduct)
        bar.addWidget(self.deduct_button)
        layout.addLayout(bar)
        self.message = QLabel()
        self.message.setObjectName("pair-boards-message")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)

        self.picks = PickModel(self)
        self.pick_view = QTableView()
        self.pick_view.setObjectName("pair-boards-picker")
        self.pick_view.setModel(self.picks)
        self.pick_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.pick_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.pick_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.pick_view.verticalHeader().hide()
        self.pick_view.horizontalHeader().setStretchLastSection(True)
        self.pick_view.selectionModel().currentRowChanged.connect(self.picked)

        self.grid = EntryModel(self)
        self.grid_view = entry_view("pair-boards-grid", self.grid, EntryDelegate(self))
        self.heading = QLabel()
        self.heading.setObjectName("pair-boards-heading")
        self.heading.setWordWrap(True)
        self.totals = QLabel()
        self.totals.setObjectName("pair-boards-totals")
        self.totals.setWordWrap(True)
        self.totals.setStyleSheet("font-size: 15px; font-weight: bold;")
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.heading)
        right_layout.addWidget(self.grid_view, 1)
        right_layout.addWidget(self.totals)
        splitter = QSplitter()
        splitter.addWidget(self.pick_view)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([360, 900])
        layout.addWidget(splitter, 1)
        self.add_dispute_key(self.pick_view, self.grid_view)
        self.show_columns()

    def title(self) -> str:
        return self.tr("Boards")

    def find_view(self) -> QTableView:
        """Ctrl+F finds a pair: among the round's tables (by table) or the board's tables (by board)."""
        return self.pick_view if self.by == BY_TABLE else self.grid_view

    def deduct(self) -> None:
        """0.5 比赛分 off a pair of the table chosen (seed 002), in the round shown, with the reason (audited)."""
        if self.round_no is None or self.table_no is None:
            self.say(self.tr("Choose the round and the table of the pair first."), error=True)
            return
        view = self.rounds.get(self.round_no)
        table = next((t for t in view.tables if t.table == self.table_no), None) if view is not None else None
        if table is None:
            return
        ns, ew = table.home, table.away
        items = [self.tr("{name} (NS)").format(name=ns), self.tr("{name} (EW)").format(name=ew)]
        choice, ok = QInputDialog.getItem(
            self, self.tr("Deduct 0.5 match points"), self.tr("Which pair?"), items, 0, False
        )
        if not ok:
            return
        name = ns if choice == items[0] else ew
        body = self.tr("Round {round}, table {table}: 0.5 match points off {name}.").format(
            round=self.round_no, table=self.table_no, name=name
        )
        reason = ask_reason(self, self.tr("Deduct 0.5 match points"), body, required=True)
        if not reason:
            return
        if self.session.run(self, ds.deduct, self.round_no, name, 0.5, reason=reason) is not None:
            self.say(self.tr("0.5 match points deducted from {name}.").format(name=name))

    def say(self, text: str, *, error: bool = False) -> None:
        self.message.setText(text)
        self.message.setStyleSheet("color: #b00020; font-weight: bold;" if error else "")

    def instructions(self) -> str:
        if self.by == BY_TABLE:
            return self.tr("Type the defenders' points of each board of the table; Enter moves on. Penalty: "
                           "NS:10 or EW:10 in the next column.")  # fmt: skip
        return self.tr("Type the defenders' points at each table that played the board, in round order; Enter "
                       "moves on.")  # fmt: skip

    # --- reading ---------------------------------------------------------------------------------------
    def reload(self) -> None:
        last = self.session.read(last_paired_round)
        fill_round_box(self.round_box, last, self.tr("Round {n}"))
        if not last:
            self.movement, self.rounds, self.travellers, self.plays = None, {}, {}, {}
            self.picks.set_rows([])
            self.grid.set_rows([])
            self.heading.setText("")
            self.totals.setText("")
            self.say(self.tr("No round has been paired yet: pair round 1 on the Rounds page."))
            return
        self.movement = self.session.read(pb.movement_view)
        self.rounds = {n: self.session.read(round_view, n) for n in range(1, last + 1)}
        plays: dict[int, list[tuple[int, int, str, str]]] = {}
        for table, guide in self.movement.guides.items():
            for g in guide:
                for board in g.boards:
                    plays.setdefault(board, []).append((g.round, table, g.ns, g.ew))
        self.plays = {b: sorted(p) for b, p in sorted(plays.items())}
        self.travellers = {b: self.session.read(pb.traveller, b) for b in self.plays}
        self.say(self.instructions())
        self.show_picker()

    def state_of(self, round_no: int, table: int) -> str:
        view = self.rounds.get(round_no)
        if view is None:
            return UNPAIRED
        if not view.published:
            return UNPUBLISHED
        kind = next((t.kind for t in view.tables if t.table == table), None)
        return NOT_PLAYED if kind == ResultState.ANNULLED else OPEN

    def row_for(self, round_no: int, table: int, board: int, ns: str, ew: str) -> EntryRow:
        assert self.movement is not None
        row = EntryRow(round_no, table, board, ns, ew, self.movement.declarers.get(board, "N"),
                       self.state_of(round_no, table))  # fmt: skip
        view = next(
            (v for v in self.travellers.get(board, []) if (v.round, v.table) == (round_no, table)), None
        )
        if view is None:
            return row
        return replace(row, ns=view.ns, ew=view.ew, points=view.points, penalty_ns=view.penalty_ns,
                       penalty_ew=view.penalty_ew, ns_result=view.ns_result, ns_mp=view.ns_mp,
                       ew_mp=view.ew_mp)  # fmt: skip

    def table_rows(self, round_no: int, table: int) -> list[EntryRow]:
        if self.movement is None:
            return []
        g = next((g for g in self.movement.guides.get(table, []) if g.round == round_no), None)
        return [] if g is None else [self.row_for(round_no, table, b, g.ns, g.ew) for b in g.boards]

    def board_rows(self, board: int) -> list[EntryRow]:
        return [self.row_for(r, t, board, ns, ew) for r, t, ns, ew in self.plays.get(board, [])]

    def pick_rows(self) -> list[PickRow]:
        if self.movement is None:
            return []
        if self.by == BY_BOARD:
            rows = []
            for board in self.plays:
                entries = self.board_rows(board)
                rows.append(PickRow(board, seat_name(self.movement.declarers.get(board, "N")), "", "",
                                    sum(1 for e in entries if e.points is not None),
                                    sum(1 for e in entries if e.editable)))  # fmt: skip
            return rows
        if self.round_no is None:
            return []
        rows = []
        for table in sorted(self.movement.guides):
            entries = self.table_rows(self.round_no, table)
            if not entries:
                continue  # a relay's table with no boards this round (none in a plain Mitchell)
            g = next(g for g in self.movement.guides[table] if g.round == self.round_no)
            state = self.state_of(self.round_no, table)
            rows.append(PickRow(table, g.ns, g.ew, boards_text(g.boards),
                                sum(1 for e in entries if e.points is not None),
                                sum(1 for e in entries if e.editable), state, self.source_of(table)))  # fmt: skip
        return rows

    def show_columns(self) -> None:
        by_table = self.by == BY_TABLE
        self.grid_view.setColumnHidden(EntryModel.COL_ROUND, by_table)
        self.grid_view.setColumnHidden(EntryModel.COL_TABLE, by_table)
        self.grid_view.setColumnHidden(EntryModel.COL_BOARD, not by_table)
        self.grid_view.setColumnHidden(EntryModel.COL_NS, by_table)  # the heading names the table's pairs
        self.grid_view.setColumnHidden(EntryModel.COL_EW, by_table)
        self.grid_view.setColumnHidden(EntryModel.COL_DECLARER, not by_table)
        self.round_label.setVisible(by_table)
        self.round_box.setVisible(by_table)

    def mode_toggled(self) -> None:
        self.set_mode(BY_TABLE if self.by_table_button.isChecked() else BY_BOARD)

    def set_mode(self, by: str) -> None:
        """By table (a round's tables on the left) or by board (the boards on the left, traveller order)."""
        button = self.by_table_button if by == BY_TABLE else self.by_board_button
        if not button.isChecked():
            button.setChecked(True)  # comes back here through mode_toggled
            return
        if by == self.by:
            return
        self.by = by
        self.picks.by = by
        self.show_columns()
        self.say(self.instructions())
        self.show_picker()
        header = self.pick_view.horizontalHeader()  # the picker's columns changed: stretch its new last one
        header.setStretchLastSection(False)
        header.setStretchLastSection(True)

    def show_picker(self) -> None:
        value = self.round_box.currentData()
        same_round = value == self.round_no
        self.round_no = value if isinstance(value, int) else None
        self.read_sources()
        # The same table while the round stays; another round starts at its first table still waiting.
        keep = (self.table_no if same_round else None) if self.by == BY_TABLE else self.board_no
        self.picks.set_rows(self.pick_rows())
        self.pick_view.resizeColumnsToContents()
        numbers = [r.number for r in self.picks.rows]
        if keep not in numbers:
            keep = next((r.number for r in self.picks.rows if r.waiting), numbers[0] if numbers else None)
        self.table_no = self.board_no = None
        self.pick(keep)

    def pick(self, number: int | None) -> None:
        """Show a table (by table) or a board (by board) on the right."""
        position = next((i for i, r in enumerate(self.picks.rows) if r.number == number), None)
        if position is None:
            self.table_no = self.board_no = None
            self.grid.set_rows([])
            self.heading.setText("")
            self.show_totals()
            return
        index = self.picks.index(position, 0)
        if self.pick_view.currentIndex() != index:
            self.pick_view.setCurrentIndex(index)  # comes back here through picked
            return
        self.picked(index)

    def select_table(self, table: int) -> None:
        self.set_mode(BY_TABLE)
        self.pick(table)

    def select_board(self, board: int) -> None:
        self.set_mode(BY_BOARD)
        self.pick(board)

    def picked(self, current: QModelIndex, _previous: QModelIndex | None = None) -> None:
        if not current.isValid() or not 0 <= current.row() < len(self.picks.rows):
            return
        number = self.picks.rows[current.row()].number
        if self.by == BY_TABLE:
            self.table_no = number
            self.show_rows()
            first = self.grid.rows[0] if self.grid.rows else None
            if first is not None:
                g = self.movement_row(first.round, first.table)
                self.heading.setText(
                    self.tr("Round {round}, table {table}: {ns} (North-South) – {ew} (East-West), boards {boards}")
                    .format(round=first.round, table=first.table, ns=first.ns, ew=first.ew,
                            boards=boards_text(g.boards) if g else "")
                )  # fmt: skip
        else:
            self.board_no = number
            self.show_rows()
            assert self.movement is not None
            self.heading.setText(
                self.tr("Board {board}, declarer {seat}: every table that plays it, in round order").format(
                    board=number, seat=seat_name(self.movement.declarers.get(number, "N"))
                )
            )
        self.grid_view.resizeColumnsToContents()

    def movement_row(self, round_no: int, table: int) -> pb.GuideRow | None:
        if self.movement is None:
            return None
        return next((g for g in self.movement.guides.get(table, []) if g.round == round_no), None)

    def current_rows(self) -> list[EntryRow]:
        if self.by == BY_TABLE:
            if self.round_no is None or self.table_no is None:
                return []
            return self.table_rows(self.round_no, self.table_no)
        return [] if self.board_no is None else self.board_rows(self.board_no)

    def show_rows(self, *, in_place: bool = False) -> None:
        rows = self.current_rows()
        if in_place:
            self.grid.update_rows(rows)
        else:
            self.grid.set_rows(rows)
        self.show_totals()

    def show_totals(self) -> None:
        """The running figures under the grid: the table's pairs' match points so far, or the board's."""
        rows = self.grid.rows
        if not rows:
            self.totals.setText("")
            return
        figures = [self.grid.figures(i) for i in range(len(rows))]
        if self.by == BY_TABLE:
            first = rows[0]
            ns = sum(f[1] or 0 for f in figures)
            ew = sum(f[2] or 0 for f in figures)
            entered = sum(1 for f in figures if f[0] is not None)
            self.totals.setText(
                self.tr("{ns} (NS) {ns_mp} MP · {ew} (EW) {ew_mp} MP · {done} of {count} boards in").format(
                    ns=first.ns, ns_mp=format_number(ns), ew=first.ew, ew_mp=format_number(ew), done=entered,
                    count=len(rows))
            )  # fmt: skip
            return
        done = [(r, f) for r, f in zip(rows, figures, strict=True) if f[0] is not None]
        playable = sum(1 for r in rows if r.editable)
        if not done:
            self.totals.setText(self.tr("Board {board}: no result yet").format(board=rows[0].board))
            return
        best_ns = max(done, key=lambda rf: rf[1][1] or 0)
        best_ew = max(done, key=lambda rf: rf[1][2] or 0)
        self.totals.setText(
            self.tr("Board {board}: {done} of {count} results in · top NS {ns} ({ns_mp} MP) · top EW {ew} "
                    "({ew_mp} MP)").format(
                board=rows[0].board, done=len(done), count=playable, ns=best_ns[0].ns,
                ns_mp=format_number(best_ns[1][1] or 0), ew=best_ew[0].ew, ew_mp=format_number(best_ew[1][2] or 0))
        )  # fmt: skip

    # --- typing ------------------------------------------------------------------------------------------
    def preview(self, position: int, text: str) -> None:
        """Show what the points being typed in a row would give (nothing when they are not points yet)."""
        if not 0 <= position < len(self.grid.rows):
            self.grid.show_preview(None, {})
            self.show_totals()
            return
        row = self.grid.rows[position]
        try:
            points = check_board_points(parse_points(text))
        except BadInput:
            self.grid.show_preview(None, {})
            self.show_totals()
            return
        result = board_result_ns(points, row.declarer in "EW", row.penalty_ns, row.penalty_ew)
        views = self.travellers.get(row.board, [])
        others = [v for v in views if (v.round, v.table) != row.key]
        expected = expected_results(self.travellers.values())
        self.grid.show_preview(position, score_preview(others, row.key, result, expected))
        self.show_totals()

    def check(self, column: int, text: str) -> int | tuple[str, int] | bool | None:
        """What was typed in a cell, checked as the services check it: the points, the penalty (None: none),
        or False when refused (the sentence is shown)."""
        try:
            if column == EntryModel.COL_POINTS:
                return check_board_points(parse_points(text))
            return parse_penalty(text)
        except BadInput as exc:
            self.say(render(exc), error=True)
            return False

    def commit(self, position: int, column: int, value: object) -> None:
        """Save what was typed in a cell (a different value for a filled cell only as a correction), then
        move on."""
        if not 0 <= position < len(self.grid.rows):
            return
        row = self.grid.rows[position]
        if column == EntryModel.COL_POINTS:
            assert isinstance(value, int)
            points, penalty = value, row.penalty
            if row.points == points:
                self.grid.show_preview(None, {})
                self.show_totals()
                self.advance(position)
                return
            filled = row.points is not None
            old = str(row.points)
            new = str(points)
        else:
            if row.points is None:
                self.say(self.tr("Type the board's points first, then the penalty."), error=True)
                self.edit(self.grid.index(position, EntryModel.COL_POINTS))
                return
            penalty = value if isinstance(value, tuple) else None
            points = row.points
            if penalty == row.penalty:
                self.advance(position)
                return
            filled = row.penalty is not None
            old = self.penalty_text(row.penalty)
            new = self.penalty_text(penalty) or self.tr("none")
        if filled and not self.confirm_correction(row, old, new):
            self.grid.show_preview(None, {})
            self.show_totals()
            self.say(self.tr("Nothing changed."))
            self.grid_view.setCurrentIndex(self.grid.index(position, column))
            return
        views = self.session.run(
            self,
            pb.record_pair_board,
            row.round,
            row.table,
            row.board,
            points,
            penalty=penalty,
            correct=row.points is not None,
        )
        if views is None:  # refused: the sentence was shown, nothing changed
            self.grid.show_preview(None, {})
            self.show_totals()
            self.edit(self.grid.index(position, column))
            return
        self.stored(row, views)
        self.advance(position)

    @staticmethod
    def penalty_text(penalty: tuple[str, int] | None) -> str:
        return f"{direction_name(penalty[0])} +{penalty[1]}" if penalty else ""

    def confirm_correction(self, row: EntryRow, old: str, new: str) -> bool:
        answer = QMessageBox.question(
            self,
            self.tr("Correct it?"),
            self.tr("Board {board} at table {table} of round {round} already has {old}. Correct it to {new}?")
            .format(board=row.board, table=row.table, round=row.round, old=old, new=new),
        )  # fmt: skip
        return answer == QMessageBox.StandardButton.Yes

    def stored(self, row: EntryRow, views: list[pb.PairBoardView]) -> None:
        """Show what the services stored: the board's traveller, and (their match points may have been
        rescaled) the other boards on screen."""
        self.travellers[row.board] = views
        for board in {r.board for r in self.grid.rows} - {row.board}:
            self.travellers[board] = self.session.read(pb.traveller, board)
        self.show_rows(in_place=True)
        if row.round == self.round_no:
            self.read_source(row.table)  # the desk's board may have decided a dispute
        self.picks.update_rows(self.pick_rows())
        here = next((v for v in views if (v.round, v.table) == row.key), None)
        if here is not None:
            self.say(
                self.tr("Saved: board {board}, table {table}, round {round}: {points} → NS {result} · "
                        "NS {ns_mp} MP, EW {ew_mp} MP so far").format(
                    board=row.board, table=row.table, round=row.round, points=here.points,
                    result=signed(here.ns_result), ns_mp=format_number(here.ns_mp or 0),
                    ew_mp=format_number(here.ew_mp or 0))
            )  # fmt: skip

    def advance(self, position: int) -> None:
        """By table: the next board, then the next table of the round still waiting. By board: the next
        table that played it and has no result, then the next board still waiting."""
        rows = self.grid.rows
        if self.by == BY_TABLE:
            if position + 1 < len(rows):
                self.edit(self.grid.index(position + 1, EntryModel.COL_POINTS))
                return
            later = [r for r in self.picks.rows if r.number > (self.table_no or 0) and r.waiting]
            if later:
                self.pick(later[0].number)
                self.start_typing()
            else:
                self.say(
                    self.tr("No later table of round {n} is waiting for its boards.").format(n=self.round_no)
                )
            return
        after = next((i for i in range(position + 1, len(rows)) if rows[i].missing), None)
        if after is not None:
            self.edit(self.grid.index(after, EntryModel.COL_POINTS))
            return
        numbers = [r.number for r in self.picks.rows]
        start = numbers.index(self.board_no) if self.board_no in numbers else -1
        waiting = [r for r in self.picks.rows[start + 1 :] + self.picks.rows[: start + 1] if r.waiting]
        if waiting:
            self.pick(waiting[0].number)
            self.start_typing()
        else:
            self.say(self.tr("Every board played so far has its results."))

    def edit(self, index: QModelIndex) -> None:
        if index.isValid():
            self.grid_view.setCurrentIndex(index)
            self.grid_view.edit(index)

    def start_typing(self) -> None:
        """Put the cursor on the first board without a result: on the table (or board) shown, else on the next
        one waiting."""
        row = next((i for i, r in enumerate(self.grid.rows) if r.missing), None)
        if row is not None:
            self.edit(self.grid.index(row, EntryModel.COL_POINTS))
            return
        waiting = [r for r in self.picks.rows if r.waiting]
        if waiting:
            self.pick(waiting[0].number)
            row = next((i for i, r in enumerate(self.grid.rows) if r.missing), None)
            if row is not None:
                self.edit(self.grid.index(row, EntryModel.COL_POINTS))
