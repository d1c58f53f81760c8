"""The team-match page's actions besides typing (``team_match``): a game's pairs absent and clearing a game (the
grid's context menu, Delete), the match's forfeits, rulings and deductions (the matches' context menu, through
``TableActions``), and the line-up dialog (refused by the services once a game is typed: its sentence shown)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QPoint, Qt
from PySide6.QtWidgets import QMenu, QTableView, QWidget

from tournament_desk.domain.team_match import PairGame
from tournament_desk.gui.dialogs.lineup_dialog import LineupDialog
from tournament_desk.gui.models.team_match import GamesModel
from tournament_desk.gui.models.team_matches import MatchesModel


def _tr(text: str) -> str:
    return QCoreApplication.translate("TeamMatchPage", text)


class TeamActions:
    """Mixed into ``TeamMatchPage`` (its ``session``, ``round_no``, ``grid``, ``grid_view``, ``matches``,
    ``matches_view``, ``save_game``, ``clear_game``, ``table_menu``, ``table_saved`` and ``say``)."""

    session: Any
    round_no: int | None
    grid: GamesModel
    grid_view: QTableView
    matches: MatchesModel
    matches_view: QTableView
    menu: QMenu
    dialog: LineupDialog | None

    if TYPE_CHECKING:  # the page's

        def say(self, text: str, *, error: bool = False) -> None: ...
        def save_game(self, row: int, game: PairGame) -> None: ...
        def clear_game(self, board: int) -> None: ...
        def table_saved(self, table: int) -> None: ...
        def table_menu(self, parent: QWidget, table: int, home: str, away: str, at: QPoint) -> None: ...

    # --- menus: a game's pairs absent, clearing it; the match's forfeits and deductions ------------------
    def grid_menu(self, pos: QPoint) -> None:
        index = self.grid_view.indexAt(pos)
        sheet = self.grid.sheet
        if not index.isValid() or sheet is None:
            return
        board = self.grid.board_at(index.row())
        menu = QMenu(self.grid_view)
        menu.setObjectName("team-game-menu")
        for side, text in (
            ("home", _tr("The pair of {team} did not show").format(team=sheet.home)),
            ("away", _tr("The pair of {team} did not show").format(team=sheet.away)),
            ("both", _tr("Neither pair showed")),
        ):
            menu.addAction(text, partial(self.absent, index.row(), side))
        menu.addSeparator()
        menu.addAction(_tr("Clear this game (Delete)"), partial(self.clear_game, board))
        menu.popup(self.grid_view.viewport().mapToGlobal(pos))
        self.menu = menu

    def absent(self, row: int, side: str) -> None:
        """A pair (or both) that did not show: its game is lost (both: nobody wins it)."""
        if self.grid.sheet is not None and 0 <= row < self.grid.rowCount():
            self.save_game(row, PairGame(self.grid.board_at(row), absent=side))  # type: ignore[arg-type]

    def clear_current(self) -> None:
        index = self.grid_view.currentIndex()
        if index.isValid() and self.grid.sheet is not None:
            self.clear_game(self.grid.board_at(index.row()))

    def matches_menu(self, pos: QPoint) -> None:
        index = self.matches_view.indexAt(pos)
        if index.isValid() and self.round_no is not None:
            sheet = self.matches.rows[index.row()]
            at = self.matches_view.viewport().mapToGlobal(pos)
            self.table_menu(self.matches_view, sheet.table, sheet.home, sheet.away, at)

    def current_match_menu(self) -> None:
        index = self.matches_view.currentIndex()
        if index.isValid() and self.round_no is not None:
            sheet = self.matches.rows[index.row()]
            at = self.matches_view.viewport().mapToGlobal(self.matches_view.visualRect(index).bottomLeft())
            self.table_menu(self.matches_view, sheet.table, sheet.home, sheet.away, at)

    # --- the line-up ------------------------------------------------------------------------------------
    def edit_lineup(self) -> None:
        sheet = self.grid.sheet
        if sheet is None or self.round_no is None:
            return
        dialog = LineupDialog(self.grid_view, self.submit_lineup, sheet)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.dialog = dialog
        dialog.open()

    def submit_lineup(self, dialog: LineupDialog) -> bool:
        """The line-up as the dialog has it (one action); refused (a game is typed already): the services'
        sentence stays in the dialog. Stored: the match's boards show the pairs now at them."""
        done = bool(self.session.run(dialog, dialog.apply))
        if done and self.round_no == dialog.sheet.round:
            self.table_saved(dialog.sheet.table)
            self.say(_tr("Table {table}: the line-up is stored.").format(table=dialog.sheet.table))
            self.grid_view.setFocus()  # the boards, ready to type once the dialog has gone
        return done
