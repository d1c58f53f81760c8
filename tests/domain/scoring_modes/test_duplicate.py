"""Duplicate team matches (rules.md §7.2): the level difference is the match's XMP, whatever levels are typed."""

from __future__ import annotations

from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import score_difference
from tournament_desk.domain.scoring_modes.duplicate import Duplicate


def test_the_difference_is_the_xmp() -> None:
    mode = Duplicate()
    assert mode.level_diff(None, None, 7) == 7
    assert mode.level_diff(14, 2, -3) == -3
    assert mode.level_diff(14, 2, None) is None


def test_a_duplicate_match_is_for_teams_and_takes_boards() -> None:
    assert (Duplicate.entrants_kinds, Duplicate.default_entrants) == (("teams",), "teams")
    assert (Duplicate.takes_levels, Duplicate.boards) == (False, True)
    assert Duplicate().played_outcome(None, None, 4, RuleSet()) == score_difference(4, RuleSet())
