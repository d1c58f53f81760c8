"""An 8-entrant, 3-round Swiss run through the real widgets, as a director would, in English.

Create (wizard), import the sign-up sheet, draw, pair (child process), publish, type every result with the
keyboard, a forfeit, a deduction and an undo; then the standings on screen must equal ``tdesk standings
--json`` on the same file.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from tests.gui.conftest import import_signup, save_from_wizard
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.models.standings_model import StandingsTableModel
from tournament_desk.gui.pages.entry.levels import ResultsPage
from tournament_desk.gui.pages.rounds import RoundsPage
from tournament_desk.gui.pages.standings import StandingsPage

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)

SIGNUP = "队名,单位,队员\n东风队,第一中学,张三、李四、王五、赵六\n红旗队,第一中学,\n长城队,纺织厂,\n黄河队,纺织厂,\n泰山队,铁路局,\n长江队,铁路局,\n黄山队,邮政局,\n珠江队,邮政局,\n"
LEVELS = ["Q", "9", "10", "10", "A", "8", "j", "K", "过A", "5", "9", "J", "k", "Q", "7", "10", "A", "A", "2", "3", "圈", "尖"]  # fmt: skip


def visible_editor(page: ResultsPage) -> QLineEdit | None:
    return next((e for e in page.table.findChildren(QLineEdit, "level-editor") if e.isVisible()), None)


def type_level(qtbot: QtBot, page: ResultsPage, text: str) -> None:
    qtbot.waitUntil(lambda: visible_editor(page) is not None)
    box = visible_editor(page)
    assert box is not None
    if text.isascii():
        qtbot.keyClicks(box, text)
    else:
        box.insert(text)
    qtbot.keyClick(box, Qt.Key.Key_Return)


def test_a_swiss_event_through_the_widgets(window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "春季赛.tdesk"
    window.new_file()
    wizard = window.wizard
    wizard.event_page.name.setText("春季联赛")
    wizard.event_page.rounds.setValue(3)
    save_from_wizard(window, path)

    entrants = import_signup(window, tmp_path / "报名表.csv", SIGNUP)
    assert entrants.model.rowCount() == 8
    entrants.open_draw()
    entrants.dialog.seed_spin.setValue(2026)
    entrants.dialog.accept()

    levels = iter(LEVELS)
    for round_no in (1, 2, 3):
        rounds = window.show_page(RoundsPage)
        rounds.ask_reason = lambda what, body="": "现场"  # type: ignore[method-assign]
        with qtbot.waitSignal(rounds.worker.finished, timeout=60_000):
            rounds.pair_button.click()
        assert rounds.model.rowCount() == 4
        rounds.publish_button.click()

        results = window.show_page(ResultsPage)
        results.ask_reason = lambda what, body="": "迟到 15 分钟"  # type: ignore[method-assign]
        assert results.round_no == round_no
        first_forfeit = round_no == 2
        if first_forfeit:  # table 4 forfeits (away side), from the context-menu action
            results.table_action(4, "forfeit", "away")
        results.start_typing()
        for _ in range(3 if first_forfeit else 4):
            type_level(qtbot, results, next(levels))
            type_level(qtbot, results, next(levels))
        if round_no == 1:  # a wrong entry on table 4, undone and typed again
            results.undo_stack.undo()
            assert results.model.rows[3].missing
            results.start_typing()
            type_level(qtbot, results, "9")
            type_level(qtbot, results, "9")
        if round_no == 3:
            results.deduct(results.model.rows[0].home)
        assert not any(r.missing for r in results.model.rows)

    standings = window.show_page(StandingsPage)
    standings.set_round(3)
    model = standings.model
    on_screen = [
        [model.index(row, col).data() for col in (StandingsTableModel.COL_RANK, StandingsTableModel.COL_NAME,
                                                   StandingsTableModel.COL_MP, StandingsTableModel.COL_VP,
                                                   StandingsTableModel.COL_OPP)]
        for row in range(model.rowCount())
    ]  # fmt: skip
    cli = subprocess.run([sys.executable, "-m", "tournament_desk.cli", "standings", str(path), "--json"],
                         capture_output=True, text=True, check=True)  # fmt: skip
    expected = json.loads(cli.stdout)
    assert expected["after_round"] == 3
    assert on_screen == [
        [str(r["rank"]), r["name"], f"{r['mp']:g}", f"{r['vp']:g}", f"{r['opp_mp']:g}"]
        for r in expected["rows"]
    ]
    assert sum(r["deducted"] for r in expected["rows"]) == 0.5
