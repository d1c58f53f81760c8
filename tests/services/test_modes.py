"""What a scoring mode adds in the services (services/modes.py): a duplicate event's boards and XMP."""

from __future__ import annotations

import pytest

from tournament_desk.services.desk import Desk
from tournament_desk.services.modes import DuplicateServices, mode_services
from tournament_desk.services.results import board_sets as bsets
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.standings import current_standings

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def test_an_event_by_levels_adds_no_figures(four: Desk) -> None:
    with four.db.transaction() as session:
        services = mode_services(session)
    assert not isinstance(services, DuplicateServices) and services.figure_columns() == ()


@pytest.mark.slow
def test_a_duplicate_event_shows_xmp_beside_the_standings(teams: Desk) -> None:
    with teams.db.transaction() as session:
        services = mode_services(session)
    assert isinstance(services, DuplicateServices) and services.figure_columns() == ("xmp",)
    pair_next_round(teams)
    assert all(r.xmp == 0 for r in current_standings(teams, 1).rows)


def test_a_paired_duplicate_round_keeps_the_boards_it_was_paired_with(teams: Desk) -> None:
    pair_next_round(teams)
    assert bsets.board_sets(teams).rounds[1] == bsets.board_sets(teams).default
