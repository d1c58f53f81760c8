"""Team matches of pairs (团体赛，每队 P 对, rules.md §5.8): pick a team match, type each board's pair game.

The round's team matches are listed on the left with the pair games each team has won and the points; the
match picked shows its P boards on the right: the pairs that meet there, the two levels, the declarer (庄家,
asked only when the levels are equal) and who won. Type the home level, Enter, the away level, Enter (equal
levels: h or a for the declarer, Enter): the game is saved, and the cursor is on the next board (after the
last, the next match still waiting). 缺 in a level cell: that pair did not show and loses its game (both
pairs: the grid's context menu). The running games (3 : 2), the team already sure of the match and the points
follow every key. Line-up… sets which pair plays at which board before a game is typed; forfeits, rulings,
late scoresheets and deductions are on the matches' context menu; every step can be undone (Ctrl+Z / Ctrl+Y).
A game another station changed while it was being typed: Enter asks whether to keep theirs or put mine.

The typing is in ``team_match_typing``; what every result page shares is in ``page.EntryPage``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QPushButton, QTableView, QWidget

from tournament_desk.domain.results import ResultState
from tournament_desk.gui.columns import fit_names, keep_whole, reserve
from tournament_desk.gui.dialogs.lineup_dialog import LineupDialog
from tournament_desk.gui.models.team_match import GamesModel, undecided
from tournament_desk.gui.models.team_matches import MatchesModel
from tournament_desk.gui.pages.entry.levels import deducted_in
from tournament_desk.gui.pages.entry.page import ERROR_STYLE, EntryPage
from tournament_desk.gui.pages.entry.table_actions import TableActions
from tournament_desk.gui.pages.entry.team_match_actions import TeamActions
from tournament_desk.gui.pages.entry.team_match_lines import quiet
from tournament_desk.gui.pages.entry.team_match_typing import GameDelegate, TeamTyping
from tournament_desk.gui.session import ENTRANTS, ROUNDS, RULES, Changes, DeskSession
from tournament_desk.services import live
from tournament_desk.services.results import deductions as ds
from tournament_desk.services.results import team_views as tv
from tournament_desk.services.undo import Label, StepView

MATCHES_MAX_EMS = 50  # the widest the list of matches may claim beside the boards


@dataclass(frozen=True)
class TeamRound:
    sheets: list[tv.TeamSheet]
    sources: dict[int, live.LiveTableView]
    deducted: dict[str, float]  # points deducted from teams in the round


class TeamMatchPage(TeamTyping, TeamActions, TableActions, EntryPage):
    prefix = "team-"
    watches = frozenset({ROUNDS, ENTRANTS, RULES})

    def __init__(self, session: DeskSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.table_no: int | None = None
        self.stored = {}  # a match as this page's write gave it back, shown without reading it again
        self.dialog: LineupDialog | None = None  # the line-up dialog opened last (tests drive it)
        self.add_round_box(self.tr("Round"), self.tr("Round {n}"))
        self.lineup_button = QPushButton(self.tr("Line-up…"))
        self.lineup_button.setObjectName("team-lineup")
        self.lineup_button.setToolTip(
            self.tr("Which pair of each team plays at which board (before the games)")
        )
        self.lineup_button.clicked.connect(self.edit_lineup)
        self.bar.addWidget(self.lineup_button)
        self.bar.addStretch()
        self.add_undo()
        self.say(self.tr("Type each board's levels, home then away (缺: the pair did not show); equal levels ask "
                         "the declarer (庄家). Enter moves on."))  # fmt: skip

        self.matches = MatchesModel(self)
        self.matches_view = self.list_view("team-matches", self.matches)
        self.matches_view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.matches_view.selectionModel().currentRowChanged.connect(self.match_chosen)
        self.matches_view.customContextMenuRequested.connect(self.matches_menu)
        self.grid = GamesModel(self)
        self.delegate = GameDelegate(self)
        self.grid_view = self.entry_grid("team-grid", self.grid, self.delegate)
        self.grid_view.horizontalHeader().setStretchLastSection(False)
        self.grid_view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.grid_view.customContextMenuRequested.connect(self.grid_menu)
        self.grid.totals_changed.connect(self.show_totals)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.grid_view, self.clear_current,
                  context=Qt.ShortcutContext.WidgetShortcut)  # fmt: skip
        for keys in ("Menu", "Shift+F10"):
            QShortcut(QKeySequence(keys), self.matches_view, self.current_match_menu,
                      context=Qt.ShortcutContext.WidgetShortcut)  # fmt: skip
        self.splitter = self.beside(self.matches_view, self.grid_view, wrap=False)
        self.splitter.setChildrenCollapsible(False)
        for label, lines in ((self.heading, 1), (self.totals, 1), (self.message, 2)):
            label.setTextFormat(Qt.TextFormat.PlainText)  # team names: the user's text
            quiet(label, lines)
        self.add_dispute_key(self.matches_view, self.grid_view)

    def say(self, text: str, *, error: bool = False) -> None:
        """The message line; its style is set only when a refusal comes or goes (a style sheet set again
        restyles the label and lays the page out again, at every game typed)."""
        self.message.setText(text)
        if error != self.message.property("error"):
            self.message.setProperty("error", error)
            self.message.setStyleSheet(ERROR_STYLE if error else "")

    def find_view(self) -> QTableView:
        return self.matches_view

    def title(self) -> str:
        return self.tr("Team matches")

    def on_changes(self, changes: Changes) -> None:
        super().on_changes(changes)
        # Another station's games, the phones: the rows of the round shown change in place.
        if changes.remote and self.round_no is not None and changes.tables_in(self.round_no):
            self.read_together(partial(self.changed_elsewhere, changes))

    def changed_elsewhere(self, changes: Changes) -> None:
        assert self.round_no is not None
        self.sources_changed(changes)
        self.matches_changed(changes.tables_in(self.round_no))

    def matches_changed(self, tables: Iterable[int]) -> None:
        """Matches another station changed: their rows, and the grid unless the director is typing in it."""
        wanted = set(tables)
        for sheet in self.session.read(tv.round_team_sheets, self.round_no):
            if sheet.table not in wanted:
                continue
            self.matches.update_row(sheet)
            typing = self.grid_view.state() == QTableView.State.EditingState or self.grid.drafts
            if sheet.table == self.table_no and not typing:
                self.grid.update_sheet(sheet)

    # --- reading ---------------------------------------------------------------------------------------
    def read_round(self, round_no: int | None) -> TeamRound | None:
        if round_no is None:
            return None
        deducted = deducted_in(self.session.read(ds.list_deductions), round_no)
        return TeamRound(
            self.session.read(tv.round_team_sheets, round_no), self.fetch_sources(round_no), deducted
        )

    def deductions_changed(self) -> None:
        """A deduction made or taken back: the matches of the teams concerned say so."""
        if self.round_no is not None:
            self.matches.set_deductions(deducted_in(self.session.read(ds.list_deductions), self.round_no))

    def show_round_data(self, round_no: int | None, data: Any) -> None:
        keep = self.table_no if round_no == self.round_no else None  # the same match when the round stays
        self.round_no = round_no
        self.table_no = None
        self.stale.end_all()
        if not isinstance(data, TeamRound):
            self.matches.set_rows([])
            self.grid.set_sheet(None)
            self.lineup_button.setEnabled(False)
            self.say(self.tr("No round has been paired yet."))
            return
        self.matches.set_rows(data.sheets, self.keep_sources(data.sources))
        self.matches.set_deductions(data.deducted)
        self.fit_matches()
        numbers = [s.table for s in data.sheets]
        self.select_table(keep if keep in numbers else (numbers[0] if numbers else None))

    def fit_matches(self) -> None:
        view = self.matches_view
        view.resizeColumnsToContents()
        fit_names(view, MatchesModel.COL_HOME, [s.home for s in self.matches.rows])
        fit_names(view, MatchesModel.COL_AWAY, [s.away for s in self.matches.rows])
        reserve(view, MatchesModel.COL_GAMES, ["9 : 9"])
        reserve(view, MatchesModel.COL_POINTS, ["3 : 1"])
        # As wide as its columns (up to a limit: the boards need room too), never cut by the splitter.
        states = [self.matches.state_text(s) for s in self.matches.rows]
        keep_whole(view, MatchesModel.COL_STATE, states, max_ems=MATCHES_MAX_EMS)

    def select_table(self, table: int | None) -> None:
        row = self.matches.row_of(table) if table is not None else None
        if row is None:
            self.table_no = None
            self.grid.set_sheet(None)
            self.lineup_button.setEnabled(False)
            self.heading.setText("")
            return
        self.matches_view.setCurrentIndex(self.matches.index(row, 0))
        self.match_chosen(self.matches.index(row, 0))

    def match_chosen(self, current: QModelIndex, _previous: QModelIndex | None = None) -> None:
        if not current.isValid():
            return
        sheet = self.matches.rows[current.row()]
        if sheet.table == self.table_no and self.grid.sheet is not None:
            return
        self.table_no = sheet.table
        self.stale.end_all()  # another match's grid: whatever was typed is gone
        self.show_sheet(sheet)

    def show_sheet(self, sheet: tv.TeamSheet) -> None:
        self.grid.set_sheet(sheet)
        self.delegate.teams = (sheet.home, sheet.away)
        self.lineup_button.setEnabled(True)
        view = self.grid_view
        view.resizeColumnsToContents()
        for column in (*GamesModel.LEVEL_COLUMNS, GamesModel.COL_DECLARER):
            reserve(view, column, ["过A", self.tr("absent"), undecided(), sheet.home, sheet.away])
        fit_names(view, GamesModel.COL_WINNER, [sheet.home, sheet.away])
        self.heading.setText(self.tr("Table {table}: {home} (home) – {away}, {pairs} pair games").format(
            table=sheet.table, home=sheet.home, away=sheet.away, pairs=sheet.pairs))  # fmt: skip

    def show_totals(self) -> None:
        sheet = self.grid.sheet
        if sheet is None:
            self.totals.setText("")
            return
        home, away, left, sure, outcome = self.grid.running()
        if sheet.kind not in (ResultState.PENDING, ResultState.PLAYED):
            text = self.tr("{home} {h} : {a} {away} in pair games · the match: {state}").format(
                home=sheet.home, away=sheet.away, h=home, a=away, state=self.matches.state_text(sheet)
            )
        elif outcome is not None:
            text = self.tr("{home} {h} : {a} {away} · points {hp} : {ap}").format(
                home=sheet.home, away=sheet.away, h=home, a=away, hp=f"{outcome.home_mp:g}",
                ap=f"{outcome.away_mp:g}")  # fmt: skip
        else:
            text = self.tr("{home} {h} : {a} {away} so far · {left} to type").format(
                home=sheet.home, away=sheet.away, h=home, a=away, left=left)  # fmt: skip
            if sure is not None:
                text += " · " + self.tr("{team} has won the match").format(
                    team=sheet.home if sure == "home" else sheet.away)  # fmt: skip
        self.totals.setText(text)

    # --- moving on -------------------------------------------------------------------------------------
    def next_board(self, row: int) -> None:
        """After a game is saved: the next board of the match still without a game, else the next match
        still waiting."""
        sheet = self.grid.sheet
        if sheet is None:
            return
        later = [i for i, line in enumerate(sheet.lines) if i > row and not line.entered]
        earlier = [i for i, line in enumerate(sheet.lines) if i < row and not line.entered]
        if later or earlier:
            self.open_later(self.grid.index((later or earlier)[0], GamesModel.COL_HOME))
            return
        rows = self.matches.rows
        here = self.matches.row_of(sheet.table) or 0
        waiting = [s for s in rows[here + 1 :] + rows[:here] if s.kind == ResultState.PENDING]
        if waiting:
            self.select_table(waiting[0].table)
            self.start_at_first_missing()
        else:
            self.grid_view.setFocus()

    def start_at_first_missing(self) -> bool:
        sheet = self.grid.sheet
        if sheet is None or sheet.kind != ResultState.PENDING:
            return False
        row = next((i for i, line in enumerate(sheet.lines) if not line.entered), None)
        if row is None:
            return False
        self.open_later(self.grid.index(row, GamesModel.COL_HOME))
        return True

    def start_typing(self) -> None:
        """Put the cursor on the first board without a game, from the match shown on."""
        rows = self.matches.rows
        start = self.matches.row_of(self.table_no) if self.table_no is not None else 0
        start = start or 0
        for sheet in rows[start:] + rows[:start]:
            if sheet.kind == ResultState.PENDING and sheet.missing:
                self.select_table(sheet.table)
                self.start_at_first_missing()
                return

    def move_to(self, table: int) -> None:
        """Ctrl+D: the match, the cursor on its first board."""
        self.select_table(table)
        self.grid_view.setFocus()
        self.grid_view.setCurrentIndex(self.grid.index(0, GamesModel.COL_HOME))

    def move_to_dispute(self, view: live.LiveTableView) -> None:
        """Ctrl+D on a disputed match: the cursor on its first disputed game, ready to type the decided game."""
        self.select_table(view.table)
        first = next(iter(view.disputed_games), None)
        row = first.game - 1 if first is not None and 0 < first.game <= self.grid.rowCount() else 0
        self.grid_view.setFocus()
        self.grid_view.setCurrentIndex(self.grid.index(row, GamesModel.COL_HOME))

    def show_source(self, table: int, source: str | None) -> None:
        self.matches.set_source(table, source)

    def shown_tables(self) -> list[int]:
        return [s.table for s in self.matches.rows]

    def current_table(self) -> int | None:
        return self.table_no

    # --- writing ---------------------------------------------------------------------------------------
    def write_step(self, round_no: int, table: int, what: Label, action: Callable[..., Any], *args: Any,
                   **kwargs: Any) -> bool:  # fmt: skip
        """Every step on a team match (a game, a forfeit, a ruling) is journaled with its pair games, so undo
        puts the games back too."""
        kwargs.setdefault("kind", "games")
        return super().write_step(round_no, table, what, action, *args, **kwargs)

    def table_saved(self, table: int) -> None:
        """Show what the services stored for one match, read once (no full reload: the desk keeps typing)."""
        if self.round_no is None:
            return
        round_no = self.round_no
        kept = self.stored.pop((round_no, table), None)  # this page's write: the match as it stored it
        # Where the result came from changes at the desk only for a table the phones have (the desk decides
        # it); a phone taking a table up is announced (``sources_changed``).
        phones = kept is None or table in self.matches.sources
        sheet, source = self.read_together(
            lambda: (
                kept or self.session.read(tv.team_sheet, round_no, table),
                self.read_source(table) if phones else None,
            )
        )
        self.stale.end_table(round_no, table)
        self.matches.update_row(sheet)
        self.show_source(table, source)
        if table == self.table_no:
            self.grid.update_sheet(sheet)
        if sheet.outcome is not None and sheet.kind == ResultState.PLAYED:
            o = sheet.outcome
            self.say(self.tr("Table {table}: {home} {h} : {a} {away} in pair games, points {hp} : {ap}.").format(
                table=table, home=sheet.home, away=sheet.away, h=sheet.home_won, a=sheet.away_won,
                hp=f"{o.home_mp:g}", ap=f"{o.away_mp:g}"))  # fmt: skip
        elif sheet.kind == ResultState.PENDING:
            self.say(self.tr("Table {table}: {home} {h} : {a} {away}; {count} games still to type.").format(
                table=table, home=sheet.home, away=sheet.away, h=sheet.home_won, a=sheet.away_won,
                count=len(sheet.missing)))  # fmt: skip
        else:
            self.say(
                self.tr("Table {table}: {state}.").format(table=table, state=self.matches.state_text(sheet))
            )

    def undo(self) -> None:
        """A level typed and not saved yet is the last entry: it goes; else the station's last step."""
        board = next(iter(self.grid.drafts), None)
        if board is not None and self.grid.sheet is not None:
            self.grid.drop_draft(board)
            self.stale.end((self.grid.sheet.table, board))
            self.say(self.tr("Board {board}: the level typed is taken back.").format(board=board))
            row = self.grid.row_of(board)
            if row is not None:
                self.grid_view.setCurrentIndex(self.grid.index(row, GamesModel.COL_HOME))
            return
        assert self.undo_stack is not None
        self.go_to_step(self.undo_stack.undo())

    def redo(self) -> None:
        assert self.undo_stack is not None
        self.go_to_step(self.undo_stack.redo())

    def go_to_step(self, step: StepView | None) -> None:
        if step is None or step.table is None or step.round != self.round_no:
            return
        self.select_table(step.table)
        self.grid_view.setFocus()
