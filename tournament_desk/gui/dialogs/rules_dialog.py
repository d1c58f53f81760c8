"""Editing a copy of the event's rules before round 1: every option of the rule set (rules.md §5–§8), each explained
(F1, Help: the regulation it follows and an example; its tooltip: what it does)."""

from __future__ import annotations

from dataclasses import replace
from itertools import permutations
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.rule_notes import rule_notes
from tournament_desk.domain.rule_options import MP_SCALES, mp_scale_name
from tournament_desk.domain.rules import (
    LEVEL_TABLES,
    TIEBREAKS,
    Award,
    LevelTable,
    RuleSet,
    parse_points_table,
)
from tournament_desk.gui.dialogs.band_editor import BandEditor
from tournament_desk.gui.dialogs.base import ActionDialog, Submit
from tournament_desk.gui.dialogs.help_dialog import HelpDialog
from tournament_desk.gui.models.rules_model import RULING_MODES, band_sentence, preset_name, ruling_mode_name
from tournament_desk.gui.models.standings_model import tiebreak_name
from tournament_desk.i18n import render

KEEP_TABLE = ""  # combo data of "the event's own (edited) table"


class AwardEditor(QWidget):
    """MP and VP of one award (forfeit win, bye)."""

    def __init__(self, award: Award, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.mp_spin = QDoubleSpinBox()
        self.mp_spin.setRange(0, 3)
        self.mp_spin.setSingleStep(0.5)
        self.mp_spin.setDecimals(1)
        self.mp_spin.setValue(award.mp)
        self.mp_spin.setSuffix(self.tr(" MP"))
        self.vp_spin = QDoubleSpinBox()
        self.vp_spin.setRange(0, 20)
        self.vp_spin.setDecimals(1)
        self.vp_spin.setValue(award.vp)
        self.vp_spin.setSuffix(self.tr(" VP"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.mp_spin)
        layout.addWidget(self.vp_spin)

    def award(self) -> Award:
        return Award(self.mp_spin.value(), self.vp_spin.value())


class RulesDialog(ActionDialog):
    def __init__(
        self, parent: QWidget | None, submit: Submit, rules: RuleSet, *, duplicate: bool = False
    ) -> None:
        super().__init__(parent, submit)
        self.original = rules
        self.duplicate = duplicate
        self.setWindowTitle(self.tr("Edit a copy of the rules"))
        self.preset_combo = QComboBox()
        own = rules.level_table
        if LEVEL_TABLES.get(own.preset) != own:
            self.preset_combo.addItem(self.tr("The event's own table (edited)"), KEEP_TABLE)
        for code in LEVEL_TABLES:
            self.preset_combo.addItem(preset_name(code), code)
        index = self.preset_combo.findData(own.preset if LEVEL_TABLES.get(own.preset) == own else KEEP_TABLE)
        self.preset_combo.setCurrentIndex(max(index, 0))
        self.bands_label = QLabel()  # one band a line, unwrapped: wrapped labels mis-size in group boxes
        self.band_editor = BandEditor(self.preset_table())
        self.band_editor.grid.itemChanged.connect(self.describe_bands)
        self.forfeit_editor = AwardEditor(rules.forfeit_win)
        self.bye_editor = AwardEditor(rules.bye)
        self.ruling_combo = QComboBox()
        for mode in RULING_MODES:
            self.ruling_combo.addItem(ruling_mode_name(mode), mode)
        self.ruling_combo.setCurrentIndex(max(self.ruling_combo.findData(rules.ruling_award), 0))
        self.fixed_vp_spin = QDoubleSpinBox()
        self.fixed_vp_spin.setRange(0, 20)
        self.fixed_vp_spin.setDecimals(1)
        self.fixed_vp_spin.setValue(rules.ruling_fixed_vp)
        self.fixed_vp_spin.setSuffix(self.tr(" VP"))
        self.late_spin = QSpinBox()
        self.late_spin.setRange(1, 120)
        self.late_spin.setValue(rules.late_arrival_minutes)
        self.late_spin.setSuffix(self.tr(" min"))
        self.late_award_combo = self.combo(
            "rules-late-award",
            {"forfeit": self.tr("the forfeit award"), "ruling": self.tr("the loss-by-ruling award")},
            rules.late_award,
        )
        self.scale_combo = self.combo(
            "rules-mp-scale",
            {
                "levels": self.tr("By level difference: 3 / 2.5 / 2 / 1.5 (积分编排)"),
                "win-draw-loss": self.tr("Win 3, draw 1, loss 0 (小组赛)"),
            },
            mp_scale_name(rules),
        )
        self.withdrawal_combo = self.combo(
            "rules-withdrawal-award",
            {
                "fixed": self.tr("a fixed number of VP"),
                "own-average": self.tr("its own average VP so far"),
                "twenty-minus-withdrawn-average": self.tr("20 minus the withdrawn side's average VP"),
            },
            rules.withdrawal_award,
        )
        self.withdrawal_vp_spin = QDoubleSpinBox()
        self.withdrawal_vp_spin.setRange(0, 20)
        self.withdrawal_vp_spin.setDecimals(1)
        self.withdrawal_vp_spin.setValue(rules.withdrawal_vp)
        self.withdrawal_vp_spin.setSuffix(self.tr(" VP"))
        self.tiebreak_combo = self.combo(
            "rules-tiebreaks",
            {
                ",".join(order): " → ".join(tiebreak_name(k) for k in order)
                for order in permutations(TIEBREAKS)
            },
            ",".join(rules.tiebreaks),
        )
        self.reason_edit = QLineEdit()
        self.reason_edit.setPlaceholderText(self.tr("Optional: why (kept in the audit trail)"))

        table_box = QGroupBox(self.tr("Level table"))
        table_layout = QVBoxLayout(table_box)
        table_layout.addWidget(self.preset_combo)
        table_layout.addWidget(self.bands_label)
        table_layout.addWidget(self.band_editor)
        form = QFormLayout()
        form.addRow(self.tr("&Match points:"), self.scale_combo)
        form.addRow(self.tr("&Forfeit win:"), self.forfeit_editor)
        form.addRow(self.tr("&Bye:"), self.bye_editor)
        form.addRow(self.tr("Loss by &ruling, the opponent gets:"), self.ruling_combo)
        form.addRow(self.tr("&Fixed award:"), self.fixed_vp_spin)
        form.addRow(self.tr("&Late arrival is a forfeit after:"), self.late_spin)
        form.addRow(self.tr("A late arrival gives the opponent:"), self.late_award_combo)
        form.addRow(self.tr("&Withdrawal (round robin), each later opponent gets:"), self.withdrawal_combo)
        form.addRow(self.tr("Fixed withdrawal award:"), self.withdrawal_vp_spin)
        form.addRow(self.tr("&Tiebreaks:"), self.tiebreak_combo)
        form.addRow(self.tr("R&eason:"), self.reason_edit)
        layout = QVBoxLayout(self)
        layout.addWidget(table_box)
        if duplicate:
            layout.addWidget(self.conversion_box(rules))
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self.ok_button.setText(self.tr("&Save"))
        self.preset_combo.currentIndexChanged.connect(self.update_bands)
        self.ruling_combo.currentIndexChanged.connect(self.update_ruling)
        self.withdrawal_combo.currentIndexChanged.connect(self.update_ruling)
        self.update_bands()
        self.update_ruling()
        self.help_dialog: HelpDialog | None = None
        self.add_help()

    def add_help(self) -> None:
        """F1 and a Help button explain every option (the regulation it follows, an example); the mouse resting
        on an option says in a sentence what it does."""
        self.buttons.addButton(QDialogButtonBox.StandardButton.Help)
        self.buttons.helpRequested.connect(self.show_help)
        keys = [QKeySequence("F1"), *QKeySequence.keyBindings(QKeySequence.StandardKey.HelpContents)]
        for key in dict.fromkeys(keys):  # the window's F1 is blocked while this modal dialog is open
            QShortcut(key, self, self.show_help, context=Qt.ShortcutContext.ApplicationShortcut)
        widgets = self.option_widgets()
        for note in rule_notes(self.original, keys=widgets):
            widgets[note.key].setToolTip(render(note.what))

    def option_widgets(self) -> dict[str, QWidget]:
        """The widget of each rule-set option the dialog edits, by the option's name."""
        widgets: dict[str, QWidget] = {
            "level_table": self.preset_combo,
            "mp_scale": self.scale_combo,
            "forfeit_win": self.forfeit_editor,
            "bye": self.bye_editor,
            "ruling_award": self.ruling_combo,
            "ruling_fixed_vp": self.fixed_vp_spin,
            "late_arrival_minutes": self.late_spin,
            "late_award": self.late_award_combo,
            "withdrawal_award": self.withdrawal_combo,
            "withdrawal_vp": self.withdrawal_vp_spin,
            "tiebreaks": self.tiebreak_combo,
        }
        if self.duplicate:
            widgets |= {"duplicate_conversion": self.conversion_combo, "points_table": self.points_edit}
        return widgets

    def show_help(self) -> None:
        """What each option means, worked out with the rules as edited so far (the event's, while a band or the
        conversion table does not parse)."""
        try:
            rules = self.rules()
        except BadInput:
            rules = self.original
        if self.help_dialog is not None:
            self.help_dialog.close()
            self.help_dialog.deleteLater()
        self.help_dialog = HelpDialog(
            self, "RulesDialog", None, rule_notes(rules, keys=self.option_widgets())
        )
        self.help_dialog.show()

    def combo(self, name: str, choices: dict[str, str], current: str) -> QComboBox:
        box = QComboBox()
        box.setObjectName(name)
        for code, text in choices.items():
            box.addItem(text, code)
        box.setCurrentIndex(max(box.findData(current), 0))
        return box

    def conversion_box(self, rules: RuleSet) -> QGroupBox:
        """Duplicate events: each room through the level table, or the rooms' point difference through the
        级分换算表 (POINTS:LEVELS steps)."""
        box = QGroupBox(self.tr("Duplicate boards"))
        self.conversion_combo = QComboBox()
        self.conversion_combo.setObjectName("rules-conversion")
        self.conversion_combo.addItem(
            self.tr("Each room by the level table; XMP = open NS − closed NS"), "level-table"
        )
        self.conversion_combo.addItem(
            self.tr("The rooms' point difference by the conversion table"), "points-table"
        )
        self.conversion_combo.setCurrentIndex(
            max(self.conversion_combo.findData(rules.duplicate_conversion), 0)
        )
        self.points_edit = QLineEdit(", ".join(f"{s.min_difference}:{s.levels}" for s in rules.points_table))
        self.points_edit.setObjectName("rules-points-table")
        self.points_edit.setToolTip(self.tr("Point difference:levels, e.g. 20:1, 40:2, 60:3"))
        self.conversion_combo.currentIndexChanged.connect(
            lambda: self.points_edit.setEnabled(self.conversion_combo.currentData() == "points-table")
        )
        self.points_edit.setEnabled(rules.duplicate_conversion == "points-table")
        form = QFormLayout(box)
        form.addRow(self.tr("&Conversion:"), self.conversion_combo)
        form.addRow(self.tr("Conversion &table (级分换算表):"), self.points_edit)
        return box

    def preset_table(self) -> LevelTable:
        code = self.preset_combo.currentData()
        return self.original.level_table if code in (KEEP_TABLE, None) else LEVEL_TABLES[code]

    def level_table(self) -> LevelTable:
        """The bands as edited, under the name of the table they started from (checked: a bad band raises)."""
        return self.band_editor.level_table(self.preset_table().preset)

    def update_bands(self) -> None:
        self.band_editor.set_table(self.preset_table())
        self.describe_bands()

    def describe_bands(self) -> None:
        try:
            bands = self.level_table().bands
        except BadInput as exc:
            self.bands_label.setText(render(exc))
            return
        self.bands_label.setText("\n".join(band_sentence(b) for b in bands))

    def update_ruling(self) -> None:
        self.fixed_vp_spin.setEnabled(self.ruling_combo.currentData() == "fixed")
        self.withdrawal_vp_spin.setEnabled(self.withdrawal_combo.currentData() == "fixed")

    def set_preset(self, code: str) -> None:
        self.preset_combo.setCurrentIndex(self.preset_combo.findData(code))

    def rules(self) -> RuleSet:
        return replace(
            self.original,
            level_table=self.level_table(),
            forfeit_win=self.forfeit_editor.award(),
            bye=self.bye_editor.award(),
            ruling_award=self.ruling_combo.currentData(),
            ruling_fixed_vp=self.fixed_vp_spin.value(),
            late_arrival_minutes=self.late_spin.value(),
            late_award=self.late_award_combo.currentData(),
            mp_scale=MP_SCALES[self.scale_combo.currentData()],
            withdrawal_award=self.withdrawal_combo.currentData(),
            withdrawal_vp=self.withdrawal_vp_spin.value(),
            tiebreaks=tuple(self.tiebreak_combo.currentData().split(",")),
            **self.conversion(),
        )

    def conversion(self) -> dict[str, Any]:
        """The duplicate options as edited (a conversion table that does not parse raises its sentence)."""
        if not self.duplicate:
            return {}
        return {
            "duplicate_conversion": self.conversion_combo.currentData(),
            "points_table": parse_points_table(self.points_edit.text()),
        }

    def reason(self) -> str | None:
        return self.reason_edit.text().strip() or None
