import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.rules import Award, RuleSet
from tournament_desk.domain.scoring import (
    Outcome,
    check_deduction,
    ruling_vp,
    score_forfeit,
    score_late_scoresheet,
    score_levels,
    score_ruling,
)

RULES = RuleSet()
levels = st.integers(min_value=2, max_value=15)


@pytest.mark.parametrize(
    ("home", "away", "expected"),
    [
        (9, 9, Outcome(1.5, 1.5, 10, 10)),
        (10, 9, Outcome(2.0, 1.0, 11, 9)),
        (9, 11, Outcome(0.5, 2.5, 8, 12)),
        (12, 9, Outcome(3.0, 0.0, 13, 7)),
        (2, 11, Outcome(0.0, 3.0, 1, 19)),
        (14, 4, Outcome(3.0, 0.0, 20, 0)),
        (15, 2, Outcome(3.0, 0.0, 20, 0)),  # 13 levels apart: capped at 20:0
    ],
)
def test_levels_to_vp_and_mp_spec_5_1_and_5_2(home: int, away: int, expected: Outcome) -> None:
    assert score_levels(home, away, RULES) == expected


@given(levels, levels)
def test_vp_sum_to_20_and_mp_to_3(home: int, away: int) -> None:
    o = score_levels(home, away, RULES)
    assert o.home_vp + o.away_vp == 20
    assert o.home_mp + o.away_mp == 3
    assert (o.home_vp > o.away_vp) == (home > away) == (o.home_mp > o.away_mp)


@given(levels, levels)
def test_swapping_sides_swaps_the_outcome(home: int, away: int) -> None:
    a, b = score_levels(home, away, RULES), score_levels(away, home, RULES)
    assert (a.home_mp, a.home_vp) == (b.away_mp, b.away_vp)


def test_forfeit_spec_5_3() -> None:
    assert score_forfeit("home", RULES) == Outcome(0, 2.5, 0, 12)
    assert score_forfeit("away", RULES) == Outcome(2.5, 0, 12, 0)
    assert score_forfeit("both", RULES) == Outcome(0, 0, 0, 0)
    with pytest.raises(BadInput):
        score_forfeit("north", RULES)  # type: ignore[arg-type]


def test_forfeit_award_is_a_rule_set_option() -> None:
    rules = RuleSet(forfeit_win=Award(3, 13))
    assert score_forfeit("away", rules) == Outcome(3, 0, 13, 0)


def test_late_scoresheet_keeps_the_other_sides_played_result() -> None:
    played = score_levels(12, 9, RULES)  # 3 : 0, 13 : 7
    assert score_late_scoresheet("home", played) == Outcome(0, 0.0, 0, 7)
    assert score_late_scoresheet("away", played) == Outcome(3.0, 0, 13, 0)


def test_ruling_awards_by_mode_spec_5_5() -> None:
    history = {"winner_vps": [14, 12, 16], "offender_vps": [5, 9]}
    assert ruling_vp(RuleSet(ruling_award="own-average"), **history) == 14
    assert ruling_vp(RuleSet(ruling_award="twenty-minus-offender-average"), **history) == 13
    assert ruling_vp(RuleSet(ruling_award="fixed"), **history) == 12
    assert ruling_vp(RuleSet(ruling_award="recorded"), **history, recorded_vp=17) == 17
    with pytest.raises(BadInput):
        ruling_vp(RuleSet(ruling_award="recorded"), **history)
    # No earlier match: an average of 10.
    assert ruling_vp(RuleSet(ruling_award="own-average"), winner_vps=[], offender_vps=[]) == 12  # §5.5


def test_ruling_mp_follow_the_vp_margin() -> None:
    assert score_ruling("home", 12, RULES) == Outcome(0, 2.5, 0, 12)
    assert score_ruling("away", 14, RULES) == Outcome(3.0, 0, 14, 0)
    assert score_ruling("away", 11, RULES) == Outcome(2.0, 0, 11, 0)


@pytest.mark.parametrize("mp", [0.5, 1, 1.5, 3])
def test_deductions_in_half_points(mp: float) -> None:
    assert check_deduction(mp, RULES) == mp


@pytest.mark.parametrize("mp", [0, -0.5, 0.3, 1.25, float("nan")])
def test_bad_deductions_refused(mp: float) -> None:
    with pytest.raises(BadInput, match=r"positive multiple of 0\.5"):
        check_deduction(mp, RULES)
