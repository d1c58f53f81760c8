"""The knockout bracket (services/bracket.py): the rounds' names and the view of an event without a bracket."""

from __future__ import annotations

import pytest

from tournament_desk.i18n import render
from tournament_desk.services.bracket import bracket_view, round_name
from tournament_desk.services.desk import Desk

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.mark.parametrize(
    ("knockout_round", "total", "name"),
    [
        (4, 4, "Final"),
        (3, 4, "Semi-finals"),
        (2, 4, "Quarter-finals"),
        (1, 4, "Round of 16"),
        (1, 6, "Round of 64"),
    ],
)
def test_a_round_is_named_by_how_many_rounds_are_left(knockout_round: int, total: int, name: str) -> None:
    assert render(round_name(knockout_round, total), "en") == name


def test_a_swiss_event_has_no_bracket(four: Desk) -> None:
    assert bracket_view(four) is None
