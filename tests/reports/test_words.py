"""The words every document prints the same way."""

from __future__ import annotations

from tournament_desk.domain.results import ResultState
from tournament_desk.domain.standings import StandingEntrant
from tournament_desk.reports.words import STATE_MARKS, WITHDRAWN, entrant_name


def test_a_withdrawn_entrant_is_marked_and_an_active_one_is_not() -> None:
    assert entrant_name(StandingEntrant(1, "甲队")) == "甲队"
    assert entrant_name(StandingEntrant(2, "乙队", withdrawn=True)) == "乙队（退赛）" == "乙队" + WITHDRAWN


def test_every_table_decided_off_the_board_has_a_mark() -> None:
    off = {s for s in ResultState if s.decided_off_the_table}
    assert off <= set(STATE_MARKS)
    assert STATE_MARKS[ResultState.ANNULLED] == "注销"
    assert ResultState.PLAYED not in STATE_MARKS
