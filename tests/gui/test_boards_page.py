"""The Boards page (复式成绩) of a duplicate event: typing, figures as you type, refusals, penalties, undo, and
the board-set editor; its models pass the model tester."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from tests.domain.test_duplicate import MATCH
from tournament_desk.domain.duplicate import DEFAULT_BOARDS, Board
from tournament_desk.domain.errors import BadInput
from tournament_desk.gui.models.boards import BoardGridModel, TablesModel
from tournament_desk.gui.pages.entry.duplicate import DuplicateResultsPage
from tournament_desk.gui.pages.rules import RulesPage
from tournament_desk.gui.session import DeskSession
from tournament_desk.services import entrants as es
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.event import create_tournament, event_info
from tournament_desk.services.results import board_sets as sets
from tournament_desk.services.results import boards as bs
from tournament_desk.services.rounds import pair_next_round

TEAMS = ["甲队", "乙队", "丙队", "丁队"]


@pytest.fixture
def session(qapp: QApplication, tmp_path: Path) -> Iterator[DeskSession]:
    desk = create_tournament(tmp_path / "dup.tdesk", name="复式", scoring="duplicate", rounds=3)
    for name in TEAMS:
        es.add_entrant(desk, name, players=f"{name}1,{name}2,{name}3,{name}4")
    es.draw(desk, order=TEAMS)
    s = DeskSession(desk)
    yield s
    s.close()


@pytest.fixture
def page(session: DeskSession, qtbot: QtBot) -> DuplicateResultsPage:
    pair_next_round(session.desk)  # 甲 v 乙 on table 1, 丙 v 丁 on table 2
    p = DuplicateResultsPage(session)
    qtbot.addWidget(p)
    p.show()
    return p


def editor(page: DuplicateResultsPage) -> QLineEdit | None:
    return next((e for e in page.grid_view.findChildren(QLineEdit, "points-editor") if e.isVisible()), None)


def type_points(qtbot: QtBot, page: DuplicateResultsPage, text: str, enter: bool = True) -> QLineEdit:
    qtbot.waitUntil(lambda: editor(page) is not None)
    box = editor(page)
    assert box is not None
    qtbot.keyClicks(box, text)
    if enter:
        qtbot.keyClick(box, Qt.Key.Key_Return)
    return box


def cell(page: DuplicateResultsPage, row: int, col: int) -> str:
    return str(page.grid.index(row, col).data())


@pytest.mark.slow
def test_typing_the_hand_worked_match(page: DuplicateResultsPage, qtbot: QtBot) -> None:
    assert page.title() == "Boards"
    assert page.tables.rowCount() == 2 and page.table_no == 1
    page.start_typing()
    assert page.edit_button.isEnabled()
    # Board 1 open room: 0 points. Before Enter the board's NS score is already shown (+3, N declares).
    box = type_points(qtbot, page, "0", enter=False)
    assert cell(page, 0, BoardGridModel.COL_OPEN_NS) == "+3"
    assert page.totals.text() == "甲队: 0 XMP so far"
    qtbot.keyClick(box, Qt.Key.Key_Return)
    # The round's first board result: its boards can no longer change (修改牌套 goes grey at once).
    qtbot.waitUntil(lambda: not page.edit_button.isEnabled())
    # Closed room: the figures follow every key: "8" → +2 to NS, "85" → 0 (take the stage): XMP +3.
    box = type_points(qtbot, page, "8", enter=False)
    assert page.totals.text() == "甲队: 0 XMP so far"  # 8 is not a number of points yet
    qtbot.keyClicks(box, "5")
    assert cell(page, 0, BoardGridModel.COL_XMP) == "+3" and page.totals.text() == "甲队: +3 XMP so far"
    qtbot.keyClick(box, Qt.Key.Key_Return)
    # The rest of the match (tests/domain/test_duplicate.py) without its penalties, then board 3's penalties.
    for board in range(2, 7):
        for room in ("open", "closed"):
            type_points(qtbot, page, str(MATCH[(board, room)].points))
    qtbot.waitUntil(lambda: page.tables.rows[0].kind == "played")
    # Board 3 without penalties: open 60 → +1, closed 100 → 0: XMP +1; the match +4 → 14 : 6.
    assert cell(page, 2, BoardGridModel.COL_XMP) == "+1"
    assert page.totals.text() == "甲队: +4 XMP · VP 14 : 6 · MP 3 : 0"
    page.select_table(1)
    page.set_penalty(3, "open", "EW", 20)  # to the defenders: 60 + 20 = 80 → NS 0
    page.set_penalty(3, "closed", "NS", 30)  # to the declarers: 100 − 30 = 70 → NS +1
    assert cell(page, 2, BoardGridModel.COL_OPEN) == "60 (+20 EW)"
    assert cell(page, 2, BoardGridModel.COL_XMP) == "−1"
    assert page.totals.text() == "甲队: +2 XMP · VP 12 : 8 · MP 2.5 : 0.5"
    assert page.tables.index(0, 4).data() == "12 : 8 / 2.5 : 0.5"
    # Undo the last penalty, then redo it: through the services, audited.
    page.undo_stack.undo()
    assert page.totals.text() == "甲队: +3 XMP · VP 13 : 7 · MP 3 : 0"
    page.undo_stack.redo()
    assert page.totals.text() == "甲队: +2 XMP · VP 12 : 8 · MP 2.5 : 0.5"
    assert [a.reason for a in audit_trail(page.session.desk) if a.action == "restore"] == ["undo", "redo"]
    # After the last board of table 1 the cursor went on to table 2.
    assert page.table_no == 1
    page.start_typing()
    assert page.table_no == 2


@pytest.mark.slow
def test_a_bad_number_is_refused_in_place(page: DuplicateResultsPage, qtbot: QtBot) -> None:
    page.start_typing()
    for bad in ("103", "-5", "abc"):
        box = type_points(qtbot, page, bad)
        assert box.isVisible(), "the editor stays open"
        assert "steps of 5" in page.message.text() or "not a number" in page.message.text()
        box.clear()
    qtbot.keyClicks(box, "100")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: bs.board_sheet(page.session.desk, 1, 1).entries != {})
    assert bs.board_sheet(page.session.desk, 1, 1).entries[(1, "open")].points == 100


@pytest.mark.slow
def test_forfeit_from_the_tables_menu_and_a_deduction(page: DuplicateResultsPage) -> None:
    page.ask_reason = lambda what, body="": "未到场"  # type: ignore[method-assign]
    page.table_action(2, "forfeit", "away")
    assert (
        page.tables.rows[1].kind == "forfeit"
        and page.tables.index(1, TablesModel.COL_STATE).data() == "forfeit: away"
    )
    page.deduct("丙队")
    page.undo_stack.undo()
    page.undo_stack.undo()
    assert page.tables.rows[1].kind == "pending"


@pytest.mark.slow
def test_the_board_set_editor(page: DuplicateResultsPage, session: DeskSession) -> None:
    assert page.edit_button.isEnabled()
    page.edit_boards()
    dialog = page.dialog
    assert dialog is not None and dialog.table.rowCount() == 6
    dialog.set_board(0, "Q", "W", "NT")
    dialog.remove_board()
    dialog.accept()
    boards = sets.board_set(session.desk, 1)
    assert boards[0] == Board(1, 12, "W", "NT") and len(boards) == 5
    assert sets.board_sets(session.desk).default == DEFAULT_BOARDS  # this round only
    assert page.grid.rowCount() == 5
    page.start_typing()
    page.edit_boards()
    assert page.dialog is not None
    page.dialog.set_board(1, "过A", "N", "S")
    with pytest.raises(BadInput, match="from 2 to A"):
        page.dialog.boards()


@pytest.mark.slow
def test_the_models_pass_the_model_tester(qtmodeltester: ModelTester, page: DuplicateResultsPage) -> None:
    bs.record_board(page.session.desk, 1, 1, 1, open_points=0, closed_points=85)
    page.show_round()
    qtmodeltester.check(page.grid)
    qtmodeltester.check(page.tables)


def test_the_conversion_table_is_edited_with_the_rules(
    session: DeskSession, qtbot: QtBot, shown_errors: list[str]
) -> None:
    rules_page = RulesPage(session)
    qtbot.addWidget(rules_page)
    rules_page.show()
    assert "open room NS − closed room NS" in rules_page.rule_labels["Duplicate boards"].text()
    rules_page.edit_rules()
    dialog = rules_page.dialog
    assert dialog is not None
    dialog.conversion_combo.setCurrentIndex(dialog.conversion_combo.findData("points-table"))
    dialog.points_edit.setText("20:1, 10:2")
    dialog.accept()
    assert shown_errors and "grow" in shown_errors[-1] and dialog.isVisible()
    dialog.points_edit.setText("30:1, 60:2, 90:3")
    dialog.accept()
    rules = event_info(session.desk).rules
    assert rules.duplicate_conversion == "points-table"
    assert [(s.min_difference, s.levels) for s in rules.points_table] == [(30, 1), (60, 2), (90, 3)]
    assert "30:1, 60:2, 90:3" in rules_page.rule_labels["Duplicate boards"].text()


@pytest.mark.slow
def test_boards_another_station_enters_show_in_place(
    session: DeskSession, qtbot: QtBot, tmp_path: Path
) -> None:
    """A second desk types boards of tables 1 and 2: this window's list of tables and the grid of the table on
    screen change in place within a look (issue 18: every page follows the other stations)."""
    from tournament_desk.services.desk import Desk

    pair_next_round(session.desk)
    view = DuplicateResultsPage(session)
    qtbot.addWidget(view)
    view.show()
    view.select_table(1)
    assert session.path is not None
    before = [view.tables.state_text(s) for s in view.tables.rows]
    with Desk.open(session.path, station="二号台") as other:
        bs.record_board(other, 1, 1, 1, open_points=40, closed_points=85)
        bs.record_board(other, 1, 2, 1, open_points=120, closed_points=60)
    session.look_for_others()
    assert view.table_no == 1 and cell(view, 0, BoardGridModel.COL_OPEN) == "40"
    assert cell(view, 0, BoardGridModel.COL_CLOSED) == "85"
    after = [view.tables.state_text(s) for s in view.tables.rows]
    assert after != before
    assert [s.entries for s in view.tables.rows] == [s.entries for s in bs.round_sheets(session.desk, 1)]
