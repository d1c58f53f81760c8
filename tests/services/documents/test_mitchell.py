"""A Mitchell event's documents (services/documents/mitchell.py): guide cards, travellers, the two directions'
results."""

from __future__ import annotations

import pytest

from tournament_desk.services.desk import Desk
from tournament_desk.services.documents.mitchell import guide_cards_data, mitchell_results, travellers_data
from tournament_desk.services.documents.reading import event_header
from tournament_desk.services.results import pair_boards as pb

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def test_every_table_has_a_guide_card_of_the_whole_movement(mitchell: Desk) -> None:
    guides = guide_cards_data(mitchell, event_header(mitchell))
    assert (guides.tables, guides.boards_per_round) == (3, 2)
    assert [c.table for c in guides.cards] == [1, 2, 3]
    assert all(len(c.rows) == guides.rounds for c in guides.cards)
    first = guides.cards[0].rows[0]
    assert first.round == 1 and first.ns.startswith("P") and first.ew.startswith("P")


@pytest.mark.slow
def test_a_traveller_shows_the_result_where_it_was_entered(mitchell: Desk) -> None:
    board = pb.table_boards(mitchell, 1, 1)[0].board
    pb.record_pair_board(mitchell, 1, 1, board, 60)
    data = travellers_data(mitchell, event_header(mitchell))
    assert len({t.board for t in data.travellers}) == len(data.travellers)  # one traveller per board
    (traveller,) = [t for t in data.travellers if t.board == board]
    entered = [line for line in traveller.lines if line.points is not None]
    assert [(line.round, line.table, line.points) for line in entered] == [(1, 1, 60)]
    assert [line.round for line in traveller.lines] == sorted(line.round for line in traveller.lines)


def test_the_results_have_both_directions(mitchell: Desk) -> None:
    results = mitchell_results(mitchell, event_header(mitchell), None)
    assert results.after_round == 0
    assert [d.direction for d in results.directions] == ["NS", "EW"]
    assert sum(len(d.rows) for d in results.directions) == 6  # every pair in one direction
