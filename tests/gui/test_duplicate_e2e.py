"""The 12-team, 3-round duplicate event of tests/duplicate_event.py through the real widgets, in English.

Create (wizard, scoring: duplicate boards), import the sign-up sheet, draw, pair (child process), publish, then
type every board of every table with the keyboard on the Boards page, with a penalty, a forfeit, a deduction
and a late scoresheet from the context-menu actions. The same event run through ``tdesk`` (and checked there
against rules.md §5–§9) must give identical standings, and the standings on screen must equal them too.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from tests import duplicate_event as ev
from tests.cli.conftest import Run
from tests.cli.test_duplicate_event import run_event
from tests.gui.conftest import import_signup, save_from_wizard
from tournament_desk.cli import main
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.models.standings_model import StandingsTableModel
from tournament_desk.gui.pages.entry.duplicate import DuplicateResultsPage
from tournament_desk.gui.pages.rounds import RoundsPage
from tournament_desk.gui.pages.standings import StandingsPage


def visible_editor(page: DuplicateResultsPage) -> QLineEdit | None:
    return next((e for e in page.grid_view.findChildren(QLineEdit, "points-editor") if e.isVisible()), None)


def type_points(qtbot: QtBot, page: DuplicateResultsPage, text: str, table: int | None = None) -> None:
    qtbot.waitUntil(lambda: visible_editor(page) is not None)
    box = visible_editor(page)
    assert box is not None
    assert table is None or page.table_no == table
    qtbot.keyClicks(box, text)
    qtbot.keyClick(box, Qt.Key.Key_Return)


def cli_standings(path: Path) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-m", "tournament_desk.cli", "standings", str(path), "--json"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    return dict(json.loads(done.stdout))


def run_through_the_window(window: MainWindow, qtbot: QtBot, tmp_path: Path, path: Path) -> None:
    window.new_file()
    wizard = window.wizard
    wizard.event_page.name.setText("教工复式团体赛")
    wizard.event_page.rounds.setValue(ev.ROUNDS)
    wizard.event_page.scoring.setCurrentIndex(wizard.event_page.scoring.findData("duplicate"))
    assert wizard.event_page.kind.currentData() == "teams" and not wizard.event_page.kind.isEnabled()
    save_from_wizard(window, path)

    entrants = import_signup(window, tmp_path / "报名表.csv", ev.signup_csv())
    entrants.open_draw()
    entrants.dialog.seed_spin.setValue(ev.SEED)
    entrants.dialog.accept()

    for round_no in range(1, ev.ROUNDS + 1):
        rounds = window.show_page(RoundsPage)
        with qtbot.waitSignal(rounds.worker.finished, timeout=60_000):
            rounds.pair_button.click()
        assert rounds.model.rowCount() == 6
        rounds.publish_button.click()

        page = window.show_page(DuplicateResultsPage)
        assert isinstance(page, DuplicateResultsPage)
        page.ask_reason = lambda what, body="": "现场"  # type: ignore[method-assign]
        assert page.round_no == round_no and page.tables.rowCount() == 6
        if round_no == ev.FORFEIT[0]:
            page.table_action(ev.FORFEIT[1], "forfeit", ev.FORFEIT[2])
        page.start_typing()
        for sheet_row in list(page.tables.rows):
            if not ev.played(round_no, sheet_row.table):
                continue
            for board in range(1, ev.BOARDS + 1):
                for room in ("open", "closed"):
                    typed = str(ev.points(round_no, sheet_row.table, board, room))
                    type_points(qtbot, page, typed, sheet_row.table)
                if (round_no, sheet_row.table, board) == ev.PENALTY[:3]:
                    _, table, _, room, side, points = ev.PENALTY
                    assert table == sheet_row.table
                    page.set_penalty(board, room, side, points)  # type: ignore[arg-type]
        qtbot.waitUntil(lambda page=page: all(s.kind != "pending" for s in page.tables.rows))
        if round_no == ev.LATE[0]:
            page.table_action(ev.LATE[1], "late", ev.LATE[2])
        if round_no == ev.DEDUCTED[0]:
            page.deduct(ev.DEDUCTED[1])


@pytest.mark.slow
def test_a_duplicate_event_through_the_widgets_equals_tdesk(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def tdesk(*args: object) -> Run:
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    by_cli = run_event(tmp_path / "cli.tdesk", tdesk, tmp_path)
    path = tmp_path / "gui.tdesk"
    run_through_the_window(window, qtbot, tmp_path, path)
    by_gui = cli_standings(path)
    assert by_gui == by_cli

    standings = window.show_page(StandingsPage)
    assert isinstance(standings, StandingsPage)
    standings.set_round(3)
    model = standings.model
    columns = (StandingsTableModel.COL_RANK, StandingsTableModel.COL_NAME, StandingsTableModel.COL_MP,
               StandingsTableModel.COL_VP, StandingsTableModel.COL_OPP, StandingsTableModel.COL_XMP)  # fmt: skip
    on_screen = [[model.index(row, col).data() for col in columns] for row in range(model.rowCount())]
    assert on_screen == [
        [str(r["rank"]), r["name"], f"{r['mp']:g}", f"{r['vp']:g}", f"{r['opp_mp']:g}",
         f"{r['xmp']:+d}".replace("-", "−") if r["xmp"] else "0"]
        for r in by_cli["rows"]
    ]  # fmt: skip
