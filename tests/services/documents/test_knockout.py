"""A knockout's documents (services/documents/knockout.py): the bracket once drawn, each round's name and the
entrants through it without a match, the placing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput, msg
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.documents.base import Context
from tournament_desk.services.documents.knockout import (
    bracket_data,
    drawn_bracket,
    final_decided,
    knockout_round,
    round_title,
)
from tournament_desk.services.documents.reading import event_header
from tournament_desk.services.event import event_info
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.stages import event_chain

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)

NAMES = [f"队{i}" for i in range(1, 7)]


def context(desk: Desk) -> Context:
    with desk.db.transaction() as session:
        plans = event_chain(session)
    return Context(desk, event_info(desk), event_header(desk), 1, 1, plans)


@pytest.fixture
def knockout(events: Events) -> Iterator[Desk]:
    """Six entrants in a knockout by draw (a bracket of eight: two byes), not drawn yet."""
    with events.create(name="淘汰", format="knockout") as d:
        for name in NAMES:
            es.add_entrant(d, name)
        yield d


def test_a_round_title_is_in_both_languages() -> None:
    zh, en = round_title(msg("Final"))
    assert en == "Final" and zh != en


def test_no_bracket_before_there_are_two_to_draw(events: Events) -> None:
    with events.create(name="一队", format="knockout") as d:
        es.add_entrant(d, "独")
        with pytest.raises(BadInput, match="make the round-1 draw first"):
            drawn_bracket(context(d))


def test_the_bracket_of_the_draw(knockout: Desk) -> None:
    es.draw(knockout, order=NAMES)
    data = bracket_data(context(knockout))
    assert data.size == 8 and len(data.rounds) == 3
    assert [en for _, en in data.round_titles] == ["Quarter-finals", "Semi-finals", "Final"]
    assert len(data.rounds[0]) == 4 and not data.complete


@pytest.mark.slow
def test_a_round_is_named_with_its_byes(knockout: Desk) -> None:
    es.draw(knockout, order=NAMES)
    pair_next_round(knockout)
    (_, en), byes = knockout_round(context(knockout), 1)
    assert en == "Quarter-finals" and len(byes) == 2 and set(byes) <= set(NAMES)
    assert knockout_round(context(knockout), 9) == (("第 9 轮", "Round 9"), ())


@pytest.mark.slow
def test_place_one_is_given_once_the_final_is_won(knockout: Desk) -> None:
    es.draw(knockout, order=NAMES)
    while True:
        try:
            view = pair_next_round(knockout)
        except BadInput:
            break
        assert not final_decided(bracket_data(context(knockout)).placing)
        for t in view.tables:
            rs.record_result(knockout, view.round, t.table, "10", "5")
    data = bracket_data(context(knockout))
    assert final_decided(data.placing) and data.complete
