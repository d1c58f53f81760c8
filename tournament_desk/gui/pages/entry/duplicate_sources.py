"""The duplicate boards page's side of ``LiveSources`` (复式成绩, ``duplicate``): where each table's boards came
from in the list of tables, and Ctrl+D to the first disputed board-room of the next disputed table, where the
desk types the decided points."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QAbstractItemView, QTableView

from tournament_desk.gui.models.boards import BoardGridModel, TablesModel
from tournament_desk.services import live
from tournament_desk.services.results import boards as bs


class DuplicateBoardSources:
    """Mixed into ``DuplicateResultsPage`` (its ``session``, ``tables``, ``grid``, ``grid_view``, ``table_no`` and
    ``select_table``), before ``EntryPage`` whose ``LiveSources`` it tells how the tables are listed."""

    session: Any
    tables: TablesModel
    grid: BoardGridModel
    grid_view: QTableView
    round_no: int | None
    table_no: int | None

    if TYPE_CHECKING:  # the page's

        def select_table(self, table: int | None) -> None: ...

    def boards_changed_elsewhere(self, tables: Iterable[int]) -> None:
        """Boards another station (or the phones) entered: those tables' rows of the round shown change in place,
        and the grid of the table on screen too unless the director is typing in it (their save reads the table
        again)."""
        wanted = set(tables)
        sheets = [s for s in self.session.read(bs.round_sheets, self.round_no) if s.table in wanted]
        for sheet in sheets:
            self.tables.update_row(sheet)
            if (
                sheet.table == self.table_no
                and self.grid_view.state() != QAbstractItemView.State.EditingState
            ):
                self.grid.update_sheet(sheet)  # its totals follow (totals_changed)

    def show_source(self, table: int, source: str | None) -> None:
        self.tables.set_source(table, source)

    def shown_tables(self) -> list[int]:
        return [s.table for s in self.tables.rows]

    def current_table(self) -> int | None:
        return self.table_no

    def move_to_dispute(self, view: live.LiveTableView) -> None:
        """The table, and the cursor on its first disputed board-room, ready to type the decided points."""
        self.select_table(view.table)
        line = next(iter(view.disputed_boards), None)
        sheet = self.grid.sheet
        row = (
            next((i for i, b in enumerate(sheet.boards) if line and b.number == line.board), 0)
            if sheet
            else 0
        )
        column = next((c for c, room in BoardGridModel.ROOM_COLUMNS.items() if line and room == line.room),
                      BoardGridModel.COL_OPEN)  # fmt: skip
        self.grid_view.setFocus()
        self.grid_view.setCurrentIndex(self.grid.index(row, column))
