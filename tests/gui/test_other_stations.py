"""Changes another station makes to the same event reach the window within 2 s (issue 18): the session reads
the audit trail's high-water mark once a second and announces what the other station touched; its own changes
are not announced twice."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tournament_desk.gui.session import RESULTS, ROUNDS, DeskSession
from tournament_desk.services.audit import RemoteChange
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.results import record_result
from tournament_desk.services.rounds import pair_next_round


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
