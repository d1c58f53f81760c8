"""A PostgreSQL server stopped and started under the results page while the director types (issue 28): one
sentence with Retry, never the crash dialog; Cancel leaves the row as stored (nothing half-typed); Retry once the
server is back stores the result."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from tests.gui.test_desk_e2e import type_level
from tests.postgres import Cluster, required_bin, running_cluster
from tournament_desk.gui.pages.entry.levels import ResultsPage
from tournament_desk.gui.session import DeskSession
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import pair_next_round, round_view

pytestmark = [pytest.mark.system, pytest.mark.slow]


@pytest.fixture
def own_cluster() -> Iterator[Cluster]:
    """A cluster of this test's own: stopping the shared one would pull it from under other tests."""
    with running_cluster(required_bin()) as cluster:
        yield cluster


def pg_ctl(cluster: Cluster, *args: str) -> None:
    bin_dir = required_bin()
    data = cluster.folder / "data"
    subprocess.run(
        [*cluster.as_user, str(bin_dir / "pg_ctl"), "-D", str(data), *args],
        capture_output=True,
        timeout=60,
        check=True,
    )


def stop(cluster: Cluster) -> None:
    pg_ctl(cluster, "-m", "fast", "-w", "stop")


def start(cluster: Cluster) -> None:
    options = (
        f"-c listen_addresses=127.0.0.1 -c port={cluster.port} -c unix_socket_directories={cluster.folder} "
        "-c fsync=off"
    )
    pg_ctl(cluster, "-o", options, "-l", str(cluster.folder / "log"), "-w", "start")


def stored(url: str) -> tuple[object, object]:
    with Desk.open(url=url) as desk:
        table = round_view(desk, 1).tables[0]
        return table.home_level, table.away_level


def test_a_server_that_goes_away_while_typing(
    qapp: QApplication, qtbot: QtBot, own_cluster: Cluster, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    url = own_cluster.fresh_url()
    with create_tournament(None, url=url, name="服务器杯", rounds=3) as desk:
        for i in range(4):
            es.add_entrant(desk, f"队{i + 1}")
        pair_next_round(desk)
    session = DeskSession(Desk.open(url=url), watch=False)
    asked: list[str] = []
    answers: list[bool] = []

    def ask_retry(parent: QWidget | None, message: str) -> bool:
        asked.append(message)
        answer = answers.pop(0)
        if answer:
            start(own_cluster)  # the server is back as the director presses Retry
        return answer

    monkeypatch.setattr("tournament_desk.gui.session.ask_retry", ask_retry)
    try:
        page = ResultsPage(session)
        qtbot.addWidget(page)
        page.show()
        qtbot.waitUntil(lambda: page.round_no == 1 and page.model.rowCount() == 2)
        sentence = (
            f"The server 127.0.0.1:{own_cluster.port}/{url.rsplit('/', 1)[1]} cannot be reached; what you typed "
            "last was NOT stored: type it again when it is back."
        )

        # The server stops between the home and the away level: Cancel leaves the row as stored.
        page.start_typing()
        type_level(qtbot, page, "Q")
        stop(own_cluster)
        answers.append(False)
        type_level(qtbot, page, "9")
        assert asked == [sentence]
        row = page.model.rows[0]
        assert row.typed_home is None and row.home_level is None and row.away_level is None and row.missing

        # Typed again while it is still down; Retry once it is back stores it.
        answers.append(True)
        page.start_typing()
        type_level(qtbot, page, "Q")
        type_level(qtbot, page, "9")
        assert asked == [sentence, sentence]
        qtbot.waitUntil(lambda: not page.model.rows[0].missing)
        assert page.model.rows[0].typed_home is None
        assert stored(url) == (12, 9)  # Q and 9, as the services store levels
    finally:
        session.close()
