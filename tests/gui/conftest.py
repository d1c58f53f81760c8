"""Fixtures of the GUI tests: an open tournament wrapped in a DeskSession, on a fresh temporary file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tournament_desk.gui import app as gui_app
from tournament_desk.gui import settings as gui_settings
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.pages.entrants import EntrantsPage
from tournament_desk.gui.session import DeskSession
from tournament_desk.gui.settings import Translations
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.entrants import add_entrant, draw
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import pair_next_round

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


def drawn_event(path: Path, name: str, entrants: list[str], *, seed: int, **settings: Any) -> None:
    """A new event of these entrants, drawn with this seed and closed again, for the window to open."""
    desk = create_tournament(path, name=name, **settings)
    try:
        for entrant in entrants:
            add_entrant(desk, entrant)
        draw(desk, seed=seed)
    finally:
        desk.close()


def paired_mitchell(path: Path) -> Desk:
    """A Mitchell event of six pairs (two boards a round, players named for the phones), round 1 paired."""
    desk = create_tournament(path, name="牌套", format="mitchell", boards_per_round=2)
    try:
        for i in range(6):
            add_entrant(desk, f"对{i + 1}", players=f"甲{i}、乙{i}")
        pair_next_round(desk)
    except BaseException:
        desk.close()
        raise
    return desk


def open_event(window: MainWindow, path: Path) -> DeskSession:
    """The event at `path`, opened in the window: its session."""
    assert window.open_file(path)
    session = window.session
    assert session is not None
    return session


def save_from_wizard(window: MainWindow, path: Path) -> DeskSession:
    """The new-event wizard, its event page filled in, taken past the rules to its file at `path`."""
    wizard = window.wizard
    wizard.next()
    wizard.next()
    wizard.file_page.path.setText(str(path))
    wizard.accept()
    session = window.session
    assert session is not None and path.exists()
    return session


def import_signup(window: MainWindow, sheet: Path, text: str) -> EntrantsPage:
    """The entrants page after importing a sign-up sheet of this text (accepted as the dialog shows it)."""
    entrants = window.show_page(EntrantsPage)
    assert isinstance(entrants, EntrantsPage)
    sheet.write_text(text, encoding="utf-8")
    entrants.import_sheet(sheet)
    assert entrants.dialog is not None
    entrants.dialog.accept()
    return entrants
