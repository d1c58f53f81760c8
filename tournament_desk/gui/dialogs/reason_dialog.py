"""The reason asked for a manual change (forfeit, ruling, late scoresheet, deduction, lock, swap, re-pair).

The dialog says in its body what is about to change and for whom ("Table 3: 南京大学第二代表队 – 东南大学教工队;
forfeit by 南京大学第二代表队"): a window title is cut short and is no place to name a team. It is at least
``MIN_WIDTH`` wide and grows with a long body, so a team's whole name shows.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QLineEdit, QVBoxLayout, QWidget

MIN_WIDTH = 420
MAX_WIDTH = 720


class ReasonDialog(QDialog):
    def __init__(self, parent: QWidget | None, title: str, body: str, *, required: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("reason-dialog")
        self.setWindowTitle(title)
        self.required = required
        layout = QVBoxLayout(self)
        self.body = QLabel(body)
        self.body.setObjectName("reason-body")
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.PlainText)
        self.body.setStyleSheet("font-weight: bold;")
        layout.addWidget(self.body)
        prompt = QLabel(self.tr("Reason (kept in the audit trail):"))
        self.edit = QLineEdit()
        self.edit.setObjectName("reason-edit")
        prompt.setBuddy(self.edit)
        layout.addWidget(prompt)
        layout.addWidget(self.edit)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        if required:
            self.edit.textChanged.connect(self.update_ok)
            self.update_ok()
        # Wide enough for the body on as few lines as it needs (a long team name is never cut).
        lines = [self.body.fontMetrics().horizontalAdvance(line) for line in body.splitlines() or [""]]
        margins = layout.contentsMargins()
        self.setMinimumWidth(
            min(max(MIN_WIDTH, max(lines) + margins.left() + margins.right() + 8), MAX_WIDTH)
        )

    def update_ok(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self.edit.text().strip()) or not self.required)

    def reason(self) -> str:
        return self.edit.text()


def ask_reason(parent: QWidget | None, title: str, body: str, *, required: bool = False) -> str | None:
    """The reason typed, or None when the director cancels."""
    dialog = ReasonDialog(parent, title, body, required=required)
    try:
        return dialog.reason() if dialog.exec() == QDialog.DialogCode.Accepted else None
    finally:
        dialog.deleteLater()
