"""Esc on the new-tournament wizard (issue 27): with nothing typed it closes at once; with something typed it asks
first, and only Discard throws the typing away — Cancel (or Esc again) goes back to it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from tournament_desk.gui import boxes
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.wizard import NewTournamentWizard


@pytest.fixture(autouse=True)
def real_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests answer the real box by its buttons (tests/gui/conftest.py fails a box nobody answers)."""
    monkeypatch.setattr(boxes, "answer", lambda box: box.exec())


def open_wizard(window: MainWindow, qtbot: QtBot) -> NewTournamentWizard:
    window.new_file()
    wizard = window.wizard
    assert isinstance(wizard, NewTournamentWizard)
    qtbot.waitUntil(wizard.isVisible)
    return wizard


def answer_later(button: QMessageBox.StandardButton, asked: list[str]) -> None:
    def answer() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox) and box.objectName() == "wizard-discard"
        asked.append(box.text())
        box.button(button).click()

    QTimer.singleShot(0, answer)


def test_esc_with_nothing_typed_closes_without_a_question(window: MainWindow, qtbot: QtBot) -> None:
    wizard = open_wizard(window, qtbot)
    qtbot.keyClick(wizard, Qt.Key.Key_Escape)
    assert not wizard.isVisible()


def test_esc_after_typing_asks_and_cancel_keeps_the_typing(window: MainWindow, qtbot: QtBot) -> None:
    wizard = open_wizard(window, qtbot)
    wizard.event_page.name.setText("2026 金秋杯")
    wizard.event_page.venue.setText("体育馆")
    asked: list[str] = []
    answer_later(QMessageBox.StandardButton.Cancel, asked)
    qtbot.keyClick(wizard, Qt.Key.Key_Escape)
    assert asked and "Discard the new tournament?" in asked[0]
    assert wizard.isVisible() and wizard.event_page.name.text() == "2026 金秋杯"
    answer_later(QMessageBox.StandardButton.Discard, asked)
    qtbot.keyClick(wizard, Qt.Key.Key_Escape)
    assert len(asked) == 2 and not wizard.isVisible() and window.session is None


def test_a_changed_setting_alone_counts_as_typing(window: MainWindow, qtbot: QtBot) -> None:
    wizard = open_wizard(window, qtbot)
    wizard.event_page.rounds.setValue(wizard.event_page.rounds.value() + 1)
    asked: list[str] = []
    answer_later(QMessageBox.StandardButton.Discard, asked)
    wizard.reject()  # the Cancel button and closing the window come here too
    assert asked and not wizard.isVisible()
