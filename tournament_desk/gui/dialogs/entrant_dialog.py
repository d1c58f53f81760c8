"""Adding an entrant, or correcting one (with an optional reason for the audit trail)."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QLineEdit, QVBoxLayout, QWidget

from tournament_desk.gui.dialogs.base import ActionDialog, Submit
from tournament_desk.gui.models.entrants_model import join_players
from tournament_desk.services.entrants import EntrantInfo


class EntrantDialog(ActionDialog):
    def __init__(self, parent: QWidget | None, submit: Submit, entrant: EntrantInfo | None = None) -> None:
        super().__init__(parent, submit)
        self.entrant = entrant
        self.setWindowTitle(self.tr("Add an entrant") if entrant is None else self.tr("Correct an entrant"))
        self.name_edit = QLineEdit(entrant.name if entrant else "")
        self.unit_edit = QLineEdit((entrant.unit or "") if entrant else "")
        self.players_edit = QLineEdit(join_players(entrant.players) if entrant else "")
        self.players_edit.setPlaceholderText(self.tr("Names separated by commas"))
        self.reason_edit = QLineEdit()
        self.reason_edit.setPlaceholderText(self.tr("Optional: why the correction (kept in the audit trail)"))
        form = QFormLayout()
        form.addRow(self.tr("&Name:"), self.name_edit)
        form.addRow(self.tr("&Unit:"), self.unit_edit)
        form.addRow(self.tr("&Players:"), self.players_edit)
        if entrant is not None:
            form.addRow(self.tr("&Reason:"), self.reason_edit)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self.name_edit.textChanged.connect(self.update_ok)
        self.update_ok()

    def update_ok(self) -> None:
        self.ok_button.setEnabled(bool(self.name_edit.text().strip()))

    def name(self) -> str:
        return self.name_edit.text().strip()

    def unit(self) -> str | None:
        return self.unit_edit.text().strip() or None

    def players(self) -> str:
        return self.players_edit.text()

    def reason(self) -> str | None:
        return self.reason_edit.text().strip() or None
