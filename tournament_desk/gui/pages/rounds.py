"""Rounds: pair the next round (in a child process), adjust the draft (swap, lock, re-pair), publish."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.domain.errors import TournamentError
from tournament_desk.domain.results import ResultState
from tournament_desk.gui import boxes
from tournament_desk.gui.columns import fit_names
from tournament_desk.gui.dialogs.reason_dialog import ask_reason
from tournament_desk.gui.formats import GuiFormat, gui_format
from tournament_desk.gui.models.rounds import RoundModel
from tournament_desk.gui.pages.base import Page
from tournament_desk.gui.pages.round_box import fill_round_box, round_to_show
from tournament_desk.gui.pages.rounds_words import FormatRoundModel, FormatScheduleModel
from tournament_desk.gui.session import ENTRANTS, RESULTS, ROUNDS, DeskSession, ask_retry, show_error
from tournament_desk.gui.worker import PairingWorker, Refusal
from tournament_desk.i18n import render
from tournament_desk.services.adjust import (
    SwapBreaksRules,
    publish_round,
    repair_round,
    set_locks,
    swap_entrants,
)
from tournament_desk.services.event import event_info
from tournament_desk.services.rounds import (
    RoundView,
    ScheduledRound,
    last_paired_round,
    missing_results,
    round_view,
    schedule_view,
)
from tournament_desk.services.standings import current_standings


@dataclass(frozen=True)
class RoundTable:
    """A round's tables, and each entrant's match points before it (the table shows them)."""

    view: RoundView
    mp_before: dict[str, float]


@dataclass(frozen=True)
class RoundsRead:
    adjustable: bool
    format: str  # the stage's format (its words: gui/formats)
    last: int  # the last round paired
    table: RoundTable | None  # the round to show (None: none paired yet)
    schedule: list[ScheduledRound] | None  # a fixed schedule's rounds (None: the format has none)
    current: int  # the schedule's round in play


class RoundsPage(Page):
    watches = frozenset({ROUNDS, RESULTS, ENTRANTS})

    def __init__(self, session: DeskSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.view: RoundView | None = None
        self.shown_round: int | None = None  # the round the table shows
        self.listed_last = 0  # the last round listed in the round box
        self.pairing_notes = ""  # what the last pairing told the director (a repeat bye, relaxed rules…)
        self.worker = PairingWorker(self)
        self.worker.finished.connect(self.pairing_finished)
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        bar.addWidget(QLabel(self.tr("Round")))
        self.round_box = QComboBox()
        self.round_box.setObjectName("rounds-round")
        self.round_box.currentIndexChanged.connect(self.show_selected)
        bar.addWidget(self.round_box)
        self.pair_button = self.button(bar, self.tr("Pair &next round"), self.pair_next, "rounds-pair")
        self.swap_button = self.button(
            bar, self.tr("&Swap the two selected entrants"), self.swap, "rounds-swap"
        )
        self.lock_button = self.button(bar, self.tr("Loc&k / unlock table"), self.toggle_lock, "rounds-lock")
        self.repair_button = self.button(
            bar, self.tr("&Re-pair unlocked tables"), self.repair, "rounds-repair"
        )
        self.publish_button = self.button(bar, self.tr("P&ublish"), self.publish, "rounds-publish")
        bar.addStretch()
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)
        self.busy.setMaximumWidth(160)
        self.busy.setFormat(self.tr("Pairing…"))
        self.busy.hide()
        bar.addWidget(self.busy)
        layout.addLayout(bar)
        self.status = QLabel()
        self.status.setObjectName("rounds-status")
        layout.addWidget(self.status)
        self.model = FormatRoundModel()
        self.table = QTableView()
        self.table.setObjectName("rounds-table")
        self.table.setModel(self.model)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.table.verticalHeader().hide()
        # Sized once per load from a sample of rows: ResizeToContents would re-measure every row
        # on each saved result, which costs hundreds of milliseconds at 1000 tables.
        self.table.horizontalHeader().setResizeContentsPrecision(50)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.horizontalHeader().moveSection(
            RoundModel.COL_GROUP, RoundModel.COL_TABLE + 1
        )  # group stage
        layout.addWidget(self.table, 2)
        # A fixed schedule (round robin): every round, known in advance, the current one highlighted.
        self.schedule_label = QLabel(self.tr("The whole schedule"))
        self.schedule_model = FormatScheduleModel(self.model)
        self.schedule = QTableView()
        self.schedule.setObjectName("rounds-schedule")
        self.schedule.setModel(self.schedule_model)
        self.schedule.verticalHeader().hide()
        self.schedule.horizontalHeader().setStretchLastSection(True)
        self.schedule.setWordWrap(False)
        self.schedule.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        layout.addWidget(self.schedule_label)
        layout.addWidget(self.schedule, 3)
        self.adjustable = True
        self.words: GuiFormat = GuiFormat()

    def button(self, bar: QHBoxLayout, text: str, slot: object, name: str) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.clicked.connect(slot)
        bar.addWidget(button)
        return button

    def title(self) -> str:
        return self.tr("Rounds")

    # --- reading -------------------------------------------------------------------------------------
    def read(self) -> RoundsRead:
        info = self.session.read(event_info)
        last = self.session.read(last_paired_round)
        table = self.read_round(round_to_show(last, self.shown_round, self.listed_last))
        rounds = self.session.read(schedule_view) if info.scheduled else None
        current = last
        if rounds and (last == 0 or not self.session.read(missing_results, last)):
            current = min(last + 1, len(rounds))  # the next round is the one to play
        return RoundsRead(info.adjustable, info.stage_format, last, table, rounds, current)

    def read_round(self, round_no: int | None) -> RoundTable | None:
        if round_no is None:
            return None
        before = self.session.read(current_standings, round_no - 1)
        return RoundTable(
            self.session.read(round_view, round_no), {r.entrant.name: r.mp for r in before.rows}
        )

    def show_data(self, data: RoundsRead) -> None:
        self.adjustable = data.adjustable
        self.words = self.model.words = gui_format(data.format)
        for column in (RoundModel.COL_HOME_MP, RoundModel.COL_AWAY_MP):
            self.table.setColumnHidden(column, not self.words.pairs_by_match_points)
        for button in (self.swap_button, self.lock_button, self.repair_button):
            button.setVisible(self.adjustable)
        chosen = data.table.view.round if data.table is not None else None
        fill_round_box(self.round_box, data.last, self.tr("Round {n}"), chosen)
        self.listed_last = data.last
        self.show_table(data.table)
        self.show_schedule(data.schedule, data.current)

    def show_schedule(self, rounds: list[ScheduledRound] | None, current: int) -> None:
        self.schedule_label.setVisible(rounds is not None)
        self.schedule.setVisible(rounds is not None)
        if not rounds:
            self.schedule_model.set_rows([])
            return
        self.schedule_model.set_schedule(rounds, current)
        self.schedule.resizeColumnsToContents()
        first = next((i for i, row in enumerate(self.schedule_model.rows) if row.current), 0)
        self.schedule.scrollTo(
            self.schedule_model.index(first, 0), QAbstractItemView.ScrollHint.PositionAtCenter
        )

    def selected_round(self) -> int | None:
        value = self.round_box.currentData()
        return value if isinstance(value, int) else None

    def show_selected(self) -> None:
        """The director picked a round: its table, read in one transaction."""
        round_no = self.selected_round()
        self.show_table(self.read_together(lambda: self.read_round(round_no)))

    def show_table(self, table: RoundTable | None) -> None:
        self.shown_round = table.view.round if table is not None else None
        if table is None:
            self.view = None
            self.model.set_rows([])
            self.status.setText(self.tr("No round has been paired yet."))
        else:
            self.view = table.view
            self.model.set_round(self.view, table.mp_before)
            self.table.setColumnHidden(RoundModel.COL_GROUP, not any(t.group for t in self.view.tables))
            self.table.resizeColumnsToContents()
            fit_names(self.table, RoundModel.COL_HOME, [r.home for r in self.model.rows])
            fit_names(self.table, RoundModel.COL_AWAY, [r.away for r in self.model.rows])
            self.status.setText(self.status_text(self.view))
            if self.pairing_notes:  # what pairing the round told the director, under its status line
                self.status.setText(f"{self.status.text()}\n{self.pairing_notes}")
        self.pairing_notes = ""
        self.update_buttons()

    def status_text(self, view: RoundView) -> str:
        missing = sum(1 for t in view.tables if t.kind == ResultState.PENDING)
        if view.published and missing:
            return self.tr(
                "Round {n} is published: {missing} of {count} tables still have no result."
            ).format(n=view.round, missing=missing, count=len(view.tables))
        if view.published:
            return self.tr("Round {n}: every result is in.").format(n=view.round)
        if not self.adjustable:  # a fixed schedule: nothing to adjust, and the page says why
            return self.tr("Round {n} is a draft. {why}").format(n=view.round, why=self.words.fixed_draft())
        return self.tr("Round {n} is a draft: swap, lock or re-pair tables, then publish it.").format(
            n=view.round
        )

    def update_buttons(self) -> None:
        draft = self.view is not None and not self.view.published
        busy = self.busy.isVisible()
        self.pair_button.setEnabled(not busy and not draft)
        for button in (self.swap_button, self.lock_button, self.repair_button):
            button.setEnabled(draft and not busy and self.adjustable)
        self.publish_button.setEnabled(draft and not busy)

    # --- pairing ---------------------------------------------------------------------------------------
    def pair_next(self) -> None:
        """Pair in a child process, on a file as on a server (the matching holds the GIL for seconds)."""
        db = self.session.desk.db
        where = db.path if db.path is not None else db.engine.url.render_as_string(hide_password=False)
        self.busy.show()
        self.update_buttons()
        self.worker.start(where, self.session.desk.station)

    def pairing_finished(self, outcome: object) -> None:
        self.busy.hide()
        if isinstance(outcome, Refusal):
            self.update_buttons()
            # A server's refusal is handled as session.run handles it (Retry when it may pass in a moment), as
            # when the window paired on a server itself; a file's has always been shown alone.
            if outcome.transient and self.session.desk.db.is_server:
                if ask_retry(self, outcome.text):
                    self.pair_next()
                return
            show_error(self, outcome.text)
            return
        if isinstance(outcome, RoundView) and outcome.notes:
            self.pairing_notes = "\n".join(render(n) for n in outcome.notes)
        self.shown_round = None  # the new round is the one to show
        self.session.notify({ROUNDS})  # refreshes this page (now, or when it is next shown) and the others

    # --- adjusting the draft ---------------------------------------------------------------------------
    def ask_reason(self, what: str, body: str = "") -> str | None:
        """Every manual change asks for a reason only, saying what changes; None when the director cancels."""
        return ask_reason(self, what, body or what)

    def selected_names(self) -> list[str]:
        names = []
        for index in self.table.selectionModel().selectedIndexes():
            if index.column() in (RoundModel.COL_HOME, RoundModel.COL_AWAY):
                name = self.model.data(index)
                if isinstance(name, str) and name:
                    names.append(name)
        return names

    def swap(self) -> None:
        names = self.selected_names()
        round_no = self.selected_round()
        if len(names) != 2 or round_no is None:
            show_error(self, self.tr("Select exactly two entrants (their name cells) to swap."))
            return
        body = self.tr("Round {round}: swap {first} and {second}").format(
            round=round_no, first=names[0], second=names[1]
        )
        reason = self.ask_reason(self.tr("Swap entrants"), body)
        if reason is None:
            return
        try:
            swap_entrants(self.session.desk, round_no, names[0], names[1], reason=reason, allow_breaks=False)
        except SwapBreaksRules as exc:
            anyway = boxes.ask(
                self,
                self.tr("Swap entrants"),
                render(exc)
                + "\n"
                + self.tr("Swap anyway? The audit trail records it as a manual exception."),
            )
            if not anyway:
                return
            self.session.run(self, swap_entrants, round_no, names[0], names[1], reason=reason)
            return
        except TournamentError as exc:
            show_error(self, render(exc))
            return
        self.session.announce(self.session.desk.last_changes)

    def toggle_lock(self) -> None:
        round_no = self.selected_round()
        rows = {i.row() for i in self.table.selectionModel().selectedIndexes()}
        tables = [self.model.rows[r] for r in sorted(rows) if self.model.rows[r].table is not None]
        if round_no is None or not tables:
            show_error(self, self.tr("Select a table to lock or unlock."))
            return
        lines = [
            (self.tr("Unlock table {table}: {home} – {away}") if row.locked
             else self.tr("Lock table {table}: {home} – {away}")).format(table=row.table, home=row.home, away=row.away)
            for row in tables
        ]  # fmt: skip
        reason = self.ask_reason(self.tr("Lock or unlock tables"), "\n".join(lines))
        if reason is None:
            return
        locks = {row.table: not row.locked for row in tables if row.table is not None}
        self.session.run(self, set_locks, round_no, locks, reason=reason)  # one action: one transaction

    def repair(self) -> None:
        round_no = self.selected_round()
        body = self.tr("Round {round}: pair every unlocked table again (locked tables stay).").format(
            round=round_no
        )
        reason = self.ask_reason(self.tr("Re-pair the unlocked tables"), body)
        if round_no is not None and reason is not None:
            self.session.run(self, repair_round, round_no, reason=reason)

    def publish(self) -> None:
        round_no = self.selected_round()
        if round_no is not None:
            self.session.run(self, publish_round, round_no)

    def shutdown(self) -> None:
        self.worker.shutdown()
