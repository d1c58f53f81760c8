"""The main window's safety nets: a bad file is refused with a reason, recent files, the crash dialog."""

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from tests.reliability.test_journal import CUT_OFF
from tournament_desk.gui import boxes
from tournament_desk.gui.crash import CrashDialog
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.pages.entry.levels import ResultsPage
from tournament_desk.gui.pages.rounds import RoundsPage
from tournament_desk.gui.session import RESULTS, ROUNDS
from tournament_desk.services.demo import create_demo
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import pair_next_round


def test_a_file_that_is_not_a_tournament_is_refused_with_the_reason(
    window: MainWindow, tmp_path: Path, shown_errors: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        "tournament_desk.gui.window.files.show_error", lambda parent, text: shown_errors.append(text)
    )
    bad = tmp_path / "notes.tdesk"
    bad.write_text("not a tournament")
    assert not window.open_file(bad)
    assert shown_errors == [f"'{bad}' is not a Tournament Desk file."]
    assert window.stack.currentWidget() is window.start
    assert bad.read_text() == "not a tournament"


@pytest.mark.slow
def test_open_close_and_recent_files(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "赛事.tdesk"
    create_demo(path, entrants=8, units=2, played=1).close()
    assert window.open_file(path)
    assert window.stack.currentWidget() is window.tabs
    assert [window.tabs.tabText(i) for i in range(window.tabs.count())] == [
        "Entrants", "Rounds", "Results", "Standings", "Audit", "Rules",
    ]  # fmt: skip
    assert "赛事.tdesk" in window.windowTitle()
    assert window.export_menu.isEnabled()
    window.close_file()
    assert window.stack.currentWidget() is window.start
    assert not window.export_menu.isEnabled()
    assert window.start.recent.item(0).text().startswith("赛事.tdesk")


@pytest.mark.slow
def test_export_from_the_menu_writes_the_file(window: MainWindow, tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "e.tdesk"
    create_demo(path, entrants=8, units=2, played=2).close()
    window.open_file(path)
    out = tmp_path / "名次.pdf"
    monkeypatch.setattr(window, "choose_output", lambda what, suffix, round_no=None: out)
    monkeypatch.setattr(window, "ask_round", lambda what: None)
    assert window.export_report("standings", ".pdf") == [out]
    assert out.read_bytes().startswith(b"%PDF")
    window.saved_box.close()


@pytest.mark.slow
def test_the_results_page_is_a_tab_of_an_open_event(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "r.tdesk"
    create_demo(path, entrants=8, units=2, played=1).close()
    window.open_file(path)
    page = window.show_page(ResultsPage)
    assert page.isVisible() and page.model.rowCount() == 4


def test_the_crash_dialog_shows_and_copies_the_details(qtbot: QtBot) -> None:
    dialog = CrashDialog("Traceback (most recent call last):\n  ValueError: boom")
    qtbot.addWidget(dialog)
    dialog.copy()
    assert "ValueError: boom" in QGuiApplication.clipboard().text()


@pytest.mark.slow
def test_export_file_names_say_what_and_which_round(window: MainWindow, tmp_path: Path) -> None:
    """Issue 14: English suffixes and round 1's name for round 2's pairing sheet; now 第2轮对阵表-style names."""
    path = tmp_path / "杯.tdesk"
    create_demo(path, entrants=8, units=2, played=2, rounds=4).close()
    window.open_file(path)
    assert window.output_name("pairings", 2) == "Round 2 pairings"
    assert window.output_name("scoresheets", None) == "Round 2 scoresheets"  # the last paired by default
    assert window.output_name("standings", None) == "Standings after round 2"
    assert window.output_name("all", None) == "Whole event after round 2"


@pytest.mark.slow
def test_the_final_ranking_mid_event_asks_first(window: MainWindow, tmp_path: Path, monkeypatch) -> None:
    """Issue 14: 最终名次 was printable mid-event without a warning."""
    path = tmp_path / "mid.tdesk"
    create_demo(path, entrants=8, units=2, played=2, rounds=4).close()
    window.open_file(path)
    asked: list[str] = []

    def question(_parent: object, _title: str, text: str, **_kw: object) -> bool:
        asked.append(text)
        return False

    monkeypatch.setattr(boxes, "ask", question)
    monkeypatch.setattr(window, "choose_output", lambda *a: pytest.fail("asked where to save after No"))
    assert window.export_report("ranking", ".pdf") == []
    assert "Only 2 of 4 rounds" in asked[0]
    out = tmp_path / "s.pdf"
    monkeypatch.setattr(window, "choose_output", lambda *a: out)
    monkeypatch.setattr(window, "ask_round", lambda what: None)
    assert window.export_report("standings", ".pdf") == [out]  # the standings: no question
    assert len(asked) == 1
    window.saved_box.close()


@pytest.mark.slow
def test_find_a_team_and_change_page_by_keyboard(window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    """Issue 14: Ctrl+F finds a team on every page; Ctrl+1…6 and Ctrl+PgUp/PgDn change page from a table."""
    path = tmp_path / "find.tdesk"
    create_demo(path, entrants=12, units=3, played=2, rounds=4).close()
    window.open_file(path)
    window.show()
    window.activateWindow()
    qtbot.waitActive(window)
    results = window.show_page(ResultsPage)
    results.table.setFocus()
    name = results.model.rows[-1].away
    qtbot.keyClick(results.table, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    bar = window.find_bar
    assert bar is not None and bar.isVisible() and bar.edit.hasFocus()
    bar.edit.insert(name)  # what an input method does: it commits the characters, it does not press keys
    current = results.table.currentIndex()
    assert results.model.rows[results.proxy.mapToSource(current).row()].away == name
    assert bar.count.text() == "1 of 1"
    qtbot.keyClick(bar.edit, Qt.Key.Key_4, Qt.KeyboardModifier.ControlModifier)  # the standings
    standings = window.tabs.currentWidget()
    assert window.tabs.currentIndex() == 3
    view = standings.find_view()
    assert view is not None and name in [
        view.model().index(view.currentIndex().row(), c).data() for c in range(view.model().columnCount())
    ]
    qtbot.keyClick(bar.edit, Qt.Key.Key_PageUp, Qt.KeyboardModifier.ControlModifier)
    assert window.tabs.currentIndex() == 2
    bar.edit.setText("没有这个队")
    assert bar.count.text() == "No match"
    qtbot.keyClick(bar.edit, Qt.Key.Key_Escape)
    assert not bar.isVisible()


@pytest.mark.slow
def test_the_status_bar_counts_the_missing_results(window: MainWindow, tmp_path: Path) -> None:
    """Issue 14: a count of missing results per round, on every page."""
    path = tmp_path / "missing.tdesk"
    create_demo(path, entrants=8, units=2, played=1, rounds=3).close()
    window.open_file(path)
    assert window.missing_label.text() == "Every result is in"
    rounds = window.show_page(RoundsPage)
    assert window.session is not None and isinstance(rounds, RoundsPage)
    pair_next_round(window.session.desk)
    window.session.notify({ROUNDS})
    rounds.round_box.setCurrentIndex(rounds.round_box.count() - 1)
    assert window.missing_label.text() == "Results missing — round 2: 4"
    assert "4 of 4 tables still have no result" in rounds.status.text()
    record_result(window.session.desk, 2, 1, 12, 9)
    window.session.notify({RESULTS})
    assert window.missing_label.text() == "Results missing — round 2: 3"
    window.close_file()
    assert window.missing_label.text() == ""


@pytest.mark.slow
def test_a_cut_off_change_undone_on_opening_is_told_in_the_window(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 15: `tdesk` said so on stderr; the window opened the file without a word."""
    path = tmp_path / "w.tdesk"
    create_demo(path, entrants=4, units=2, played=0).close()
    subprocess.run([sys.executable, "-c", CUT_OFF, str(path)], check=False, timeout=60)
    told: list[str] = []
    monkeypatch.setattr(boxes, "tell", lambda _parent, _title, text: told.append(text))
    assert window.open_file(path)
    assert len(told) == 1 and "has been undone" in told[0]
    window.close_file()
    assert window.open_file(path)  # the second time there is nothing to tell
    assert len(told) == 1


@pytest.mark.slow
def test_f1_opens_the_help_of_the_page_shown(window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    """Issue 14: a help page (F1) that explains the page and the rules in force."""
    qtbot.keyClick(window, Qt.Key.Key_F1)
    assert window.help_dialog is not None and window.help_dialog.topic == "StartPage"
    assert "Getting started" in window.help_dialog.text.toPlainText()
    window.help_dialog.close()
    path = tmp_path / "help.tdesk"
    create_demo(path, entrants=8, units=2, played=1).close()
    window.open_file(path)
    results = window.show_page(ResultsPage)
    results.table.setFocus()
    qtbot.keyClick(results.table, Qt.Key.Key_F1)
    dialog = window.help_dialog
    assert dialog is not None and dialog.isVisible() and dialog.topic == "ResultsPage"
    text = dialog.text.toPlainText()
    assert "Type the home level, Enter, the away level" in text and "Ctrl+Z undoes the last entry" in text
    assert "The rules in force" in text and "Tiebreaks" in text  # the event's own rules, as in force
    assert "Results" in dialog.windowTitle()
    rounds = window.show_page(RoundsPage)
    qtbot.keyClick(rounds.table, Qt.Key.Key_F1)
    assert window.help_dialog is not dialog and window.help_dialog.topic == "RoundsPage"
    assert "Pair next round" in window.help_dialog.text.toPlainText()
    window.help_dialog.close()
