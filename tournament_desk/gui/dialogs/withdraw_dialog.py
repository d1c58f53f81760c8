"""Withdrawing an entrant: from which round on, and why (rules.md §5.7)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QLineEdit, QSpinBox, QVBoxLayout, QWidget

from tournament_desk.domain.sorting import name_key
from tournament_desk.gui.dialogs.base import ActionDialog, Submit
from tournament_desk.services.entrants import EntrantInfo

AFTER_LAST_RESULT = -1


class WithdrawDialog(ActionDialog):
    def __init__(
        self,
        parent: QWidget | None,
        submit: Submit,
        entrants: Sequence[EntrantInfo],
        paired: int,
        selected: str | None = None,
        *,
        note: str | None = None,
    ) -> None:
        """``note``: what a withdrawal does in this event's format (the format says it; default: Swiss's)."""
        super().__init__(parent, submit)
        self.setWindowTitle(self.tr("Withdraw an entrant"))
        self.entrant_combo = QComboBox()
        for entrant in sorted(entrants, key=lambda e: name_key(e.name)):
            self.entrant_combo.addItem(entrant.name)
        # Never a guess: with no (active) entrant selected on the page, nobody is chosen until the director
        # picks one, so Enter cannot withdraw the first name in the list.
        self.entrant_combo.setCurrentIndex(
            self.entrant_combo.findText(selected) if selected is not None else -1
        )
        self.entrant_combo.currentIndexChanged.connect(self.update_ok)
        self.round_spin = QSpinBox()
        self.round_spin.setRange(AFTER_LAST_RESULT, paired)
        self.round_spin.setSpecialValueText(self.tr("After its last result"))
        self.round_spin.setValue(AFTER_LAST_RESULT)
        self.round_spin.setToolTip(
            self.tr("The last round the entrant counts in; it is not paired in any later round.")
        )
        self.reason_edit = QLineEdit()
        self.note = QLabel(
            note
            or self.tr(
                "Results already played stand. A table the entrant already has in a later round "
                "becomes a forfeit, with the forfeit award to its opponent."
            )
        )
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("&Entrant:"), self.entrant_combo)
        form.addRow(self.tr("Withdrawn &after round:"), self.round_spin)
        form.addRow(self.tr("&Reason:"), self.reason_edit)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.note)
        layout.addWidget(self.buttons)
        self.ok_button.setText(self.tr("Withdraw"))
        self.update_ok()

    def update_ok(self) -> None:
        self.ok_button.setEnabled(self.entrant_combo.currentIndex() >= 0)

    def name(self) -> str:
        return self.entrant_combo.currentText()

    def after_round(self) -> int | None:
        value = self.round_spin.value()
        return None if value == AFTER_LAST_RESULT else value

    def reason(self) -> str | None:
        return self.reason_edit.text().strip() or None
