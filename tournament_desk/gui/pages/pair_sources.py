"""The Mitchell boards page's side of ``LiveSources``: where each table's boards came from in the picker (by
table), and Ctrl+D to the first board of the next disputed table, where the desk types the decided points."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QAbstractItemView

from tournament_desk.gui.pages.live_sources import LiveSources
from tournament_desk.gui.session import RESULTS, Changes
from tournament_desk.services import live
from tournament_desk.services import pair_boards as pb
from tournament_desk.services.rounds import round_view


class PairBoardSources(LiveSources):
    """Mixed into ``PairBoardsPage`` (its ``picks``, ``grid``, ``grid_view``, ``pick_rows`` and
    ``select_table``)."""

    picks: Any
    grid: Any
    grid_view: Any
    by_table_button: Any
    table_no: int | None

    def _on_changed(self, changes: Changes) -> None:
        super()._on_changed(changes)  # type: ignore[misc]
        self.sources_changed(changes)  # a phone's entry or confirmation: this page does not reload on results
        if changes.remote and RESULTS in changes and changes.tables:
            self.boards_changed_elsewhere({r for r, _ in changes.tables})

    def boards_changed_elsewhere(self, rounds: set[int]) -> None:
        """Boards another station (or the phones) entered: the travellers (every pair's match points may move)
        and those rounds are read again and the rows change in place, unless the director is typing."""
        page: Any = self
        if not page.plays or self.grid_view.state() == QAbstractItemView.State.EditingState:
            return  # nothing shown yet, or the director's save reads the boards again
        page.travellers = {b: self.session.read(pb.traveller, b) for b in page.plays}
        for n in rounds & set(page.rounds):
            page.rounds[n] = self.session.read(round_view, n)
        page.show_rows(in_place=True)
        self.picks.update_rows(self.pick_rows())  # type: ignore[attr-defined]

    def show_source(self, table: int, source: str | None) -> None:
        self.picks.update_rows(self.pick_rows())  # type: ignore[attr-defined]

    def shown_tables(self) -> list[int]:
        if self.by_table_button.isChecked():
            return [r.number for r in self.picks.rows]
        return sorted(self.live_views)  # by board: the round's tables, in table order

    def current_table(self) -> int | None:
        return self.table_no if self.by_table_button.isChecked() else None

    def move_to_dispute(self, view: live.LiveTableView) -> None:
        """The table, and the cursor on its first disputed board."""
        self.select_table(view.table)  # type: ignore[attr-defined]
        line = next(iter(view.disputed_boards), None)
        row = next((i for i, r in enumerate(self.grid.rows) if line is not None and r.board == line.board), 0)
        self.grid_view.setFocus()
        self.grid_view.setCurrentIndex(self.grid.index(row, self.grid.COL_POINTS))
