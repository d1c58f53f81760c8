"""The results page shows where each table's result came from (desk or the tables' phones), Ctrl+D goes to
the next disputed table and typing there decides it; the Live dialog lists Mitchell board disputes."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from pytestqt.qtbot import QtBot

from tests.gui.conftest import paired_mitchell
from tests.live_phones import Phones, phone
from tournament_desk.gui.live_dialog import LiveDialog
from tournament_desk.gui.models.results import ResultsModel
from tournament_desk.gui.pages.entry.levels import ResultsPage
from tournament_desk.gui.session import DeskSession
from tournament_desk.services import live
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.results.pair_boards import table_boards
from tournament_desk.services.rounds import pair_next_round, round_view

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


def enter(
    phones: Phones, t: live.LiveTableView, side: str, home: str, away: str, nonce: str, version: int
) -> None:
    """``side``'s entry from its own phone (the one holding that entrant's entry card)."""
    live.submit(phones.desk, t.token, card=phones.at(t, side), home_level=home, away_level=away, nonce=nonce,
                version=version)  # fmt: skip


def test_source_column_ctrl_d_and_deciding_a_dispute_by_typing(
    qtbot: QtBot, demo_session: DeskSession, shown_errors: list[str]
) -> None:
    desk = demo_session.desk
    pair_next_round(desk)
    first, second, third, fourth = live.round_tokens(desk, 3)[:4]
    phones = Phones(desk)
    enter(phones, first, "home", "Q", "9", "1", 0)  # pending
    enter(phones, second, "home", "K", "9", "2", 0)
    enter(phones, second, "away", "K", "9", "3", 1)  # confirmed
    enter(phones, third, "home", "Q", "9", "4", 0)
    enter(phones, third, "away", "J", "9", "5", 1)  # disputed
    enter(phones, fourth, "home", "A", "2", "6", 0)
    enter(phones, fourth, "away", "A", "3", "7", 1)  # disputed
    page = ResultsPage(demo_session)
    qtbot.addWidget(page)
    page.show()
    page.activateWindow()
    qtbot.waitActive(page)
    page.round_box.setCurrentIndex(page.round_box.findData(3))
    model = page.model
    marks = {r.table: model.index(i, ResultsModel.COL_SOURCE).data() for i, r in enumerate(model.rows)}
    assert [marks[t.table] for t in (first, second, third, fourth)] == [
        "table ✎",
        "table ✓",
        "table ≠",
        "table ≠",
    ]
    assert marks[5] == "" and model.headerData(ResultsModel.COL_SOURCE, Qt.Orientation.Horizontal) == "From"
    tip = model.index(model.row_of_table(third.table), ResultsModel.COL_SOURCE).data(
        Qt.ItemDataRole.ToolTipRole
    )
    assert "different results" in tip
    page.table.setFocus()
    # offscreen, key events do not reach the shortcut map reliably: the page's Ctrl+D shortcut itself is fired
    ctrl_d = next(k for k in page.table.findChildren(QShortcut) if k.key() == QKeySequence("Ctrl+D"))
    page.table.setCurrentIndex(page.proxy.index(0, ResultsModel.COL_HOME_LEVEL))
    ctrl_d.activated.emit()
    current = page.proxy.mapToSource(page.table.currentIndex())
    assert model.rows[current.row()].table == third.table and current.column() == ResultsModel.COL_HOME_LEVEL
    assert "home entered Q : 9, away entered J : 9" in page.message.text()
    ctrl_d.activated.emit()
    assert model.rows[page.proxy.mapToSource(page.table.currentIndex()).row()].table == fourth.table
    ctrl_d.activated.emit()  # wraps round
    assert model.rows[page.proxy.mapToSource(page.table.currentIndex()).row()].table == third.table
    # type the decided levels: J (the away side's entry) : 9
    qtbot.keyClicks(page.table, "J")
    qtbot.keyClick(page.table.focusWidget(), Qt.Key.Key_Return)
    qtbot.waitUntil(
        lambda: page.table.focusWidget() is not None and page.table.state() == page.table.State.EditingState
    )
    qtbot.keyClicks(page.table.focusWidget(), "9")
    qtbot.keyClick(page.table.focusWidget(), Qt.Key.Key_Return)
    assert not shown_errors
    assert round_view(desk, 3).tables[third.table - 1].home_level == 11
    assert model.index(model.row_of_table(third.table), ResultsModel.COL_SOURCE).data() == "desk"
    assert [t.table for t in live.disputes(desk)] == [fourth.table]
    assert any(a.reason == "away's entry taken" for a in audit_trail(desk, round_no=3, table_no=third.table))


def test_the_live_dialog_lists_and_decides_a_mitchell_board_dispute(
    qtbot: QtBot, tmp_path: Path, shown_errors: list[str]
) -> None:
    with paired_mitchell(tmp_path / "m.tdesk") as desk:
        t = next(x for x in live.round_tokens(desk, 1) if x.table == 1)
        first, second = (b.board for b in t.boards)
        home = {first: live.BoardClaim(40), second: live.BoardClaim(85, 0, 10)}
        away = {first: live.BoardClaim(40), second: live.BoardClaim(90, 0, 10)}
        live.submit_boards(desk, t.token, card=phone(desk, t.home), boards=home, nonce="1", version=0)
        live.submit_boards(desk, t.token, card=phone(desk, t.away), boards=away, nonce="2", version=1)
        session = DeskSession(desk)
        dialog = LiveDialog(None, session)
        qtbot.addWidget(dialog)
        assert dialog.disputes.count() == 1
        assert f"{second}: 85 +EW 10  ≠  {second}: 90 +EW 10" in dialog.disputes.item(0).text()
        dialog.disputes.setCurrentRow(0)
        dialog.levels_edit.setText(f"{second}x:90")
        dialog.decide()
        assert shown_errors and "e.g. 3:65" in shown_errors[-1] and dialog.disputes.count() == 1
        dialog.levels_edit.setText(f"{second}:90 EW10")
        dialog.decide()
        assert dialog.disputes.count() == 0
        stored = {b.board: (b.points, b.penalty_ew) for b in table_boards(desk, 1, 1)}
        assert stored == {first: (40, 0), second: (90, 10)}
        dialog.done(0)
