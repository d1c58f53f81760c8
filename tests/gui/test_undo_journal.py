"""Ctrl+Z after reopening the file or changing the language undoes the last entry (issue 14): the history is
kept by the services in the event, per station, not in the window."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from tournament_desk.gui import settings as gui_settings
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.pages.entry.levels import ResultsPage
from tournament_desk.gui.settings import Translations
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


@pytest.fixture
def window(
    qapp: QApplication, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[MainWindow]:
    ini = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    monkeypatch.setattr(gui_settings, "store", lambda: ini)
    monkeypatch.setenv("TDESK_STATION", "一号台")
    with create_tournament(tmp_path / "undo.tdesk", name="撤销", rounds=3) as desk:
        for i in range(6):
            es.add_entrant(desk, f"队{i + 1}", unit=f"U{i}")
        pair_next_round(desk)
    translations = Translations(qapp)
    translations.apply("en")
    main = MainWindow(translations)
    qtbot.addWidget(main)
    assert main.open_file(tmp_path / "undo.tdesk")
    main.show()
    qtbot.waitExposed(main)
    yield main
    main.close()
    translations.apply("en")


def results_page(window: MainWindow) -> ResultsPage:
    page = window.show_page(ResultsPage)
    assert isinstance(page, ResultsPage)
    return page


def editor(page: ResultsPage) -> QLineEdit | None:
    return next((e for e in page.table.findChildren(QLineEdit, "level-editor") if e.isVisible()), None)


def type_level(qtbot: QtBot, page: ResultsPage, text: str) -> None:
    qtbot.waitUntil(lambda: editor(page) is not None)
    box = editor(page)
    assert box is not None
    qtbot.keyClicks(box, text)
    qtbot.keyClick(box, Qt.Key.Key_Return)


def table_1(window: MainWindow) -> tuple[object, object, object]:
    assert window.session is not None
    state = rs.table_state(window.session.desk, 1, 1)
    return state["kind"], state["home_level"], state["away_level"]


def press_undo(qtbot: QtBot, window: MainWindow, page: ResultsPage) -> None:
    window.activateWindow()
    qtbot.waitActive(window)
    page.table.setFocus()
    qtbot.keyClick(page.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)


def test_ctrl_z_after_reopening_the_file_undoes_the_last_entry(qtbot: QtBot, window: MainWindow) -> None:
    page = results_page(window)
    page.start_typing()
    type_level(qtbot, page, "K")
    type_level(qtbot, page, "9")
    qtbot.waitUntil(lambda: table_1(window) == ("played", "K", "9"))
    assert window.session is not None
    path = window.session.path
    assert path is not None
    window.close_file()
    assert window.open_file(path)
    page = results_page(window)
    assert page.undo_button.isEnabled()
    assert page.undo_button.toolTip() == "Undo: round 1 table 1: K : 9"
    assert not page.redo_button.isEnabled()
    press_undo(qtbot, window, page)
    qtbot.waitUntil(lambda: table_1(window) == ("pending", None, None))
    assert page.model.rows[0].missing  # the grid shows it, and the cursor waits on table 1 to retype
    current = page.proxy.mapToSource(page.table.currentIndex())
    assert page.model.rows[current.row()].table == 1
    assert page.redo_button.isEnabled() and page.redo_button.toolTip() == "Redo: round 1 table 1: K : 9"


def test_ctrl_z_after_changing_the_language_undoes_the_last_entry(qtbot: QtBot, window: MainWindow) -> None:
    page = results_page(window)
    page.start_typing()
    type_level(qtbot, page, "A")
    type_level(qtbot, page, "10")
    qtbot.waitUntil(lambda: table_1(window) == ("played", "A", "10"))
    window.set_language("zh_CN")  # the window is rebuilt: new pages, the same event
    page = results_page(window)
    assert page.undo_button.toolTip() == "撤销：第 1 轮第 1 桌：A : 10"
    press_undo(qtbot, window, page)
    qtbot.waitUntil(lambda: table_1(window) == ("pending", None, None))
    page.redo_button.click()
    assert table_1(window) == ("played", "A", "10")


def test_undo_after_another_station_changed_the_table_is_refused(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = results_page(window)
    page.start_typing()
    type_level(qtbot, page, "Q")
    type_level(qtbot, page, "9")
    qtbot.waitUntil(lambda: table_1(window) == ("played", "Q", "9"))
    assert window.session is not None and window.session.path is not None
    with Desk.open(window.session.path, station="二号台") as other:
        rs.record_result(other, 1, 1, "Q", "J", reason="核对记分表")
    shown: list[str] = []
    monkeypatch.setattr("tournament_desk.gui.session.show_error", lambda _parent, text: shown.append(text))
    page.undo_button.click()
    assert len(shown) == 1 and "二号台" in shown[0]
    assert table_1(window) == ("played", "Q", "J")  # the other station's correction stands
    assert "undo list" in shown[0]
    # The overtaken step left the list: nothing else was entered here, so there is nothing left to undo.
    qtbot.waitUntil(lambda: not page.undo_button.isEnabled(), timeout=2000)
