"""The result-entry page every format's result page extends (``gui/pages/entry``): typing one result through the
real widgets costs one write transaction and ONE read (of the table it changed), on the levels page and on each
other entry page; the grid's editor tells what happened by signals, without a page."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QTableView
from pytestqt.qtbot import QtBot
from sqlalchemy import event
from sqlalchemy.orm import Session

from tournament_desk.domain.results import ResultState
from tournament_desk.gui.models.results import ResultRow, ResultsModel
from tournament_desk.gui.pages.entry.duplicate import DuplicateResultsPage
from tournament_desk.gui.pages.entry.knockout import KnockoutPage
from tournament_desk.gui.pages.entry.levels import LevelDelegate, ResultsPage
from tournament_desk.gui.pages.entry.mitchell import PairBoardsPage
from tournament_desk.gui.pages.entry.page import EntryPage
from tournament_desk.gui.session import DeskSession
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import pair_next_round


class Transactions:
    """The outermost transactions the database begins (nested ones join them: only outermost ones begin),
    each a write when it flushed something."""

    def __init__(self, desk: Desk) -> None:
        self.begun: list[Session] = []
        self.flushed: list[Session] = []
        event.listen(desk.db._sessions, "after_begin", lambda session, *_: self.begun.append(session))
        event.listen(desk.db._sessions, "after_flush", lambda session, *_: self.flushed.append(session))

    def counts(self) -> tuple[int, int]:
        """(writes, reads) since the count began."""
        writes = sum(1 for s in self.begun if any(s is f for f in self.flushed))
        return writes, len(self.begun) - writes


def levels_event(path: Path) -> Desk:
    desk = create_tournament(path, name="录入", rounds=3)
    for i in range(6):
        es.add_entrant(desk, f"队{i + 1}", unit=f"U{i}")
    return desk


def duplicate_event(path: Path) -> Desk:
    desk = create_tournament(path, name="复式", scoring="duplicate", rounds=3)
    teams = ["甲队", "乙队", "丙队", "丁队"]
    for name in teams:
        es.add_entrant(desk, name, players=f"{name}1,{name}2,{name}3,{name}4")
    es.draw(desk, order=teams)
    return desk


def knockout_event(path: Path) -> Desk:
    desk = create_tournament(path, name="淘汰赛", format="knockout")
    for i in range(8):
        es.add_entrant(desk, f"{i + 1:02d}队")
    es.draw(desk, seed=3)
    return desk


def mitchell_event(path: Path) -> Desk:
    desk = create_tournament(path, name="牌套", format="mitchell", boards_per_round=2)
    for i in range(8):
        es.add_entrant(desk, f"第{i + 1}对")
    es.draw(desk, seed=1)
    return desk


# The page, how its event is made, the grid typed into, its editor's name, and one result typed cell by cell.
PAGES: dict[str, tuple[type[EntryPage], Callable[[Path], Desk], str, str, tuple[str, ...]]] = {
    "levels": (ResultsPage, levels_event, "table", "level-editor", ("Q", "9")),
    "duplicate": (DuplicateResultsPage, duplicate_event, "grid_view", "points-editor", ("40",)),
    "knockout": (KnockoutPage, knockout_event, "table", "level-editor", ("Q", "9")),
    "mitchell": (PairBoardsPage, mitchell_event, "grid_view", "pair-board-editor", ("40",)),
}


@pytest.fixture(params=sorted(PAGES))
def page(request: pytest.FixtureRequest, tmp_path: Path, qtbot: QtBot) -> Iterator[EntryPage]:
    cls, make, _, _, _ = PAGES[request.param]
    desk = make(tmp_path / "event.tdesk")
    pair_next_round(desk)
    session = DeskSession(desk, watch=False)  # no look for other stations: only this page's reads are counted
    widget = cls(session)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    widget.kind = request.param  # type: ignore[attr-defined]
    yield widget
    session.close()


def visible_editor(view: QTableView, name: str) -> QLineEdit | None:
    return next((e for e in view.findChildren(QLineEdit, name) if e.isVisible()), None)


def open_editor(qtbot: QtBot, view: QTableView, name: str) -> QLineEdit:
    qtbot.waitUntil(lambda: visible_editor(view, name) is not None)
    editor = visible_editor(view, name)
    assert editor is not None
    return editor


@pytest.mark.slow
def test_typing_one_result_is_one_write_and_one_read_of_its_table(qtbot: QtBot, page: EntryPage) -> None:
    _, _, view_name, editor_name, cells = PAGES[page.kind]  # type: ignore[attr-defined]
    view: QTableView = getattr(page, view_name)
    page.start_typing()
    counted = Transactions(page.session.desk)
    editor = None
    for text in cells:
        editor = open_editor(qtbot, view, editor_name)
        qtbot.keyClicks(editor, text)
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    # Saved, shown, and the cursor on the next cell to type: nothing more is read meanwhile.
    qtbot.waitUntil(lambda: visible_editor(view, editor_name) not in (None, editor))
    assert "Table 1" in page.message.text() or "table 1" in page.message.text(), page.message.text()
    assert counted.counts() == (1, 1)


@pytest.mark.slow
def test_a_refused_level_reads_and_writes_nothing(qtbot: QtBot, tmp_path: Path) -> None:
    desk = levels_event(tmp_path / "r.tdesk")
    pair_next_round(desk)
    session = DeskSession(desk, watch=False)
    try:
        page = ResultsPage(session)
        qtbot.addWidget(page)
        page.show()
        page.start_typing()
        counted = Transactions(desk)
        editor = open_editor(qtbot, page.table, "level-editor")
        qtbot.keyClicks(editor, "B")
        qtbot.keyClick(editor, Qt.Key.Key_Return)
        assert "'B' is not a level" in page.message.text() and editor.isVisible()
        assert counted.counts() == (0, 0)
    finally:
        session.close()


def test_the_editor_tells_by_signals_and_needs_no_page(qtbot: QtBot) -> None:
    """The levels editor on a bare grid: a bad level is refused with its sentence (the editor stays open), a good
    one is given to the model and committed with its value; Ctrl+Z in an untouched editor asks for undo."""
    model = ResultsModel()
    model.set_rows([ResultRow(1, "甲", "乙", ResultState.PENDING, None, None, None, None)])
    view = QTableView()
    delegate = LevelDelegate(view)
    view.setModel(model)
    view.setItemDelegate(delegate)
    qtbot.addWidget(view)
    view.show()
    refused: list[str] = []
    committed: list[tuple[int, int, object]] = []
    began: list[tuple[int, int]] = []
    steps: list[str] = []
    delegate.refused.connect(refused.append)
    delegate.committed.connect(lambda row, column, value: committed.append((row, column, value)))
    delegate.began.connect(lambda row, column: began.append((row, column)))
    delegate.page_key.connect(steps.append)
    cell = model.index(0, ResultsModel.COL_HOME_LEVEL)
    view.setCurrentIndex(cell)
    view.edit(cell)
    editor = open_editor(qtbot, view, "level-editor")
    qtbot.keyClicks(editor, "B")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert len(refused) == 1 and "'B' is not a level" in refused[0]
    assert editor.isVisible() and committed == []
    editor.clear()
    qtbot.keyClicks(editor, "Q")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert began == [(0, ResultsModel.COL_HOME_LEVEL)]
    assert committed == [(0, ResultsModel.COL_HOME_LEVEL, 12)]
    assert model.rows[0].typed_home == 12  # given to the model: it keeps the home level for the away level
    view.edit(model.index(0, ResultsModel.COL_AWAY_LEVEL))
    editor = open_editor(qtbot, view, "level-editor")
    qtbot.keyClick(editor, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert steps == ["undo"]
