"""A round robin's documents (services/documents/round_robin.py): the Berger cross-table of every scheduled
meeting, played or still to play."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.services.conftest import Events
from tournament_desk.domain.results import ResultState
from tournament_desk.services import documents
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.documents.reading import event_header
from tournament_desk.services.documents.round_robin import roundrobin_grid
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round, round_view

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.fixture
def league(events: Events) -> Iterator[Desk]:
    """A single round robin of four, drawn in order, round 1 paired."""
    with events.create(name="循环", format="round-robin") as d:
        for name in "甲乙丙丁":
            es.add_entrant(d, name)
        es.draw(d, order=list("甲乙丙丁"))
        pair_next_round(d)
        yield d


@pytest.mark.slow
def test_every_meeting_is_in_the_grid_before_it_is_played(league: Desk) -> None:
    grid = roundrobin_grid(league, event_header(league), None)
    assert grid.order == ("甲", "乙", "丙", "丁")  # by draw number
    assert len(grid.meetings) == 4 * 3  # each pair, seen from both sides
    assert all(len(m) == 1 and m[0].state == ResultState.PENDING for m in grid.meetings.values())


@pytest.mark.slow
def test_a_played_meeting_shows_its_levels_from_each_side(league: Desk) -> None:
    table = round_view(league, 1).tables[0]
    for t in round_view(league, 1).tables:
        rs.record_result(league, 1, t.table, "9", "7")
    grid = roundrobin_grid(league, event_header(league), None)
    (home,) = grid.meetings[(table.home, table.away)]
    (away,) = grid.meetings[(table.away, table.home)]
    assert (home.round, home.home, home.levels) == (1, True, (9, 7))
    assert (away.home, away.levels) == (False, (7, 9))
    assert grid.after_round == 1 and "crosstable" in documents.printable(league)
