"""The dialog an unexpected error shows: what happened, the details to copy, and the app goes on."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QVBoxLayout, QWidget


class CrashDialog(QDialog):
    def __init__(self, details: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Unexpected error"))
        self.details = details
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(
                self.tr(
                    "Something went wrong that Tournament Desk did not expect. Your data is safe: every "
                    "change is saved the moment it is made. Please copy the details below for the developers."
                ),
                wordWrap=True,
            )
        )
        text = QPlainTextEdit(details, readOnly=True)
        text.setObjectName("crash-details")
        layout.addWidget(text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        copy = buttons.addButton(self.tr("Copy details"), QDialogButtonBox.ButtonRole.ActionRole)
        copy.clicked.connect(self.copy)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(640, 420)

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.details)
