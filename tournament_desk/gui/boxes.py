"""The window's message boxes with the director's and players' words as plain text (issue 28).

``QMessageBox.question`` / ``information`` decide by themselves whether a text is rich text, so a team named
``<span style=…>冠军</span>队`` rendered as red capitals and ``<script>…</script>杯`` as 杯. Every box that can
carry a name, a reason or a path goes through these, which never read their text as markup.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget


def _box(parent: QWidget | None, icon: QMessageBox.Icon, title: str, text: str) -> QMessageBox:
    box = QMessageBox(icon, title, "", parent=parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText(text)
    return box


def ask(parent: QWidget | None, title: str, text: str) -> bool:
    """Yes or No (No by Esc); True for Yes."""
    box = _box(parent, QMessageBox.Icon.Question, title, text)
    box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    box.setDefaultButton(QMessageBox.StandardButton.Yes)
    return answer(box) == QMessageBox.StandardButton.Yes


def tell(parent: QWidget | None, title: str, text: str) -> None:
    """An information the director acknowledges."""
    answer(_box(parent, QMessageBox.Icon.Information, title, text))


def answer(box: QMessageBox) -> int:
    """The box, modal, until answered: every modal box of the window is shown through this (the tests answer it
    themselves, tests/gui/conftest.py)."""
    return box.exec()
