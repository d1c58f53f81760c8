"""No stale desk write (issue 23, item 3) on the pages that take boards: the duplicate boards page and the Mitchell
page. Station A begins typing a board; station B stores another score there; A's Enter stores nothing and asks
(keep theirs or put mine). The levels and knockout pages: test_stale_editors.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from tests.gui.questions import KEEP, PUT, Answer, Questions
from tests.gui.stale import line_editor, trail, type_into, visible
from tests.web.events import make_pairs
from tournament_desk.gui.models.boards import BoardGridModel
from tournament_desk.gui.models.common import CHANGED_COLOUR
from tournament_desk.gui.models.pair_boards import EntryModel
from tournament_desk.gui.pages.entry.duplicate import DuplicateResultsPage
from tournament_desk.gui.pages.entry.mitchell import PairBoardsPage
from tournament_desk.gui.session import DeskSession
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results import boards as bs
from tournament_desk.services.results.pair_boards import record_pair_board, traveller
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.usefixtures("real_boxes")  # the real question, answered by its buttons (Questions)


@pytest.fixture
def duplicate(tmp_path: Path) -> Path:
    path = tmp_path / "dup.tdesk"
    with create_tournament(path, name="复式", scoring="duplicate", rounds=3) as desk:
        teams = ["甲队", "乙队", "丙队", "丁队"]
        for name in teams:
            es.add_entrant(desk, name, players=f"{name}1,{name}2,{name}3,{name}4")
        es.draw(desk, order=teams)
        pair_next_round(desk)
    return path


@pytest.fixture
def duplicate_page(qtbot: QtBot, duplicate: Path) -> Iterator[DuplicateResultsPage]:
    """The duplicate boards page of station A, shown."""
    session = DeskSession(Desk.open(duplicate, station="A站"))
    page = DuplicateResultsPage(session)
    qtbot.addWidget(page)
    page.show()
    yield page
    session.close()


def race_on_boards_page(qtbot: QtBot, page: DuplicateResultsPage, path: Path) -> int:
    """A types 60 in table 1's first board, open room; B stores 40 there; A presses Enter. The board."""
    page.select_table(1)
    assert page.grid.sheet is not None
    board = page.grid.sheet.boards[0].number
    page.edit(page.grid.index(0, BoardGridModel.COL_OPEN))
    qtbot.waitUntil(lambda: visible(page.grid_view, QLineEdit, "points-editor") is not None)
    editor = line_editor(page.grid_view, "points-editor")
    type_into(qtbot, editor, "60")
    with Desk.open(path, station="B站") as other:
        bs.record_board(other, 1, 1, board, open_points=40)
    qtbot.waitUntil(lambda: "B站" in page.message.text(), timeout=3000)
    assert "40" in page.message.text() and "board" in page.message.text()
    assert editor.isVisible() and editor.text() == "60"
    tint = page.grid.index(0, BoardGridModel.COL_BOARD).data(Qt.ItemDataRole.BackgroundRole)
    assert isinstance(tint, QBrush) and tint.color() == CHANGED_COLOUR
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    return board


def race_answered(qtbot: QtBot, page: DuplicateResultsPage, path: Path, button: str) -> tuple[Questions, int]:
    """The race on the boards page, A's question answered with `button`: the questions asked, the board."""
    questions = Questions(Answer(button))
    board = race_on_boards_page(qtbot, page, path)
    qtbot.waitUntil(lambda: questions.done, timeout=3000)
    return questions, board


@pytest.mark.slow
def test_duplicate_page_keep_theirs(
    qtbot: QtBot, duplicate: Path, duplicate_page: DuplicateResultsPage, shown_errors: list[str]
) -> None:
    page, session = duplicate_page, duplicate_page.session
    questions, board = race_answered(qtbot, page, duplicate, KEEP)
    assert "B站" in questions.texts[0] and "40" in questions.texts[0] and "60" in questions.texts[0]
    entries = bs.board_sheet(session.desk, 1, 1).entries
    assert entries[(board, "open")].points == 40
    assert [e.station for e in trail(session.desk, 1, 1)] == ["B站"]  # nothing from A
    assert page.grid.index(0, BoardGridModel.COL_OPEN).data() == "40"
    assert "kept" in page.message.text() and shown_errors == []


@pytest.mark.slow
def test_duplicate_page_put_mine(
    qtbot: QtBot, duplicate: Path, duplicate_page: DuplicateResultsPage, shown_errors: list[str]
) -> None:
    page, session = duplicate_page, duplicate_page.session
    _, board = race_answered(qtbot, page, duplicate, PUT)
    qtbot.waitUntil(lambda: bs.board_sheet(session.desk, 1, 1).entries[(board, "open")].points == 60)
    last = trail(session.desk, 1, 1)[-1]
    assert last.station == "A站" and last.reason is not None and "replaced station B站's 40" in last.reason
    assert page.grid.index(0, BoardGridModel.COL_OPEN).data() == "60" and shown_errors == []


# --- the Mitchell page: one board at one table -------------------------------------------------------------
@pytest.mark.slow
def test_mitchell_page_asks_before_putting_mine_over_another_stations(
    qtbot: QtBot, tmp_path: Path, shown_errors: list[str]
) -> None:
    """A types 80 for table 1's first board; B stores 120 there; A's Enter stores nothing and asks (no
    correction question about the 120 A never saw first); "put mine" stores 80 as a correction of B's 120."""
    path = tmp_path / "pairs.tdesk"
    make_pairs(path).close()
    session = DeskSession(Desk.open(path, station="A站"))
    try:
        page = PairBoardsPage(session)
        qtbot.addWidget(page)
        page.show()
        page.select_table(1)
        first = page.grid.rows[0]
        assert first.points is None
        page.edit(page.grid.index(0, EntryModel.COL_POINTS))
        qtbot.waitUntil(lambda: visible(page.grid_view, QLineEdit, "pair-board-editor") is not None)
        editor = line_editor(page.grid_view, "pair-board-editor")
        type_into(qtbot, editor, "80")
        with Desk.open(path, station="B站") as other:
            record_pair_board(other, 1, 1, first.board, 120)
        qtbot.waitUntil(lambda: "B站" in page.message.text(), timeout=3000)
        assert "120" in page.message.text() and editor.isVisible() and editor.text() == "80"
        questions = Questions(Answer(PUT))
        qtbot.keyClick(editor, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: questions.done, timeout=3000)
        assert "B站" in questions.texts[0] and "120" in questions.texts[0] and "80" in questions.texts[0]

        def stored() -> int | None:
            return next(
                v.points for v in traveller(session.desk, first.board) if (v.round, v.table) == (1, 1)
            )

        qtbot.waitUntil(lambda: stored() == 80)
        last = trail(session.desk, 1, 1)[-1]
        assert (
            last.station == "A站" and last.reason is not None and "replaced station B站's 120" in last.reason
        )
        assert page.grid.rows[0].points == 80 and shown_errors == []
    finally:
        session.close()
