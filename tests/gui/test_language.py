"""Switching the main window between Chinese and English, with a demo event open."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QPushButton
from pytestqt.qtbot import QtBot

from tournament_desk import i18n
from tournament_desk.gui import settings as gui_settings
from tournament_desk.gui.dialogs.entrant_dialog import EntrantDialog
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.pages.entrants import EntrantsPage
from tournament_desk.gui.pages.rounds import RoundsPage
from tournament_desk.gui.pages.rules import RulesPage
from tournament_desk.gui.settings import Translations
from tournament_desk.services.demo import create_demo


@pytest.fixture
def settings_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> QSettings:
    """The window's settings (language, recent files) go to a temporary ini file, not the user's."""
    ini = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    monkeypatch.setattr(gui_settings, "store", lambda: ini)
    return ini


@pytest.fixture
def window(
    qapp: QApplication, qtbot: QtBot, settings_file: QSettings, tmp_path: Path
) -> Iterator[MainWindow]:
    """The main window in English with a demo event open (12 entrants, two rounds played)."""
    translations = Translations(qapp)
    translations.apply("en")
    main = MainWindow(translations)
    qtbot.addWidget(main)
    main.attach(create_demo(tmp_path / "demo.tdesk", entrants=12, units=3, played=2, seed=1))
    main.show()
    yield main
    main.close()
    translations.apply("en")  # the translators leave the application; later tests run in English


def menu_titles(window: MainWindow) -> list[str]:
    return [action.text() for action in window.menuBar().actions()]


def tab_titles(window: MainWindow) -> list[str]:
    return [window.tabs.tabText(i) for i in range(window.tabs.count())]


def header(page: EntrantsPage | RoundsPage, column: int) -> str:
    return str(page.table.model().headerData(column, page.table.horizontalHeader().orientation()))


@pytest.mark.slow
def test_the_window_switches_to_chinese_and_back(window: MainWindow, settings_file: QSettings) -> None:
    assert menu_titles(window) == ["&File", "&Print / Export", "&Go", "&Tools", "&Language / 语言", "&Help"]
    assert tab_titles(window) == ["Entrants", "Rounds", "Results", "Standings", "Audit", "Rules"]
    window.tabs.setCurrentIndex(3)

    window.set_language("zh_CN")
    assert menu_titles(window) == [
        "文件(&F)",
        "打印/导出(&P)",
        "转到(&G)",
        "工具(&T)",
        "&Language / 语言",
        "帮助(&H)",
    ]
    assert tab_titles(window) == ["参赛队", "编排", "成绩", "名次", "操作记录", "规则"]
    assert window.tabs.currentIndex() == 3  # the director stays on the page they were on
    assert window.windowTitle().endswith("赛事编排台")
    file_menu = window.menuBar().actions()[0].menu()
    assert file_menu is not None
    assert [a.text() for a in file_menu.actions()][:3] == ["新建比赛(&N)…", "打开(&O)…", "打开演示比赛(&D)"]
    # Texts of the pages and of their table models (which translate through module helpers).
    entrants = window.page(EntrantsPage)
    assert isinstance(entrants, EntrantsPage)
    assert entrants.add_button.text() == "登记(&A)…"
    assert header(entrants, 1) == "队名"
    assert entrants.summary_label.text() == "参赛队：12"
    rounds = window.show_page(RoundsPage)
    assert isinstance(rounds, RoundsPage)
    assert rounds.pair_button.text() == "编排下一轮(&N)"
    assert header(rounds, 1) == "主队（南北）"
    rules = window.show_page(RulesPage)
    assert isinstance(rules, RulesPage)
    assert "防家上台" in rules.bands_model.index(3, 1).data()
    assert i18n.language() == "zh"  # the services' sentences follow the window
    assert settings_file.value("language") == "zh_CN"

    window.set_language("en")
    assert menu_titles(window) == ["&File", "&Print / Export", "&Go", "&Tools", "&Language / 语言", "&Help"]
    assert tab_titles(window) == ["Entrants", "Rounds", "Results", "Standings", "Audit", "Rules"]
    entrants = window.page(EntrantsPage)
    assert isinstance(entrants, EntrantsPage)
    assert header(entrants, 1) == "Name"
    assert i18n.language() == "en"
    assert settings_file.value("language") == "en"


@pytest.mark.slow
def test_the_start_page_and_qt_buttons_are_chinese(window: MainWindow, qtbot: QtBot) -> None:
    window.close_file()
    window.set_language("zh_CN")
    assert window.stack.currentWidget() is window.start
    assert window.windowTitle() == "赛事编排台"
    buttons = {b.objectName(): b.text() for b in window.start.findChildren(QPushButton)}
    assert buttons == {"start-new": "新建比赛…", "start-open": "打开比赛文件…", "start-demo": "打开演示比赛"}
    # Standard dialog buttons come from Qt's own Chinese (qtbase_zh_CN.qm).
    dialog = EntrantDialog(window, lambda _dialog: True)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "登记参赛队"
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel).text() == "取消"
