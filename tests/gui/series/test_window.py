"""File ▸ Series and meets… (gui/series/window.py) driven through its real widgets: a series created in its
dialog, three events added at once, the standings and the events' status shown, a likely merge ticked and
confirmed, the standings exported as a PDF and copied to the clipboard as a picture; a missing event named."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QPushButton
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from tests.series_events import month_events, play_out, swiss_event
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.series.window import SeriesWindow
from tournament_desk.gui.settings import Translations
from tournament_desk.services.desk import Desk

pytestmark = pytest.mark.slow  # three events played out, read again after each action


def wait(qtbot: QtBot, window: SeriesWindow) -> None:
    qtbot.waitUntil(lambda: not window.runner.running(), timeout=60_000)


def click(qtbot: QtBot, window: SeriesWindow, name: str) -> None:
    button = window.findChild(QPushButton, name)
    assert button is not None and button.isEnabled(), name
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    wait(qtbot, window)


def shown(window: SeriesWindow) -> list[list[str]]:
    m = window.model
    return [[m.index(r, c).data() for c in range(m.columnCount())] for r in range(m.rowCount())]


@pytest.fixture
def series_window(qtbot: QtBot, tmp_path: Path, shown_errors: list[str]) -> SeriesWindow:
    window = SeriesWindow(None, tmp_path)
    qtbot.addWidget(window)
    window.show()
    return window


def create(qtbot: QtBot, window: SeriesWindow, best: int = 2) -> None:
    click(qtbot, window, "series-new")
    dialog = window.new_dialog
    assert dialog is not None and dialog.isVisible()
    dialog.name.setText("2026 春季联赛")  # (QTest types ASCII only)
    assert dialog.file.text().endswith("2026 春季联赛.tdseries")  # the file follows the name
    dialog.best.setValue(best)
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    wait(qtbot, window)


def test_a_series_is_made_merged_exported_and_copied(
    series_window: SeriesWindow, qtbot: QtBot, qtmodeltester: ModelTester, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch, shown_errors: list[str],
) -> None:  # fmt: skip
    window = series_window
    create(qtbot, window)
    assert window.path == tmp_path / "2026 春季联赛.tdseries" and window.path.is_file()
    assert window.title.text() == "2026 春季联赛"
    assert "10, 7, 5, 3" in window.rule.text() and "best 2" in window.rule.text()
    events = month_events(tmp_path)
    monkeypatch.setattr(window, "choose_event_files", lambda: events)
    click(qtbot, window, "series-add")
    assert shown_errors == []
    assert window.events.rowCount() == 3
    assert [window.events.item(r, 2).text() for r in range(3)] == ["Final"] * 3
    assert not window.warning.isVisible()
    # 东风 played the second event under another spelling of its unit: two rows until merged
    assert [(r[1], r[2]) for r in shown(window)] == [
        ("东风", "北京桥牌协会"), ("红旗", "上海"), ("青松", "重庆"), ("白杨", "天津"), ("东风", "北京市桥牌协会")
    ]  # fmt: skip
    qtmodeltester.check(window.model)
    assert window.merges.count() == 1 and "北京市桥牌协会" in window.merges.item(0).text()
    window.merges.item(0).setCheckState(Qt.CheckState.Checked)
    click(qtbot, window, "series-merge")
    # By hand (10/7/5/3, best 2): 东风 1, 2, 1 → 10 + 10 (7 dropped); 红旗 2, 1, 3 → 7 + 10; 青松 4, 3, 2 → 5 + 7;
    # 白杨 3, 4, 4 → 5 + 3.
    assert shown(window) == [
        ["1", "东风", "北京桥牌协会", "1 · 10", "(2 · 7)", "1 · 10", "3", "20"],
        ["2", "红旗", "上海", "2 · 7", "1 · 10", "(3 · 5)", "3", "17"],
        ["3", "青松", "重庆", "(4 · 3)", "3 · 5", "2 · 7", "3", "12"],
        ["4", "白杨", "天津", "3 · 5", "4 · 3", "(4 · 3)", "3", "8"],
    ]
    assert window.merges.count() == 0 and not window.merges.isVisible()
    qtmodeltester.check(window.model)
    out = tmp_path / "总成绩.pdf"
    monkeypatch.setattr(window, "choose_export_file", lambda kind: out)
    click(qtbot, window, "series-export-pdf")
    assert out.is_file() and "总成绩.pdf" in window.statusBar().currentMessage()
    QGuiApplication.clipboard().clear()
    click(qtbot, window, "series-copy")
    image = QGuiApplication.clipboard().image()
    assert not image.isNull() and image.width() == 1080
    assert shown_errors == []
    window.grab().save(str(tmp_path / "window.png"))


@pytest.mark.system  # pdftotext
def test_the_exported_pdf_has_the_rows_the_window_shows(
    series_window: SeriesWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = series_window
    create(qtbot, window, best=0)
    monkeypatch.setattr(window, "choose_event_files", lambda: month_events(tmp_path))
    click(qtbot, window, "series-add")
    out = tmp_path / "s.pdf"
    monkeypatch.setattr(window, "choose_export_file", lambda kind: out)
    click(qtbot, window, "series-export-pdf")
    text = subprocess.run(
        ["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True
    ).stdout
    for row in shown(window):
        line = next(line for line in text.splitlines() if line.split()[:3] == row[:3])
        assert line.split()[-1] == row[-1]


def test_a_missing_event_is_named_in_one_sentence(
    series_window: SeriesWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = series_window
    create(qtbot, window)
    events = month_events(tmp_path)
    monkeypatch.setattr(window, "choose_event_files", lambda: events)
    click(qtbot, window, "series-add")
    events[1].unlink()
    click(qtbot, window, "series-refresh")
    assert window.warning.isVisible()
    assert window.warning.text() == "Not final or not counted: #2 月赛2 (Missing: not counted)."
    assert window.events.item(1, 2).text() == "Missing: not counted"


def test_the_file_menu_opens_the_series_window(window: MainWindow) -> None:
    action = next(a for a in window.menu_actions if a.objectName() == "file-series")
    action.trigger()
    opened = window.findChild(SeriesWindow)
    assert opened is not None and opened.isVisible()
    action.trigger()
    assert len(window.findChildren(SeriesWindow)) == 1  # the same window again


def test_an_event_that_moved_on_is_named_until_its_changes_are_accepted(
    series_window: SeriesWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = series_window
    create(qtbot, window)
    order = [("东风", "北京"), ("红旗", "上海"), ("白杨", "天津"), ("青松", "重庆")]
    event = swiss_event(tmp_path / "进行中.tdesk", "进行中", order, play=1)
    monkeypatch.setattr(window, "choose_event_files", lambda: [event])
    click(qtbot, window, "series-add")
    assert window.events.item(0, 2).text() == "In progress (after round 1)"
    assert not window.accept_button.isVisible()
    with Desk.open(event) as desk:
        play_out(desk, [name for name, _ in order], 1)
    click(qtbot, window, "series-refresh")
    assert window.events.item(0, 2).text() == "In progress (after round 2); changed since it was added"
    assert "changed since it was added" in window.warning.text()
    assert window.accept_button.isVisible()
    click(qtbot, window, "series-accept")
    assert window.events.item(0, 2).text() == "In progress (after round 2)"
    assert not window.accept_button.isVisible()


def test_the_window_speaks_the_language_chosen_in_the_main_window(
    series_window: SeriesWindow,
    qtbot: QtBot,
    qapp: QApplication,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """It stays open while the director switches language in the main window: its buttons, headers, rule and
    statuses follow, the series as it was shown."""
    window = series_window
    create(qtbot, window)
    monkeypatch.setattr(window, "choose_event_files", lambda: month_events(tmp_path))
    click(qtbot, window, "series-add")
    before = shown(window)
    translations = Translations(qapp)
    try:
        translations.apply("zh_CN")
        qtbot.waitUntil(
            lambda: window.findChild(QPushButton, "series-new").text() == "新建系列赛…", timeout=5000
        )
        assert window.model.headerData(0, Qt.Orientation.Horizontal) == "名次"
        assert window.model.headerData(window.model.columnCount() - 1, Qt.Orientation.Horizontal) == "总分"
        assert window.title.text() == "2026 春季联赛" and "best" not in window.rule.text()
        assert shown(window) == before and window.events.rowCount() == 3
        assert window.events.horizontalHeaderItem(2).text() != "Status"
        window.grab().save(str(tmp_path / "window-zh.png"))
        translations.apply("en")
        qtbot.waitUntil(
            lambda: window.findChild(QPushButton, "series-new").text() == "New series…", timeout=5000
        )
        assert "best 2" in window.rule.text() and window.events.item(0, 2).text() == "Final"
    finally:
        translations.apply("en")  # later tests run in English
