"""A Mitchell event with an odd number of pairs in the window (rules.md §7.5 revised): 13 pairs on 7 tables, the
Boards page lists only the six tables that play, says which one sits out (轮空), and the boards typed there
give the standings ``tdesk`` gives."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.gui.conftest import drawn_event, open_event
from tests.gui.test_groups_e2e import pair_and_publish
from tests.gui.test_mitchell_e2e import cli_standings, current_row, points, type_cell, visible_editor
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.models.pair_boards import BY_TABLE
from tournament_desk.gui.pages.entry.mitchell import PairBoardsPage
from tournament_desk.gui.pages.standings import StandingsPage
from tournament_desk.services.results.pair_boards import traveller

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)

PAIRS = [f"第{n}对" for n in range(1, 14)]
SITS_OUT = {1: 7, 2: 1}  # round → the table the phantom EW 7 sits at (it starts at table 7, moves up one)


def type_tables(qtbot: QtBot, page: PairBoardsPage, round_no: int, tables: list[int]) -> None:
    """Type both boards of each table in turn: Enter moves from the last board of one to the next table."""
    page.start_typing()
    for table in tables:
        for _ in range(2):
            qtbot.waitUntil(lambda: visible_editor(page) is not None)
            row = current_row(page)
            assert (row.round, row.table) == (round_no, table)
            type_cell(qtbot, page, str(points(round_no, table, row.board)))
            qtbot.waitUntil(lambda row=row: any((v.round, v.table) == row.key
                                                for v in page.session.read(traveller, row.board)))  # fmt: skip
    qtbot.waitUntil(lambda: not any(r.waiting for r in page.picks.rows))


def test_thirteen_pairs_typed_in_the_window_skip_the_sit_out_and_equal_tdesk(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, shown_errors: list[str]
) -> None:
    path = tmp_path / "十三对.tdesk"
    drawn_event(path, "十三对牌套赛", PAIRS, seed=3, format="mitchell", boards_per_round=2)
    open_event(window, path)
    for round_no, out in SITS_OUT.items():
        assert pair_and_publish(window, qtbot) == round_no
        page = window.show_page(PairBoardsPage)
        assert isinstance(page, PairBoardsPage)
        page.set_mode(BY_TABLE)
        playing = [t for t in range(1, 8) if t != out]
        assert page.round_no == round_no and [r.number for r in page.picks.rows] == playing
        assert f"Table {out} sits out" in page.message.text()
        assert all((round_no, out) not in [p[:2] for p in plays] for plays in page.plays.values())
        type_tables(qtbot, page, round_no, playing)
    assert shown_errors == []
    standings = window.show_page(StandingsPage)
    assert isinstance(standings, StandingsPage)
    standings.set_round(2)
    model = standings.model
    columns = [model.column_of(k) for k in ("direction", "rank", "name", "score")]
    on_screen = [[model.index(r, c).data() for c in columns] for r in range(model.rowCount())]
    by_cli = cli_standings(path)
    assert by_cli["after_round"] == 2 and len(by_cli["rows"]) == 13  # the sit-outs left nothing missing
    assert on_screen == [
        [r["direction"], str(r["rank"]), r["name"], f"{r['score']:g}"] for r in by_cli["rows"]
    ]
