"""Fixtures of the GUI tests: an open tournament wrapped in a DeskSession, on a fresh temporary file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tournament_desk.gui import app as gui_app
from tournament_desk.gui import settings as gui_settings
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.session import DeskSession
from tournament_desk.gui.settings import Translations
from tournament_desk.services.demo import create_demo
from tournament_desk.services.event import create_tournament

# The test process calls far more Qt methods than a day at the desk: the same reserve as the app (app.py).
gui_app.keep_singletons_alive()


@pytest.fixture
def demo_session(qapp: QApplication, tmp_path: Path) -> Iterator[DeskSession]:
    """A Swiss event of 12 teams in 3 units with rounds 1 and 2 paired and played."""
    desk = create_demo(tmp_path / "demo.tdesk", entrants=12, units=3, played=2, seed=1)
    session = DeskSession(desk)
    yield session
    session.close()


@pytest.fixture
def empty_session(qapp: QApplication, tmp_path: Path) -> Iterator[DeskSession]:
    """A new Swiss event (default rules) with no entrants yet."""
    desk = create_tournament(tmp_path / "empty.tdesk", name="Test Cup")
    session = DeskSession(desk)
    yield session
    session.close()


@pytest.fixture
def shown_errors(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Refused actions are collected here instead of shown in a (blocking) message box."""
    errors: list[str] = []
    monkeypatch.setattr(
        "tournament_desk.gui.session.show_error", lambda parent, message: errors.append(message)
    )
    return errors


@pytest.fixture
def window(
    qapp: QApplication, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[MainWindow]:
    """The main window in English, its settings in a temporary file (never the user's)."""
    ini = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    monkeypatch.setattr(gui_settings, "store", lambda: ini)
    translations = Translations(qapp)
    translations.apply("en")
    main_window = MainWindow(translations)
    qtbot.addWidget(main_window)
    main_window.show()
    yield main_window
    main_window.close()
