"""A dialog whose OK runs an action and closes only when the action went through."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QListWidget, QPushButton, QWidget

Submit = Callable[[Any], bool]


class ActionDialog(QDialog):
    """``submit(dialog)`` runs the action (through ``DeskSession.run``) and says whether it was done.

    A refused action has been shown to the user by then; the dialog stays open with what was typed.
    """

    def __init__(self, parent: QWidget | None, submit: Submit) -> None:
        super().__init__(parent)
        self.submit = submit
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

    @property
    def ok_button(self) -> QPushButton:
        return self.buttons.button(QDialogButtonBox.StandardButton.Ok)

    def accept(self) -> None:
        if self.ok_button.isEnabled() and self.submit(self):
            super().accept()


class OrderList(QListWidget):
    """Names the director puts in order (the draw, a lot): the current one moves up or down a place."""

    def move_current(self, step: int) -> None:
        row = self.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.count():
            return
        self.insertItem(target, self.takeItem(row))
        self.setCurrentRow(target)

    def names(self) -> list[str]:
        return [self.item(i).text() for i in range(self.count())]
