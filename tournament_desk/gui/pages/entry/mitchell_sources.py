"""The Mitchell boards page's side of ``LiveSources`` (``mitchell``): where each table's boards came from in the
picker (by table), and Ctrl+D to the first board of the next disputed table, where the desk types the decided
points; and boards another station entered, shown in place."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtWidgets import QAbstractItemView, QRadioButton, QTableView

from tournament_desk.gui.models.pair_boards import EntryModel, PickModel, PickRow
from tournament_desk.gui.session import RESULTS, Changes
from tournament_desk.services import live
from tournament_desk.services.results import pair_boards as pb
from tournament_desk.services.rounds import RoundView, round_view

T = TypeVar("T")


class PairBoardSources:
    """Mixed into ``PairBoardsPage`` (its ``picks``, ``grid``, ``grid_view``, the boards read, ``pick_rows``,
    ``show_rows`` and ``select_table``), before ``EntryPage`` whose ``LiveSources`` it tells how the tables are
    listed."""

    session: Any
    picks: PickModel
    grid: EntryModel
    grid_view: QTableView
    by_table_button: QRadioButton
    table_no: int | None
    live_views: dict[int, live.LiveTableView]
    plays: dict[int, list[tuple[int, int, str, str]]]
    travellers: dict[int, list[pb.PairBoardView]]
    rounds: dict[int, RoundView]

    if TYPE_CHECKING:  # the page's

        def pick_rows(self) -> list[PickRow]: ...
        def show_rows(self, *, in_place: bool = False) -> None: ...
        def select_table(self, table: int) -> None: ...
        def sources_changed(self, changes: Changes) -> None: ...
        def read_together(self, read: Callable[[], T]) -> T: ...

    def boards_changed(self, changes: Changes) -> None:
        """A phone's entry or confirmation, another station's boards (this page does not reload on results):
        where the tables stand, and the boards, in one read."""
        if not changes.remote or RESULTS not in changes:
            return

        def read() -> None:
            self.sources_changed(changes)
            if changes.tables:
                self.boards_changed_elsewhere({r for r, _ in changes.tables})

        self.read_together(read)

    def boards_changed_elsewhere(self, rounds: set[int]) -> None:
        """Boards another station (or the phones) entered: the travellers (every pair's match points may move)
        and those rounds are read again and the rows change in place, unless the director is typing."""
        if not self.plays or self.grid_view.state() == QAbstractItemView.State.EditingState:
            return  # nothing shown yet, or the director's save reads the boards again
        self.travellers = {b: self.session.read(pb.traveller, b) for b in self.plays}
        for n in rounds & set(self.rounds):
            self.rounds[n] = self.session.read(round_view, n)
        self.show_rows(in_place=True)
        self.picks.update_rows(self.pick_rows())

    def show_source(self, table: int, source: str | None) -> None:
        self.picks.update_rows(self.pick_rows())

    def shown_tables(self) -> list[int]:
        if self.by_table_button.isChecked():
            return [r.number for r in self.picks.rows]
        return sorted(self.live_views)  # by board: the round's tables, in table order

    def current_table(self) -> int | None:
        return self.table_no if self.by_table_button.isChecked() else None

    def move_to_dispute(self, view: live.LiveTableView) -> None:
        """The table, and the cursor on its first disputed board."""
        self.select_table(view.table)
        line = next(iter(view.disputed_boards), None)
        row = next((i for i, r in enumerate(self.grid.rows) if line is not None and r.board == line.board), 0)
        self.grid_view.setFocus()
        self.grid_view.setCurrentIndex(self.grid.index(row, self.grid.COL_POINTS))
