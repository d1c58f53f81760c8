"""pages/standings: which round the page shows as results come in, and when it reads the standings again."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from tournament_desk.gui.models.common import PROBLEM_COLOUR
from tournament_desk.gui.pages import standings as standings_page
from tournament_desk.gui.pages.standings import StandingsPage
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.desk import Desk
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.standings import Standings, current_standings


def make(qtbot: QtBot, session: DeskSession) -> StandingsPage:
    page = StandingsPage(session)
    qtbot.addWidget(page)
    page.show()
    return page


def play_round_3(session: DeskSession, page: StandingsPage) -> None:
    view = session.run(page, pair_next_round)
    assert view is not None
    for t in view.tables:
        session.run(page, record_result, 3, t.table, "9", "7")


@pytest.mark.slow
def test_the_page_follows_the_latest_complete_round(qtbot: QtBot, demo_session: DeskSession) -> None:
    page = make(qtbot, demo_session)
    assert page.round_spin.value() == 2
    play_round_3(demo_session, page)
    assert page.round_spin.value() == 3 and page.round_spin.maximum() == 3
    assert page.status_label.text() == "Every result up to round 3 is in."


@pytest.mark.slow
def test_a_round_picked_stays_while_later_results_come_in(qtbot: QtBot, demo_session: DeskSession) -> None:
    page = make(qtbot, demo_session)
    page.set_round(1)
    assert not page.follow_latest
    play_round_3(demo_session, page)
    assert page.round_spin.value() == 1 and page.round_spin.maximum() == 3
    assert page.standings is not None and page.standings.after_round == 1
    page.set_round(3)  # the latest complete round again: followed from now on
    assert page.follow_latest


def test_a_round_still_being_typed_is_provisional_and_red(qtbot: QtBot, demo_session: DeskSession) -> None:
    page = make(qtbot, demo_session)
    view = demo_session.run(page, pair_next_round)
    assert view is not None
    demo_session.run(page, record_result, 3, view.tables[0].table, "9", "7")
    assert page.round_spin.value() == 2  # the last complete round is still 2
    page.set_round(3)
    assert page.status_label.text() == (
        "Results are still missing in round(s) 3: these standings are provisional."
    )
    assert PROBLEM_COLOUR.name() in page.status_label.styleSheet()
    page.set_round(2)
    assert page.status_label.styleSheet() == ""


def test_the_standings_are_read_again_only_when_their_stamp_moved(
    qtbot: QtBot, demo_session: DeskSession
) -> None:
    page = make(qtbot, demo_session)
    first = page.standings
    page.reload()
    assert page.standings is first  # same round, same stamp: kept
    page.set_round(1)
    assert page.standings is not first and page.standings is not None
    assert page.standings.after_round == 1


def test_a_correction_in_the_shown_round_reads_the_standings_once(
    qtbot: QtBot, demo_session: DeskSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One user action, one standings read: the correction's announcement refreshes the page once, and the
    page's own refresh right after finds the stamp it read and reads nothing."""
    page = make(qtbot, demo_session)
    shown = page.standings
    assert shown is not None and shown.after_round == 2
    reads: list[int | None] = []

    def counted(desk: Desk, after_round: int | None = None) -> Standings:
        reads.append(after_round)
        return current_standings(desk, after_round)

    monkeypatch.setattr(standings_page, "current_standings", counted)
    demo_session.run(page, record_result, 2, 1, "A", "2")
    page.refresh()
    assert reads == [2]
    assert page.standings is not shown and page.standings is not None and page.standings.after_round == 2
