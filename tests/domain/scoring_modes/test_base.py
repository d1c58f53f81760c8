"""What every scoring mode shares: a played table's outcome from its level difference."""

from __future__ import annotations

from dataclasses import replace

from tournament_desk.domain.rules import Award, RuleSet
from tournament_desk.domain.scoring import Outcome, score_difference, score_forfeit, score_ruling
from tournament_desk.domain.scoring_modes.base import ScoringMode


class Fixed(ScoringMode):
    """A mode whose level difference is always the one it was made with."""

    name = "fixed"

    def __init__(self, diff: int | None) -> None:
        self.diff = diff

    def level_diff(self, home_level: int | None, away_level: int | None, xmp: int | None) -> int | None:
        return self.diff


def test_the_played_outcome_is_the_score_of_the_level_difference() -> None:
    rules = RuleSet()
    for diff in (-12, -3, 0, 1, 7):
        assert Fixed(diff).played_outcome(None, None, None, rules) == score_difference(diff, rules)


def test_no_outcome_while_the_difference_is_unknown() -> None:
    assert Fixed(None).played_outcome(5, 3, 2, RuleSet()) is None


def test_the_defaults_are_a_mode_of_levels_for_pairs_or_teams() -> None:
    mode = Fixed(0)
    assert (mode.takes_levels, mode.boards, mode.default_entrants) == (True, False, "pairs")
    assert mode.entrants_kinds == ("pairs", "teams")


def test_the_default_hooks_score_as_the_rule_set_says_and_bring_no_ranking() -> None:
    """Levels and duplicate keep rules.md §5.3–5.5 exactly: forfeits, rulings and byes by the rule set's awards."""
    rules = replace(RuleSet(), forfeit_win=Award(2.5, 13), bye=Award(2.0, 11))
    mode = Fixed(1)
    for side in ("home", "away", "both"):
        assert mode.forfeit_outcome(side, rules) == score_forfeit(side, rules)
    assert mode.ruling_outcome("away", 14.5, rules) == score_ruling("away", 14.5, rules)
    assert mode.bye_outcome(rules) == Outcome(2.0, 0.0, 11, 0.0)
    assert mode.played_outcome(9, 8, None, rules, games=(3, 2)) == score_difference(1, rules)  # games unused
    assert mode.team_pairs(rules) is None and mode.ranking() is None


def test_a_mode_that_takes_no_levels_says_what_to_enter_instead() -> None:
    """The levels page, ``tdesk result F R T HOME AWAY`` and a phone refuse two levels with the mode's own
    sentence (issue 26: a team match said "scored by duplicate boards")."""
    from tournament_desk.domain.scoring_modes import SCORING_MODES

    for mode in SCORING_MODES.values():
        assert (mode.levels_refused() is None) == mode.takes_levels, mode.name
        assert (mode.clearing_refused() is None) == mode.takes_levels, mode.name
    team, duplicate = SCORING_MODES["team-match"], SCORING_MODES["duplicate"]
    said = team.levels_refused()
    assert said is not None and "team match of pairs" in said.template and "--game N" in said.template
    assert "duplicate" not in said.template
    refused = duplicate.levels_refused()
    assert refused is not None and "duplicate boards" in refused.template
    cleared = team.clearing_refused()
    assert cleared is not None and "pair games one by one" in cleared.template
