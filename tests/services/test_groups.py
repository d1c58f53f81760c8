"""Groups then knockout in the services (services/groups.py): the groups' tables, the qualifiers once every
group is over, and the knockout's draw."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.groups import draw_knockout, group_stage, is_group_event
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)

NAMES = [f"队{i}" for i in range(1, 9)]


@pytest.fixture
def grouped(events: Events) -> Iterator[Desk]:
    """Eight entrants drawn into two groups of four."""
    with events.create(name="分组", format="groups-knockout") as d:
        for name in NAMES:
            es.add_entrant(d, name)
        es.draw(d, order=NAMES)
        yield d


def play_groups(desk: Desk) -> None:
    """Every group round, each table won by its home side 10 : 5 (no ties: no lot to draw)."""
    while not group_stage(desk).groups[0].complete:
        view = pair_next_round(desk)
        for t in view.tables:
            rs.record_result(desk, view.round, t.table, "10", "5")


@pytest.mark.slow
def test_only_a_group_event_has_groups(four: Desk, grouped: Desk) -> None:
    assert is_group_event(grouped) and not is_group_event(four)
    with pytest.raises(BadInput, match="no group stage"):
        group_stage(four)


def test_the_groups_before_any_result(grouped: Desk) -> None:
    view = group_stage(grouped)
    assert [g.name for g in view.groups] == ["A", "B"]
    assert sorted(n for g in view.groups for n in g.members) == sorted(NAMES)
    assert not any(g.complete for g in view.groups)
    assert view.qualifiers == [] and view.waiting_for is not None and not view.drawn


@pytest.mark.slow
def test_the_knockout_is_drawn_from_the_qualifiers_once_the_groups_are_over(grouped: Desk) -> None:
    with pytest.raises(BadInput, match="group stage is not over"):
        draw_knockout(grouped, seed=1)
    play_groups(grouped)
    view = group_stage(grouped)
    assert all(g.complete for g in view.groups) and len(view.qualifiers) == view.knockout_size
    drawn = draw_knockout(grouped, seed=1)
    assert drawn.seed == 1 and sorted(n for n in drawn.lines if n) == sorted(view.qualifiers)
    assert draw_knockout(grouped, seed=1).lines == drawn.lines  # the same seed, the same draw
    assert group_stage(grouped).drawn
