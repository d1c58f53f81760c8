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
A different value for a cell that already has one asks whether it is a correction first; a board another station
changed while it was being typed asks instead whether to keep theirs or put mine (``stale``). A number that is not
a board's points is refused in place with the services' sentence, and nothing changes.

The page is split in modules beside this one: ``pair_boards_models`` (the grid's and the picker's rows and
models), ``pair_boards_entry`` (typing: the editor, checking, saving and moving on) and ``pair_boards_dialogs``
(the deduction and correction questions).
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.domain.results import ResultState
from tournament_desk.gui.pages.base import Page, entry_view
from tournament_desk.gui.pages.pair_boards_dialogs import ask_deduction
from tournament_desk.gui.pages.pair_boards_entry import EntryDelegate, PairBoardsTyping
from tournament_desk.gui.pages.pair_boards_models import (
    BY_BOARD,
    BY_TABLE,
    NOT_PLAYED,
    OPEN,
    UNPAIRED,
    UNPUBLISHED,
    EntryModel,
    EntryRow,
    PickModel,
    PickRow,
    boards_text,
    seat_name,
)
from tournament_desk.gui.pages.pair_sources import PairBoardSources
from tournament_desk.gui.pages.results import fill_round_box
from tournament_desk.gui.pages.stale import StaleGuard
from tournament_desk.gui.session import ENTRANTS, ROUNDS, RULES, DeskSession
from tournament_desk.services import deductions as ds
from tournament_desk.services import pair_boards as pb
from tournament_desk.services.rounds import RoundView, last_paired_round, round_view


class PairBoardsPage(PairBoardsTyping, PairBoardSources, Page):
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
        self.stale = StaleGuard(self, self, session)  # the boards being typed, as they were then (issue 23)

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
        chosen = ask_deduction(self, self.round_no, self.table_no, table.home, table.away)
        if chosen is None:
            return
        name, reason = chosen
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
            self.stale.end_all()  # other rows: whatever was typed is gone
            self.grid.set_rows(rows)
        self.show_totals()
