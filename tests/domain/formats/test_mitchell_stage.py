"""Mitchell as a format (SPEC §7.5): settings, the seating by draw, the boards of a table, a withdrawal."""

from __future__ import annotations

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats.base import TableFact, Withdrawal
from tournament_desk.domain.formats.mitchell_stage import Mitchell, declarer_of
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.standings import StandingEntrant


def pairs(count: int, **settings: object) -> EventData:
    entrants = [StandingEntrant(i, f"对{i}", draw_no=i) for i in range(1, count + 1)]
    ids = range(1, count + 1)
    return EventData(entrants, dict.fromkeys(ids), dict.fromkeys(ids), [], [], [], set(),
                     settings={"boards_per_round": 2, **settings})  # fmt: skip


def test_declarers_as_set_then_round_the_table() -> None:
    assert [declarer_of({}, b) for b in range(1, 6)] == ["N", "E", "S", "W", "N"]
    assert [declarer_of({"declarers": "WW"}, b) for b in (1, 2, 3)] == ["W", "W", "S"]


def test_settings_are_checked() -> None:
    m = Mitchell()
    assert m.check_settings({"boards_per_round": "3"}, "pairs") == {
        "boards_per_round": 3,
        "even": "skip",
        "rounds": None,
    }
    for settings, kind, says in (
        ({"boards_per_round": 2}, "teams", "played by pairs"),
        ({}, "pairs", "--boards-per-round"),
        ({"boards_per_round": 0}, "pairs", "1 to"),
        ({"boards_per_round": 2, "even": "hop"}, "pairs", "skip or relay"),
    ):
        with pytest.raises(BadInput, match=says):
            m.check_settings(settings, kind)


def test_odd_draw_numbers_sit_north_south_and_even_ones_east_west() -> None:
    seats = Mitchell().seats(pairs(6))
    assert seats == {1: ("NS", 1), 2: ("EW", 1), 3: ("NS", 2), 4: ("EW", 2), 5: ("NS", 3), 6: ("EW", 3)}
    with pytest.raises(BadInput, match="even number of pairs; 5"):
        Mitchell().seats(pairs(5))


def test_round_one_stores_the_seats_and_every_table_plays_its_boards() -> None:
    data = pairs(6)
    planned = Mitchell().plan_round(data, 1, RuleSet())
    assert planned.settings is not None and planned.settings["tables"] == 3
    assert [(t.home, t.away) for t in planned.tables] == [(1, 2), (3, 4), (5, 6)]
    assert list(Mitchell().boards(data, 1, 1)) == [1, 2]
    assert Mitchell().planned_rounds(6, {}) == 3 and Mitchell().planned_rounds(2, {}) is None
    with pytest.raises(BadInput, match="All 3 rounds"):
        Mitchell().plan_round(data, 4, RuleSet())
    with pytest.raises(BadInput, match="board by board"):
        Mitchell().table_outcome(9, 9, RuleSet())


def test_a_withdrawn_pairs_later_tables_are_not_played() -> None:
    data = pairs(6)
    tables = (TableFact(1, 1, 1, 2, ResultState.PLAYED), TableFact(2, 1, 1, 6, ResultState.PENDING))
    plan = Mitchell().withdraw(data, Withdrawal(1, 1, tables), RuleSet())
    assert set(plan.changes) == {(2, 1)} and plan.changes[(2, 1)].state is ResultState.ANNULLED
