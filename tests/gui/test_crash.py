"""crash: the unexpected-error dialog shows the details and copies them for the developers."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QDialogButtonBox, QPlainTextEdit, QPushButton
from pytestqt.qtbot import QtBot

from tournament_desk.gui.crash import CrashDialog

DETAILS = 'Traceback (most recent call last):\n  File "x.py", line 1\nValueError: 甲'


def test_the_details_are_shown_read_only_and_copied(qtbot: QtBot, qapp: QApplication) -> None:
    dialog = CrashDialog(DETAILS)
    qtbot.addWidget(dialog)
    dialog.show()
    text = dialog.findChild(QPlainTextEdit, "crash-details")
    assert text is not None and text.toPlainText() == DETAILS and text.isReadOnly()
    QApplication.clipboard().setText("")
    copy = next(b for b in dialog.findChildren(QPushButton) if b.text() == "Copy details")
    copy.click()
    assert QApplication.clipboard().text() == DETAILS
    assert dialog.isVisible()  # copying does not close it


def test_close_rejects_the_dialog(qtbot: QtBot) -> None:
    dialog = CrashDialog(DETAILS)
    qtbot.addWidget(dialog)
    dialog.show()
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    with qtbot.waitSignal(dialog.rejected):
        buttons.button(QDialogButtonBox.StandardButton.Close).click()
    assert not dialog.isVisible()
