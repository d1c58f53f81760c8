"""The P pair games of one team match (rules.md §5.8, 团体赛); the round's matches are listed by ``team_matches``.

``GamesModel`` is one match's boards: the pairs that meet at each, the two levels, the
declarer (庄家, asked only on equal levels) and who won. While a game is being typed it shows what it would give
(``preview``; a home level typed waits for the away level in ``drafts``), and the running games (3 : 2), the
team already sure of the match and the points follow, worked out by the domain from the games on screen.
Saving goes through the page (one service call per game).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, Literal

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor

from tournament_desk.domain.errors import BadInput, Message
from tournament_desk.domain.levels import format_level, parse_level
from tournament_desk.domain.scoring import Outcome
from tournament_desk.domain.team_match import PairGame, Winner, decided, game_winner, team_outcome, team_score
from tournament_desk.gui.models.common import CHANGED_COLOUR, PROBLEM_COLOUR
from tournament_desk.i18n import render
from tournament_desk.services.results.team_views import TeamSheet

Index = QModelIndex | QPersistentModelIndex
DISPLAY = Qt.ItemDataRole.DisplayRole
MISSING = QColor("#fff4d6")
TYPED = QColor("#e3f2fd")
# The roles the grid's cells answer.
ROLES = frozenset(
    int(r)
    for r in (
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.EditRole,
        Qt.ItemDataRole.BackgroundRole,
        Qt.ItemDataRole.ForegroundRole,
        Qt.ItemDataRole.TextAlignmentRole,
        Qt.ItemDataRole.UserRole,
    )
)
ABSENT: Literal["absent"] = "absent"  # what a level cell gives when the pair did not show
Typed = int | Literal["absent"]


def _tr(text: str) -> str:
    return QCoreApplication.translate("TeamMatchModel", text)


def _n(x: float) -> str:
    return f"{x:g}"


def absent_words() -> tuple[str, ...]:
    """What the desk types in a level cell for a pair that did not show (缺席)."""
    return ("缺", "缺席", "x", "-", "absent", _tr("absent").lower())


def parse_typed_level(text: object) -> Typed:
    """A level cell as typed: a level (2–10, J, Q, K, A, 过A) or a pair absent ("缺")."""
    raw = str(text or "").strip()
    if raw.lower() in absent_words():
        return ABSENT
    return parse_level(raw)


def parse_declarer(text: object, home: str = "", away: str = "") -> Winner | None:
    """The declarer (庄家) as typed: h / 主 / 1 / the home team's name, or a / 客 / 2 / the away team's; None
    when it is neither (the editor says why)."""
    raw = str(text or "").strip()
    folded = raw.lower()
    if folded in ("h", "home", "主", "主队", "1", _tr("home").lower()) or (home and raw == home):
        return "home"
    if folded in ("a", "away", "客", "客队", "2", _tr("away").lower()) or (away and raw == away):
        return "away"
    return None


def undecided() -> str:
    """The declarer's cell while equal levels wait for it."""
    return _tr("h / a ?")


def pair_text(name: Message | str) -> str:
    return name if isinstance(name, str) else render(name)


@dataclass(frozen=True)
class Draft:
    """A game being typed and not saved yet: the home level waits for the away level, equal levels for the
    declarer."""

    home: int | None = None
    away: int | None = None

    def game(self, number: int, declarer: Winner | None = None) -> PairGame:
        return PairGame(number, self.home, self.away, declarer)


class GamesModel(QAbstractTableModel):
    """Rows: the P boards of one team match; the two levels and (equal levels) the declarer are typed."""

    COLUMNS = 7
    COL_BOARD, COL_HOME_PAIR, COL_AWAY_PAIR, COL_HOME, COL_AWAY, COL_DECLARER, COL_WINNER = range(7)
    LEVEL_COLUMNS: ClassVar[tuple[int, int]] = (COL_HOME, COL_AWAY)
    # The figures under the grid changed (what is typed, a draft, a save): once per change.
    totals_changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.sheet: TeamSheet | None = None
        self.drafts: dict[int, Draft] = {}  # board → levels typed, not saved yet
        self.typed: tuple[int, int, Typed] | None = None  # (board, column, value) being typed, before Enter
        self.tinted: set[int] = set()  # boards another station changed while they were being typed
        # Each row's game as shown and who wins it, worked out once per change (a repaint asks every cell).
        self.shown: list[tuple[PairGame | None, Winner | None, bool]] | None = None

    # --- the match shown ------------------------------------------------------------------------------
    def set_sheet(self, sheet: TeamSheet | None) -> None:
        self.beginResetModel()
        self.sheet, self.typed = sheet, None
        self.drafts.clear()
        self.tinted.clear()
        self.shown = None
        self.endResetModel()
        self.totals_changed.emit()

    def update_sheet(self, sheet: TeamSheet) -> None:
        """The same match after a save or a change elsewhere: the cells in place, so the view keeps its cursor;
        a draft of a board now stored is gone."""
        if self.sheet is None or (self.sheet.round, self.sheet.table, self.sheet.pairs) != (
            sheet.round,
            sheet.table,
            sheet.pairs,
        ):
            self.set_sheet(sheet)
            return
        self.sheet, self.typed = sheet, None
        for line in sheet.lines:
            if line.entered:
                self.drafts.pop(line.game.game, None)
        self.changed_all()

    def changed_all(self) -> None:
        self.shown = None
        if self.rowCount():
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, self.COLUMNS - 1))
        self.totals_changed.emit()

    def board_at(self, row: int) -> int:
        assert self.sheet is not None
        return self.sheet.lines[row].game.game

    def row_of(self, board: int) -> int | None:
        if self.sheet is None:
            return None
        return next((i for i, line in enumerate(self.sheet.lines) if line.game.game == board), None)

    # --- typing ---------------------------------------------------------------------------------------
    def set_draft(self, board: int, **levels: int | None) -> None:
        self.drafts[board] = replace(self.drafts.get(board, Draft()), **levels)
        self.typed = None
        self._row_changed(board)

    def drop_draft(self, board: int) -> None:
        self.drafts.pop(board, None)
        self.typed = None
        self._row_changed(board)

    def preview(self, row: int, column: int, text: str) -> None:
        """Show what a level (or the declarer) being typed would give; nothing while it is not one yet."""
        if self.sheet is None or not 0 <= row < len(self.sheet.lines):
            return
        board = self.board_at(row)
        value: Typed | None = None
        if column == self.COL_DECLARER:
            declarer = parse_declarer(text, self.sheet.home, self.sheet.away)
            value = None if declarer is None else 1 if declarer == "home" else 2
        else:
            try:
                value = parse_typed_level(text)
            except BadInput:
                value = None
        typed = (board, column, value) if value is not None else None
        if typed != self.typed:
            self.typed = typed
            self._cells_changed(row, column)

    def _cells_changed(self, row: int, column: int) -> None:
        """Every cell of the row but the one typed into (Qt would put the stored text back into its editor)."""
        self.shown = None
        if column > 0:
            self.dataChanged.emit(self.index(row, 0), self.index(row, column - 1))
        if column < self.COLUMNS - 1:
            self.dataChanged.emit(self.index(row, column + 1), self.index(row, self.COLUMNS - 1))
        self.totals_changed.emit()

    def clear_preview(self) -> None:
        if self.typed is not None:
            board, column, _ = self.typed
            self.typed = None
            row = self.row_of(board)
            if row is not None:
                self._cells_changed(row, column)

    def tint_board(self, board: int, on: bool) -> None:
        (self.tinted.add if on else self.tinted.discard)(board)
        self._row_changed(board)

    def _row_changed(self, board: int) -> None:
        self.shown = None
        row = self.row_of(board)
        if row is not None:
            self.dataChanged.emit(self.index(row, 0), self.index(row, self.COLUMNS - 1))
        self.totals_changed.emit()

    def _rows(self) -> list[tuple[PairGame | None, Winner | None, bool]]:
        if self.shown is None:
            assert self.sheet is not None
            self.shown = []
            for row in range(len(self.sheet.lines)):
                game = self._game(row)
                try:
                    self.shown.append((game, game_winner(game), True) if game else (None, None, False))
                except BadInput:
                    self.shown.append((game, None, False))  # equal levels waiting for the declarer
        return self.shown

    def shown_game(self, row: int) -> PairGame | None:
        """The game of a board as the desk sees it: the preview of what is typed, else the draft, else stored."""
        return self._rows()[row][0]

    def _game(self, row: int) -> PairGame | None:
        assert self.sheet is not None
        line = self.sheet.lines[row]
        board = line.game.game
        draft = self.drafts.get(board)
        typed = self.typed if self.typed is not None and self.typed[0] == board else None
        if typed is None and draft is None:
            return line.game if line.entered else None
        home = draft.home if draft is not None else None
        away = draft.away if draft is not None else None
        declarer: Winner | None = None
        if typed is not None:
            _, column, value = typed
            if not isinstance(value, int):  # a pair absent
                absent: Literal["home", "away"] = "home" if column == self.COL_HOME else "away"
                return PairGame(board, absent=absent)
            if column == self.COL_HOME:
                home = value
            elif column == self.COL_AWAY:
                away = value
            else:
                declarer = "home" if value == 1 else "away"
        if home is None or away is None:
            return None
        return PairGame(board, home, away, declarer)

    def equal_levels(self, row: int) -> bool:
        """The board's levels (typed or stored) are equal: the declarer decides it."""
        game = self.shown_game(row) if self.sheet is not None else None
        return game is not None and game.absent is None and game.home_level == game.away_level

    def winner_of(self, row: int) -> tuple[Winner | None, bool]:
        """Who wins the board as shown, and whether the board is decided (both absent: decided, nobody)."""
        _, winner, known = self._rows()[row]
        return winner, known

    # --- the figures under the grid -------------------------------------------------------------------
    def running(self) -> tuple[int, int, int, Winner | None, Outcome | None]:
        """Games won by home and away so far, games still to type, the team already sure of the match, and
        the points once every game is in (as the domain scores them: a win 3, a loss 1)."""
        if self.sheet is None:
            return 0, 0, 0, None, None
        games = []
        for row in range(len(self.sheet.lines)):
            game = self.shown_game(row)
            if game is not None and self.winner_of(row)[1]:
                games.append(game)
        won = [game_winner(g) for g in games]
        pairs = self.sheet.pairs
        sure = decided(games, pairs)
        outcome = team_outcome(team_score(games, pairs)) if len(games) == pairs else None
        return won.count("home"), won.count("away"), pairs - len(games), sure, outcome

    # --- Qt model API ---------------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() or self.sheet is None else len(self.sheet.lines)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else self.COLUMNS

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < self.COLUMNS:
            return None
        if role == DISPLAY:
            return (_tr("Board"), _tr("Home pair"), _tr("Away pair"), _tr("Home level"), _tr("Away level"),
                    _tr("Declarer (庄家)"), _tr("Won by"))[section]  # fmt: skip
        if role == Qt.ItemDataRole.ToolTipRole:
            tips = {
                self.COL_HOME: _tr("The level the home pair reached (2–10, J, Q, K, A, 过A); 缺 if it did not show"),
                self.COL_AWAY: _tr("The level the away pair reached (2–10, J, Q, K, A, 过A); 缺 if it did not show"),
                self.COL_DECLARER: _tr("Asked only on equal levels: the pair declaring when time was called wins "
                                       "(h = home, a = away)"),
            }  # fmt: skip
            return tips.get(section)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        if not index.isValid() or self.sheet is None:
            return base
        if index.column() in self.LEVEL_COLUMNS or (
            index.column() == self.COL_DECLARER and self.equal_levels(index.row())
        ):
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if role not in ROLES or self.sheet is None or not index.isValid():
            return None  # (a repaint asks each cell for a dozen roles: the others go at once)
        if not 0 <= index.row() < len(self.sheet.lines):
            return None
        row, col = index.row(), index.column()
        line = self.sheet.lines[row]
        if role == DISPLAY:
            return self._text(row, col)
        if role == Qt.ItemDataRole.EditRole:
            return self._edit_text(row, col)
        if role == Qt.ItemDataRole.BackgroundRole:
            return self._background(row, col)
        if role == Qt.ItemDataRole.ForegroundRole and col == self.COL_WINNER and not self.winner_of(row)[1]:
            return PROBLEM_COLOUR if self.equal_levels(row) else None
        if role == Qt.ItemDataRole.TextAlignmentRole and col not in (self.COL_HOME_PAIR, self.COL_AWAY_PAIR):
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.UserRole:
            return line.game.game
        return None

    def _background(self, row: int, col: int) -> QBrush | None:
        assert self.sheet is not None
        line = self.sheet.lines[row]
        if line.game.game in self.tinted:
            return QBrush(CHANGED_COLOUR)
        typing = line.game.game in self.drafts or (self.typed is not None and self.typed[0] == line.game.game)
        if typing and col in (*self.LEVEL_COLUMNS, self.COL_DECLARER):
            return QBrush(TYPED)
        if not line.entered and col in self.LEVEL_COLUMNS:
            return QBrush(MISSING)
        if col == self.COL_DECLARER and self.equal_levels(row) and not self.winner_of(row)[1]:
            return QBrush(MISSING)
        return None

    def _edit_text(self, row: int, col: int) -> str:
        assert self.sheet is not None
        line = self.sheet.lines[row]
        if col in self.LEVEL_COLUMNS and line.entered:
            return self._text(row, col)
        return ""

    def _text(self, row: int, col: int) -> str:
        assert self.sheet is not None
        line, sheet = self.sheet.lines[row], self.sheet
        if col == self.COL_BOARD:
            return str(line.game.game)
        if col == self.COL_HOME_PAIR:
            return pair_text(line.home_pair)
        if col == self.COL_AWAY_PAIR:
            return pair_text(line.away_pair)
        game = self.shown_game(row)
        draft = self.drafts.get(line.game.game)
        if col in self.LEVEL_COLUMNS:
            side = "home" if col == self.COL_HOME else "away"
            if game is not None and game.absent in (side, "both"):
                return _tr("absent")
            level = game.home_level if game is not None and side == "home" else None
            level = game.away_level if game is not None and side == "away" else level
            if game is None and draft is not None:
                level = draft.home if side == "home" else draft.away
            return format_level(level) if level else ""
        if col == self.COL_DECLARER:
            if game is None or game.absent is not None or game.home_level != game.away_level:
                return ""
            return {"home": sheet.home, "away": sheet.away}.get(game.declarer or "", undecided())
        winner, known = self.winner_of(row)
        if not known:
            return ""
        return {"home": sheet.home, "away": sheet.away}.get(winner or "", _tr("nobody"))
