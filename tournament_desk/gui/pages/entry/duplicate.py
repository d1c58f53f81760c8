"""Duplicate result entry (复式成绩): pick a table, type each board's defenders' points room by room.

Type the open room's points, Enter, the closed room's, Enter: each cell is saved as typed, the board's XMP
for the home team appears, and the cursor moves to the next board (after the last, to the next table). The
total, VP and MP under the grid follow every key. A number that is not 0 or more in steps of 5 is refused in
place with a sentence. Penalty points are on the grid's context menu; forfeits, rulings, late scoresheets
and deductions on the tables' context menu. Everything can be undone and redone (Ctrl+Z / Ctrl+Y). A board-room
another station changed while it was being typed: Enter asks whether to keep theirs or put mine (``stale``).

The page is split in modules beside this one: ``duplicate_typing`` (the grid's editor, and saving what is
typed) and ``duplicate_sources`` (where each table's boards came from, and Ctrl+D to a disputed board-room);
what every result page shares is in ``page.EntryPage``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from PySide6.QtCore import QModelIndex, QPoint, Qt, QTimer
from PySide6.QtWidgets import (
    QMenu,
    QPushButton,
    QTableView,
    QWidget,
)

from tournament_desk.domain.duplicate import Pair, Room
from tournament_desk.domain.results import ResultState
from tournament_desk.gui.columns import fit_names, keep_whole, reserve
from tournament_desk.gui.dialogs.boards_dialog import BoardSetDialog
from tournament_desk.gui.dialogs.penalty_dialog import PenaltyPlace, ask_penalty
from tournament_desk.gui.models.boards import BoardGridModel, TablesModel, signed, widest_room_text
from tournament_desk.gui.pages.entry.duplicate_sources import DuplicateBoardSources
from tournament_desk.gui.pages.entry.duplicate_typing import DuplicateTyping, PointsDelegate
from tournament_desk.gui.pages.entry.page import EntryPage
from tournament_desk.gui.pages.entry.stale_boards import room_seen
from tournament_desk.gui.pages.entry.table_actions import TableActions
from tournament_desk.gui.pages.undo import label
from tournament_desk.gui.session import ENTRANTS, ROUNDS, RULES, Changes, DeskSession
from tournament_desk.services import live
from tournament_desk.services.results import board_sets as sets
from tournament_desk.services.results import boards as bs

TABLES_MAX_EMS = 60  # the widest the list of tables may claim beside the boards grid


@dataclass(frozen=True)
class DuplicateRound:
    sheets: list[bs.BoardSheet]
    sources: dict[int, live.LiveTableView]
    played: bool  # the round has board results: its boards can no longer change


class DuplicateResultsPage(DuplicateTyping, DuplicateBoardSources, TableActions, EntryPage):
    prefix = "boards-"
    watches = frozenset({ROUNDS, ENTRANTS, RULES})

    def __init__(self, session: DeskSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.table_no: int | None = None
        self.dialog: BoardSetDialog | None = None  # the board-set editor opened last (tests drive it)
        self.add_round_box(self.tr("Round"), self.tr("Round {n}"))
        self.edit_button = QPushButton(self.tr("Edit the boards…"))
        self.edit_button.setObjectName("boards-edit")
        self.edit_button.clicked.connect(self.edit_boards)
        self.bar.addWidget(self.edit_button)
        self.bar.addStretch()
        self.add_undo()
        self.say(self.tr("Type the defenders' points of each board, open room then closed room; "
                         "Enter moves on."))  # fmt: skip

        self.tables = TablesModel(self)
        self.tables_view = self.list_view("boards-tables", self.tables)
        self.tables_view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tables_view.selectionModel().currentRowChanged.connect(self.table_chosen)
        self.tables_view.customContextMenuRequested.connect(self.tables_menu)
        self.grid = BoardGridModel(self)
        self.grid.points_entered.connect(self.save_points)
        self.grid.refused.connect(self.refused)
        self.grid.totals_changed.connect(self.show_totals)
        self.grid_view = self.entry_grid("boards-grid", self.grid, PointsDelegate(self))
        self.grid_view.horizontalHeader().setStretchLastSection(False)
        self.grid_view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.grid_view.customContextMenuRequested.connect(self.grid_menu)
        self.splitter = self.beside(self.tables_view, self.grid_view, wrap=False)
        self.splitter.setChildrenCollapsible(False)
        self.add_dispute_key(self.tables_view, self.grid_view)

    def find_view(self) -> QTableView:
        return self.tables_view

    def title(self) -> str:
        return self.tr("Boards")

    def on_changes(self, changes: Changes) -> None:
        super().on_changes(changes)
        # A phone's entry or confirmation, another station's boards: this page does not reload on results.
        if changes.remote and self.round_no is not None and changes.tables_in(self.round_no):
            self.read_together(partial(self.changed_elsewhere, changes))

    def changed_elsewhere(self, changes: Changes) -> None:
        """Where the tables changed elsewhere stand, and their boards (in the page's one read)."""
        assert self.round_no is not None
        self.sources_changed(changes)
        self.boards_changed_elsewhere(changes.tables_in(self.round_no))

    # --- reading ---------------------------------------------------------------------------------------
    def read_round(self, round_no: int | None) -> DuplicateRound | None:
        if round_no is None:
            return None
        return DuplicateRound(self.session.read(bs.round_sheets, round_no), self.fetch_sources(round_no),
                              self.played(round_no))  # fmt: skip

    def played(self, round_no: int) -> bool:
        return round_no in self.session.read(sets.board_sets).played

    def show_round_data(self, round_no: int | None, data: Any) -> None:
        keep = self.table_no if round_no == self.round_no else None  # the same table when the round stays
        self.round_no = round_no
        self.table_no = None
        self.stale.end_all()
        if not isinstance(data, DuplicateRound):
            self.tables.set_rows([])
            self.grid.set_sheet(None)
            self.edit_button.setEnabled(True)  # the default boards of every round to come
            self.say(self.tr("No round has been paired yet."))
            return
        self.tables.set_rows(data.sheets, self.keep_sources(data.sources))
        self.fit_tables()
        self.show_edit_button(data.played)
        numbers = [s.table for s in data.sheets]
        self.select_table(keep if keep in numbers else (numbers[0] if numbers else None))

    def fit_tables(self) -> None:
        """The list of tables as wide as its columns (names up to a maximum), never cut by the splitter."""
        view = self.tables_view
        view.resizeColumnsToContents()
        fit_names(view, TablesModel.COL_HOME, [s.home for s in self.tables.rows])
        fit_names(view, TablesModel.COL_AWAY, [s.away for s in self.tables.rows])
        reserve(view, TablesModel.COL_RESULT, ["20 : 20 / 2.5 : 0.5"])
        states = [self.tables.state_text(s) for s in self.tables.rows]
        keep_whole(view, TablesModel.COL_STATE, states, max_ems=TABLES_MAX_EMS)

    def fit_grid(self) -> None:
        """Room columns wide enough for points with penalties; a wider one typed later widens them."""
        view = self.grid_view
        for column in BoardGridModel.ROOM_COLUMNS:
            texts = [self.grid.data(self.grid.index(r, column)) or "" for r in range(self.grid.rowCount())]
            reserve(view, column, [widest_room_text(), *texts])
        for column in (BoardGridModel.COL_OPEN_NS, BoardGridModel.COL_CLOSED_NS, BoardGridModel.COL_XMP):
            reserve(view, column, ["−12"])

    def select_table(self, table: int | None) -> None:
        row = next((i for i, s in enumerate(self.tables.rows) if s.table == table), None)
        if row is None:
            self.table_no = None
            self.grid.set_sheet(None)
            return
        self.tables_view.setCurrentIndex(self.tables.index(row, 0))
        self.table_chosen(self.tables.index(row, 0))

    def table_chosen(self, current: QModelIndex, _previous: QModelIndex | None = None) -> None:
        if not current.isValid():
            return
        sheet = self.tables.rows[current.row()]
        if sheet.table == self.table_no and self.grid.sheet is not None:
            return
        self.table_no = sheet.table
        self.stale.end_all()  # another table's grid: whatever was typed is gone
        self.grid.set_sheet(sheet)
        self.grid_view.resizeColumnsToContents()
        self.fit_grid()
        self.heading.setText(self.tr("Table {table}: {home} (home, North-South in the open room) – {away}")
                             .format(table=sheet.table, home=sheet.home, away=sheet.away))  # fmt: skip

    def show_totals(self) -> None:
        sheet = self.grid.sheet
        if sheet is None:
            self.totals.setText("")
            return
        running, xmp, outcome = self.grid.total()
        if xmp is None or outcome is None:
            self.totals.setText(
                self.tr("{home}: {xmp} XMP so far").format(home=sheet.home, xmp=signed(running))
            )
            return
        self.totals.setText(self.tr("{home}: {xmp} XMP · VP {hvp} : {avp} · MP {hmp} : {amp}").format(
            home=sheet.home, xmp=signed(xmp), hvp=f"{outcome.home_vp:g}", avp=f"{outcome.away_vp:g}",
            hmp=f"{outcome.home_mp:g}", amp=f"{outcome.away_mp:g}"))  # fmt: skip

    # --- typing --------------------------------------------------------------------------------------
    def advance(self) -> None:
        """After Enter: open room → closed room of the same board → open room of the next board; after the
        last board, the first board of the next table."""
        current = self.grid_view.currentIndex()
        if not current.isValid() or self.stale.asking is not None:
            return  # (asking: the board changed elsewhere; the question comes first)
        if current.column() == BoardGridModel.COL_OPEN:
            target = current.siblingAtColumn(BoardGridModel.COL_CLOSED)
        elif current.row() + 1 < self.grid.rowCount():
            target = self.grid.index(current.row() + 1, BoardGridModel.COL_OPEN)
        else:
            QTimer.singleShot(0, self.next_table)
            return
        # After the editor has closed: opening a new one inside its key event would be refused.
        QTimer.singleShot(0, lambda: self.edit(target))

    def next_table(self) -> None:
        """The next table still waiting for boards (a forfeited table has none to type)."""
        row = next((i for i, s in enumerate(self.tables.rows) if s.table == self.table_no), -1)
        waiting = [s for s in self.tables.rows[row + 1 :] if s.kind == ResultState.PENDING]
        if waiting:
            self.select_table(waiting[0].table)
            self.edit(self.grid.index(0, BoardGridModel.COL_OPEN))
        else:
            self.say(
                self.tr("No later table of round {n} is waiting for its boards.").format(n=self.round_no)
            )

    def start_typing(self) -> None:
        """Put the cursor on the first board-room without a result, from the current table on."""
        rows = self.tables.rows
        start = next((i for i, s in enumerate(rows) if s.table == self.table_no), 0)
        for sheet in rows[start:] + rows[:start]:
            if sheet.kind != ResultState.PENDING:
                continue
            for row, board in enumerate(sheet.boards):
                for col, room in BoardGridModel.ROOM_COLUMNS.items():
                    if (board.number, room) not in sheet.entries:
                        self.select_table(sheet.table)
                        self.edit(self.grid.index(row, col))
                        return

    def show_edit_button(self, played: bool) -> None:
        """The round's boards can change only until its first board result is in."""
        self.edit_button.setEnabled(not played)
        self.edit_button.setToolTip(self.tr("The boards of a round with results can no longer change.")
                                    if played else "")  # fmt: skip

    def table_saved(self, table: int) -> None:
        """Show what the services stored for one table, read once (no full reload: the desk keeps typing)."""
        if self.round_no is None:
            return
        round_no = self.round_no
        played, sheet, source = self.read_together(
            lambda: (
                self.played(round_no),
                self.session.read(bs.board_sheet, round_no, table),
                self.read_source(table),
            )
        )
        self.show_edit_button(played)
        self.stale.end_table(
            self.round_no, table
        )  # this station changed it: a new edit begins at the next key
        self.tables.update_row(sheet)
        self.show_source(table, source)
        if table == self.table_no:
            self.grid.update_sheet(sheet)
            self.fit_grid()  # a penalty may have made a room's cell wider
        if sheet.outcome is not None:
            o = sheet.outcome
            self.say(self.tr("Table {table}: {home} {hvp} VP {hmp} MP – {away} {avp} VP {amp} MP").format(
                table=table, home=sheet.home, away=sheet.away, hvp=f"{o.home_vp:g}", avp=f"{o.away_vp:g}",
                hmp=f"{o.home_mp:g}", amp=f"{o.away_mp:g}"))  # fmt: skip
        else:
            self.say(self.tr("Table {table}: {count} board results still missing.").format(
                table=table, count=sheet.missing))  # fmt: skip

    # --- penalties ----------------------------------------------------------------------------------
    def grid_menu(self, pos: QPoint) -> None:
        index = self.grid_view.indexAt(pos)
        if not index.isValid() or self.grid.sheet is None:
            return
        board = self.grid.sheet.boards[index.row()].number
        menu = QMenu(self)
        menu.setObjectName("boards-penalty-menu")
        rooms: tuple[tuple[Room, str], ...] = (
            ("open", self.tr("open room")),
            ("closed", self.tr("closed room")),
        )
        sides: tuple[tuple[Pair, str], ...] = (("NS", self.tr("North-South")), ("EW", self.tr("East-West")))
        for room, room_name in rooms:
            for side, side_name in sides:
                label = self.tr("Penalty points to {side} in the {room}…").format(
                    side=side_name, room=room_name
                )
                menu.addAction(label, partial(self.ask_penalty, board, room, side))
        menu.popup(self.grid_view.viewport().mapToGlobal(pos))
        self.menu = menu

    def ask_penalty(self, board: int, room: Room, side: Pair) -> None:
        # The room as the grid showed it when the menu opened: a change elsewhere meanwhile is refused, not lost.
        sheet = self.grid.sheet
        if sheet is None:
            return
        seen = room_seen(sheet.entries, board, room).state
        entry = sheet.entries.get((board, room))
        now = (entry.to_ns if side == "NS" else entry.to_ew) if entry is not None else 0
        place = PenaltyPlace(sheet.round, sheet.table, sheet.home, sheet.away, board, room, side, now)
        given = ask_penalty(self, place)  # names the board, room, side and team; asks a reason (audited)
        if given is not None:
            self.set_penalty(board, room, side, given[0], expected=seen, reason=given[1])

    def set_penalty(
        self, board: int, room: Room, side: Pair, points: int, expected: dict[str, object] | None = None,
        reason: str | None = None,
    ) -> None:  # fmt: skip
        if self.round_no is None or self.table_no is None or not self.earlier_round_ok():
            return
        what = label("penalty", board=board, points=points, side=side)
        self.write_step(self.round_no, self.table_no, what, bs.set_penalty, board, room, side, points,
                        kind="sheet", expected=expected, reason=reason)  # fmt: skip

    # --- the tables' context menu: forfeits, rulings, late scoresheets, deductions (TableActions) --------
    def tables_menu(self, pos: QPoint) -> None:
        index = self.tables_view.indexAt(pos)
        if index.isValid() and self.round_no is not None:
            sheet = self.tables.rows[index.row()]
            at = self.tables_view.viewport().mapToGlobal(pos)
            self.table_menu(self, sheet.table, sheet.home, sheet.away, at)

    # --- the board set --------------------------------------------------------------------------------
    def edit_boards(self) -> None:
        round_no = self.round_no
        boards = (
            self.session.read(sets.board_set, round_no)
            if round_no
            else self.session.read(sets.board_sets).default
        )
        dialog = BoardSetDialog(self, self.submit_boards, boards, round_no)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.dialog = dialog
        dialog.open()

    def submit_boards(self, dialog: BoardSetDialog) -> bool:
        done = self.session.run(self, dialog.apply)
        return done is not None
