"""The knockout page (淘汰赛): the bracket (对阵图) drawn as a tree, and the results of a knockout round typed like
on the results page; for every event with a knockout stage (groups then knockout, SPEC §7.4; the knockout by
draw, §7.6; the knockout rounds before a round-robin final, §7.7, whose final is typed on the results page).

Type the home level, Enter, the away level, Enter: a table with different levels is saved at once (the higher
level wins). Equal levels: the cursor moves to "On stage" (在台上): choose home or away (type 主/客, h/a or pick
it), Enter, and the table is saved with the side on stage at the end, who wins.

Results from other stations (and the phones) change the rows in place; a table changed while it is being typed
keeps what is typed, and Enter asks whether to keep theirs or put mine (``stale``).

The page is split in modules beside this one: ``knockout_table`` (the round's rows, model and editor) and
``knockout_bracket`` (the bracket drawn as a tree).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import partial

from PySide6.QtCore import QCoreApplication, QModelIndex, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QScrollArea,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.domain.levels import format_level
from tournament_desk.gui.pages.base import Page, entry_view
from tournament_desk.gui.pages.knockout_bracket import BracketWidget
from tournament_desk.gui.pages.knockout_table import KnockoutDelegate, KnockoutModel, KnockoutRow
from tournament_desk.gui.pages.live_sources import LiveSources
from tournament_desk.gui.pages.stale import Edit, Seen, StaleGuard, TablesStale, levels_text, where_table
from tournament_desk.gui.pages.undo import StationUndo, add_undo_controls, label, table_step
from tournament_desk.gui.session import AUDIT, ENTRANTS, RESULTS, ROUNDS, Changes, DeskSession
from tournament_desk.i18n import render
from tournament_desk.services import live
from tournament_desk.services import results as rs
from tournament_desk.services import table_results as ts
from tournament_desk.services.bracket import BracketView, bracket_view
from tournament_desk.services.event import event_info
from tournament_desk.services.rounds import TableView, last_paired_round, round_view, table_view
from tournament_desk.services.undo import StepView


def tr(text: str) -> str:
    return QCoreApplication.translate("KnockoutPage", text)


class KnockoutPage(TablesStale, LiveSources, Page):
    watches = frozenset({ROUNDS, ENTRANTS, RESULTS})

    def __init__(self, session: DeskSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.round_no: int | None = None
        self.bracket: BracketView | None = None
        self.saving = False  # while this page saves a table: the change needs no reload (the cursor stays)
        self.newest: object = None  # the newest knockout round listed
        self.undo_stack = StationUndo(self, session, self.step_shown)
        self.stale = StaleGuard(self, self, session)  # the tables being typed, as they were then (issue 23)
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        bar.addWidget(QLabel(self.tr("Knockout round")))
        self.round_box = QComboBox()
        self.round_box.setObjectName("knockout-round")
        self.round_box.currentIndexChanged.connect(self.show_round)
        bar.addWidget(self.round_box)
        bar.addStretch()
        self.undo_button, self.redo_button = add_undo_controls(self, bar, self.undo_stack)
        layout.addLayout(bar)
        self.message = QLabel()
        self.message.setObjectName("knockout-message")
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # it names entrants: the user's text
        layout.addWidget(self.message)

        self.model = KnockoutModel()
        self.model.entered.connect(self.save)
        self.model.refused.connect(lambda text: self.say(text, error=True))
        self.table = entry_view("knockout-table", self.model, KnockoutDelegate(self))
        self.add_dispute_key()

        self.drawing = BracketWidget()
        self.scroll_area = QScrollArea()
        self.scroll_area.setObjectName("bracket-scroll")
        self.scroll_area.setWidget(self.drawing)
        self.scroll_area.setWidgetResizable(False)
        self.placing = QTableWidget(0, 3)
        self.placing.setObjectName("knockout-placing")
        self.placing.setHorizontalHeaderLabels([self.tr("Place"), self.tr("Name"), self.tr("Group")])
        self.placing.verticalHeader().hide()
        self.placing.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.placing.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        lower = QSplitter(Qt.Orientation.Horizontal)
        bracket_box = QWidget()
        bracket_layout = QVBoxLayout(bracket_box)
        bracket_layout.setContentsMargins(0, 0, 0, 0)
        bracket_layout.addWidget(self.scroll_area, 1)
        bracket_layout.addWidget(
            QLabel(self.tr("Bold: the winner. ▲: the side on stage at the end (equal levels)."))
        )
        lower.addWidget(bracket_box)
        placing_box = QWidget()
        placing_layout = QVBoxLayout(placing_box)
        placing_layout.setContentsMargins(0, 0, 0, 0)
        placing_layout.addWidget(QLabel(self.tr("Placing by the bracket")))
        placing_layout.addWidget(self.placing)
        lower.addWidget(placing_box)
        lower.setStretchFactor(0, 1)
        lower.setStretchFactor(1, 0)
        placing_box.setMaximumWidth(340)
        lower.setSizes([940, 300])
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(lower)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([180, 520])
        layout.addWidget(splitter, 1)

    def title(self) -> str:
        return self.tr("Knockout")

    def _on_changed(self, changes: Changes) -> None:
        if self.saving and changes <= {RESULTS, AUDIT}:
            return  # this page's own result: ``table_saved`` shows it without a reload
        if changes.only_results and changes.tables and not self._stale and self.isVisible():
            # Results of some tables (another station, the phones): their rows change in place, so an open
            # editor and what is typed in it stay; the bracket is drawn again.
            tables = changes.tables_in(self.round_no) if self.round_no is not None else frozenset()
            was_missing = any(r.missing for r in self.model.rows)
            self.update_tables(tables)
            if was_missing and not any(r.missing for r in self.model.rows):
                self.say(self.tr("Every match of this round has a winner."))
            if changes.remote:
                self.model.mark_tables(tables)
            self.bracket = self.read_bracket()
            self.show_bracket()
            return
        super()._on_changed(changes)

    def update_tables(self, tables: Iterable[int]) -> None:
        """Read these tables of the round shown again and update their rows (what is typed stays)."""
        if self.round_no is None:
            return
        for n in sorted(set(tables) & {r.table for r in self.model.rows}):
            row = self.row_of(self.session.read(table_view, self.round_no, n))
            self.model.update_row(n, kind=row.kind, side=row.side, home_level=row.home_level,
                                  away_level=row.away_level, on_stage=row.on_stage, winner=row.winner,
                                  source=self.read_source(n))  # fmt: skip

    # --- reading -----------------------------------------------------------------------------------------
    def read_bracket(self) -> BracketView | None:
        """The bracket of the knockout stage (before a round-robin final it ends where the finalists remain)."""
        bracket: BracketView | None = self.session.read(bracket_view)
        return bracket

    def reload(self) -> None:
        self.bracket = self.read_bracket()
        self.show_bracket()
        last = self.session.read(last_paired_round)
        keep = self.round_box.currentData()
        self.round_box.blockSignals(True)
        self.round_box.clear()
        if self.bracket is not None:
            for k, cells in enumerate(self.bracket.rounds):
                event_round = cells[0].round if cells else None
                if event_round is not None and event_round <= last:
                    name = render(self.bracket.round_names[k])
                    self.round_box.addItem(self.tr("{name} (round {n})").format(name=name, n=event_round),
                                           event_round)  # fmt: skip
        # Stay on the director's pick unless a new knockout round has appeared: then follow it.
        count = self.round_box.count()
        if count:
            newest = self.round_box.itemData(count - 1)
            follow = not isinstance(keep, int) or self.round_box.findData(keep) < 0 or newest != self.newest
            self.round_box.setCurrentIndex(count - 1 if follow else self.round_box.findData(keep))
            self.newest = newest
        self.round_box.blockSignals(False)
        self.show_round()

    def show_bracket(self) -> None:
        titles = [render(n) for n in self.bracket.round_names] if self.bracket is not None else []
        self.drawing.set_bracket(self.bracket, titles)
        self.drawing.resize(self.drawing.minimumSize())
        placing = self.bracket.placing if self.bracket is not None else []
        self.placing.setRowCount(len(placing))
        for i, (place, name, group) in enumerate(placing):
            for j, text in enumerate((place, name, group or "")):
                item = QTableWidgetItem(text)
                if j != 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.placing.setItem(i, j, item)
        self.placing.resizeColumnToContents(0)
        self.placing.resizeColumnToContents(2)
        # A knockout by draw has no groups: no empty column for them.
        self.placing.setColumnHidden(2, not any(group for _, _, group in placing))

    def show_round(self) -> None:
        value = self.round_box.currentData()
        self.round_no = value if isinstance(value, int) else None
        self.stale.end_all()  # the rows are read again: whatever was typed is gone
        if self.bracket is None:
            self.model.set_rows([])
            self.say(self.bracket_hint())
            return
        if self.round_no is None:
            self.model.set_rows([])
            self.say(self.tr("The knockout is drawn: pair its first round on the Rounds page."))
            return
        view = self.session.read(round_view, self.round_no)
        sources = self.read_sources()
        self.model.set_rows([replace(self.row_of(t), source=sources.get(t.table)) for t in view.tables])
        self.table.resizeColumnsToContents()
        if not view.published:
            self.say(self.tr("Round {n} is not published yet: publish it on the Rounds page first.").format(
                n=self.round_no))  # fmt: skip
        elif any(r.missing for r in self.model.rows):
            self.say(self.tr("Type the levels (2–10, J, Q, K, A, 过A); Enter moves on. Equal levels: say who was on "
                             "stage (主 / 客)."))  # fmt: skip
        else:
            self.say(self.tr("Every match of this round has a winner."))

    def bracket_hint(self) -> str:
        """How this event's bracket comes about, as the format of its first stage says (gui/formats)."""
        from tournament_desk.gui.formats import gui_format  # the registry imports this page

        info = self.session.read(event_info)
        return gui_format((info.stage_formats or (info.format,))[0]).bracket_hint()

    @staticmethod
    def row_of(t: TableView) -> KnockoutRow:
        return KnockoutRow(t.table, t.home, t.away, t.kind, t.side, t.home_level, t.away_level, t.on_stage,
                           t.winner)  # fmt: skip

    def say(self, text: str, *, error: bool = False) -> None:
        self.message.setText(text)
        self.message.setStyleSheet("color: #b00020; font-weight: bold;" if error else "")

    # --- typing ----------------------------------------------------------------------------------------
    def advance(self) -> None:
        """After Enter: home level → away level → (equal levels) on stage → the next table without a result."""
        current = self.table.currentIndex()
        if not current.isValid() or self.stale.asking is not None:
            return  # (asking: the table changed elsewhere; the question comes first)
        row = self.model.rows[current.row()] if current.row() < len(self.model.rows) else None
        target = QModelIndex()
        if current.column() == KnockoutModel.COL_HOME_LEVEL:
            target = current.siblingAtColumn(KnockoutModel.COL_AWAY_LEVEL)
        elif (
            current.column() == KnockoutModel.COL_AWAY_LEVEL
            and row is not None
            and row.typed_away is not None
        ):
            target = current.siblingAtColumn(KnockoutModel.COL_ON_STAGE)
            self.say(tr("equal levels: who was on stage? (主 / 客), then Enter"))
        else:
            for n in range(current.row() + 1, self.model.rowCount()):
                if self.model.rows[n].missing:
                    target = self.model.index(n, KnockoutModel.COL_HOME_LEVEL)
                    break
        if target.isValid():
            QTimer.singleShot(0, lambda: self.edit(target))

    def edit(self, index: QModelIndex) -> None:
        if index.isValid():
            self.table.setCurrentIndex(index)
            self.table.edit(index)

    def move_to(self, table: int) -> None:
        """The cursor on a table's home level, ready to type (Ctrl+D: a disputed table)."""
        self.table.setFocus()
        self.table.setCurrentIndex(
            self.model.index(self.model.row_of_table(table), KnockoutModel.COL_HOME_LEVEL)
        )

    def start_typing(self) -> None:
        """Put the cursor on the first match without a result."""
        for n, row in enumerate(self.model.rows):
            if row.missing:
                self.edit(self.model.index(n, KnockoutModel.COL_HOME_LEVEL))
                return

    def save(self, table: int, home: int, away: int, on_stage: str) -> None:
        if self.round_no is None:
            return
        side = on_stage or None
        # Expected: the table as it was when the director began typing it (issue 23), else as shown.
        write = partial(self.write, self.round_no, table, home, away, side)
        mine = levels_text("played", None, home, away, side)
        self.stale.save(table, mine, write, fallback=self.seen(self.row(table)).state)

    def write(self, round_no: int, table: int, home: int, away: int, side: str | None,
              expected: dict[str, object] | None, reason: str | None,
              overtaken: Callable[[ts.ChangedElsewhere], None] | None) -> bool:  # fmt: skip
        """One try at storing a table's result; refused: what was typed is dropped."""
        levels = {"home": format_level(home), "away": format_level(away)}
        row = self.row(table)
        who = row.home if side == "home" else row.away
        what = label("levels-on-stage", who=who, **levels) if side is not None else label("levels", **levels)
        # A table entered from the phones: the desk decides it (the audit trail says whose entry was taken).
        action = live.resolve if row.source in ("pending", "disputed") else rs.record_result
        self.saving = True
        try:
            saved = table_step(self.session, round_no, table, what, action, home, away, on_done=self.table_saved,
                               on_stage=side, expected=expected, reason=reason, on_overtaken=overtaken)  # fmt: skip
        finally:
            self.saving = False
        if not saved:
            self.model.update_row(table, typed_home=None, typed_away=None)
        return saved

    # --- the tables being typed (issue 23: StaleGuard's host) --------------------------------------------
    def row(self, table: int) -> KnockoutRow:
        row: KnockoutRow = self.model.rows[self.model.row_of_table(table)]
        return row

    @staticmethod
    def seen(row: KnockoutRow) -> Seen:
        state = {
            **ts.seen_state(row.kind, row.side, row.home_level, row.away_level),
            "on_stage": row.on_stage,
        }
        return Seen(state, levels_text(row.kind, row.side, row.home_level, row.away_level, row.on_stage))

    def typing_began(self, table: int) -> None:
        """The first key typed for a table: its home level begins an edit; the rest continue it."""
        row = self.row(table)
        if self.round_no is not None:
            edit = Edit(self.round_no, table, where_table(table), self.seen(row))
            self.stale.begin(table, lambda: edit, fresh=row.typed_home is None and row.typed_away is None)

    def typing_abandoned(self, table: int) -> None:
        """Esc: the edit ends, unless levels typed for the table still wait for the rest."""
        row = self.row(table)
        if row.typed_home is None and row.typed_away is None:
            self.stale.end(table)

    def step_shown(self, step: StepView) -> None:
        """A step undone or redone at this station: show what the table holds now."""
        if step.kind == "table" and step.round == self.round_no and step.table is not None:
            self.table_saved(step.table)

    def table_saved(self, table: int) -> None:
        """Show what the services stored for the table, and the bracket it moved on."""
        if self.round_no is None:
            return
        t = self.session.read(table_view, self.round_no, table)
        row = self.row_of(t)
        self.model.update_row(table, kind=row.kind, side=row.side, home_level=row.home_level,
                              away_level=row.away_level, on_stage=row.on_stage, winner=row.winner, typed_home=None,
                              typed_away=None)  # fmt: skip
        self.stale.end(table)  # what was typed is gone: a new edit begins at the next keystroke
        self.source_changed(table)
        self.bracket = self.read_bracket()
        self.show_bracket()
        if row.winner is not None:
            name = row.home if row.winner == "home" else row.away
            self.say(self.tr("Table {table}: {name} goes on.").format(table=table, name=name))
        else:
            self.say(self.tr("Table {table} has no result.").format(table=table))
