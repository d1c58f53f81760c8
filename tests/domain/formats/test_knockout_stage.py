"""A knockout match as a result of the event (SPEC §7.6): three MP to nothing, with the VP of the levels."""

from __future__ import annotations

from tournament_desk.domain.formats.knockout_stage import knockout_outcome
from tournament_desk.domain.rules import RuleSet


def test_a_knockout_result_is_three_to_nothing_with_the_vp_of_the_levels() -> None:
    won = knockout_outcome(5, 12, None, RuleSet(), (2, 1))
    assert (won.home_mp, won.away_mp) == (3.0, 0.0)
    assert (won.home_vp, won.away_vp) == (3, 17)  # the record keeps §5.1's VP of the levels
    tie = knockout_outcome(9, 9, "away", RuleSet())
    assert (tie.home_mp, tie.away_mp, tie.home_vp, tie.away_vp) == (0.0, 3.0, 10, 10)
