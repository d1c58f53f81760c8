"""The rules page (规则): the event's rule set in words, and editing a copy of it before round 1."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring_modes import scoring_mode
from tournament_desk.gui.dialogs.rules_dialog import RulesDialog
from tournament_desk.gui.models.rules_model import LevelTableModel, describe_rules
from tournament_desk.gui.pages.base import Page
from tournament_desk.gui.session import ROUNDS, RULES, DeskSession
from tournament_desk.services.event import EventInfo, event_info, update_rules
from tournament_desk.services.queries import progress


class RulesPage(Page):
    watches = frozenset({RULES, ROUNDS})

    def __init__(self, session: DeskSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.rules: RuleSet | None = None
        self.duplicate = False
        self.dialog: RulesDialog | None = None  # the dialog opened last (tests drive it)
        self.bands_model = LevelTableModel(self)
        self.bands_view = QTableView()
        self.bands_view.setModel(self.bands_model)
        self.bands_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.bands_view.verticalHeader().hide()
        self.bands_view.setWordWrap(True)
        self.bands_view.horizontalHeader().setSectionResizeMode(
            LevelTableModel.COL_RESULT, QHeaderView.ResizeMode.Stretch
        )
        self.table_label = QLabel()
        self.form = QFormLayout()
        self.rule_labels: dict[str, QLabel] = {}  # label text → its sentence (tests read them)
        self.edit_button = QPushButton(self.tr("&Edit a copy…"))
        self.edit_button.clicked.connect(self.edit_rules)

        table_box = QGroupBox(self.tr("Level table: defenders' points → levels"))
        table_layout = QVBoxLayout(table_box)
        table_layout.addWidget(self.table_label)
        table_layout.addWidget(self.bands_view)
        rules_box = QGroupBox(self.tr("Scoring and ranking"))
        rules_box.setLayout(self.form)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.edit_button)
        columns = QHBoxLayout()
        columns.addWidget(table_box, 1)
        columns.addWidget(rules_box, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(columns, 1)
        layout.addLayout(buttons)

    def title(self) -> str:
        return self.tr("Rules")

    def read(self) -> tuple[EventInfo, bool]:
        return self.session.read(event_info), bool(self.session.read(progress).paired)

    def show_data(self, data: tuple[EventInfo, bool]) -> None:
        info, paired = data
        self.rules, self.duplicate = info.rules, scoring_mode(info.scoring).boards
        self.bands_model.set_rows(self.rules.level_table.bands)
        self.bands_view.resizeRowsToContents()
        described = describe_rules(self.rules, scoring_mode(info.scoring), withdrawal=info.withdrawal)
        self.table_label.setText(described[0][1])
        while self.form.rowCount():
            self.form.removeRow(0)
        self.rule_labels = {}
        for label, text in described[1:]:
            value = QLabel(text)
            value.setWordWrap(True)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.form.addRow(self.tr("{label}:").format(label=label), value)
            self.rule_labels[label] = value
        if paired:
            self.edit_button.setEnabled(False)
            self.edit_button.setToolTip(self.tr("The rules cannot change once round 1 has been paired."))
        else:
            self.edit_button.setEnabled(True)
            self.edit_button.setToolTip(self.tr("Change the level table, awards or late-arrival limit"))

    def edit_rules(self) -> None:
        if self.rules is None or not self.edit_button.isEnabled():
            return
        dialog = RulesDialog(self, self.submit_rules, self.rules, duplicate=self.duplicate)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.dialog = dialog
        dialog.open()

    def submit_rules(self, dialog: RulesDialog) -> bool:
        # The rules are read inside the action: a conversion table that does not parse is refused as a sentence.
        done = self.session.run(self, lambda desk: update_rules(desk, dialog.rules(), reason=dialog.reason()))  # fmt: skip
        return done is not None
