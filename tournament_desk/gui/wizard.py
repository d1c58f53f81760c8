"""A short wizard for a new tournament: name, dates, venue, pairs or teams, rule preset, rounds."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QDate, Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
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
from tournament_desk.domain.rules import DEFAULT_PRESET, LEVEL_TABLES, LevelTable
from tournament_desk.domain.scoring_modes import scoring_mode
from tournament_desk.gui import boxes
from tournament_desk.gui.formats import (
    Choice,
    SettingRow,
    gui_format,
    scoring_choice,
    scoring_choices,
    wizard_choices,
)
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


def enable_items(box: QComboBox, enabled: list[bool], why: str) -> None:
    """Grey out the entries of a choice that do not go with another choice (``why`` on their tooltip)."""
    model = box.model()
    assert isinstance(model, QStandardItemModel)
    for i, on in enumerate(enabled):
        item = model.item(i)
        if item is not None:
            item.setEnabled(on)
            item.setToolTip("" if on else why)


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
        self.teams_of_four = self.tr("Teams of four")
        self.kind.addItem(self.teams_of_four, "teams")
        self.kind.addItem(self.tr("Pairs"), "pairs")
        self.format = QComboBox()
        self.format.setObjectName("wizard-format")
        # Every format an event can start with, as its module in gui/formats offers it (a round robin: single
        # or double); each shows its own settings rows (gui/formats/base.py: SettingRow).
        self.choices = wizard_choices()
        for choice in self.choices:
            self.format.addItem(choice.label, choice)
        self.format.currentIndexChanged.connect(self.format_changed)
        # A long label never widens the wizard (the list shows it whole).
        self.format.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.format.setMinimumContentsLength(40)
        self.rows: dict[str, tuple[SettingRow, QWidget]] = {}
        for choice in self.choices:
            self.add_rows(gui_format(choice.format).rows)
        self.scoring = QComboBox()
        self.scoring.setObjectName("wizard-scoring")
        # Every scoring mode, as its entry in gui/formats/scorings.py offers it (a team match: the pairs a
        # team sends); a format is offered only with the modes it carries (domain: Format.carries), and the
        # other way round.
        for scoring in scoring_choices():
            self.scoring.addItem(scoring.label(), scoring.mode)
            self.add_rows(scoring.rows)
        self.scoring.currentIndexChanged.connect(self.scoring_changed)
        self.scoring_note = QLabel(wordWrap=True)  # what the scoring chosen plays like (None: nothing)
        self.scoring_note.setObjectName("wizard-scoring-note")
        self.scoring_note.setTextFormat(Qt.TextFormat.PlainText)
        self.rounds = QSpinBox(minimum=1, maximum=30, value=6)
        self.rounds.setObjectName("wizard-rounds")
        self.rounds_note = QLabel(wordWrap=True)  # why there are no rounds to choose (the format says)
        self.rounds_note.setTextFormat(Qt.TextFormat.PlainText)
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Venue"), self.venue)
        form.addRow(self.tr("First day"), self.starts)
        form.addRow(self.tr("Last day"), self.ends)
        form.addRow(self.tr("Format"), self.format)
        form.addRow(self.tr("Entrants"), self.kind)
        form.addRow(self.tr("Scoring"), self.scoring)
        form.addRow("", self.scoring_note)
        form.addRow(self.tr("Rounds"), self.rounds)
        form.addRow("", self.rounds_note)
        for row, widget in self.rows.values():
            form.addRow(row.label(), widget)
        self.form = form
        self.format_changed()
        self.registerField("name*", self.name)

    def add_rows(self, rows: tuple[SettingRow, ...]) -> None:
        """The widgets of settings rows (a format's or a scoring mode's), each once by its name."""
        for row in rows:
            if row.name not in self.rows:
                widget = row.make()
                widget.setObjectName(f"wizard-{row.name}")
                self.rows[row.name] = (row, widget)

    def scoring_changed(self) -> None:
        """Duplicate matches and team matches of pairs are played by teams; the formats that cannot carry the
        scoring chosen are greyed out; the scoring's own rows and note are shown."""
        mode = scoring_mode(self.scoring.currentData())
        if mode.entrants_kinds != ("pairs", "teams"):
            self.kind.setCurrentIndex(self.kind.findData(mode.default_entrants))
        self.kind.setEnabled(len(mode.entrants_kinds) > 1)
        choice = scoring_choice(mode.name)
        teams = self.kind.findData("teams")
        self.kind.setItemText(teams, choice.teams() if choice.teams is not None else self.teams_of_four)
        note = choice.note
        self.scoring_note.setText(note() if note is not None else "")
        self.scoring_note.setVisible(note is not None)
        carried = [format_named(c.format).carries(mode.name) for c in self.choices]
        enable_items(self.format, carried, self.tr("Not played with the scoring chosen."))
        self.show_rows()

    def show_rows(self) -> None:
        """The rows of the format chosen and of its scoring (where the director chooses it)."""
        if not hasattr(self, "form"):
            return
        fmt = gui_format(self.choice().format)
        shown = {row.name for row in fmt.rows}
        if fmt.scoring is None:
            shown |= {row.name for row in scoring_choice(self.scoring.currentData()).rows}
        for name, (_, widget) in self.rows.items():
            self.form.setRowVisible(widget, name in shown)

    def choice(self) -> Choice:
        choice = self.format.currentData()
        assert isinstance(choice, Choice)
        return choice

    def row_widget(self, name: str) -> QWidget:
        """The widget of a format's settings row, by its name ("group-size", "third-place", …)."""
        return self.rows[name][1]

    def format_changed(self) -> None:
        """The chosen format's settings rows; no rounds to choose where they follow from the entrants; a
        format played one way only (Mitchell: by pairs, boards scored by points) fixes that choice; the scoring
        modes it cannot carry are greyed out."""
        if not hasattr(self, "form"):
            return
        fmt = gui_format(self.choice().format)
        note = fmt.rounds_note()
        self.rounds.setEnabled(note is None)
        self.rounds_note.setText(note or "")
        self.form.setRowVisible(self.rounds, fmt.asks_rounds)
        self.form.setRowVisible(self.rounds_note, fmt.asks_rounds and note is not None)
        self.form.setRowVisible(self.scoring, fmt.scoring is None)
        engine = format_named(self.choice().format)
        carried = [engine.carries(self.scoring.itemData(i)) for i in range(self.scoring.count())]
        enable_items(self.scoring, carried, self.tr("Not played with the format chosen."))
        if fmt.scoring is not None:
            self.scoring.setCurrentIndex(self.scoring.findData(fmt.scoring))
        if fmt.entrants is not None:
            self.kind.setCurrentIndex(self.kind.findData(fmt.entrants))
            self.kind.setEnabled(False)
            self.show_rows()
        else:
            self.scoring_changed()

    def settings(self) -> dict[str, object]:
        """create_tournament's settings of the chosen entry: the rounds (where the director chooses them),
        what the entry fixes (a double round robin), the format's rows and the scoring's (the pairs a team
        sends)."""
        fmt = gui_format(self.choice().format)
        rounds = self.rounds.value() if fmt.asks_rounds and self.rounds.isEnabled() else None
        rows = {row.key: row.read(self.row_widget(row.name)) for row in fmt.rows}
        if fmt.scoring is None:
            scoring = scoring_choice(self.scoring.currentData())
            rows |= {row.key: row.read(self.row_widget(row.name)) for row in scoring.rows}
        return {"rounds": rounds, **self.choice().settings, **rows}

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
        self.levels_note = self.tr("Scoring: level difference N → VP 10+N : 10−N (20:0 at most) and MP 3 / 2.5 / 2 "
                                   "/ 1.5; forfeit 2.5 MP and 12 VP to the opponent. A copy can be edited before "
                                   "round 1.")  # fmt: skip
        self.note = QLabel(self.levels_note, wordWrap=True)
        self.note.setObjectName("wizard-rules-note")
        layout.addWidget(self.note)
        self.preset.currentIndexChanged.connect(self.show_preset)
        self.show_preset()

    def show_preset(self) -> None:
        fill_level_table(self.table, LEVEL_TABLES[self.preset.currentData()])

    def initializePage(self) -> None:
        """What the scoring chosen on the event page scores (a team match of pairs: points, not VP)."""
        wizard = self.wizard()
        scoring = wizard.event_page.scoring.currentData() if isinstance(wizard, NewTournamentWizard) else None
        note = scoring_choice(str(scoring)).rules_note if scoring else None
        self.note.setText(note() if note is not None else self.levels_note)


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
        self.untouched = self.typed()  # what the wizard holds before the director types anything

    def typed(self) -> tuple[object, ...]:
        """Everything the director can type or choose (a file name only when chosen, not the suggestion)."""
        e, path = self.event_page, self.file_page.path.text().strip()
        return (e.name.text().strip(), e.venue.text().strip(), e.starts.date(), e.ends.date(), e.kind.currentIndex(),
                e.format.currentIndex(), e.scoring.currentIndex(), tuple(sorted(e.settings().items(), key=str)),
                self.rules_page.preset.currentIndex(), "" if path == self.file_page.suggested else path)  # fmt: skip

    def reject(self) -> None:
        """Esc, Cancel or closing the window: what was typed is discarded only when the director says so."""
        if self.typed() != self.untouched and not self.discard():
            return
        super().reject()

    def discard(self) -> bool:
        # Cancel is the default: Esc again, or Enter, goes back to the typing
        chosen = boxes.choose(
            self,
            self.tr("New tournament"),
            self.tr("Discard the new tournament? What you typed is lost; no file is made."),
            [boxes.Button.Discard, boxes.Button.Cancel],
            default=1,
            name="wizard-discard",
        )
        return chosen == 0

    def accept(self) -> None:
        e = self.event_page
        path = Path(self.file_page.path.text().strip())
        if path.suffix != ".tdesk":
            path = path.with_name(path.name + ".tdesk")
        try:
            self.desk = create_tournament(
                path,
                name=e.name.text(),
                format=e.choice().format,
                entrants=e.kind.currentData(),
                scoring=e.scoring.currentData(),
                rules=self.rules_page.preset.currentData(),
                venue=e.venue.text(),
                starts_on=as_date(e.starts.date()),
                ends_on=as_date(e.ends.date()),
                **e.settings(),  # type: ignore[arg-type]
            )
        except TournamentError as exc:
            show_error(self, render(exc))
            return
        super().accept()
