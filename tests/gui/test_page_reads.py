"""A page refresh reads in one transaction (one snapshot, one round trip); on a server it reads on a worker
thread and shows what it read on the GUI thread, the newest read only, a failed read raised as before."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from sqlalchemy import event

from tests.postgres import Cluster
from tournament_desk.domain.errors import TournamentError
from tournament_desk.gui.pages.audit import AuditPage
from tournament_desk.gui.pages.base import Page
from tournament_desk.gui.pages.entrants import EntrantsPage
from tournament_desk.gui.pages.groups import GroupsPage
from tournament_desk.gui.pages.rounds import RoundsPage
from tournament_desk.gui.pages.rules import RulesPage
from tournament_desk.gui.pages.standings import StandingsPage
from tournament_desk.gui.session import DeskSession
from tournament_desk.services import entrants as es
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import pair_next_round


def count_transactions(desk: Desk) -> list[int]:
    """How many outermost transactions the desk began (nested ones join the outer one, and begin nothing)."""
    begun = [0]

    def after_begin(*_args: object) -> None:
        begun[0] += 1

    event.listen(desk.db._sessions, "after_begin", after_begin)
    return begun


def shown_page(qtbot: QtBot, cls: type[Page], session: DeskSession) -> Page:
    page = cls(session)
    qtbot.addWidget(page)
    page.show()
    return page


@pytest.mark.slow
@pytest.mark.parametrize("cls", [RoundsPage, EntrantsPage, StandingsPage, AuditPage, RulesPage])
def test_a_refresh_is_one_read_transaction(qtbot: QtBot, demo_session: DeskSession, cls: type[Page]) -> None:
    page = shown_page(qtbot, cls, demo_session)
    begun = count_transactions(demo_session.desk)
    page.refresh()
    assert begun[0] == 1
    record_result(demo_session.desk, 2, 1, "K", "9")  # written elsewhere: the page reads it again, once
    begun[0] = 0
    page.refresh()
    assert begun[0] == 1


@pytest.mark.slow
def test_the_groups_page_refreshes_in_one_read_transaction(
    qapp: QApplication, qtbot: QtBot, tmp_path: Path
) -> None:
    desk = create_tournament(tmp_path / "g.tdesk", name="分组", format="groups-knockout")
    for i in range(8):
        es.add_entrant(desk, f"队{i + 1}", unit=f"U{i}")
    pair_next_round(desk)
    session = DeskSession(desk, watch=False)
    try:
        page = shown_page(qtbot, GroupsPage, session)
        assert isinstance(page, GroupsPage)
        begun = count_transactions(desk)
        page.refresh()
        assert begun[0] == 1 and page.tables
    finally:
        session.close()


class Recorder(Page):
    """A page that reads on a worker thread (as on a server) and records where each step ran."""

    def __init__(self, session: DeskSession) -> None:
        self.gate = threading.Event()
        self.gate.set()
        self.read_in: list[bool] = []  # True: on the GUI thread
        self.shown: list[object] = []
        self.fail = False
        self.reads = 0
        super().__init__(session)

    def title(self) -> str:
        return "recorder"

    def reads_behind(self) -> bool:
        return True

    def read(self) -> object:
        self.read_in.append(threading.current_thread() is threading.main_thread())
        self.reads += 1
        number = self.reads
        self.gate.wait(10)
        if self.fail:
            raise TournamentError("refused")
        return number

    def show_data(self, data: object) -> None:
        assert threading.current_thread() is threading.main_thread()
        self.shown.append(data)


@pytest.fixture
def recorder(qtbot: QtBot, demo_session: DeskSession) -> Iterator[Recorder]:
    page = Recorder(demo_session)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: page.shown == [1])
    yield page
    page.gate.set()


def test_a_read_behind_runs_off_the_gui_thread_and_shows_on_it(qtbot: QtBot, recorder: Recorder) -> None:
    recorder.refresh()
    qtbot.waitUntil(lambda: recorder.shown == [1, 2])
    assert recorder.read_in == [False, False]


def test_a_read_overtaken_by_a_newer_refresh_is_not_shown(qtbot: QtBot, recorder: Recorder) -> None:
    recorder.gate.clear()
    recorder.refresh()  # read 2 waits at the gate
    recorder.refresh()  # read 3 too
    recorder.gate.set()
    qtbot.waitUntil(lambda: recorder.shown[-1] == 3)
    qtbot.wait(100)
    assert recorder.shown == [1, 3]


def test_a_failed_read_behind_is_raised_on_the_gui_thread(qtbot: QtBot, recorder: Recorder) -> None:
    recorder.fail = True
    with qtbot.captureExceptions() as raised:
        recorder.refresh()
        qtbot.waitUntil(lambda: bool(raised))
    assert isinstance(raised[0][1], TournamentError) and recorder.shown == [1]


def test_on_a_server_the_standings_page_reads_behind_and_follows_another_station(
    qapp: QApplication, qtbot: QtBot, postgres: Cluster
) -> None:
    url = postgres.fresh_url()
    create_demo(None, url=url, entrants=8, units=4, played=1, seed=3).close()
    session = DeskSession(Desk.open(url=url, station="A站"))
    try:
        page = shown_page(qtbot, StandingsPage, session)
        assert isinstance(page, StandingsPage)
        qtbot.waitUntil(lambda: page.model.rowCount() == 8)
        begun = count_transactions(session.desk)
        threads: list[bool] = []
        event.listen(
            session.desk.db._sessions,
            "after_begin",
            lambda *_a: threads.append(threading.current_thread() is threading.main_thread()),
        )
        with Desk.open(url=url, station="B站") as other:
            es.add_entrant(other, "新队", unit="U9")
        qtbot.waitUntil(lambda: page.model.rowCount() == 9, timeout=5000)
        assert begun[0] >= 1 and False in threads  # the page's read ran on a worker thread
    finally:
        session.close()
