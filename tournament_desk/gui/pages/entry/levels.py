"""Result entry by levels, built for a desk typing 100 signed scoresheets in a rush.

Type the home level, Enter, the away level, Enter: the table is saved, its VP and MP appear, and the
cursor is on the next table's home level. A level the rules do not know is refused in place with a
sentence. Forfeits, rulings, late scoresheets and deductions are on the context menu; every entry can
be undone and redone (Ctrl+Z / Ctrl+Y), through the services, so the audit trail shows undo as well.
A table another station changes while it is being typed keeps what is typed; Enter then asks whether to
keep theirs or put mine (``stale``). What every result page shares is in ``page.EntryPage``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any

from PySide6.QtCore import QModelIndex, QPoint, QSortFilterProxyModel, Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QCheckBox, QTableView, QWidget

from tournament_desk.domain.levels import format_level, parse_level
from tournament_desk.gui.columns import fit_names, reserve
from tournament_desk.gui.models.results import ResultRow, ResultsModel
from tournament_desk.gui.pages.entry.editor import EntryDelegate
from tournament_desk.gui.pages.entry.page import EntryPage
from tournament_desk.gui.pages.entry.stale import Edit, Seen, TablesStale, levels_text, where_table
from tournament_desk.gui.pages.entry.table_actions import TableActions
from tournament_desk.gui.pages.undo import label
from tournament_desk.gui.session import RESULTS, ROUNDS, Changes, DeskSession
from tournament_desk.services import live
from tournament_desk.services.results import deductions as ds
from tournament_desk.services.results import levels as rs
from tournament_desk.services.results import table as ts
from tournament_desk.services.rounds import RoundView, TableView, round_view, table_view, tables_view
from tournament_desk.services.undo import StepView

ROW_UPDATE_LIMIT = 400  # more changed tables than this: the round is read again as a whole
FEW_TABLES = 4  # up to this many changed tables are read one by one; more, with one read of the round
# The widest a result's cells can be (a column sized for them never cuts a result typed later).
VP_WIDEST = ("20 : 20", "12.5 : 7.5")
MP_WIDEST = ("2.5 : 0.5", "1.5 : 1.5")
LEVEL_WIDEST = ("过A", "10")


class LevelDelegate(EntryDelegate):
    """A level, checked on Enter or Tab; Ctrl+Z / Ctrl+Y in an untouched editor undo and redo the last entry."""

    editor_name = "level-editor"
    placeholder = "9 10 J Q K A 过A"
    undo_keys = True

    def parse(self, text: str, column: int) -> object:
        return parse_level(text)


@dataclass(frozen=True)
class LevelsRound:
    view: RoundView
    deducted: dict[str, float]
    sources: dict[int, live.LiveTableView]


def deducted_in(deductions: Iterable[ds.DeductionView], round_no: int | None) -> dict[str, float]:
    """MP deducted from each entrant in a round."""
    totals: dict[str, float] = {}
    for d in deductions:
        if d.round == round_no:
            totals[d.name] = totals.get(d.name, 0.0) + d.mp
    return totals


class ResultsPage(TablesStale, TableActions, EntryPage):
    prefix = "results-"
    clears_results = True

    def __init__(self, session: DeskSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.add_round_box(self.tr("Round"), self.tr("Round {n}"))
        self.missing_only = QCheckBox(self.tr("Missing results only"))
        self.missing_only.setObjectName("results-missing-only")
        self.missing_only.toggled.connect(self.apply_filter)
        self.bar.addWidget(self.missing_only)
        self.bar.addStretch()
        self.add_undo(self.undo, self.redo)
        self.say(self.tr("Type the levels reached (2–10, J, Q, K, A, 过A); Enter moves on."))

        self.model = ResultsModel()
        self.model.levels_entered.connect(self.save_levels)
        self.model.refused.connect(self.refused)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        # "Missing results only" is applied when it is ticked or the round is shown, not on every
        # typed level: a half-entered table stays in the list so its away level can be typed there.
        self.proxy.setDynamicSortFilter(False)
        self.table = self.entry_grid("results-table", self.proxy, LevelDelegate(self))
        # Sized once per load from a sample of rows: ResizeToContents would re-measure every row
        # on each saved result, which costs hundreds of milliseconds at 1000 tables.
        self.table.horizontalHeader().setResizeContentsPrecision(50)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self.context_menu)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.table, self.clear_current,
                  context=Qt.ShortcutContext.WidgetShortcut)  # fmt: skip
        # The table's actions from the keyboard: the Menu key or Shift+F10 opens them for the current table.
        for keys in ("Menu", "Shift+F10"):
            QShortcut(QKeySequence(keys), self.table, self.current_table_menu,
                      context=Qt.ShortcutContext.WidgetShortcut)  # fmt: skip
        self.add_dispute_key()
        self.body.addWidget(self.table)

    def title(self) -> str:
        return self.tr("Results")

    def on_changes(self, changes: Changes) -> None:
        """Results of some tables (at another station, from the tables' phones, on another page): just those
        rows of the round shown change, so the cursor and an open editor stay put; anything else reloads. What
        another station changed is tinted for a moment."""
        if RESULTS in changes and changes.only_results and self.round_no is not None and not self._stale:
            tables = changes.tables_in(self.round_no)
            if len(tables) > ROW_UPDATE_LIMIT:  # an import of many results: one read of the round is quicker
                super().on_changes(Changes.of({ROUNDS}))
            elif tables:
                self.update_tables(tables)
            if self.round_no in changes.rounds or changes.entrants:
                self.deductions_changed()
        elif RESULTS in changes and not changes & self.watches:
            super().on_changes(Changes.of({ROUNDS}))  # results with rules or the like: read the round again
        else:
            super().on_changes(changes)
        if changes.remote and self.round_no is not None:
            self.model.mark_tables(changes.tables_in(self.round_no))

    def update_tables(self, tables: Iterable[int]) -> None:
        """Read these tables of the round shown again, in one read, and update their rows, where their results
        came from included (a phone confirmed or disputed it, another station decided it)."""
        assert self.round_no is not None
        wanted = sorted(set(tables) & {row.table for row in self.model.rows})
        for t, source in self.read_together(partial(self.read_tables, self.round_no, wanted)):
            self.model.update_row(t.table, kind=t.kind, side=t.side, home_level=t.home_level,
                                  away_level=t.away_level, outcome=t.outcome, locked=t.locked,
                                  source=source)  # fmt: skip

    def read_tables(self, round_no: int, wanted: list[int]) -> list[tuple[TableView, str | None]]:
        """These tables of a round and where each stands (kept for Ctrl+D)."""
        if len(wanted) > FEW_TABLES:
            # Many at once (the phones of a busy hall): one query for those tables and one for their sources,
            # not one each; the rows still change in place (the cursor stays where the director is).
            views = self.session.read(tables_view, round_no, wanted)
            sources = self.read_sources(wanted)
            return [(t, sources.get(t.table)) for t in views]
        return [(self.session.read(table_view, round_no, n), self.read_source(n)) for n in wanted]

    # --- reading ---------------------------------------------------------------------------------------
    def read_round(self, round_no: int | None) -> LevelsRound | None:
        if round_no is None:
            return None
        deductions = self.session.read(ds.list_deductions)
        return LevelsRound(self.session.read(round_view, round_no), deducted_in(deductions, round_no),
                           self.fetch_sources(round_no))  # fmt: skip

    def show_round_data(self, round_no: int | None, data: Any) -> None:
        another_round = round_no != self.round_no
        if another_round:  # a new round: the last round's message and marks no longer apply
            self.say("")
            self.model.clear_marks()
        self.round_no = round_no
        if not isinstance(data, LevelsRound):
            self.model.set_rows([])
            self.say(self.tr("No round has been paired yet."))
            return
        names_before = [(r.home, r.away) for r in self.model.rows]
        self.stale.end_all()  # the rows are read again: whatever was typed is gone
        self.model.set_round(data.view, data.deducted, self.keep_sources(data.sources))
        if another_round or names_before != [(r.home, r.away) for r in self.model.rows]:
            self.fit_columns()  # the same round read again keeps its widths (sized for the widest already)
        if not data.view.published:
            self.say(self.tr("Round {n} is not published yet: publish it on the Rounds page first.").format(
                n=round_no))  # fmt: skip
        self.apply_filter()

    def deductions_changed(self) -> None:
        if self.round_no is not None:
            self.model.set_deductions(deducted_in(self.session.read(ds.list_deductions), self.round_no))

    def fit_columns(self) -> None:
        """Names as long as the longest (up to a maximum); VP and MP as wide as they can ever be, so a
        result typed into a round that had none does not show "0⋯"."""
        self.table.resizeColumnsToContents()
        model = self.model
        fit_names(self.table, model.COL_HOME, [r.home for r in model.rows])
        fit_names(self.table, model.COL_AWAY, [r.away for r in model.rows])
        reserve(self.table, model.COL_TABLE, [str(max((r.table for r in model.rows), default=0)) + "9"])
        reserve(self.table, model.COL_VP, VP_WIDEST)
        reserve(self.table, model.COL_MP, MP_WIDEST)
        for column in model.LEVEL_COLUMNS:
            reserve(self.table, column, LEVEL_WIDEST)

    def apply_filter(self) -> None:
        self.proxy.setFilterRole(Qt.ItemDataRole.DisplayRole)
        self.proxy.setFilterKeyColumn(ResultsModel.COL_STATE)
        self.proxy.setFilterFixedString(self.tr("missing") if self.missing_only.isChecked() else "")

    # --- typing --------------------------------------------------------------------------------------
    def advance(self) -> None:
        """After Enter: home level → away level of the same table → home level of the next table."""
        current = self.table.currentIndex()
        if not current.isValid() or self.stale.asking is not None:
            return  # (asking: the table changed elsewhere; the question comes first)
        if current.column() == ResultsModel.COL_HOME_LEVEL:
            target = current.siblingAtColumn(ResultsModel.COL_AWAY_LEVEL)
        else:
            # The next table still missing its result: never an entered one with its value
            # selected, where typing on would overwrite it.
            target = QModelIndex()
            for row in range(current.row() + 1, self.proxy.rowCount()):
                if self.row_at(row).missing:
                    target = self.proxy.index(row, ResultsModel.COL_HOME_LEVEL)
                    break
        if target.isValid():
            # After the editor has closed: opening a new one inside its key event would be refused.
            QTimer.singleShot(0, lambda: self.edit(target))

    def undo(self) -> None:
        """Undo the last entry and put the cursor on its table (to type it again).

        A home level typed but not yet saved (the away level's editor is open) is the last entry: it goes.
        """
        pending = next((r for r in self.model.rows if r.typed_home is not None), None)
        if pending is not None:
            self.model.update_row(pending.table, typed_home=None)
            self.stale.end(pending.table)
            self.say(
                self.tr("Table {table}: the home level typed is taken back.").format(table=pending.table)
            )
            self.move_to(pending.table)
            return
        assert self.undo_stack is not None
        self.go_to_step(self.undo_stack.undo())

    def redo(self) -> None:
        assert self.undo_stack is not None
        self.go_to_step(self.undo_stack.redo())

    def go_to_step(self, step: StepView | None) -> None:
        """The cursor on the table undone or redone, in its round (to type it again)."""
        if step is None or step.table is None:
            return
        if step.round != self.round_no:
            position = self.round_box.findData(step.round)
            if position < 0:
                return
            self.round_box.setCurrentIndex(position)  # shows that round, as stored now
        self.move_to(step.table)

    def move_to(self, table: int) -> None:
        """The cursor on a table's home level, ready to type (no editor open)."""
        self.table.setFocus()
        source = self.model.index(self.model.row_of_table(table), ResultsModel.COL_HOME_LEVEL)
        target = self.proxy.mapFromSource(source)
        if target.isValid():
            self.table.setCurrentIndex(target)

    def first_missing(self) -> QModelIndex:
        """The home level of the first table shown without a result."""
        for row in range(self.proxy.rowCount()):
            if self.row_at(row).missing:
                return self.proxy.index(row, ResultsModel.COL_HOME_LEVEL)
        return QModelIndex()

    def place_cursor(self, view: QTableView) -> None:
        """The page opens on the home level of the first table without a result, ready to type."""
        target = self.first_missing()
        if target.isValid():
            view.setCurrentIndex(target)

    def start_typing(self) -> None:
        self.edit(self.first_missing())

    def save_levels(self, table: int, home: int, away: int) -> None:
        if self.round_no is None:
            return
        if not self.earlier_round_ok():
            self.model.update_row(table, typed_home=None)
            self.stale.end(table)
            return
        row = self.row(table)
        # Expected: the table as it was when the director began typing it (issue 23: changed since → the
        # question), or else as this page shows it (changed since → refused with who and when, issue 18).
        seen = ts.seen_state(row.kind, row.side, row.home_level, row.away_level)
        write = partial(self.write_levels, self.round_no, table, home, away)
        self.stale.save(table, levels_text("played", None, home, away), write, fallback=seen)

    def write_levels(self, round_no: int, table: int, home: int, away: int, expected: dict[str, object] | None,
                     reason: str | None, overtaken: Callable[[ts.ChangedElsewhere], None] | None) -> bool:  # fmt: skip
        """One try at storing a table's levels; refused: what was typed is dropped (and shown again if asked)."""
        what = label("levels", home=format_level(home), away=format_level(away))
        # A table entered from the phones: the desk decides it (the audit trail says whose entry was taken).
        action = live.resolve if self.row(table).source in ("pending", "disputed") else rs.record_result
        done = self.write_step(round_no, table, what, action, home, away, expected=expected, reason=reason,
                               on_overtaken=overtaken)  # fmt: skip
        if not done:
            self.model.update_row(table, typed_home=None)
        return done

    # --- the tables being typed (issue 23: StaleGuard's host) --------------------------------------------
    def row(self, table: int) -> ResultRow:
        row: ResultRow = self.model.rows[self.model.row_of_table(table)]
        return row

    def row_at(self, position: int) -> ResultRow:
        """The row shown at ``position`` of the grid (through the filter)."""
        row: ResultRow = self.model.rows[self.proxy.mapToSource(self.proxy.index(position, 0)).row()]
        return row

    def seen(self, row: ResultRow) -> Seen:
        state = ts.seen_state(row.kind, row.side, row.home_level, row.away_level)
        return Seen(state, levels_text(row.kind, row.side, row.home_level, row.away_level))

    def typing_began(self, position: int, column: int) -> None:
        """The first key typed for a table: its home level begins an edit; its away level continues it."""
        row = self.row_at(position)
        if self.round_no is not None:
            edit = Edit(self.round_no, row.table, where_table(row.table), self.seen(row))
            self.stale.begin(row.table, lambda: edit, fresh=row.typed_home is None)

    def typing_abandoned(self, position: int, column: int) -> None:
        """Esc: the edit ends, unless a home level typed for the table still waits for its away level."""
        row = self.row_at(position)
        if row.typed_home is None:
            self.stale.end(row.table)

    def table_saved(self, table: int) -> None:
        """Show what the services stored for one table, read once (no full reload: the desk keeps typing)."""
        if self.round_no is None:
            return
        [(t, source)] = self.read_together(partial(self.read_tables, self.round_no, [table]))
        self.model.update_row(table, kind=t.kind, side=t.side, home_level=t.home_level, away_level=t.away_level,
                              outcome=t.outcome, typed_home=None, source=source)  # fmt: skip
        self.stale.end(table)  # what was typed is gone: a new edit begins at the next keystroke
        row = self.row(table)
        if row.outcome is not None and not row.missing:
            o = row.outcome
            self.say(self.tr("Table {table}: {home} {hvp} VP {hmp} MP – {away} {avp} VP {amp} MP").format(
                table=table, home=row.home, away=row.away, hvp=f"{o.home_vp:g}", avp=f"{o.away_vp:g}",
                hmp=f"{o.home_mp:g}", amp=f"{o.away_mp:g}"))  # fmt: skip
        else:
            self.say(self.tr("Table {table} has no result.").format(table=table))

    # --- the context menu: forfeits, rulings, late scoresheets, deductions (TableActions) ---------------
    def clear_current(self) -> None:
        index = self.table.currentIndex()
        if not index.isValid():
            return
        row = self.row_at(index.row())
        if row.missing and row.home_level is None and row.away_level is None:
            self.say(self.tr("Table {table} has no result to clear.").format(table=row.table))
            return
        self.clear_table(row.table)

    def current_table_menu(self) -> None:
        """The context menu of the current table, beside its cell (arrows, a letter and Enter pick)."""
        index = self.table.currentIndex()
        if not index.isValid() or self.round_no is None:
            return
        row = self.row_at(index.row())
        at = self.table.viewport().mapToGlobal(self.table.visualRect(index).bottomLeft())
        self.table_menu(self, row.table, row.home, row.away, at)

    def context_menu(self, pos: QPoint) -> None:
        index = self.table.indexAt(pos)
        if not index.isValid() or self.round_no is None:
            return
        row = self.row_at(index.row())
        self.table_menu(self, row.table, row.home, row.away, self.table.viewport().mapToGlobal(pos))
