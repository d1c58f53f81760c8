"""On a PostgreSQL server another station's change wakes the window by NOTIFY, not by the next poll (issue 18):
every committing write sends ``NOTIFY tdesk_changes, '<audit high-water id>'``, and the window listens on a
connection of its own through a socket notifier. When that connection drops, the window goes back to reading
the audit trail's high-water mark once a second."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from tests.postgres import Cluster
from tournament_desk.gui.session import RESULTS, DeskSession
from tournament_desk.services.audit import high_water
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import round_view

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


@pytest.fixture
def url(postgres: Cluster) -> str:
    url = postgres.fresh_url()
    create_demo(None, url=url, entrants=8, units=2, played=1, seed=5, station="setup").close()
    return url


@pytest.fixture
def other(url: str) -> Iterator[Desk]:
    with Desk.open(url=url, station="B站") as desk:
        yield desk


def test_a_commit_is_notified_with_the_new_high_water_mark(url: str, other: Desk, qtbot: QtBot) -> None:
    with Desk.open(url=url, station="A站") as desk:
        listener = desk.listen()
        assert listener is not None
        try:
            assert listener.poll() == []
            round_view(other, 1)  # a read sends nothing
            record_result(other, 1, 1, "K", "5")
            marks: list[int] = []
            qtbot.waitUntil(lambda: bool(marks.extend(listener.poll()) or marks), timeout=1000)
            assert marks == [high_water(desk)]
        finally:
            listener.close()


def test_another_stations_write_wakes_the_window_within_a_second(url: str, other: Desk, qtbot: QtBot) -> None:
    session = DeskSession(Desk.open(url=url, station="A站"))
    try:
        assert session.listener is not None and session.notifier is not None
        session.watcher.stop()  # no polling at all: only the NOTIFY can wake the window
        told = []
        session.changed.connect(told.append)
        with qtbot.waitSignal(session.remote, timeout=1000) as remote:
            record_result(other, 1, 2, "Q", "9")
        assert [(c.station, c.action, c.round, c.table) for c in remote.args[0]] == [("B站", "result", 1, 2)]
        assert told[-1].remote and told[-1].tables == {(1, 2)} and RESULTS in told[-1]
        # The window's own write is notified too, but it is not "another station's".
        session.run(None, record_result, 1, 3, "A", "10")
        with qtbot.assertNotEmitted(session.remote, wait=500):
            pass
    finally:
        session.close()


def test_when_the_listening_connection_drops_the_window_polls_again(
    url: str, other: Desk, qtbot: QtBot
) -> None:
    session = DeskSession(Desk.open(url=url, station="A站"))
    try:
        listener = session.listener
        assert listener is not None
        pid = listener._connection.info.backend_pid
        with other.db.engine.connect() as connection:
            connection.exec_driver_sql(f"SELECT pg_terminate_backend({pid})")
        qtbot.waitUntil(lambda: session.listener is None, timeout=6000)  # the socket closes, or the next tick
        assert session.watcher.isActive() and session.watcher.interval() == 1000
        with qtbot.waitSignal(session.remote, timeout=2500):
            record_result(other, 1, 4, "J", "8")
    finally:
        session.close()
