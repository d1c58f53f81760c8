"""No stale desk write (issue 23, item 3) on a PostgreSQL server: the window's results page at station A is woken
by the server's NOTIFY when station B stores table 6's result under A's open editor (the row refreshes in
place, A's typing stays); A's Enter stores nothing and asks. A third station's change while the question is
open is refused and asked about again; "keep theirs" writes nothing. The same race on a file, and on the other
pages: tests/gui/test_stale_editors.py."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from pytestqt.qtbot import QtBot

from tests.gui.questions import KEEP, PUT, Answer, Questions
from tests.gui.stale import trail
from tests.gui.test_stale_editors import race_on_results_page, results_page
from tests.postgres import Cluster
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.results.levels import record_result, table_state
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


@pytest.fixture
def url(postgres: Cluster) -> str:
    """A Swiss event of 12 teams (6 tables), round 1 played and round 2 paired, on the server."""
    url = postgres.fresh_url()
    create_demo(None, url=url, entrants=12, units=3, played=1, seed=2, station="setup").close()
    with Desk.open(url=url, station="B站") as other:
        pair_next_round(other)
    return url


@pytest.fixture
def station_a(url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[DeskSession, list[str]]]:
    errors: list[str] = []
    monkeypatch.setattr("tournament_desk.gui.session.show_error", lambda _parent, text: errors.append(text))
    session = DeskSession(Desk.open(url=url, station="A站"))
    assert session.listener is not None  # woken by the server, as the window is
    yield session, errors
    session.close()


def records(url: str, station: str, levels: tuple[str, str]) -> Callable[[], None]:
    def write() -> None:
        with Desk.open(url=url, station=station) as other:
            record_result(other, 2, 6, *levels)

    return write


@pytest.mark.usefixtures("real_boxes")
def test_put_mine_after_a_third_change_is_asked_about_again(
    qtbot: QtBot, url: str, station_a: tuple[DeskSession, list[str]]
) -> None:
    session, errors = station_a
    page = results_page(qtbot, session)
    questions = Questions(Answer(PUT, before=records(url, "C站", ("Q", "9"))), Answer(PUT))
    race_on_results_page(qtbot, page, records(url, "B站", ("K", "10")))
    qtbot.waitUntil(lambda: questions.done, timeout=5000)
    assert "B站" in questions.texts[0] and "K : 10" in questions.texts[0] and "J : 8" in questions.texts[0]
    assert "C站" in questions.texts[1] and "Q : 9" in questions.texts[1]
    qtbot.waitUntil(lambda: table_state(session.desk, 2, 6)["home_level"] == "J")
    assert table_state(session.desk, 2, 6)["away_level"] == "8"
    entries = trail(session.desk, 2, 6)
    assert [e.station for e in entries][-3:] == ["B站", "C站", "A站"]  # nobody's change lost: each one asked
    assert entries[-1].reason is not None and "replaced station C站's Q : 9" in entries[-1].reason
    assert entries[-1].old["home_level"] == "Q" and errors == []


@pytest.mark.usefixtures("real_boxes")
def test_keep_theirs_writes_nothing(qtbot: QtBot, url: str, station_a: tuple[DeskSession, list[str]]) -> None:
    session, errors = station_a
    page = results_page(qtbot, session)
    questions = Questions(Answer(KEEP))
    race_on_results_page(qtbot, page, records(url, "B站", ("K", "10")))
    qtbot.waitUntil(lambda: questions.done, timeout=5000)
    state = table_state(session.desk, 2, 6)
    assert (state["home_level"], state["away_level"]) == ("K", "10")
    assert [e.station for e in trail(session.desk, 2, 6)] == ["B站"]
    row = page.model.rows[page.model.row_of_table(6)]
    assert (row.home_level, row.away_level, row.typed_home) == (13, 10, None) and errors == []
