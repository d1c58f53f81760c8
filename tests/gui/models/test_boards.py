"""models/boards: one duplicate table's board grid (typing, previews, penalties) and a round's tables."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from tournament_desk.gui.models.boards import TYPED, BoardGridModel, TablesModel, signed
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results import boards as bs
from tournament_desk.services.rounds import pair_next_round

EDIT = Qt.ItemDataRole.EditRole
TEAMS = ["甲队", "乙队", "丙队", "丁队"]


@pytest.fixture
def desk(qapp: QApplication, tmp_path: Path) -> Iterator[Desk]:
    """A duplicate event of four teams, round 1 paired (甲 v 乙 on table 1, 丙 v 丁 on table 2)."""
    d = create_tournament(tmp_path / "dup.tdesk", name="复式", scoring="duplicate", rounds=3)
    for name in TEAMS:
        es.add_entrant(d, name, players=f"{name}1,{name}2,{name}3,{name}4")
    es.draw(d, order=TEAMS)
    pair_next_round(d)
    yield d
    d.close()


def test_signed_levels() -> None:
    assert [signed(v) for v in (None, 0, 3, -2)] == ["", "0", "+3", "−2"]


def test_an_empty_sheet_is_all_missing_and_typing_emits_the_points(
    desk: Desk, qtbot: QtBot, qtmodeltester: ModelTester
) -> None:
    grid = BoardGridModel()
    assert grid.rowCount() == 0 and grid.total() == (0, None, None)
    grid.set_sheet(bs.board_sheet(desk, 1, 1))
    qtmodeltester.check(grid)
    assert grid.rowCount() == len(grid.sheet.boards) > 0  # type: ignore[union-attr]
    assert grid.data(grid.index(0, grid.COL_OPEN)) == ""
    assert grid.data(grid.index(0, grid.COL_XMP)) == ""
    assert grid.flags(grid.index(0, grid.COL_OPEN)) & Qt.ItemFlag.ItemIsEditable
    assert not grid.flags(grid.index(0, grid.COL_XMP)) & Qt.ItemFlag.ItemIsEditable
    board = grid.sheet.boards[0].number  # type: ignore[union-attr]
    with qtbot.waitSignal(grid.points_entered) as entered:
        assert grid.setData(grid.index(0, grid.COL_CLOSED), "45", EDIT)
    assert entered.args == [board, "closed", 45]
    assert not grid.setData(grid.index(0, grid.COL_XMP), "45", EDIT)


def test_a_number_not_in_steps_of_five_is_refused(desk: Desk, qtbot: QtBot) -> None:
    grid = BoardGridModel()
    grid.set_sheet(bs.board_sheet(desk, 1, 1))
    with qtbot.waitSignal(grid.refused) as refused, qtbot.assertNotEmitted(grid.points_entered):
        assert not grid.setData(grid.index(0, grid.COL_OPEN), "42", EDIT)
    assert "steps of 5" in refused.args[0]


def test_a_preview_scores_the_board_being_typed_and_clearing_it_takes_it_back(
    desk: Desk, qtbot: QtBot
) -> None:
    grid = BoardGridModel()
    grid.set_sheet(bs.board_sheet(desk, 1, 1))
    with qtbot.waitSignal(grid.totals_changed):
        grid.preview(0, "open", "40")
    assert grid.data(grid.index(0, grid.COL_OPEN_NS)) != ""
    assert grid.data(grid.index(0, grid.COL_OPEN), Qt.ItemDataRole.BackgroundRole).color() == TYPED
    assert grid.data(grid.index(0, grid.COL_OPEN)) == ""  # not saved: the cell itself stays empty
    grid.preview(0, "open", "4x")  # not a number yet: no preview
    assert grid.typed is None and grid.data(grid.index(0, grid.COL_OPEN_NS)) == ""
    grid.preview(0, "open", "40")
    grid.clear_preview()
    assert grid.typed is None and grid.data(grid.index(0, grid.COL_OPEN_NS)) == ""


@pytest.mark.slow
def test_a_complete_table_gives_the_match_result_and_penalties_show(desk: Desk, qtbot: QtBot) -> None:
    sheet = bs.board_sheet(desk, 1, 1)
    for board in sheet.boards:
        sheet = bs.record_board(desk, 1, 1, board.number, open_points=40, closed_points=80)
    sheet = bs.set_penalty(desk, 1, 1, sheet.boards[0].number, "open", "EW", 10)
    grid = BoardGridModel()
    grid.set_sheet(sheet)
    running, xmp, outcome = grid.total()
    assert xmp == running and outcome is not None
    assert grid.data(grid.index(0, grid.COL_OPEN)) == "40 (+10 EW)"
    assert grid.data(grid.index(0, grid.COL_OPEN), EDIT) == "40"
    assert grid.data(grid.index(0, grid.COL_OPEN), Qt.ItemDataRole.ToolTipRole) == "Penalty points: +10 EW"
    with qtbot.waitSignal(grid.dataChanged):
        grid.tint_board(sheet.boards[1].number, True)
    assert grid.data(grid.index(1, 0), Qt.ItemDataRole.BackgroundRole) is not None
    with qtbot.assertNotEmitted(grid.modelReset):
        grid.update_sheet(sheet)  # the same boards: refreshed in place


@pytest.mark.slow
def test_the_tables_model_counts_missing_boards_and_shows_the_result(
    desk: Desk, qtbot: QtBot, qtmodeltester: ModelTester
) -> None:
    sheets = bs.round_sheets(desk, 1)
    tables = TablesModel()
    tables.set_rows(sheets)
    qtmodeltester.check(tables)
    assert (
        tables.data(tables.index(0, tables.COL_STATE)) == f"{2 * len(sheets[0].boards)} missing"
    )  # two rooms a board
    assert tables.data(tables.index(0, tables.COL_HOME)) == "甲队"
    assert tables.data(tables.index(0, tables.COL_SOURCE)) == ""
    for board in sheets[0].boards:
        done = bs.record_board(desk, 1, 1, board.number, open_points=40, closed_points=80)
    with qtbot.waitSignal(tables.dataChanged):
        tables.update_row(done)
    assert tables.data(tables.index(0, tables.COL_STATE)) == "entered"
    assert " / " in tables.data(tables.index(0, tables.COL_RESULT))
    tables.set_source(1, "confirmed")
    assert tables.data(tables.index(0, tables.COL_SOURCE)) == "table ✓"
    tables.set_source(1, None)
    assert tables.data(tables.index(0, tables.COL_SOURCE)) == "desk"
