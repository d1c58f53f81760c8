"""Adding an entrant, or correcting one (with an optional reason for the audit trail).

Adding at the desk comes in a queue: "Add and next" (Ctrl+Enter) stores the entrant and keeps the dialog open,
emptied, the cursor in the name, so the next team's name is typed at once. The dialog is as wide as its
fields' hints, which are read in full.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.gui.dialogs.base import ActionDialog, Submit
from tournament_desk.gui.models.entrants_model import join_players
from tournament_desk.services.entrants import EntrantInfo

FIELD_MIN_WIDTH = 260  # a team name of twenty Chinese characters fits without scrolling


def fit_placeholder(edit: QLineEdit) -> None:
    """Make the field wide enough to show its whole placeholder (and a clear button)."""
    text = edit.placeholderText()
    wanted = edit.fontMetrics().horizontalAdvance(text) + 4 * edit.fontMetrics().averageCharWidth() + 24
    edit.setMinimumWidth(max(FIELD_MIN_WIDTH, wanted))


class EntrantDialog(ActionDialog):
    def __init__(self, parent: QWidget | None, submit: Submit, entrant: EntrantInfo | None = None) -> None:
        super().__init__(parent, submit)
        self.entrant = entrant
        self.added: list[str] = []  # names stored by "Add and next" while the dialog is open
        self.setWindowTitle(self.tr("Add an entrant") if entrant is None else self.tr("Correct an entrant"))
        self.name_edit = QLineEdit(entrant.name if entrant else "")
        self.name_edit.setPlaceholderText(self.tr("Team or pair name, e.g. 复旦一队"))
        self.unit_edit = QLineEdit((entrant.unit or "") if entrant else "")
        self.unit_edit.setPlaceholderText(self.tr("Optional: the organisation it represents"))
        self.players_edit = QLineEdit(join_players(entrant.players) if entrant else "")
        self.players_edit.setPlaceholderText(self.tr("Names separated by commas"))
        self.reason_edit = QLineEdit()
        self.reason_edit.setPlaceholderText(self.tr("Optional: why the correction (kept in the audit trail)"))
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow(self.tr("&Name:"), self.name_edit)
        form.addRow(self.tr("&Unit:"), self.unit_edit)
        form.addRow(self.tr("&Players:"), self.players_edit)
        if entrant is not None:
            form.addRow(self.tr("&Reason:"), self.reason_edit)
        for edit in (self.name_edit, self.unit_edit, self.players_edit, self.reason_edit):
            fit_placeholder(edit)
        self.added_label = QLabel()
        self.added_label.setWordWrap(True)
        self.next_button: QPushButton | None = None
        if entrant is None:
            self.next_button = self.buttons.addButton(
                self.tr("Add and &next"), QDialogButtonBox.ButtonRole.ActionRole
            )
            self.next_button.setToolTip(self.tr("Add this entrant and type the next one (Ctrl+Enter)"))
            self.next_button.setAutoDefault(False)
            self.next_button.clicked.connect(self.add_and_next)
            for keys in ("Ctrl+Return", "Ctrl+Enter"):
                QShortcut(
                    QKeySequence(keys), self, self.add_and_next, context=Qt.ShortcutContext.WindowShortcut
                )
            self.ok_button.setText(self.tr("&Add"))
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.added_label)
        layout.addWidget(self.buttons)
        self.added_label.hide()
        self.name_edit.textChanged.connect(self.update_ok)
        self.update_ok()
        self.adjustSize()

    def update_ok(self) -> None:
        enabled = bool(self.name_edit.text().strip())
        self.ok_button.setEnabled(enabled)
        if self.next_button is not None:
            self.next_button.setEnabled(enabled)

    def add_and_next(self) -> None:
        """Store this entrant; when it is stored, empty the fields for the next one (a refusal keeps them)."""
        if self.next_button is None or not self.next_button.isEnabled() or not self.submit(self):
            return
        self.added.append(self.name())
        self.added_label.setText(
            self.tr("Added {name} ({count} so far). Type the next one, or close.").format(
                name=self.added[-1], count=len(self.added)
            )
        )
        self.added_label.show()
        for edit in (self.name_edit, self.unit_edit, self.players_edit):
            edit.clear()
        self.name_edit.setFocus()

    def name(self) -> str:
        return self.name_edit.text().strip()

    def unit(self) -> str | None:
        return self.unit_edit.text().strip() or None

    def players(self) -> str:
        return self.players_edit.text()

    def reason(self) -> str | None:
        return self.reason_edit.text().strip() or None
