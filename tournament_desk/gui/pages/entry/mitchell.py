"""Board results of a Mitchell pairs event (牌套成绩, rules.md §7.5): the defenders' points of each board at each
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

The page is split in modules beside this one: ``mitchell_typing`` (typing: the editor, checking, saving and
moving on), ``mitchell_sources`` (where each table's boards came from, Ctrl+D) and ``mitchell_dialogs`` (the
deduction and correction questions); the grid's and the picker's rows and models are in
``gui/models/pair_boards``, and what every result page shares in ``page.EntryPage``.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import (
    QButtonGroup,
    QPushButton,
    QRadioButton,
    QTableView,
    QWidget,
)

from tournament_desk.gui.models.pair_boards import (
    BY_BOARD,
    BY_TABLE,
    EntryModel,
    PickModel,
    boards_text,
    seat_name,
)
from tournament_desk.gui.pages.entry.mitchell_dialogs import ask_deduction
from tournament_desk.gui.pages.entry.mitchell_rows import MitchellRead, MitchellRows, plays_of
from tournament_desk.gui.pages.entry.mitchell_sources import PairBoardSources
from tournament_desk.gui.pages.entry.mitchell_typing import PairBoardDelegate, PairBoardsTyping
from tournament_desk.gui.pages.entry.page import EntryPage
from tournament_desk.gui.pages.round_box import round_to_show
from tournament_desk.gui.session import ENTRANTS, ROUNDS, RULES, Changes, DeskSession
from tournament_desk.services import live
from tournament_desk.services.results import deductions as ds
from tournament_desk.services.results import pair_boards as pb
from tournament_desk.services.rounds import RoundView, last_paired_round, round_view


class PairBoardsPage(PairBoardsTyping, PairBoardSources, MitchellRows, EntryPage):
    prefix = "pair-boards-"
    watches = frozenset({ROUNDS, ENTRANTS, RULES})

    def __init__(self, session: DeskSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.by = BY_TABLE
        self.table_no: int | None = None
        self.board_no: int | None = None
        self.movement: pb.MovementView | None = None
        self.rounds: dict[int, RoundView] = {}
        self.travellers: dict[int, list[pb.PairBoardView]] = {}
        self.plays: dict[int, list[tuple[int, int, str, str]]] = {}

        self.add_bar()
        self.picks = PickModel(self)
        self.pick_view = self.list_view("pair-boards-picker", self.picks)
        self.pick_view.selectionModel().currentRowChanged.connect(self.picked)
        self.grid = EntryModel(self)
        self.grid_view = self.entry_grid("pair-boards-grid", self.grid, PairBoardDelegate(self))
        self.beside(self.pick_view, self.grid_view, wrap=True).setSizes([360, 900])
        self.add_dispute_key(self.pick_view, self.grid_view)
        self.show_columns()

    def add_bar(self) -> None:
        """By table or by board, the round (by table), and the deduction."""
        self.by_table_button = QRadioButton(self.tr("By &table"))
        self.by_table_button.setObjectName("pair-boards-by-table")
        self.by_board_button = QRadioButton(self.tr("By &board (traveller)"))
        self.by_board_button.setObjectName("pair-boards-by-board")
        self.by_table_button.setChecked(True)
        self.mode_group = QButtonGroup(self)
        self.mode_group.addButton(self.by_table_button)
        self.mode_group.addButton(self.by_board_button)
        self.by_table_button.toggled.connect(self.mode_toggled)
        self.bar.addWidget(self.by_table_button)
        self.bar.addWidget(self.by_board_button)
        self.bar.addSpacing(24)
        self.add_round_box(self.tr("Round"), self.tr("Round {n}"))
        self.bar.addStretch()
        self.deduct_button = QPushButton(self.tr("&Deduct 0.5…"))
        self.deduct_button.setObjectName("pair-boards-deduct")
        self.deduct_button.setToolTip(
            self.tr("Deduct 0.5 match points from a pair of the chosen table for a discipline violation")
        )
        self.deduct_button.clicked.connect(self.deduct)
        self.bar.addWidget(self.deduct_button)

    def title(self) -> str:
        return self.tr("Boards")

    def find_view(self) -> QTableView:
        """Ctrl+F finds a pair: among the round's tables (by table) or the board's tables (by board)."""
        return self.pick_view if self.by == BY_TABLE else self.grid_view

    def on_changes(self, changes: Changes) -> None:
        super().on_changes(changes)
        self.boards_changed(changes)

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

    def instructions(self) -> str:
        if self.by == BY_TABLE:
            return self.tr("Type the defenders' points of each board of the table; Enter moves on. Penalty: "
                           "NS:10 or EW:10 in the next column.") + self.sit_out_note()  # fmt: skip
        return self.tr("Type the defenders' points at each table that played the board, in round order; Enter "
                       "moves on.")  # fmt: skip

    # --- reading ---------------------------------------------------------------------------------------
    def read(self) -> MitchellRead:
        """The movement, every paired round, every board's traveller, and where the round shown stands."""
        last = self.session.read(last_paired_round)
        if not last:
            return MitchellRead(0, None, None, {}, {}, {}, {})
        movement = self.session.read(pb.movement_view)
        rounds = {n: self.session.read(round_view, n) for n in range(1, last + 1)}
        plays = plays_of(movement)
        travellers = {b: self.session.read(pb.traveller, b) for b in plays}
        round_no = round_to_show(last, self.wanted_round, self.last_round)
        return MitchellRead(last, round_no, movement, rounds, plays, travellers, self.fetch_sources(round_no))

    def show_data(self, data: MitchellRead) -> None:
        self.show_round_box(data.last, data.round_no)
        if data.movement is None:
            self.movement, self.rounds, self.travellers, self.plays = None, {}, {}, {}
            self.picks.set_rows([])
            self.grid.set_rows([])
            self.heading.setText("")
            self.totals.setText("")
            self.say(self.tr("No round has been paired yet: pair round 1 on the Rounds page."))
            return
        self.movement, self.rounds, self.plays, self.travellers = (
            data.movement,
            data.rounds,
            data.plays,
            data.travellers,
        )
        self.show_picker(data.sources)
        self.say(self.instructions())

    def show_round(self) -> None:
        """Another round picked: its tables, and where each stands (the boards already read stay)."""
        value = self.round_box.currentData()
        self.wanted_round = value if isinstance(value, int) else None
        self.show_picker()
        self.say(self.instructions())

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

    def show_picker(self, sources: dict[int, live.LiveTableView] | None = None) -> None:
        """The picker of the mode shown; ``sources``: where the round's tables stand, as read (else read now)."""
        same_round = self.wanted_round == self.round_no
        self.round_no = self.wanted_round
        self.keep_sources(self.fetch_sources(self.round_no) if sources is None else sources)
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

    def sit_out_note(self) -> str:
        """An odd number of pairs: the table of the round shown that sits out, which has nothing to type."""
        view = self.rounds.get(self.round_no) if self.round_no is not None else None
        if view is None or view.sit_out is None:
            return ""
        return " " + self.tr(
            "Table {table} sits out this round (轮空): {name}; it has no boards to type."
        ).format(table=view.sit_out[0], name=view.bye or "")

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

    def show_rows(self, *, in_place: bool = False) -> None:
        rows = self.current_rows()
        if in_place:
            self.grid.update_rows(rows)
        else:
            self.stale.end_all()  # other rows: whatever was typed is gone
            self.grid.set_rows(rows)
        self.show_totals()
