"""The result-entry page every format's result page extends (levels, duplicate boards, knockout, Mitchell).

What they all do is here, once: the message line (``say``: a sentence, or a refusal in red), the round picker,
the grid typed into (its editor, ``EntryDelegate``, only emits signals; the page connects them), the undo and
redo controls of this station's journal, where each table's result came from and Ctrl+D to the next dispute
(``LiveSources``), the edits under way and the question when another station changed them (``StaleGuard``),
and asking before an earlier round changes.

Reading is split (``Page``): ``read`` gathers the round to show in one read transaction, ``show_data`` puts it
on the widgets. A write of this page (``write_step``) is one write transaction; what it changed is then shown
from ONE read of that table (``written``: the table, its source and the undo buttons together), not read
again when the change is announced.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import partial
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.gui import boxes
from tournament_desk.gui.pages.base import Page, entry_view
from tournament_desk.gui.pages.entry.editor import EntryDelegate
from tournament_desk.gui.pages.entry.sources import LiveSources
from tournament_desk.gui.pages.entry.stale import Seen, StaleGuard
from tournament_desk.gui.pages.round_box import fill_round_box, round_to_show
from tournament_desk.gui.pages.undo import StationUndo, add_undo_controls, table_step
from tournament_desk.gui.session import AUDIT, ENTRANTS, RESULTS, ROUNDS, Changes, DeskSession
from tournament_desk.services.rounds import last_paired_round
from tournament_desk.services.undo import Label, StepView

ERROR_STYLE = "color: #b00020; font-weight: bold;"


@dataclass(frozen=True)
class RoundRead:
    """What ``read`` gathered: the last round paired, the round to show (None: none is paired) and the page's
    own data of it."""

    last: int
    round_no: int | None
    data: Any


class EntryPage(LiveSources, Page):
    """A page a table's results are typed on. Subclasses set ``prefix`` (the widgets' object names), build
    their bar and grid with the helpers below, and implement ``read_round``, ``show_round_data``, ``advance``,
    ``start_typing`` and ``table_saved``."""

    prefix = "entry-"  # the start of its widgets' object names
    round_box: QComboBox
    # Not RESULTS: the page makes those changes itself and updates just the rows, so the cursor stays put.
    watches = frozenset({ROUNDS, ENTRANTS})

    def __init__(self, session: DeskSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.round_no: int | None = None
        self.wanted_round: int | None = None  # the director's pick in the round picker
        self.last_round = 0  # the last round paired, as last read
        # The earlier round the director has agreed to change (asked once each time a round is shown).
        self.earlier_round_agreed: int | None = None
        self.saving = False  # this page's own write under way: shown from one read after it, not re-read
        self.undo_stack: StationUndo | None = None
        self.live_views = {}
        self.stale = StaleGuard(self, self, session)  # the cells being typed, as they were then (issue 23)
        self.body = QVBoxLayout(self)
        self.bar = QHBoxLayout()
        self.body.addLayout(self.bar)
        self.message = QLabel()
        self.message.setObjectName(f"{self.prefix}message")
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # it names entrants: the user's text
        self.body.addWidget(self.message)
        self.typing_view: QTableView | None = None

    # --- the message line ---------------------------------------------------------------------------------
    def say(self, text: str, *, error: bool = False) -> None:
        self.message.setText(text)
        self.message.setStyleSheet(ERROR_STYLE if error else "")

    def refused(self, text: str) -> None:
        self.say(text, error=True)

    # --- the round picker ---------------------------------------------------------------------------------
    def add_round_box(self, label: str, item: str = "") -> QComboBox:
        """The round picker on the bar, after ``label``; ``item`` names each round ("Round {n}")."""
        self.round_item = item
        self.round_label = QLabel(label)
        self.bar.addWidget(self.round_label)
        box = QComboBox()
        box.setObjectName(f"{self.prefix}round")
        box.currentIndexChanged.connect(self.show_round)
        self.bar.addWidget(box)
        self.round_box = box
        return box

    def show_round(self) -> None:
        """Show the round picked (read again, as stored now)."""
        value = self.round_box.currentData()
        self.wanted_round = value if isinstance(value, int) else None
        self.reload()

    # --- reading ------------------------------------------------------------------------------------------
    def read(self) -> object:
        """The last round paired and the round to show: the director's pick unless a new round has appeared."""
        last = self.session.read(last_paired_round)
        round_no = round_to_show(last, self.wanted_round, self.last_round)
        return RoundRead(last, round_no, self.read_round(round_no))

    def read_round(self, round_no: int | None) -> Any:
        """What the page shows of a round (services only: this may run on a worker thread)."""
        raise NotImplementedError

    def show_data(self, data: Any) -> None:
        assert isinstance(data, RoundRead)
        self.show_round_box(data.last, data.round_no)
        self.show_round_data(data.round_no, data.data)

    def show_round_box(self, last: int, round_no: int | None) -> None:
        """Rounds 1…``last`` in the picker, ``round_no`` picked."""
        self.last_round = last
        fill_round_box(self.round_box, last, self.round_item, round_no)
        self.wanted_round = round_no
        if round_no != self.round_no:  # another round: the agreement to change an earlier one is gone
            self.earlier_round_agreed = None

    def show_round_data(self, round_no: int | None, data: Any) -> None:
        raise NotImplementedError

    # --- typing in the grid -------------------------------------------------------------------------------
    def entry_grid(self, name: str, model: QAbstractItemModel, delegate: EntryDelegate) -> QTableView:
        """The grid typed into, its editor's signals connected to this page."""
        view = entry_view(name, model, delegate)
        delegate.began.connect(self.typing_began)
        delegate.edited.connect(self.typing_edited)
        delegate.abandoned.connect(self.typing_abandoned)
        delegate.refused.connect(self.refused)
        delegate.committed.connect(self.typed)
        delegate.page_key.connect(self.page_key)
        self.typing_view = view
        return view

    def list_view(self, name: str, model: QAbstractItemModel) -> QTableView:
        """A list beside the grid (the round's tables, the boards): a row is picked, never typed into."""
        view = QTableView()
        view.setObjectName(name)
        view.setModel(model)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.verticalHeader().hide()
        view.horizontalHeader().setStretchLastSection(True)
        return view

    def beside(self, listed: QTableView, grid: QTableView, *, wrap: bool) -> QSplitter:
        """The list on the left; on the right the grid under its ``heading``, the running ``totals`` below it."""
        self.heading = QLabel()
        self.heading.setObjectName(f"{self.prefix}heading")
        self.totals = QLabel()
        self.totals.setObjectName(f"{self.prefix}totals")
        self.totals.setStyleSheet("font-size: 15px; font-weight: bold;")
        for label in (self.heading, self.totals):
            label.setWordWrap(wrap)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.heading)
        right_layout.addWidget(grid, 1)
        right_layout.addWidget(self.totals)
        splitter = QSplitter()
        splitter.addWidget(listed)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 1)
        self.body.addWidget(splitter, 1)
        return splitter

    def typing_began(self, row: int, column: int) -> None:
        """The director's first key in a cell: an edit begins (what the cell shows is what its write expects)."""

    def typing_edited(self, row: int, column: int, text: str) -> None:
        """The text of a cell as it is typed."""

    def typing_abandoned(self, row: int, column: int) -> None:
        """Esc: the edit ends (one cell is typed at a time)."""
        self.stale.end_all()

    def typed(self, row: int, column: int, value: object) -> None:
        """Enter on a cell, checked (and given to the model): on to the next cell."""
        self.advance()

    def page_key(self, step: str) -> None:
        # After the editor has closed (this comes from inside its key event).
        QTimer.singleShot(0, self.undo if step == "undo" else self.redo)

    def edit(self, index: QModelIndex) -> None:
        if index.isValid() and self.typing_view is not None:
            self.typing_view.setCurrentIndex(index)
            self.typing_view.edit(index)

    def advance(self) -> None:
        raise NotImplementedError

    def start_typing(self) -> None:
        """Put the cursor on the first cell still waiting for its result."""
        raise NotImplementedError

    # --- writing ------------------------------------------------------------------------------------------
    def earlier_round_ok(self) -> bool:
        """Changing a round once a later one is paired is never silent: ask once for the round shown."""
        if (
            self.round_no is None
            or self.earlier_round_agreed == self.round_no
            or self.last_round <= self.round_no
        ):
            return True
        change = boxes.ask(
            self,
            self.tr("Change an earlier round"),
            self.tr("Round {later} has already been paired from the standings after round {n}. Changing round {n} "
                    "changes those standings but not the pairing already made. Change round {n}?")
            .format(later=self.last_round, n=self.round_no),
        )  # fmt: skip
        if not change:
            self.say(self.tr("Nothing changed."))
            return False
        self.earlier_round_agreed = self.round_no
        return True

    def write_step(self, round_no: int, table: int, what: Label, action: Callable[..., Any], *args: Any,
                   **kwargs: Any) -> bool:  # fmt: skip
        """``action`` on one table as an undoable step of this station (``undo.table_step``), then the table as
        stored shown from one read; False when it was refused (the sentence was shown)."""
        self.saving = True
        try:
            return table_step(
                self.session, round_no, table, what, action, *args, on_done=self.written, **kwargs
            )
        finally:
            self.saving = False

    def written(self, table: int) -> None:
        """This page's write went through: the table, where it came from and the undo buttons, in one read."""
        self.read_together(partial(self.show_written, table))

    def show_written(self, table: int) -> None:
        self.table_saved(table)
        if self.undo_stack is not None:
            self.undo_stack.refresh()

    def table_saved(self, table: int) -> None:
        """Show what the services stored for one table (no full reload: the desk keeps typing)."""
        raise NotImplementedError

    # --- the cells being typed (issue 23): StaleGuard's host, said by each page ---------------------------------
    def stale_now(self, key: Hashable) -> Seen:
        """The cell as stored now, read again."""
        raise NotImplementedError

    def stale_kept(self, key: Hashable) -> None:
        """Keep theirs: show what is stored (what was typed is gone)."""
        raise NotImplementedError

    def stale_tint(self, key: Hashable, on: bool) -> None:
        """Tint (or stop tinting) the row of an edit another station changed."""
        raise NotImplementedError

    def deductions_changed(self) -> None:
        """A deduction was made or taken back (a page that marks them shows it)."""

    def _on_changed(self, changes: Changes) -> None:
        if self.saving and changes <= {RESULTS, AUDIT}:
            return  # this page's own write: ``written`` shows it
        if self.undo_stack is not None:
            self.undo_stack.changed(changes)
        self.on_changes(changes)

    def on_changes(self, changes: Changes) -> None:
        """Another station's change, or one of this station's other pages: reload when this page shows what
        changed (``watches``); a page that updates rows in place says how."""
        super()._on_changed(changes)

    # --- undo and redo ------------------------------------------------------------------------------------
    def add_undo(
        self, on_undo: Callable[[], object] | None = None, on_redo: Callable[[], object] | None = None
    ) -> None:
        """Undo and Redo on the bar, and Ctrl+Z / Ctrl+Y on the page, through this station's journal."""
        self.undo_stack = StationUndo(self, self.session, self.step_shown)
        # The page tells it of changes (``_on_changed``), so after this page's own write the buttons are read
        # with the table, in its one read.
        self.session.changed.disconnect(self.undo_stack.changed)
        self.undo_button, self.redo_button = add_undo_controls(
            self, self.bar, self.undo_stack, on_undo, on_redo
        )

    def undo(self) -> None:
        if self.undo_stack is not None:
            self.undo_stack.undo()

    def redo(self) -> None:
        if self.undo_stack is not None:
            self.undo_stack.redo()

    def step_shown(self, step: StepView) -> None:
        """A step undone or redone (from any page of this station): show what the table holds now."""
        if step.kind == "deduction":
            self.deductions_changed()
        elif step.round == self.round_no and step.table is not None:
            self.table_saved(step.table)
