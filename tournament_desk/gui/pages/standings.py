"""The standings page (名次): the ranking after any round, with the tiebreak behind each place on hover."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.gui.columns import fit_names
from tournament_desk.gui.formats import gui_format
from tournament_desk.gui.models.common import PROBLEM_COLOUR
from tournament_desk.gui.models.standings_model import StandingsTableModel
from tournament_desk.gui.pages.base import Page
from tournament_desk.gui.session import ENTRANTS, RESULTS, ROUNDS, RULES, DeskSession
from tournament_desk.services.queries import Progress, progress, standings_stamp
from tournament_desk.services.standings import Standings, current_standings


@dataclass(frozen=True)
class StandingsRead:
    """What one refresh read: the rounds' progress, the round shown with its stamp, and its standings
    (None when the shown ones were read at the same stamp)."""

    progress: Progress
    stamp: tuple[int, tuple[int, int]]
    standings: Standings | None


class StandingsPage(Page):
    watches = frozenset({ENTRANTS, ROUNDS, RESULTS, RULES})

    def __init__(self, session: DeskSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.progress = Progress(0, 0, ())
        self.standings: Standings | None = None
        self.shown_stamp: tuple[int, tuple[int, int]] | None = None  # what the shown standings were read at
        # Until the director picks a round, the page follows the last complete round as results come in.
        self.follow_latest = True
        self.picked_round = 0  # the round shown, or picked in the spin box
        self.units_fitted: tuple[tuple[str, ...], frozenset[str]] | None = None
        self.model = StandingsTableModel(self)
        self.round_spin = QSpinBox()
        self.round_spin.setRange(0, 0)
        self.round_spin.setSpecialValueText(self.tr("0 (before round 1)"))
        self.round_spin.valueChanged.connect(self.on_round_picked)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(
            StandingsTableModel.COL_NAME, QHeaderView.ResizeMode.Stretch
        )
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.format_note = QLabel()  # how the format ranks (Mitchell: each direction apart)
        self.format_note.setObjectName("standings-format-note")
        self.format_note.setWordWrap(True)

        top = QHBoxLayout()
        label = QLabel(self.tr("Standings after &round:"))
        label.setBuddy(self.round_spin)
        top.addWidget(label)
        top.addWidget(self.round_spin)
        top.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.status_label)
        layout.addWidget(self.format_note)
        layout.addWidget(self.table, 1)

    def title(self) -> str:
        return self.tr("Standings")

    def read(self) -> StandingsRead:
        got = self.session.read(progress)
        wanted = got.last_complete if self.follow_latest else self.picked_round
        wanted = min(wanted, got.paired)
        # Typing the round in play changes nothing the standings of an earlier round depend on: keep them.
        stamp = (wanted, self.session.read(standings_stamp, wanted))
        fresh = stamp != self.shown_stamp or self.standings is None
        return StandingsRead(got, stamp, self.session.read(current_standings, wanted) if fresh else None)

    def show_data(self, data: StandingsRead) -> None:
        self.progress = data.progress
        round_no = self.picked_round = data.stamp[0]
        self.round_spin.blockSignals(True)
        self.round_spin.setRange(0, self.progress.paired)
        self.round_spin.setValue(round_no)
        self.round_spin.blockSignals(False)
        if data.standings is not None:
            self.standings = data.standings
            self.model.set_standings(self.standings.rows, self.standings.columns)
            self.shown_stamp = data.stamp
            units = (self.model.keys, frozenset(r.entrant.unit or "" for r in self.standings.rows))
            if units != self.units_fitted:  # measured again only when a unit changed (2000 rows per Enter)
                fit_names(self.table, self.model.column_of("unit"), units[1])
                self.units_fitted = units
        assert self.standings is not None
        note = gui_format(self.standings.format).standings_note()
        self.format_note.setText(note or "")
        self.format_note.setVisible(note is not None)
        self.status_label.setText(self.status_text(round_no))
        missing = bool(self.status_label.text()) and not self.standings.complete
        self.status_label.setStyleSheet(f"color: {PROBLEM_COLOUR.name()};" if missing else "")

    def on_round_picked(self, round_no: int) -> None:
        self.follow_latest = round_no == self.progress.last_complete
        self.picked_round = round_no
        self.reload()

    def set_round(self, round_no: int) -> None:
        """Pick the round to show, as the spin box does."""
        self.round_spin.setValue(round_no)

    def status_text(self, round_no: int) -> str:
        assert self.standings is not None
        if round_no == 0:
            return self.tr("No round has been played yet.") if not self.progress.paired else ""
        if self.standings.complete:
            return self.tr("Every result up to round {round} is in.").format(round=round_no)
        missing = [r for r in self.progress.incomplete if r <= round_no]
        return self.tr(
            "Results are still missing in round(s) {rounds}: these standings are provisional."
        ).format(rounds=", ".join(str(r) for r in missing))
