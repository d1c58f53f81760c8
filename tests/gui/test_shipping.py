"""What the installed program adds to the window: the About box, default folders, icon, crash log."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tournament_desk import __version__, userdata
from tournament_desk.gui import app as gui_app
from tournament_desk.gui import settings as gui_settings
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.settings import Translations


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("TDESK_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def window(qapp: QApplication, qtbot: QtBot, data_dir: Path) -> Iterator[MainWindow]:
    translations = Translations(qapp)
    translations.apply("en")
    main = MainWindow(translations)
    qtbot.addWidget(main)
    yield main
    main.close()


def test_settings_and_recent_files_follow_tdesk_data_dir(data_dir: Path) -> None:
    store = gui_settings.store()
    assert store.format() == QSettings.Format.IniFormat
    assert Path(store.fileName()) == data_dir / "settings.ini"


def test_the_about_box_names_both_names_version_licences_and_folders(
    window: MainWindow, data_dir: Path
) -> None:
    text = window.about_text()
    for expected in (
        "赛事编排台",
        "Tournament Desk",
        f"Version {__version__}",
        "LGPL",
        "WenQuanYi Micro Hei",
    ):
        assert expected in text
    assert str(data_dir / "backups") in text and str(data_dir / "logs" / "crash.log") in text


@pytest.mark.slow
def test_a_new_tournament_goes_to_the_tournaments_folder_by_default(
    window: MainWindow, data_dir: Path
) -> None:
    window.new_file()
    wizard = window.wizard
    wizard.event_page.name.setText("金秋杯: 决赛")
    wizard.next()
    wizard.next()
    expected = data_dir / "tournaments" / "金秋杯 决赛.tdesk"
    assert wizard.file_page.path.text() == str(expected)
    wizard.accept()
    assert window.session is not None and expected.is_file()


def test_a_path_the_director_typed_is_kept(window: MainWindow, tmp_path: Path) -> None:
    window.new_file()
    wizard = window.wizard
    wizard.event_page.name.setText("春季赛")
    wizard.next()
    wizard.next()
    wizard.file_page.path.setText(str(tmp_path / "mine.tdesk"))
    wizard.back()
    wizard.next()
    assert wizard.file_page.path.text() == str(tmp_path / "mine.tdesk")


@pytest.mark.slow
def test_each_demo_is_a_new_file_in_the_tournaments_folder(window: MainWindow, data_dir: Path) -> None:
    window.open_demo()
    window.open_demo()
    folder = data_dir / "tournaments"
    assert sorted(p.name for p in folder.iterdir()) == ["演示比赛-demo-2.tdesk", "演示比赛-demo.tdesk"]
    assert window.session is not None and window.session.path == folder / "演示比赛-demo-2.tdesk"


def test_the_application_has_its_icon(qapp: QApplication) -> None:
    icon = gui_app.app_icon()
    assert not icon.isNull() and {16, 32, 256} <= {s.width() for s in icon.availableSizes()}


def test_a_crash_is_written_to_the_log_and_shown(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, qapp: QApplication
) -> None:
    shown: list[str] = []
    monkeypatch.setattr("tournament_desk.gui.crash.CrashDialog.exec", lambda self: shown.append(self.details))
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # put back after the test
    gui_app.install_crash_handler()
    try:
        raise ValueError("a table number nobody expected")
    except ValueError as exc:
        sys.excepthook(type(exc), exc, exc.__traceback__)
    log = userdata.crash_log()
    assert log == data_dir / "logs" / "crash.log"
    assert "ValueError: a table number nobody expected" in log.read_text(encoding="utf-8")
    assert f"Tournament Desk {__version__}" in log.read_text(encoding="utf-8")
    assert shown and str(log) in shown[0]
