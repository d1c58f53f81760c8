"""A short wizard for a new tournament: name, dates, venue, pairs or teams, rule preset, rounds."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QDate
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from tournament_desk import userdata
from tournament_desk.domain.errors import TournamentError
from tournament_desk.domain.formats import format_named
from tournament_desk.domain.formats.mitchell_stage import Mitchell
from tournament_desk.domain.rules import DEFAULT_PRESET, LEVEL_TABLES, LevelTable
from tournament_desk.domain.scoring_modes import scoring_mode
from tournament_desk.gui.models.rules_model import preset_name
from tournament_desk.gui.session import show_error
from tournament_desk.i18n import render
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament


def tr(text: str) -> str:
    return QCoreApplication.translate("NewTournamentWizard", text)


def describe_change(change: int) -> str:
    """A level-table row in the words a scoring desk uses."""
    if change > 0:
        return tr("declarer up {n}").format(n=change)
    if change == 0:
        return tr("defenders take the stage")
    return tr("defenders take the stage, up {n}").format(n=-change)


def fill_level_table(widget: QTableWidget, table: LevelTable) -> None:
    widget.setColumnCount(2)
    widget.setHorizontalHeaderLabels([tr("Defenders' points"), tr("Result")])
    widget.setRowCount(len(table.bands))
    for row, band in enumerate(table.bands):
        if band.high is None:
            points = f"{band.low}+"
        elif band.high == band.low:
            points = str(band.low)
        else:
            points = f"{band.low}–{band.high}"
        text = describe_change(band.change)
        if band.step:
            text += " " + tr("(one more every further {step})").format(step=band.step)
        widget.setItem(row, 0, QTableWidgetItem(points))
        widget.setItem(row, 1, QTableWidgetItem(text))
    widget.resizeColumnsToContents()


def as_date(value: QDate) -> date:
    return date(value.year(), value.month(), value.day())


class EventPage(QWizardPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("The event"))
        form = QFormLayout(self)
        self.name = QLineEdit()
        self.name.setObjectName("wizard-name")
        self.name.setPlaceholderText(self.tr("e.g. 2026 金秋杯升级赛"))
        self.venue = QLineEdit()
        self.starts = QDateEdit(QDate.currentDate())
        self.ends = QDateEdit(QDate.currentDate())
        for edit in (self.starts, self.ends):
            edit.setCalendarPopup(True)
        self.kind = QComboBox()
        self.kind.addItem(self.tr("Teams of four"), "teams")
        self.kind.addItem(self.tr("Pairs"), "pairs")
        self.format = QComboBox()
        self.format.setObjectName("wizard-format")
        self.format.addItem(
            self.tr("Swiss: paired round by round from the standings (积分编排)"), ("swiss", False)
        )
        self.format.addItem(
            self.tr("Round robin: everyone meets everyone once (单循环)"), ("round-robin", False)
        )
        self.format.addItem(
            self.tr("Double round robin: twice, home and away swapped (双循环)"), ("round-robin", True)
        )
        self.format.addItem(
            self.tr("Groups then knockout: group round robins, then a knockout (小组赛+淘汰赛)"),
            ("groups-knockout", False),
        )
        self.format.addItem(
            self.tr("Pairs duplicate, Mitchell movement: NS stay, EW and the boards move (牌套赛（米切尔）)"),
            ("mitchell", False),
        )
        self.format.currentIndexChanged.connect(self.format_changed)
        # Mitchell (SPEC §7.5): shown only for a format scored board by board.
        self.boards_per_round = QSpinBox(minimum=1, maximum=16, value=2)
        self.boards_per_round.setObjectName("wizard-boards-per-round")
        self.even = QComboBox()
        self.even.setObjectName("wizard-even")
        self.even.addItem(self.tr("Skip: EW move two tables halfway (T − 1 rounds)"), "skip")
        self.even.addItem(self.tr("Relay table and bye stand (T rounds)"), "relay")
        self.movement_rounds = QSpinBox(minimum=0, maximum=30, value=0)
        self.movement_rounds.setObjectName("wizard-movement-rounds")
        self.movement_rounds.setSpecialValueText(self.tr("The whole movement"))
        # Groups then knockout (SPEC §7.4): shown only for that format.
        self.group_size = QSpinBox(minimum=3, maximum=6, value=4)
        self.group_size.setObjectName("wizard-group-size")
        self.knockout_size = QComboBox()
        self.knockout_size.setObjectName("wizard-knockout-size")
        self.knockout_size.addItem(self.tr("Automatic (from the number of groups)"), None)
        for size in (2, 4, 8, 16, 32, 64):
            self.knockout_size.addItem(str(size), size)
        self.snake = QCheckBox(self.tr("Snake seeding: the draw order is a seeding, spread over the groups"))
        self.snake.setObjectName("wizard-snake")
        self.third_place = QCheckBox(self.tr("Play a third-place match"))
        self.third_place.setObjectName("wizard-third-place")
        self.scoring = QComboBox()
        self.scoring.setObjectName("wizard-scoring")
        self.scoring.addItem(self.tr("Levels reached at each table (hand-dealt)"), "levels")
        self.scoring.addItem(self.tr("Duplicate boards, open and closed rooms (复式)"), "duplicate")
        self.scoring.currentIndexChanged.connect(self.scoring_changed)
        self.boards_note = QLabel(
            self.tr("Each round plays six pre-dealt boards at 9, 10, J, Q, K, A (declarers N, E, S, W, N, E; "
                    "trumps ♠ ♥ ♦ ♣, no trump, ♠); edit them on the Boards page."),
            wordWrap=True,
        )  # fmt: skip
        self.boards_note.hide()
        self.rounds = QSpinBox(minimum=1, maximum=30, value=6)
        self.rounds.setObjectName("wizard-rounds")
        self.rounds_note = QLabel(self.tr("A round robin's rounds follow from the number of entrants."))
        self.rounds_note.hide()
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Venue"), self.venue)
        form.addRow(self.tr("First day"), self.starts)
        form.addRow(self.tr("Last day"), self.ends)
        form.addRow(self.tr("Format"), self.format)
        form.addRow(self.tr("Entrants"), self.kind)
        form.addRow(self.tr("Scoring"), self.scoring)
        form.addRow("", self.boards_note)
        form.addRow(self.tr("Rounds"), self.rounds)
        form.addRow("", self.rounds_note)
        self.group_rows = [
            (self.tr("Group size"), self.group_size),
            (self.tr("Knockout size"), self.knockout_size),
            ("", self.snake),
            ("", self.third_place),
        ]
        for label, widget in self.group_rows:
            form.addRow(label, widget)
        self.mitchell_rows = [
            (self.tr("Boards a round"), self.boards_per_round),
            (self.tr("Even number of tables"), self.even),
            (self.tr("Rounds to play"), self.movement_rounds),
        ]
        for label, widget in self.mitchell_rows:
            form.addRow(label, widget)
        self.form = form
        self.format_changed()
        self.registerField("name*", self.name)

    def scoring_changed(self) -> None:
        """Duplicate matches are played by teams of four (two pairs a side)."""
        mode = scoring_mode(self.scoring.currentData())
        if mode.entrants_kinds != ("pairs", "teams"):
            self.kind.setCurrentIndex(self.kind.findData(mode.default_entrants))
        self.kind.setEnabled(len(mode.entrants_kinds) > 1)
        self.boards_note.setVisible(mode.boards)

    def format_changed(self) -> None:
        """A schedule fixes the number of rounds from the entrants: no rounds to choose."""
        engine = format_named(self.format.currentData()[0])
        scheduled = engine.scheduled
        grouped = "group_size" in engine.settings_names
        self.rounds.setEnabled(not scheduled)
        self.rounds_note.setVisible(scheduled)
        self.rounds_note.setText(
            self.tr("The rounds follow from the groups and the knockout size.")
            if grouped
            else self.tr("A round robin's rounds follow from the number of entrants.")
        )
        for _, widget in getattr(self, "group_rows", ()):
            self.form.setRowVisible(widget, grouped)
        # Scored board by board across the room (Mitchell): pairs, no levels or duplicate rooms to choose.
        boarded = isinstance(engine, Mitchell)
        for _, widget in getattr(self, "mitchell_rows", ()):
            self.form.setRowVisible(widget, boarded)
        if hasattr(self, "form"):
            self.form.setRowVisible(self.scoring, not boarded)
            self.form.setRowVisible(self.rounds, not boarded)
            self.form.setRowVisible(self.rounds_note, scheduled and not boarded)
        if boarded:
            self.scoring.setCurrentIndex(self.scoring.findData("levels"))
            self.kind.setCurrentIndex(self.kind.findData("pairs"))
            self.kind.setEnabled(False)
        else:
            self.scoring_changed()

    def group_settings(self) -> dict[str, object]:
        """create_tournament's settings of groups then knockout or of a Mitchell movement (nothing for the
        other formats)."""
        names = format_named(self.format.currentData()[0]).settings_names
        if "boards_per_round" in names:
            return {
                "boards_per_round": self.boards_per_round.value(),
                "even": self.even.currentData(),
                "rounds": self.movement_rounds.value() or None,
            }
        if "group_size" not in names:
            return {}
        return {
            "group_size": self.group_size.value(),
            "knockout_size": self.knockout_size.currentData(),
            "snake": self.snake.isChecked(),
            "third_place": self.third_place.isChecked(),
        }

    def validatePage(self) -> bool:
        return bool(self.name.text().strip())


class RulesPage(QWizardPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Rules"))
        self.setSubTitle(self.tr("The level table (升级表) decides how far a side goes up after each deal."))
        layout = QVBoxLayout(self)
        self.preset = QComboBox()
        self.preset.setObjectName("wizard-preset")
        for name in LEVEL_TABLES:
            self.preset.addItem(preset_name(name), name)
        self.preset.setCurrentIndex(list(LEVEL_TABLES).index(DEFAULT_PRESET))
        self.table = QTableWidget()
        self.table.verticalHeader().hide()
        layout.addWidget(self.preset)
        layout.addWidget(self.table)
        layout.addWidget(
            QLabel(
                self.tr("Scoring: level difference N → VP 10+N : 10−N (20:0 at most) and MP 3 / 2.5 / 2 / 1.5; "
                        "forfeit 2.5 MP and 12 VP to the opponent. A copy can be edited before round 1."),
                wordWrap=True,
            )
        )  # fmt: skip
        self.preset.currentIndexChanged.connect(self.show_preset)
        self.show_preset()

    def show_preset(self) -> None:
        fill_level_table(self.table, LEVEL_TABLES[self.preset.currentData()])


class FilePage(QWizardPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Where to keep it"))
        self.setSubTitle(self.tr("One tournament is one file: copy it, mail it, back it up."))
        row = QHBoxLayout(self)
        self.path = QLineEdit()
        self.path.setObjectName("wizard-path")
        browse = QPushButton(self.tr("Choose…"))
        browse.clicked.connect(self.browse)
        row.addWidget(self.path)
        row.addWidget(browse)
        self.registerField("path*", self.path)
        self.suggested = ""

    def initializePage(self) -> None:
        """Suggest a file named after the event in the tournaments folder, unless one was chosen already."""
        if self.path.text().strip() in ("", self.suggested):
            folder = userdata.tournaments_dir()
            self.suggested = str(userdata.new_file_in(folder, str(self.field("name") or "")))
            self.path.setText(self.suggested)

    def cleanupPage(self) -> None:
        """Going back keeps a path the director chose (Qt's default would clear it); a suggestion follows
        the event's name when the page is shown again."""

    def browse(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, self.tr("New tournament file"), self.path.text(),
                                              "Tournament Desk (*.tdesk)")  # fmt: skip
        if name:
            self.path.setText(name if name.endswith(".tdesk") else name + ".tdesk")


class NewTournamentWizard(QWizard):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New tournament"))
        self.event_page, self.rules_page, self.file_page = EventPage(), RulesPage(), FilePage()
        for page in (self.event_page, self.rules_page, self.file_page):
            self.addPage(page)
        self.desk: Desk | None = None
        self.resize(640, 520)

    def accept(self) -> None:
        e = self.event_page
        path = Path(self.file_page.path.text().strip())
        if path.suffix != ".tdesk":
            path = path.with_name(path.name + ".tdesk")
        try:
            format_name, double = e.format.currentData()
            settings = {"rounds": e.rounds.value() if e.rounds.isEnabled() else None, **e.group_settings()}
            self.desk = create_tournament(
                path,
                name=e.name.text(),
                format=format_name,
                double=double,
                entrants=e.kind.currentData(),
                scoring=e.scoring.currentData(),
                rules=self.rules_page.preset.currentData(),
                venue=e.venue.text(),
                starts_on=as_date(e.starts.date()),
                ends_on=as_date(e.ends.date()),
                **settings,  # type: ignore[arg-type]
            )
        except TournamentError as exc:
            show_error(self, render(exc))
            return
        super().accept()
