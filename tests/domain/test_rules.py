from dataclasses import replace

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.rules import LEVEL_TABLES, RuleSet, preset_rules


def changes(preset: str, points: list[int]) -> list[int]:
    return [LEVEL_TABLES[preset].change(p) for p in points]


def test_one_deck_40_seed_000() -> None:
    assert changes("one-deck-40", [0, 5, 35, 40, 75, 80, 115, 120, 160]) == [2, 1, 1, 0, 0, -1, -1, -2, -2]


def test_two_deck_80_by_20_seed_002() -> None:
    points = [0, 5, 20, 25, 40, 45, 60, 65, 75, 80, 95, 100, 115, 120, 135, 140, 155, 160, 175, 180, 200]
    assert changes("two-deck-80-by-20", points) == [
        5,
        4,
        4,
        3,
        3,
        2,
        2,
        1,
        1,
        0,
        0,
        -1,
        -1,
        -2,
        -2,
        -3,
        -3,
        -4,
        -4,
        -5,
        -5,
    ]


def test_two_deck_80_by_40_every_further_40_is_one_more() -> None:
    points = [0, 5, 35, 40, 75, 80, 115, 120, 155, 160, 195, 200, 235, 240]
    assert changes("two-deck-80-by-40", points) == [3, 2, 2, 1, 1, 0, 0, -1, -1, -2, -2, -3, -3, -4]


def test_two_deck_80_35_seed_004() -> None:
    points = [0, 5, 30, 35, 75, 80, 115, 120, 155, 160, 250]
    assert changes("two-deck-80-35", points) == [3, 2, 2, 1, 1, 0, 0, -1, -1, -2, -2]


@pytest.mark.parametrize("points", [-5, 3, 81])
def test_points_must_be_non_negative_multiples_of_5(points: int) -> None:
    with pytest.raises(BadInput):
        LEVEL_TABLES["two-deck-80-by-20"].change(points)


def test_every_preset_is_monotone_and_covers_every_score() -> None:
    for table in LEVEL_TABLES.values():
        values = [table.change(p) for p in range(0, 405, 5)]
        assert values == sorted(values, reverse=True)
        assert values[0] > 0 and 0 in values and values[-1] < 0


def test_rule_set_round_trips_through_a_dict() -> None:
    for preset in LEVEL_TABLES:
        rules = preset_rules(preset)
        assert RuleSet.from_dict(rules.to_dict()) == rules


def test_unknown_preset_is_refused() -> None:
    with pytest.raises(BadInput, match="Unknown rule preset"):
        preset_rules("three-deck")


def test_the_pairs_of_a_team_match_round_trip_and_old_files_get_five() -> None:
    rules = replace(RuleSet(), team_pairs=7)
    assert RuleSet.from_dict(rules.to_dict()).team_pairs == 7
    saved_before = {k: v for k, v in RuleSet().to_dict().items() if k != "team_pairs"}
    assert RuleSet.from_dict(saved_before) == RuleSet() and RuleSet().team_pairs == 5
