"""The source column and Ctrl+D on the duplicate boards and Mitchell boards pages; the results page's row
refresh shows a phone's confirmation in the source column too."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from tests.gui.conftest import paired_mitchell
from tests.live_phones import phone
from tournament_desk.gui.models.boards import BoardGridModel, TablesModel
from tournament_desk.gui.models.pair_boards import EntryModel
from tournament_desk.gui.models.results import ResultsModel
from tournament_desk.gui.pages.entry.duplicate import DuplicateResultsPage
from tournament_desk.gui.pages.entry.levels import ResultsPage
from tournament_desk.gui.pages.entry.mitchell import PairBoardsPage
from tournament_desk.gui.session import DeskSession
from tournament_desk.services import entrants as es
from tournament_desk.services import live
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results import boards as bs
from tournament_desk.services.results.pair_boards import table_boards
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)

Claim = live.BoardClaim


def ctrl_d(widget: QWidget) -> QShortcut:
    # offscreen, key events do not reach the shortcut map reliably: the shortcut itself is fired
    return next(k for k in widget.findChildren(QShortcut) if k.key() == QKeySequence("Ctrl+D"))


def test_duplicate_boards_page_shows_sources_and_ctrl_d_goes_to_the_disputed_room(
    qtbot: QtBot, tmp_path: Path, shown_errors: list[str]
) -> None:
    with create_tournament(tmp_path / "d.tdesk", name="复式", scoring="duplicate", rounds=3) as desk:
        for name in ("甲", "乙", "丙", "丁"):
            es.add_entrant(desk, name, players="张三、李四、王五、赵六")
        es.draw(desk, order=["甲", "乙", "丙", "丁"])
        pair_next_round(desk)
        first, second = live.round_tokens(desk, 1)[:2]
        home = {f"{b}{r}": Claim(40 + 5 * b) for b in range(1, 7) for r in "oc"}
        away = {**home, "4c": Claim(65), "5o": Claim(5)}  # two board-rooms differ
        live.submit_boards(desk, first.token, card=phone(desk, first.home), boards=home, nonce="1", version=0)
        live.submit_boards(
            desk, second.token, card=phone(desk, second.home), boards=home, nonce="2", version=0
        )
        live.submit_boards(
            desk, second.token, card=phone(desk, second.away), boards=away, nonce="3", version=1
        )
        session = DeskSession(desk)
        page = DuplicateResultsPage(session)
        qtbot.addWidget(page)
        page.show()
        tables = page.tables
        marks = [tables.index(i, TablesModel.COL_SOURCE).data() for i in range(tables.rowCount())]
        assert marks == ["table ✎", "table ≠"]
        assert tables.headerData(TablesModel.COL_SOURCE, Qt.Orientation.Horizontal) == "From"
        page.select_table(first.table)
        ctrl_d(page.grid_view).activated.emit()
        assert page.table_no == second.table
        current = page.grid_view.currentIndex()
        assert (page.grid.sheet.boards[current.row()].number, current.column()) == (
            4,
            BoardGridModel.COL_CLOSED,
        )
        assert (
            "home entered 4 closed: 60; 5 open: 65, away entered 4 closed: 65; 5 open: 5"
            in page.message.text()
        )
        # The desk types the decided closed room of board 4: one board-room still disputed, so still in the queue.
        page.save_points(4, "closed", 65)
        assert tables.index(1, TablesModel.COL_SOURCE).data() == "table ≠"
        assert [t.table for t in live.disputes(desk)] == [second.table]
        page.save_points(5, "open", 5)
        assert not shown_errors
        assert tables.index(1, TablesModel.COL_SOURCE).data() == "desk" and live.disputes(desk) == []
        assert bs.board_sheet(desk, 1, second.table).missing == 0
        ctrl_d(page.tables_view).activated.emit()
        assert page.message.text() == "No table of this round is disputed."
        session.close()


def test_mitchell_page_shows_sources_and_ctrl_d_goes_to_the_disputed_board(
    qtbot: QtBot, tmp_path: Path, shown_errors: list[str]
) -> None:
    with paired_mitchell(tmp_path / "m.tdesk") as desk:
        tokens = {t.table: t for t in live.round_tokens(desk, 1)}
        one, two = tokens[1], tokens[2]
        a, b = (x.board for x in two.boards)
        c, d = (x.board for x in one.boards)
        live.submit_boards(desk, one.token, card=phone(desk, one.home), boards={c: Claim(40), d: Claim(60)},
                           nonce="0", version=0)  # fmt: skip
        live.submit_boards(desk, two.token, card=phone(desk, two.home), boards={a: Claim(40), b: Claim(85)},
                           nonce="1", version=0)  # fmt: skip
        live.submit_boards(desk, two.token, card=phone(desk, two.away), boards={a: Claim(40), b: Claim(90)},
                           nonce="2", version=1)  # fmt: skip
        session = DeskSession(desk)
        page = PairBoardsPage(session)
        qtbot.addWidget(page)
        page.show()
        picks = page.picks
        marks = {r.number: picks.index(i, 4).data() for i, r in enumerate(picks.rows)}
        assert (marks[1], marks[2], marks[3]) == ("table ✎", "table ≠", "")
        assert picks.headerData(4, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole) == "From"
        page.select_board(a)  # by board: Ctrl+D still finds the round's disputed table, and shows it by table
        ctrl_d(page.grid_view).activated.emit()
        assert page.by_table_button.isChecked() and page.table_no == 2
        assert page.grid.rows[page.grid_view.currentIndex().row()].board == b
        assert f"home entered {b}: 85, away entered {b}: 90" in page.message.text()
        position = page.grid_view.currentIndex().row()
        page.commit(position, EntryModel.COL_POINTS, 90)
        assert not shown_errors
        assert {x.board: x.points for x in table_boards(desk, 1, 2)} == {a: 40, b: 90}
        marks = {r.number: picks.index(i, 4).data() for i, r in enumerate(picks.rows)}
        assert marks[2] == "desk" and live.disputes(desk) == []
        session.close()


def test_the_results_page_row_refresh_shows_a_phone_confirmation(
    qtbot: QtBot, demo_session: DeskSession, shown_errors: list[str]
) -> None:
    desk = demo_session.desk
    pair_next_round(desk)
    t = live.round_tokens(desk, 3)[0]
    page = ResultsPage(demo_session)
    qtbot.addWidget(page)
    page.show()
    page.round_box.setCurrentIndex(page.round_box.findData(3))
    row = page.model.row_of_table(t.table)
    assert page.model.index(row, ResultsModel.COL_SOURCE).data() == ""
    # Another station (here: the same file through the services) takes both phones' entries.
    home, away = phone(desk, t.home), phone(desk, t.away)
    live.submit(desk, t.token, card=home, home_level="Q", away_level="9", nonce="1", version=0)
    page.update_tables({t.table})
    assert page.model.index(row, ResultsModel.COL_SOURCE).data() == "table ✎"
    live.submit(desk, t.token, card=away, home_level="Q", away_level="9", nonce="2", version=1)
    page.update_tables({t.table})
    assert page.model.index(row, ResultsModel.COL_SOURCE).data() == "table ✓"
    assert page.model.index(row, ResultsModel.COL_HOME_LEVEL).data() == "Q"


def test_the_mitchell_page_follows_boards_entered_at_another_station(qtbot: QtBot, tmp_path: Path) -> None:
    """A second desk types two boards of table 1: this window's rows for them show the points and the match
    points at once (one look), without the director touching anything (issue 18)."""
    from tournament_desk.services.desk import Desk
    from tournament_desk.services.results.pair_boards import record_pair_board

    path = tmp_path / "m.tdesk"
    paired_mitchell(path).close()
    session = DeskSession(Desk.open(path, station="一号台"), watch=False)
    try:
        page = PairBoardsPage(session)
        qtbot.addWidget(page)
        page.show()
        page.select_table(1)
        boards = [r.board for r in page.grid.rows]
        assert all(r.points is None for r in page.grid.rows)
        with Desk.open(path, station="二号台") as other:
            for board in boards:
                record_pair_board(other, 1, 1, board, 90)
        session.look_for_others()
        assert [r.points for r in page.grid.rows] == [90, 90]
        picked = {r.number: r for r in page.picks.rows}
        assert (picked[1].entered, picked[1].waiting) == (2, False)  # the picker counts them too
    finally:
        session.close()
