"""Hand-dealt tables (rules.md §7.1): the level difference is the levels the two sides reached."""

from __future__ import annotations

from tournament_desk.domain.levels import parse_level
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import score_levels
from tournament_desk.domain.scoring_modes.levels import Levels


def test_the_difference_is_home_less_away_and_xmp_is_ignored() -> None:
    mode = Levels()
    assert mode.level_diff(parse_level("A"), parse_level("9"), xmp=40) == 5
    assert mode.level_diff(parse_level("5"), parse_level("K"), None) == -8
    assert mode.level_diff(None, parse_level("K"), 3) is None
    assert mode.level_diff(parse_level("5"), None, 3) is None


def test_the_played_outcome_is_scored_from_the_levels() -> None:
    home, away = parse_level("J"), parse_level("6")
    assert Levels().played_outcome(home, away, None, RuleSet()) == score_levels(home, away, RuleSet())
    assert (Levels.name, Levels.takes_levels, Levels.boards) == ("levels", True, False)
