"""Typing the pair games of a team match (团体赛, ``team_match``): the grid's editor, which checks a level (or 缺,
a pair absent) or the declarer on Enter or Tab, and the page's side of it (``TeamTyping``): the home level
waits for the away level, equal levels ask the declarer (庄家), then the game is saved as an undoable step,
expecting the game as it was when its typing began (issue 23), and the cursor moves to the next board.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QTimer
from PySide6.QtWidgets import QTableView

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.levels import format_level
from tournament_desk.domain.team_match import PairGame, game_winner
from tournament_desk.gui.models.team_match import ABSENT, GamesModel, parse_declarer, parse_typed_level
from tournament_desk.gui.models.team_matches import MatchesModel
from tournament_desk.gui.pages.entry.editor import EntryDelegate, Refused
from tournament_desk.gui.pages.entry.stale import Edit, Seen, StaleGuard
from tournament_desk.gui.pages.undo import label
from tournament_desk.i18n import render
from tournament_desk.services.results import team_games as tg
from tournament_desk.services.results import team_views as tv
from tournament_desk.services.results.table import ChangedElsewhere
from tournament_desk.services.undo import Label


def _tr(text: str) -> str:
    return QCoreApplication.translate("TeamMatchPage", text)


class GameDelegate(EntryDelegate):
    """A level (2–10, J, Q, K, A, 过A) or 缺 (the pair did not show) in the level columns; h or a (主 / 客)
    in the declarer column. It only emits signals (``EntryDelegate``)."""

    editor_name = "game-editor"
    writes_model = False  # the page keeps a home level as a draft until the away level (and the declarer)
    undo_keys = True

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.teams = ("", "")  # the home and away teams of the match shown: their names are a declarer too

    def placeholder_for(self, column: int) -> str:
        if column == GamesModel.COL_DECLARER:
            return _tr("h = home, a = away")
        return _tr("9, J, 过A or 缺")

    def parse(self, text: str, column: int) -> object:
        if column == GamesModel.COL_DECLARER:
            declarer = parse_declarer(text, *self.teams)
            if declarer is None:
                raise Refused(_tr("The levels are equal: type h (主) if the home pair declared, a (客) if the away "
                                  "pair did."))  # fmt: skip
            return declarer
        return parse_typed_level(text)


def where_game(table: int, board: int) -> str:
    return _tr("Table {table}, board {board}").format(table=table, board=board)


def game_text(game: PairGame | None, home: str, away: str) -> str:
    """A game as the sentences name it: "9 : 7", "J : J, 乙队 declaring", "甲队's pair absent"."""
    if game is None:
        return _tr("nothing entered")
    if game.absent == "both":
        return _tr("both pairs absent")
    if game.absent is not None:
        return _tr("the pair of {team} absent").format(team=home if game.absent == "home" else away)
    if game.home_level is None or game.away_level is None:
        return _tr("nothing entered")
    text = f"{format_level(game.home_level)} : {format_level(game.away_level)}"
    if game.home_level == game.away_level and game.declarer is not None:
        return _tr("{levels}, {team} declaring").format(
            levels=text, team=home if game.declarer == "home" else away
        )
    return text


def game_seen(sheet: tv.TeamSheet, board: int) -> Seen:
    """A board as the grid shows it, in the services' ``expected`` terms (``game_json``) and as text."""
    line = next(line for line in sheet.lines if line.game.game == board)
    game = line.game if line.entered else None
    return Seen({str(board): tv.game_json(game)}, game_text(game, sheet.home, sheet.away))


class TeamTyping:
    """Mixed into ``TeamMatchPage`` (its ``session``, ``round_no``, ``table_no``, ``grid``, ``grid_view``,
    ``matches``, ``stale``, ``say``, ``refused``, ``edit``, ``earlier_round_ok``, ``write_step``,
    ``next_board`` and ``table_saved``)."""

    session: Any
    round_no: int | None
    table_no: int | None
    grid: GamesModel
    grid_view: QTableView
    matches: MatchesModel
    stale: StaleGuard
    stored: dict[tuple[int, int], tv.TeamSheet]  # (round, table) → the match as this page's write left it

    if TYPE_CHECKING:  # the page's

        def say(self, text: str, *, error: bool = False) -> None: ...
        def refused(self, text: str) -> None: ...
        def edit(self, index: QModelIndex) -> None: ...
        def earlier_round_ok(self) -> bool: ...
        def next_board(self, row: int) -> None: ...
        def table_saved(self, table: int) -> None: ...
        def write_step(self, round_no: int, table: int, what: Label, action: Callable[..., Any], *args: Any,
                       **kwargs: Any) -> bool: ...  # fmt: skip

    # --- Enter on a cell ------------------------------------------------------------------------------
    def typed(self, row: int, column: int, value: object) -> None:
        """A level, 缺 or the declarer, checked: kept as a draft, or the game saved; then on to the next cell."""
        sheet = self.grid.sheet
        if sheet is None or self.round_no is None or not 0 <= row < len(sheet.lines):
            return
        board = self.grid.board_at(row)
        self.grid.clear_preview()
        if value == ABSENT:
            self.save_game(row, PairGame(board, absent="home" if column == GamesModel.COL_HOME else "away"))
        elif column == GamesModel.COL_HOME and isinstance(value, int):
            self.grid.set_draft(board, home=value)
            self.open_later(self.grid.index(row, GamesModel.COL_AWAY))
        elif column == GamesModel.COL_AWAY and isinstance(value, int):
            self.away_typed(row, board, value)
        elif column == GamesModel.COL_DECLARER and value in ("home", "away"):
            game = self.grid.shown_game(row)
            if game is None or game.absent is not None or game.home_level is None:
                return
            self.save_game(row, PairGame(board, game.home_level, game.away_level, value))

    def away_typed(self, row: int, board: int, away: int) -> None:
        draft = self.grid.drafts.get(board)
        stored = self.grid.sheet.lines[row].game if self.grid.sheet is not None else None
        home = draft.home if draft is not None else None
        if home is None and stored is not None and stored.absent is None:
            home = stored.home_level  # the away level typed again alone: the home level stays
        if home is None:
            self.refused(_tr("Type the home level first."))
            self.open_later(self.grid.index(row, GamesModel.COL_HOME))
            return
        try:
            game_winner(PairGame(board, home, away, "home"))  # levels no game can end on (both past A)
        except BadInput as exc:
            self.refused(render(exc))
            self.open_later(self.grid.index(row, GamesModel.COL_AWAY))
            return
        if home != away:
            self.save_game(row, PairGame(board, home, away))
            return
        self.grid.set_draft(board, home=home, away=away)  # equal levels: the declarer decides
        self.say(_tr("Equal levels: type h if the home pair declared (庄家), a if the away pair did."))
        self.open_later(self.grid.index(row, GamesModel.COL_DECLARER))

    def open_later(self, target: QModelIndex) -> None:
        # After the editor has closed: opening a new one inside its key event would be refused.
        QTimer.singleShot(0, lambda: self.edit(target))

    def advance(self) -> None:
        """The page's ``typed`` moves the cursor itself (the next cell depends on what was typed)."""

    # --- saving ---------------------------------------------------------------------------------------
    def keeping(self, action: Callable[..., tv.TeamSheet]) -> Callable[..., tv.TeamSheet]:
        """``action`` (a write that gives back the match as it stored it), its sheet kept for ``table_saved``:
        the write's own transaction read it, so showing it needs no read of its own."""

        def write(desk: Any, round_no: int, table: int, *args: Any, **kwargs: Any) -> tv.TeamSheet:
            sheet = action(desk, round_no, table, *args, **kwargs)
            self.stored[(round_no, table)] = sheet
            return sheet

        return write

    def save_game(self, row: int, game: PairGame) -> None:
        sheet = self.grid.sheet
        if sheet is None or self.round_no is None:
            return
        key = (sheet.table, game.game)
        if not self.earlier_round_ok():
            self.grid.drop_draft(game.game)
            self.stale.end(key)
            return
        seen = game_seen(sheet, game.game)
        write = partial(self.write_game, self.round_no, sheet.table, game)
        mine = game_text(game, sheet.home, sheet.away)
        if self.stale.save(key, mine, write, fallback=seen.state):
            self.next_board(row)

    def write_game(self, round_no: int, table: int, game: PairGame, expected: dict[str, object] | None,
                   reason: str | None, overtaken: Callable[[ChangedElsewhere], None] | None) -> bool:  # fmt: skip
        """One try at storing a game (audited, undoable); refused: the draft goes."""
        if game.absent == "both":
            what = label("game-absent-both", game=game.game)
        elif game.absent is not None:
            sheet = self.grid.sheet
            who = (sheet.home if game.absent == "home" else sheet.away) if sheet is not None else game.absent
            what = label("game-absent", game=game.game, who=who)
        else:
            assert game.home_level is not None and game.away_level is not None
            what = label("game", game=game.game, home=format_level(game.home_level),
                         away=format_level(game.away_level))  # fmt: skip
        seen = {int(n): v for n, v in expected.items()} if expected is not None else None
        levels = (
            (None, None) if game.absent is not None else (format_level(game.home_level or 2),
                                                          format_level(game.away_level or 2))
        )  # fmt: skip
        done = self.write_step(round_no, table, what, self.keeping(tg.record_game), game.game, *levels, declarer=game.declarer,
                               absent=game.absent, expected=seen, reason=reason, on_overtaken=overtaken)  # fmt: skip
        if not done:
            self.grid.drop_draft(game.game)
        return done

    def clear_game(self, board: int) -> None:
        """Take a game's result away (typed at the wrong board); Ctrl+Z puts it back."""
        sheet = self.grid.sheet
        if sheet is None or self.round_no is None or not self.earlier_round_ok():
            return
        line = next((line for line in sheet.lines if line.game.game == board), None)
        if line is None or not line.entered:
            self.say(_tr("Board {board} has no result to clear.").format(board=board))
            return
        seen = {board: tv.game_json(line.game)}
        self.write_step(self.round_no, sheet.table, label("game-clear", game=board), self.keeping(tg.clear_game),
                        board, expected=seen)  # fmt: skip

    # --- the games being typed (issue 23: StaleGuard's host) ------------------------------------------
    def typing_edited(self, row: int, column: int, text: str) -> None:
        """What the level being typed would give: the board's winner, the running games, the points."""
        self.grid.preview(row, column, text)

    def typing_began(self, row: int, column: int) -> None:
        """The first key typed for a board: its home level begins an edit; the away level and the declarer
        continue it."""
        sheet = self.grid.sheet
        if self.round_no is None or sheet is None or not 0 <= row < len(sheet.lines):
            return
        board = self.grid.board_at(row)
        edit = Edit(self.round_no, sheet.table, where_game(sheet.table, board), game_seen(sheet, board))
        self.stale.begin((sheet.table, board), lambda: edit, fresh=board not in self.grid.drafts)

    def typing_abandoned(self, row: int, column: int) -> None:
        """Esc: what was being typed goes, the draft of the board too."""
        self.grid.clear_preview()
        if self.grid.sheet is not None and 0 <= row < self.grid.rowCount():
            board = self.grid.board_at(row)
            self.grid.drop_draft(board)
        self.stale.end_all()

    def stale_now(self, key: Hashable) -> Seen:
        assert isinstance(key, tuple) and self.round_no is not None
        table, board = key
        return game_seen(self.session.read(tv.team_sheet, self.round_no, table), board)

    def stale_kept(self, key: Hashable) -> None:
        assert isinstance(key, tuple)
        self.grid.drop_draft(key[1])
        self.table_saved(key[0])

    def stale_tint(self, key: Hashable, on: bool) -> None:
        assert isinstance(key, tuple)
        if key[0] == self.table_no:
            self.grid.tint_board(key[1], on)
