"""The duplicate boards page's side of ``LiveSources`` (复式成绩, ``boards``): where each table's boards came
from in the list of tables, and Ctrl+D to the first disputed board-room of the next disputed table, where the
desk types the decided points."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import QAbstractItemView, QTableView

from tournament_desk.gui.models.boards import BoardGridModel, TablesModel
from tournament_desk.gui.pages.live_sources import LiveSources
from tournament_desk.gui.session import Changes
from tournament_desk.services import boards as bs
from tournament_desk.services import live


class DuplicateBoardSources(LiveSources):
    """Mixed into ``DuplicateResultsPage`` (its ``tables``, ``grid``, ``grid_view``, ``table_no`` and
    ``select_table``)."""

    tables: TablesModel
    grid: BoardGridModel
    grid_view: QTableView
    table_no: int | None

    def _on_changed(self, changes: Changes) -> None:
        super()._on_changed(changes)  # type: ignore[misc]
        self.sources_changed(changes)  # a phone's entry or confirmation: this page does not reload on results
        round_no = getattr(self, "round_no", None)
        if changes.remote and round_no is not None and changes.tables_in(round_no):
            self.boards_changed_elsewhere(round_no, changes.tables_in(round_no))

    def boards_changed_elsewhere(self, round_no: int, tables: Iterable[int]) -> None:
        """Boards another station (or the phones) entered: those tables' rows change in place, and the grid of
        the table on screen too unless the director is typing in it (their save reads the table again)."""
        wanted = set(tables)
        sheets = [s for s in self.session.read(bs.round_sheets, round_no) if s.table in wanted]
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
        self.select_table(view.table)  # type: ignore[attr-defined]
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
