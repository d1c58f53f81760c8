"""A 6- and a 9-entrant round robin run through the real widgets: the wizard's format choice, the whole schedule on the
rounds page (the current round highlighted, no swap or lock), results typed by keyboard, and the standings on
screen equal to ``tdesk standings --json``."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.gui.conftest import import_signup, save_from_wizard
from tests.gui.test_desk_e2e import type_level
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.pages.entry.levels import ResultsPage
from tournament_desk.gui.pages.rounds import RoundsPage
from tournament_desk.gui.pages.standings import StandingsPage

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)

TEAMS = ["东风队", "红旗队", "长城队", "黄河队", "泰山队", "长江队", "黄山队", "珠江队", "华山队"]
UNITS = ["一中", "一中", "纺织厂", "纺织厂", "铁路局", "铁路局", "邮政局", "邮政局", "二中"]
LEVELS = ["Q", "9", "10", "10", "A", "8", "j", "K", "5", "9", "J", "k", "Q", "7", "10"]


@pytest.mark.parametrize("count", [6, 9])
def test_a_round_robin_through_the_widgets(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, count: int
) -> None:
    rounds_needed = count - 1 + count % 2
    tables = count // 2
    path = tmp_path / "循环赛.tdesk"
    window.new_file()
    wizard = window.wizard
    wizard.event_page.name.setText("单循环邀请赛")
    wizard.event_page.format.setCurrentIndex(1)  # round robin
    assert not wizard.event_page.rounds.isEnabled()
    save_from_wizard(window, path)

    lines = ["队名,单位", *(f"{t},{u}" for t, u in zip(TEAMS[:count], UNITS[:count], strict=True))]
    entrants = import_signup(window, tmp_path / "报名表.csv", "\n".join(lines) + "\n")
    entrants.open_draw()
    entrants.dialog.seed_spin.setValue(7)
    entrants.dialog.accept()

    levels = iter(LEVELS * 6)
    for round_no in range(1, rounds_needed + 1):
        rounds = window.show_page(RoundsPage)
        assert (
            rounds.swap_button.isHidden()
            and rounds.lock_button.isHidden()
            and rounds.repair_button.isHidden()
        )
        assert not rounds.schedule.isHidden()
        with qtbot.waitSignal(rounds.worker.finished, timeout=60_000):
            rounds.pair_button.click()
        assert rounds.model.rowCount() == tables + count % 2  # the tables, and the entrant that rests
        rounds.publish_button.click()
        schedule = rounds.schedule_model
        # Every round known in advance: a column per table, and one for the rests with an odd count.
        assert schedule.rowCount() == rounds_needed and schedule.columnCount() == 1 + tables + count % 2
        current = [row for row in schedule.rows if row.current]
        assert [row.round for row in current] == [round_no]
        assert [row.tables for row in schedule.rows[: round_no - 1] if "   " not in "".join(row.tables)] == []
        results = window.show_page(ResultsPage)
        assert results.round_no == round_no
        results.start_typing()
        for _ in range(tables):
            type_level(qtbot, results, next(levels))
            type_level(qtbot, results, next(levels))
        assert not any(r.missing for r in results.model.rows)

    standings = window.show_page(StandingsPage)
    standings.set_round(rounds_needed)
    model = standings.model
    keys = ("rank", "name", "vp", "h2h", "mp")
    on_screen = [
        [model.index(row, model.column_of(k)).data() for k in keys] for row in range(model.rowCount())
    ]
    cli = subprocess.run([sys.executable, "-m", "tournament_desk.cli", "standings", str(path), "--json"],
                         capture_output=True, text=True, check=True)  # fmt: skip
    expected = json.loads(cli.stdout)
    assert expected["after_round"] == rounds_needed and expected["format"] == "round-robin"
    assert on_screen == [
        [
            str(r["rank"]),
            r["name"],
            f"{r['vp']:g}",
            "" if r["h2h"] is None else f"{r['h2h']:g}",
            f"{r['mp']:g}",
        ]
        for r in expected["rows"]
    ]
