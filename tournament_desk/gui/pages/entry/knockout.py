"""The knockout page (淘汰赛): the bracket (对阵图) drawn as a tree, and the results of a knockout round typed like
on the results page; for every event with a knockout stage (groups then knockout, rules.md §7.4; the knockout by
draw, §7.6; the knockout rounds before a round-robin final, §7.7, whose final is typed on the results page).

Type the home level, Enter, the away level, Enter: a table with different levels is saved at once (the higher
level wins). Equal levels: the cursor moves to "On stage" (在台上): choose home or away (type 主/客, h/a or pick
it), Enter, and the table is saved with the side on stage at the end, who wins.

Results from other stations (and the phones) change the rows in place; a table changed while it is being typed
keeps what is typed, and Enter asks whether to keep theirs or put mine (``stale``). The round's rows and model
are in ``gui/models/knockout``, the bracket in ``knockout_bracket``; what every result page shares is in
``page.EntryPage``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, ClassVar

from PySide6.QtCore import (
    QAbstractItemModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTimer,
)
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QComboBox, QSplitter, QWidget

from tournament_desk.domain.levels import format_level, parse_level
from tournament_desk.gui.columns import NAME_MAX_EMS, cell_padding, fit_names, reserve
from tournament_desk.gui.models.knockout import KnockoutModel, KnockoutRow, parse_side
from tournament_desk.gui.models.results import source_marks
from tournament_desk.gui.pages.entry.editor import EntryDelegate, Refused
from tournament_desk.gui.pages.entry.knockout_bracket import BracketPane
from tournament_desk.gui.pages.entry.page import EntryPage
from tournament_desk.gui.pages.entry.stale import (
    Edit,
    Seen,
    TablesStale,
    keeps_typing,
    levels_text,
    where_table,
)
from tournament_desk.gui.pages.undo import label
from tournament_desk.gui.session import ENTRANTS, RESULTS, ROUNDS, Changes, DeskSession
from tournament_desk.i18n import render
from tournament_desk.services import live
from tournament_desk.services.bracket import BracketView, bracket_view
from tournament_desk.services.event import event_info
from tournament_desk.services.results import levels as rs
from tournament_desk.services.results import table as ts
from tournament_desk.services.rounds import RoundView, TableView, last_paired_round, round_view, table_view

Index = QModelIndex | QPersistentModelIndex


def tr(text: str) -> str:
    return QCoreApplication.translate("KnockoutPage", text)


class KnockoutDelegate(EntryDelegate):
    """Levels as on the results page; the side on stage as a choice of home or away."""

    editor_name = "level-editor"
    placeholder = "9 10 J Q K A 过A"

    def make_editor(self, parent: QWidget, index: Index) -> QWidget:
        if index.column() != KnockoutModel.COL_ON_STAGE:
            return super().make_editor(parent, index)
        editor = QComboBox(parent)
        editor.setObjectName("on-stage-editor")
        editor.setEditable(True)  # so 主 / 客 / h / a can be typed as well as picked
        editor.addItems([tr("home"), tr("away")])
        editor.setCurrentIndex(-1)
        return editor

    def parse(self, text: str, column: int) -> object:
        if column != KnockoutModel.COL_ON_STAGE:
            return parse_level(text)
        side = parse_side(text)
        if side is None:
            raise Refused(tr("Choose the side on stage: home (主) or away (客)."))
        return side

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        if not isinstance(editor, QComboBox):
            super().setEditorData(editor, index)
        elif not keeps_typing(editor):  # another station's change under the editor keeps what is typed
            editor.setCurrentIndex(-1)
            editor.setEditText("")

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if isinstance(editor, QComboBox):
            index.model().setData(index, editor.currentText(), Qt.ItemDataRole.EditRole)
            return
        super().setModelData(editor, model, index)


@dataclass(frozen=True)
class KnockoutRead:
    """The bracket, the knockout rounds paired so far (event round, the bracket round it is) and the round
    shown, as ``read`` found them."""

    last: int
    bracket: BracketView | None
    listed: list[tuple[int, int]]
    round_no: int | None
    view: RoundView | None
    sources: dict[int, live.LiveTableView]
    stage_formats: tuple[str, ...]
    typed_elsewhere: str | None = None  # where this event's knockout matches are typed, when not on this page


class KnockoutPage(TablesStale, EntryPage):
    prefix = "knockout-"
    watches = frozenset({ROUNDS, ENTRANTS, RESULTS})
    # What the page says while there is no bracket, by the event's stages (how its bracket comes about is its
    # first stage format's to say). The registry of formats (gui/formats) gives it, so this page needs no
    # import of the registry that lists it.
    bracket_hint: ClassVar[Callable[[Sequence[str]], str] | None] = None
    # Where the event's scoring mode has a knockout match typed, when not here (a team match's pair games, a
    # duplicate match's boards): the page then shows the round and the bracket and says where to type.
    knockout_typing: ClassVar[Callable[[str], str | None] | None] = None

    def __init__(self, session: DeskSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.bracket: BracketView | None = None
        self.elsewhere: str | None = None  # where this event's knockout matches are typed (None: here)
        self.newest: object = None  # the newest knockout round listed
        self.add_round_box(self.tr("Knockout round"))
        self.bar.addStretch()
        self.add_undo()

        self.model = KnockoutModel()
        self.model.entered.connect(self.save)
        self.model.refused.connect(self.refused)
        self.table = self.entry_grid("knockout-table", self.model, KnockoutDelegate(self))
        self.add_dispute_key()
        self.pane = BracketPane()
        self.drawing, self.placing = self.pane.drawing, self.pane.placing
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(self.pane)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([180, 520])
        self.body.addWidget(splitter, 1)

    def title(self) -> str:
        return self.tr("Knockout")

    def on_changes(self, changes: Changes) -> None:
        if changes.only_results and changes.tables and not self._stale and self.isVisible():
            # Results of some tables (another station, the phones): their rows change in place, so an open
            # editor and what is typed in it stay; the bracket is drawn again.
            tables = changes.tables_in(self.round_no) if self.round_no is not None else frozenset()
            was_missing = any(r.missing for r in self.model.rows)
            self.bracket = self.read_together(partial(self.read_changed, tables))
            if was_missing and not any(r.missing for r in self.model.rows):
                self.say(self.tr("Every match of this round has a winner."))
            if changes.remote:
                self.model.mark_tables(tables)
            self.show_bracket()
            return
        super().on_changes(changes)

    def read_changed(self, tables: Iterable[int]) -> BracketView | None:
        """The tables changed elsewhere, updated in place, and the bracket they moved on (in the page's one read)."""
        self.update_tables(tables)
        bracket: BracketView | None = self.session.read(bracket_view)
        return bracket

    def update_tables(self, tables: Iterable[int]) -> None:
        """Read these tables of the round shown again, in one read, and update their rows (what is typed stays)."""
        if self.round_no is None:
            return
        round_no, wanted = self.round_no, sorted(set(tables) & {r.table for r in self.model.rows})
        found = self.read_together(
            lambda: [(self.session.read(table_view, round_no, n), self.read_source(n)) for n in wanted]
        )
        for t, source in found:
            row = self.row_of(t)
            self.model.update_row(t.table, kind=row.kind, side=row.side, home_level=row.home_level,
                                  away_level=row.away_level, on_stage=row.on_stage, winner=row.winner,
                                  source=source)  # fmt: skip

    # --- reading -----------------------------------------------------------------------------------------
    def read(self) -> KnockoutRead:
        """The bracket, and the knockout round to show: the director's pick unless a new one has appeared."""
        bracket: BracketView | None = self.session.read(bracket_view)
        last = self.session.read(last_paired_round)
        listed: list[tuple[int, int]] = []
        for k, cells in enumerate(bracket.rounds if bracket is not None else []):
            event_round = cells[0].round if cells else None
            if event_round is not None and event_round <= last:
                listed.append((event_round, k))
        rounds = [n for n, _ in listed]
        keep = self.wanted_round
        newest = rounds[-1] if rounds else None
        follow = not isinstance(keep, int) or keep not in rounds or newest != self.newest
        round_no = newest if follow else keep
        view = self.session.read(round_view, round_no) if bracket is not None and round_no else None
        sources = self.fetch_sources(round_no) if view is not None else {}
        info = self.session.read(event_info)
        stages = info.stage_formats or (info.format,)
        typing = type(self).knockout_typing
        elsewhere = typing(info.scoring) if typing is not None else None
        return KnockoutRead(last, bracket, listed, round_no, view, sources, tuple(stages), elsewhere)

    def show_data(self, data: KnockoutRead) -> None:
        self.last_round, self.bracket = data.last, data.bracket
        self.elsewhere = data.typed_elsewhere
        self.model.EDITABLE = () if self.elsewhere else KnockoutModel.EDITABLE  # typed on another page
        self.show_bracket()
        box = self.round_box
        box.blockSignals(True)
        box.clear()
        for event_round, k in data.listed:
            name = render(data.bracket.round_names[k]) if data.bracket is not None else ""
            box.addItem(self.tr("{name} (round {n})").format(name=name, n=event_round), event_round)
        if data.listed:
            box.setCurrentIndex(box.findData(data.round_no))
            self.newest = data.listed[-1][0]
        box.blockSignals(False)
        self.wanted_round = data.round_no
        self.round_no = data.round_no if data.listed else None
        self.stale.end_all()  # the rows are read again: whatever was typed is gone
        if data.bracket is None:
            self.model.set_rows([])
            hint = type(self).bracket_hint
            self.say(hint(data.stage_formats) if hint is not None else "")
        elif data.view is None:
            self.model.set_rows([])
            self.say(self.tr("The knockout is drawn: pair its first round on the Rounds page."))
        else:
            self.show_round_data(data.round_no, data)

    def show_round_data(self, round_no: int | None, data: Any) -> None:
        view: RoundView = data.view
        sources = self.keep_sources(data.sources)
        self.model.set_rows([replace(self.row_of(t), source=sources.get(t.table)) for t in view.tables])
        self.fit_columns()
        if not view.published:
            self.say(self.tr("Round {n} is not published yet: publish it on the Rounds page first.").format(
                n=round_no))  # fmt: skip
        elif self.elsewhere and any(r.missing for r in self.model.rows):
            self.say(self.elsewhere)
        elif any(r.missing for r in self.model.rows):
            self.say(self.tr("Type the levels (2–10, J, Q, K, A, 过A); Enter moves on. Equal levels: say who was on "
                             "stage (主 / 客)."))  # fmt: skip
        elif any(r.winner is None for r in self.model.rows):  # played and left equal (a team match's games)
            self.say(
                self.tr("A match of this round ended equal and has no winner: decide it by a ruling (判负).")
            )
        else:
            self.say(self.tr("Every match of this round has a winner."))

    def fit_columns(self) -> None:
        """Each column as wide as it can ever be in this round, so a result typed later never shows "⋯": the
        winner in bold (either side's name), where it came from (a phone's mark)."""
        self.table.resizeColumnsToContents()
        rows, header = self.model.rows, self.table.horizontalHeader()
        fit_names(self.table, KnockoutModel.COL_HOME, [r.home for r in rows])
        fit_names(self.table, KnockoutModel.COL_AWAY, [r.away for r in rows])
        bold = QFont(self.table.font())
        bold.setBold(True)
        widest = max(
            (QFontMetrics(bold).horizontalAdvance(n) for r in rows for n in (r.home, r.away)), default=0
        )
        limit = self.table.fontMetrics().horizontalAdvance("中" * NAME_MAX_EMS)
        header.resizeSection(KnockoutModel.COL_WINNER, max(header.sectionSize(KnockoutModel.COL_WINNER),
                                                           min(widest, limit) + cell_padding(self.table)))  # fmt: skip
        marks = [source_marks(s, False)[0] for s in ("desk", "pending", "confirmed", "disputed")]
        reserve(self.table, KnockoutModel.COL_SOURCE, marks)

    def show_bracket(self) -> None:
        titles = [render(n) for n in self.bracket.round_names] if self.bracket is not None else []
        self.pane.show_bracket(self.bracket, titles)

    @staticmethod
    def row_of(t: TableView) -> KnockoutRow:
        return KnockoutRow(t.table, t.home, t.away, t.kind, t.side, t.home_level, t.away_level, t.on_stage,
                           t.winner, games=t.games)  # fmt: skip

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
        saved = self.write_step(round_no, table, what, action, home, away, on_stage=side, expected=expected,
                                reason=reason, on_overtaken=overtaken)  # fmt: skip
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

    def typing_began(self, position: int, column: int) -> None:
        """The first key typed for a table: its home level begins an edit; the rest continue it."""
        row = self.model.rows[position]
        if self.round_no is not None:
            edit = Edit(self.round_no, row.table, where_table(row.table), self.seen(row))
            self.stale.begin(row.table, lambda: edit, fresh=row.typed_home is None and row.typed_away is None)

    def typing_abandoned(self, position: int, column: int) -> None:
        """Esc: the edit ends, unless levels typed for the table still wait for the rest."""
        row = self.model.rows[position]
        if row.typed_home is None and row.typed_away is None:
            self.stale.end(row.table)

    def table_saved(self, table: int) -> None:
        """Show what the services stored for the table, and the bracket it moved on, read once."""
        if self.round_no is None:
            return
        round_no = self.round_no
        t, source, self.bracket = self.read_together(
            lambda: (self.session.read(table_view, round_no, table), self.read_source(table),
                     self.session.read(bracket_view))
        )  # fmt: skip
        row = self.row_of(t)
        self.model.update_row(table, kind=row.kind, side=row.side, home_level=row.home_level,
                              away_level=row.away_level, on_stage=row.on_stage, winner=row.winner, typed_home=None,
                              typed_away=None, source=source)  # fmt: skip
        self.stale.end(table)  # what was typed is gone: a new edit begins at the next keystroke
        self.show_bracket()
        if row.winner is not None:
            name = row.home if row.winner == "home" else row.away
            self.say(self.tr("Table {table}: {name} goes on.").format(table=table, name=name))
        else:
            self.say(self.tr("Table {table} has no result.").format(table=table))
