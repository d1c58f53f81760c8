"""crash: the unexpected-error dialog shows the details and copies them for the developers."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel, QMessageBox, QPlainTextEdit, QPushButton
from pytestqt.qtbot import QtBot

from tournament_desk import userdata
from tournament_desk.gui import boxes
from tournament_desk.gui.crash import CrashDialog, show_unexpected
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.storage.errors import ServerUnreachable

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


def test_an_error_the_director_can_act_on_is_its_sentence_not_a_traceback(
    qapp: QApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    warned: list[str] = []
    crashed: list[str] = []
    monkeypatch.setattr(boxes, "tell", lambda parent, title, text, **kw: warned.append(text))
    monkeypatch.setattr(CrashDialog, "exec", lambda self: crashed.append(self.details))
    gone = ServerUnreachable(
        "The server {server} cannot be reached; nothing was changed.", server="db:5432/cup"
    )
    show_unexpected(gone, "Traceback …")
    assert warned == ["The server db:5432/cup cannot be reached; nothing was changed."] and not crashed
    show_unexpected(ValueError("boom"), "Traceback …\nValueError: boom")
    assert crashed == ["Traceback …\nValueError: boom"] and len(warned) == 1


def test_the_crash_dialog_does_not_promise_the_last_action_was_saved(qtbot: QtBot) -> None:
    dialog = CrashDialog(DETAILS)
    qtbot.addWidget(dialog)
    assert "data is safe" not in dialog.findChild(QLabel).text()


def test_help_names_the_log_folder(window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url.toLocalFile()) or True)
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    item = next(a for a in help_menu.actions() if a.text() == "&Log to send…")
    item.trigger()
    box = window.findChild(QMessageBox, "log-folder")
    assert box is not None and box.isVisible()
    folder = str(userdata.log_dir())
    assert box.text().endswith(folder) and "tournament-desk.log" in box.text()
    box.grab().save(str(Path(folder).parent / "log-folder.png"))
    next(b for b in box.buttons() if b.text() == "Open the folder").click()
    assert opened == [folder]
