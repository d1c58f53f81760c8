"""Changes another station makes to the same event reach the window within 2 s (issue 18): the session reads
the audit trail's high-water mark once a second and announces what the other station touched; its own changes
are not announced twice."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush
from pytestqt.qtbot import QtBot

from tournament_desk.gui.models import common
from tournament_desk.gui.models.common import CHANGED_COLOUR
from tournament_desk.gui.models.results import ResultRow, ResultsModel
from tournament_desk.gui.pages.entry.levels import ResultsPage
from tournament_desk.gui.session import RESULTS, ROUNDS, Changes, DeskSession
from tournament_desk.services.audit import RemoteChange
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.results.levels import clear_result, record_result
from tournament_desk.services.rounds import pair_next_round


@pytest.mark.slow
def test_another_stations_result_is_announced_within_two_seconds(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "shared.tdesk"
    create_demo(path, entrants=12, units=3, played=1, seed=2).close()
    session = DeskSession(Desk.open(path, station="A站"))
    try:
        with Desk.open(path, station="B站") as other:
            pair_next_round(other)
            with qtbot.waitSignal(session.remote, timeout=2500) as told:
                pass
            assert [(c.station, c.action, c.round) for c in told.args[0]] == [("B站", "pair", 2)]
            flags: list[frozenset[str]] = []
            session.changed.connect(flags.append)
            record_result(other, 2, 3, "Q", "9")
            with qtbot.waitSignal(session.remote, timeout=2500) as told:
                pass
            change: RemoteChange = told.args[0][0]
            assert (change.station, change.action, change.round, change.table) == ("B站", "result", 2, 3)
            assert RESULTS in flags[-1] and ROUNDS not in flags[-1]
        # The window's own change is not "another station's".
        session.run(None, record_result, 2, 4, "K", "10")
        with qtbot.assertNotEmitted(session.remote, wait=1500):
            pass
    finally:
        session.close()


def results_page(qtbot: QtBot, session: DeskSession) -> ResultsPage:
    page = ResultsPage(session)
    qtbot.addWidget(page)
    page.show()
    return page


def row_of(page: ResultsPage, table: int) -> ResultRow:
    return page.model.rows[page.model.row_of_table(table)]


def tint(page: ResultsPage, table: int) -> object:
    index = page.model.index(page.model.row_of_table(table), ResultsModel.COL_HOME)
    return page.model.data(index, Qt.ItemDataRole.BackgroundRole)


@pytest.mark.slow
def test_another_stations_result_updates_its_row_and_marks_it_briefly(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The results page updates just the changed row (no reload: the cursor stays), tinted, then not."""
    monkeypatch.setattr(common, "MARK_MS", 600)
    path = tmp_path / "shared.tdesk"
    create_demo(path, entrants=12, units=3, played=1, seed=2).close()
    with Desk.open(path, station="B站") as other:
        pair_next_round(other)
        session = DeskSession(Desk.open(path, station="A站"))
        try:
            page = results_page(qtbot, session)
            assert page.round_no == 2 and row_of(page, 3).missing
            page.move_to(5)
            resets: list[bool] = []
            page.model.modelReset.connect(lambda: resets.append(True))
            record_result(other, 2, 3, "Q", "9")
            qtbot.waitUntil(lambda: not row_of(page, 3).missing, timeout=2500)
            assert (row_of(page, 3).home_level, row_of(page, 3).away_level) == (12, 9)
            assert resets == [] and page.table.currentIndex().row() == page.model.row_of_table(5)
            assert isinstance(tint(page, 3), QBrush) and tint(page, 3).color() == CHANGED_COLOUR
            assert tint(page, 4) != QBrush(CHANGED_COLOUR)
            qtbot.waitUntil(lambda: tint(page, 3) != QBrush(CHANGED_COLOUR), timeout=3000)
        finally:
            session.close()


@pytest.mark.slow
def test_this_stations_own_result_updates_the_row_from_what_it_changed(
    qtbot: QtBot, demo_session: DeskSession
) -> None:
    """No flags at the call site: the session announces the table the service wrote, not marked."""
    page = results_page(qtbot, demo_session)
    told: list[Changes] = []
    demo_session.changed.connect(told.append)
    demo_session.run(None, clear_result, 2, 1)
    assert [c.tables for c in told] == [{(2, 1)}] and not told[0].remote
    assert row_of(page, 1).missing and tint(page, 1) != QBrush(CHANGED_COLOUR)
    demo_session.run(None, record_result, 2, 1, "A", "5")
    assert (row_of(page, 1).home_level, row_of(page, 1).away_level) == (14, 5)


@pytest.mark.slow
def test_a_result_typed_on_a_stale_row_is_refused_naming_the_other_station(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Station B corrects table 3 while this window has not looked yet (its watcher is stopped): the levels
    typed here are refused with B's name and time, and B's correction stands (issue 18)."""
    path = tmp_path / "shared.tdesk"
    create_demo(path, entrants=12, units=3, played=1, seed=2).close()
    with Desk.open(path, station="B站") as other:
        pair_next_round(other)
    session = DeskSession(Desk.open(path, station="A站"), watch=False)
    errors: list[str] = []
    monkeypatch.setattr("tournament_desk.gui.session.show_error", lambda _parent, text: errors.append(text))
    try:
        page = results_page(qtbot, session)
        assert row_of(page, 3).home_level is None
        with Desk.open(path, station="B站") as other:
            record_result(other, 2, 3, "Q", "9")
        page.save_levels(3, 10, 12)  # what the director types on the row as it still shows
        assert len(errors) == 1 and "B站" in errors[0] and "table 3" in errors[0], errors
        with Desk.open(path, station="C") as look:
            from tournament_desk.services.results.levels import table_state

            state = table_state(look, 2, 3)
        assert (state["home_level"], state["away_level"]) == ("Q", "9")
        # Once the page has looked again, the same typing goes through.
        page.update_tables([3])
        page.save_levels(3, 10, 12)
        assert len(errors) == 1
        assert (row_of(page, 3).home_level, row_of(page, 3).away_level) == (10, 12)
    finally:
        session.close()


@pytest.mark.slow
def test_many_tables_changed_at_once_update_in_place_with_one_read(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A busy hall: five tables confirmed between two looks are read in one go (services.rounds.tables_view),
    and their rows change in place: no reload, the cursor stays, the other rows are untouched."""
    from tournament_desk.gui.pages.entry import levels as results_module

    path = tmp_path / "shared.tdesk"
    create_demo(path, entrants=16, units=4, played=1, seed=2).close()
    with Desk.open(path, station="B站") as other:
        pair_next_round(other)
    session = DeskSession(Desk.open(path, station="A站"), watch=False)
    reads: list[list[int]] = []
    real = results_module.tables_view
    monkeypatch.setattr(
        results_module,
        "tables_view",
        lambda desk, r, tables: reads.append(list(tables)) or real(desk, r, tables),
    )
    try:
        page = results_page(qtbot, session)
        page.move_to(8)
        resets: list[bool] = []
        page.model.modelReset.connect(lambda: resets.append(True))
        with Desk.open(path, station="B站") as other:
            for table in (1, 2, 3, 5, 6):
                record_result(other, 2, table, "Q", "9")
        session.look_for_others()
        assert reads == [[1, 2, 3, 5, 6]]
        assert all(not row_of(page, t).missing for t in (1, 2, 3, 5, 6))
        assert row_of(page, 4).missing and row_of(page, 7).missing
        assert resets == [] and page.table.currentIndex().row() == page.model.row_of_table(8)
    finally:
        session.close()
