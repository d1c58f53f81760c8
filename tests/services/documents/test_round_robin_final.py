"""A round-robin final after knockout rounds (services/documents/round_robin_final.py): the placing with the
knocked-out entrants' figures blank, the final's cross-table once it has started, certificates once it is over."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.documents.base import Context
from tournament_desk.services.documents.reading import event_header
from tournament_desk.services.documents.round_robin_final import certificates, crosstable, over, placing
from tournament_desk.services.event import event_info
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.stages import event_chain

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)

NAMES = [f"队{i}" for i in range(1, 9)]


def play_round(desk: Desk) -> int:
    """Pair the next round; every home side wins 10 : 5."""
    view = pair_next_round(desk)
    for t in view.tables:
        rs.record_result(desk, view.round, t.table, "10", "5")
    return view.round


def final_context(desk: Desk, *, started: bool = True) -> Context:
    with desk.db.transaction() as session:
        plans = event_chain(session)
    return Context(desk, event_info(desk), event_header(desk), 2, 2 if started else 1, plans)


@pytest.fixture
def event(events: Events) -> Iterator[Desk]:
    """Eight entrants: one knockout round leaves four for the round-robin final; round 1 played."""
    with events.create(name="决赛", format="knockout-round-robin", finalists=4) as d:
        for name in NAMES:
            es.add_entrant(d, name)
        es.draw(d, order=NAMES)
        play_round(d)
        yield d


@pytest.mark.slow
def test_before_the_final_starts_its_crosstable_is_refused(event: Desk) -> None:
    with pytest.raises(BadInput, match="has not started yet"):
        crosstable(final_context(event, started=False))


@pytest.mark.slow
def test_the_placing_leaves_the_knocked_out_entrants_figures_blank(event: Desk) -> None:
    play_round(event)  # the final's first round
    table = placing(final_context(event))
    assert len(table.no_figures) == 4 and len(table.rows) == 8
    finalists = {r.entrant.name for r in table.rows} - table.no_figures
    assert len(finalists) == 4


@pytest.mark.slow
def test_certificates_once_the_final_is_over(event: Desk, tmp_path: Path) -> None:
    play_round(event)
    ctx = final_context(event)
    assert not over(ctx)
    with pytest.raises(BadInput, match="still has results to enter"):
        certificates(ctx)
    while not over(final_context(event)):
        play_round(event)
    certificates(final_context(event))(tmp_path / "c.pdf")
    assert (tmp_path / "c.pdf").read_bytes().startswith(b"%PDF")
    crosstable(final_context(event))(tmp_path / "x.pdf")
    assert (tmp_path / "x.pdf").read_bytes().startswith(b"%PDF")
