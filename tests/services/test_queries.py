"""Read-only questions the window asks (services/queries.py): how far the event is, and the last draw."""

from __future__ import annotations

import pytest

from tests.services.conftest import Events
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.queries import last_draw, missing_per_round, progress, standings_stamp
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def test_progress_follows_the_pairings_and_the_results(four: Desk) -> None:
    assert (progress(four).paired, progress(four).last_complete, progress(four).incomplete) == (0, 0, ())
    pair_next_round(four)
    assert missing_per_round(four) == {1: 2}
    rs.record_result(four, 1, 1, "9", "7")
    assert progress(four).incomplete == (1,) and missing_per_round(four) == {1: 1}
    rs.record_result(four, 1, 2, "9", "7")
    assert (progress(four).paired, progress(four).last_complete, progress(four).incomplete) == (1, 1, ())
    assert missing_per_round(four) == {}


def test_the_stamp_changes_only_with_what_the_standings_depend_on(four: Desk) -> None:
    pair_next_round(four)
    rs.record_result(four, 1, 1, "9", "7")
    rs.record_result(four, 1, 2, "9", "7")
    after_one = standings_stamp(four, 1)
    pair_next_round(four)
    rs.record_result(four, 2, 1, "9", "7")  # a later round
    assert standings_stamp(four, 1)[0] == after_one[0]
    assert standings_stamp(four, 1)[1] == 2  # but a round more is paired
    rs.record_result(four, 1, 1, "10", "7", reason="更正")
    assert standings_stamp(four, 1)[0] > after_one[0]


@pytest.mark.slow
def test_the_last_draw_says_how_it_was_made(events: Events) -> None:
    with events.create(name="抽签") as d:
        assert last_draw(d) is None
        for name in "甲乙丙丁":
            es.add_entrant(d, name)
        es.draw(d, seed=7)
        seeded = last_draw(d)
        assert seeded is not None and (seeded.method, seeded.seed) == ("random", 7)
        es.draw(d, order=list("丁丙乙甲"))
        ordered = last_draw(d)
        assert ordered is not None and (ordered.method, ordered.seed) == ("order", None)
