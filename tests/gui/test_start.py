"""start: the start page's buttons and the recent files it offers."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from tournament_desk.gui.start import StartPage


def test_the_buttons_ask_for_new_open_and_demo(qtbot: QtBot) -> None:
    page = StartPage()
    qtbot.addWidget(page)
    for name, signal in (
        ("new", page.new_requested),
        ("open", page.open_requested),
        ("demo", page.demo_requested),
    ):
        button = page.findChild(QPushButton, f"start-{name}")
        assert button is not None
        with qtbot.waitSignal(signal):
            button.click()


def test_recent_files_show_name_and_folder_and_open_the_full_path(qtbot: QtBot, tmp_path: Path) -> None:
    page = StartPage()
    qtbot.addWidget(page)
    path = str(tmp_path / "春季赛.tdesk")
    page.set_recent([path])
    item = page.recent.item(0)
    assert (
        page.recent.count() == 1 and item.text().startswith("春季赛.tdesk") and str(tmp_path) in item.text()
    )
    with qtbot.waitSignal(page.recent_requested) as asked:
        page.recent.itemActivated.emit(item)
    assert asked.args == [path]


def test_no_recent_file_says_so_and_cannot_be_opened(qtbot: QtBot) -> None:
    page = StartPage()
    qtbot.addWidget(page)
    page.set_recent(["/a.tdesk"])
    page.set_recent([])
    assert page.recent.count() == 1
    item = page.recent.item(0)
    assert item.text() == "No tournament opened yet." and item.flags() == Qt.ItemFlag.NoItemFlags
