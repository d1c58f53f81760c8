"""Typing on the Mitchell boards page (牌套成绩, ``mitchell``): the grid's editor, which checks what is typed on
Enter or Tab, and the page's side of it (``PairBoardsTyping``): preview what the points give, save (a different value for a filled cell only as a correction), show what the services stored, and move on
(by table: the next board, then the next table waiting; by board: the next table, then the next board).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QCoreApplication, QModelIndex, QTimer
from PySide6.QtWidgets import QLabel, QTableView, QWidget

from tournament_desk.domain.duplicate import parse_points
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.scoring_modes.mitchell_scores import board_result_ns, check_board_points
from tournament_desk.gui.models.common import format_number
from tournament_desk.gui.models.pair_boards import (
    BY_TABLE,
    EntryModel,
    EntryRow,
    PickModel,
    PickRow,
    direction_name,
    expected_results,
    parse_penalty,
    score_preview,
    signed,
)
from tournament_desk.gui.pages.entry.editor import EntryDelegate
from tournament_desk.gui.pages.entry.mitchell_dialogs import ask_correction
from tournament_desk.gui.pages.entry.stale import Edit, Seen, StaleGuard, changed_returned
from tournament_desk.gui.pages.entry.stale_boards import pair_board_now, pair_board_seen, where_pair_board
from tournament_desk.services.results import pair_boards as pb
from tournament_desk.services.results.table import ChangedElsewhere

if TYPE_CHECKING:
    _Widget = QWidget
else:
    _Widget = object  # the page is the widget: mypy reads the mixin as one

T = TypeVar("T")


def tr(text: str) -> str:
    return QCoreApplication.translate("PairBoardsPage", text)


class PairBoardDelegate(EntryDelegate):
    """The defenders' points of a board at a table, or its penalty (``NS:10`` / ``EW:10``), checked on Enter or
    Tab as the services check them. The page takes the value (no model is written: one service call per cell)."""

    editor_name = "pair-board-editor"
    writes_model = False

    def placeholder_for(self, column: int) -> str:
        return "0 5 … 200" if column == EntryModel.COL_POINTS else "NS:10 / EW:10"

    def parse(self, text: str, column: int) -> object:
        if column == EntryModel.COL_POINTS:
            return check_board_points(parse_points(text))
        return parse_penalty(text)


class PairBoardsTyping(_Widget):
    """Mixed into ``PairBoardsPage`` (its ``grid``, ``grid_view``, ``picks``, ``travellers``, the round, table or
    board shown, ``totals``, ``pick``, ``show_rows``, ``say`` and ``read_source``)."""

    session: Any
    by: str
    round_no: int | None
    table_no: int | None
    board_no: int | None
    travellers: dict[int, list[pb.PairBoardView]]
    totals: QLabel
    grid: EntryModel
    grid_view: QTableView
    picks: PickModel
    stale: StaleGuard

    if TYPE_CHECKING:  # the page's

        def say(self, text: str, *, error: bool = False) -> None: ...
        def pick(self, number: int | None) -> None: ...
        def show_rows(self, *, in_place: bool = False) -> None: ...
        def pick_rows(self) -> list[PickRow]: ...
        def read_source(self, table: int) -> str | None: ...
        def read_together(self, read: Callable[[], T]) -> T: ...
        def edit(self, index: QModelIndex) -> None: ...

    def show_totals(self) -> None:
        """The running figures under the grid: the table's pairs' match points so far, or the board's."""
        rows = self.grid.rows
        if not rows:
            self.totals.setText("")
            return
        figures = [self.grid.figures(i) for i in range(len(rows))]
        if self.by == BY_TABLE:
            first = rows[0]
            ns = sum(f[1] or 0 for f in figures)
            ew = sum(f[2] or 0 for f in figures)
            entered = sum(1 for f in figures if f[0] is not None)
            self.totals.setText(
                tr("{ns} (NS) {ns_mp} MP · {ew} (EW) {ew_mp} MP · {done} of {count} boards in").format(
                    ns=first.ns, ns_mp=format_number(ns), ew=first.ew, ew_mp=format_number(ew), done=entered,
                    count=len(rows))
            )  # fmt: skip
            return
        done = [(r, f) for r, f in zip(rows, figures, strict=True) if f[0] is not None]
        playable = sum(1 for r in rows if r.editable)
        if not done:
            self.totals.setText(tr("Board {board}: no result yet").format(board=rows[0].board))
            return
        best_ns = max(done, key=lambda rf: rf[1][1] or 0)
        best_ew = max(done, key=lambda rf: rf[1][2] or 0)
        self.totals.setText(
            tr("Board {board}: {done} of {count} results in · top NS {ns} ({ns_mp} MP) · top EW {ew} "
               "({ew_mp} MP)").format(
                board=rows[0].board, done=len(done), count=playable, ns=best_ns[0].ns,
                ns_mp=format_number(best_ns[1][1] or 0), ew=best_ew[0].ew, ew_mp=format_number(best_ew[1][2] or 0))
        )  # fmt: skip

    def preview(self, position: int, text: str) -> None:
        """Show what the points being typed in a row would give (nothing when they are not points yet)."""
        if not 0 <= position < len(self.grid.rows):
            self.grid.show_preview(None, {})
            self.show_totals()
            return
        row = self.grid.rows[position]
        try:
            points = check_board_points(parse_points(text))
        except BadInput:
            self.grid.show_preview(None, {})
            self.show_totals()
            return
        result = board_result_ns(points, row.declarer in "EW", row.penalty_ns, row.penalty_ew)
        views = self.travellers.get(row.board, [])
        others = [v for v in views if (v.round, v.table) != row.key]
        expected = expected_results(self.travellers.values())
        self.grid.show_preview(position, score_preview(others, row.key, result, expected))
        self.show_totals()

    def commit(self, position: int, column: int, value: object) -> None:
        """Save what was typed in a cell (a different value for a filled cell only as a correction), then
        move on."""
        if not 0 <= position < len(self.grid.rows):
            return
        row = self.grid.rows[position]
        key = (row.round, row.table, row.board)
        if column == EntryModel.COL_POINTS:
            assert isinstance(value, int)
            points, penalty = value, row.penalty
            if row.points == points:
                self.stale.end(key)
                self.grid.show_preview(None, {})
                self.show_totals()
                self.move_on(position)
                return
            filled = row.points is not None
            old = str(row.points)
            new = str(points)
        else:
            if row.points is None:
                self.stale.end(key)
                self.say(tr("Type the board's points first, then the penalty."), error=True)
                self.edit(self.grid.index(position, EntryModel.COL_POINTS))
                return
            penalty = value if isinstance(value, tuple) else None
            points = row.points
            if penalty == row.penalty:
                self.stale.end(key)
                self.move_on(position)
                return
            filled = row.penalty is not None
            old = self.penalty_text(row.penalty)
            new = self.penalty_text(penalty) or tr("none")
        # A correction asks its reason (kept in the audit trail); changed at another station since typing began:
        # the question about that comes instead (issue 23).
        why = self.confirm_correction(row, old, new) if filled and not self.stale.differs(key) else ""
        if why is None:
            self.stale.end(key)
            self.grid.show_preview(None, {})
            self.show_totals()
            self.say(tr("Nothing changed."))
            self.grid_view.setCurrentIndex(self.grid.index(position, column))
            return
        to_ns, to_ew = (
            (penalty[1], 0) if penalty and penalty[0] == "NS" else (0, penalty[1] if penalty else 0)
        )
        mine = pair_board_seen(points, to_ns, to_ew).text
        if self.stale.save(key, mine, partial(self.write_board, row, points, penalty, why=why or None)):
            self.move_on(position)
        elif self.stale.asking is None:  # refused: the sentence was shown, nothing changed
            self.edit(self.grid.index(position, column))

    def write_board(self, row: EntryRow, points: int, penalty: tuple[str, int] | None,
                    expected: dict[str, object] | None, reason: str | None,
                    overtaken: Callable[[ChangedElsewhere], None] | None, *, why: str | None = None) -> bool:  # fmt: skip
        """One try at storing a board of a table; a correction when the board held a result (as it was when
        typing began, or when asked), for the reason the director gave (``why``)."""
        filled = row.points is not None if expected is None else expected.get("points") is not None
        action: Callable[..., Any] = pb.record_pair_board
        if overtaken is not None:
            action = changed_returned(action)
        # expected: compared by the services in the write's transaction, before the correction checks
        views = self.session.run(self, action, row.round, row.table, row.board, points, penalty=penalty,
                                 correct=filled, reason=reason or why, expected=expected)  # fmt: skip
        if isinstance(views, ChangedElsewhere) and overtaken is not None:
            overtaken(views)
            views = None
        if views is None:
            self.grid.show_preview(None, {})
            self.show_totals()
            return False
        self.stored(row, views)
        return True

    # --- the boards being typed (issue 23: StaleGuard's host) ---------------------------------------------
    def typing_edited(self, position: int, column: int, text: str) -> None:
        if column == EntryModel.COL_POINTS:
            self.preview(position, text)

    def typed(self, position: int, column: int, value: object) -> None:
        # After the editor has closed: a question or a new editor inside its key event is refused.
        QTimer.singleShot(0, partial(self.commit, position, column, value))

    def typing_abandoned(self, position: int, column: int) -> None:
        self.preview(-1, "")
        self.stale.end_all()  # one cell is typed at a time

    def typing_began(self, position: int, column: int) -> None:
        if not 0 <= position < len(self.grid.rows):
            return
        row = self.grid.rows[position]
        edit = Edit(row.round, row.table, where_pair_board(row.round, row.table, row.board),
                    pair_board_seen(row.points, row.penalty_ns, row.penalty_ew))  # fmt: skip
        self.stale.begin((row.round, row.table, row.board), lambda: edit)

    def stale_now(self, key: Hashable) -> Seen:
        assert isinstance(key, tuple)
        round_no, table, board = key
        return pair_board_now(self.session.read(pb.traveller, board), round_no, table)

    def stale_kept(self, key: Hashable) -> None:
        boards = {r.board for r in self.grid.rows}
        self.travellers.update(
            self.read_together(lambda: {b: self.session.read(pb.traveller, b) for b in boards})
        )
        self.grid.show_preview(None, {})
        self.show_rows(in_place=True)
        self.picks.update_rows(self.pick_rows())

    def stale_tint(self, key: Hashable, on: bool) -> None:
        assert isinstance(key, tuple)
        self.grid.tint(key, on)

    @staticmethod
    def penalty_text(penalty: tuple[str, int] | None) -> str:
        return f"{direction_name(penalty[0])} +{penalty[1]}" if penalty else ""

    def confirm_correction(self, row: EntryRow, old: str, new: str) -> str | None:
        return ask_correction(self, row, old, new)

    def stored(self, row: EntryRow, views: list[pb.PairBoardView]) -> None:
        """Show what the services stored: the board's traveller (what the write gave back), and, in one read,
        the other boards on screen (their match points may have been rescaled) and where the table stands."""
        self.travellers[row.board] = views
        others = {r.board for r in self.grid.rows} - {row.board}

        def read() -> dict[int, list[pb.PairBoardView]]:
            if row.round == self.round_no:
                self.read_source(row.table)  # the desk's board may have decided a dispute
            return {b: self.session.read(pb.traveller, b) for b in others}

        self.travellers.update(self.read_together(read))
        self.show_rows(in_place=True)
        self.picks.update_rows(self.pick_rows())
        here = next((v for v in views if (v.round, v.table) == row.key), None)
        if here is not None:
            self.say(
                tr("Saved: board {board}, table {table}, round {round}: {points} → NS {result} · "
                   "NS {ns_mp} MP, EW {ew_mp} MP so far").format(
                    board=row.board, table=row.table, round=row.round, points=here.points,
                    result=signed(here.ns_result), ns_mp=format_number(here.ns_mp or 0),
                    ew_mp=format_number(here.ew_mp or 0))
            )  # fmt: skip

    def advance(self) -> None:
        self.move_on(self.grid_view.currentIndex().row())

    def move_on(self, position: int) -> None:
        """By table: the next board, then the next table of the round still waiting. By board: the next
        table that played it and has no result, then the next board still waiting."""
        rows = self.grid.rows
        if self.by == BY_TABLE:
            if position + 1 < len(rows):
                self.edit(self.grid.index(position + 1, EntryModel.COL_POINTS))
                return
            later = [r for r in self.picks.rows if r.number > (self.table_no or 0) and r.waiting]
            if later:
                self.pick(later[0].number)
                self.start_typing()
            else:
                self.say(tr("No later table of round {n} is waiting for its boards.").format(n=self.round_no))
            return
        after = next((i for i in range(position + 1, len(rows)) if rows[i].missing), None)
        if after is not None:
            self.edit(self.grid.index(after, EntryModel.COL_POINTS))
            return
        numbers = [r.number for r in self.picks.rows]
        start = numbers.index(self.board_no) if self.board_no in numbers else -1
        waiting = [r for r in self.picks.rows[start + 1 :] + self.picks.rows[: start + 1] if r.waiting]
        if waiting:
            self.pick(waiting[0].number)
            self.start_typing()
        else:
            self.say(tr("Every board played so far has its results."))

    def start_typing(self) -> None:
        """Put the cursor on the first board without a result: on the table (or board) shown, else on the next
        one waiting."""
        row = next((i for i, r in enumerate(self.grid.rows) if r.missing), None)
        if row is not None:
            self.edit(self.grid.index(row, EntryModel.COL_POINTS))
            return
        waiting = [r for r in self.picks.rows if r.waiting]
        if waiting:
            self.pick(waiting[0].number)
            row = next((i for i, r in enumerate(self.grid.rows) if r.missing), None)
            if row is not None:
                self.edit(self.grid.index(row, EntryModel.COL_POINTS))
