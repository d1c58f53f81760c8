"""A match result → VP (标准分) and MP (场分): rules.md §5.1–5.6."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.rules import RuleSet

Side = Literal["home", "away", "both"]
SIDES: tuple[Side, ...] = ("home", "away", "both")


@dataclass(frozen=True)
class Outcome:
    home_mp: float
    away_mp: float
    home_vp: float
    away_vp: float


def vp_for_difference(difference: int, rules: RuleSet) -> tuple[int, int]:
    """Winner's and loser's VP for a level difference N ≥ 0: 10+N : 10−N, capped (§5.1)."""
    n = min(abs(difference), rules.vp_cap)
    return 10 + n, 10 - n


def mp_for_difference(difference: int, rules: RuleSet) -> tuple[float, float]:
    """Winner's and loser's MP for a level difference N ≥ 0 (§5.2)."""
    n = abs(difference)
    for step in rules.mp_scale:
        if n >= step.min_difference:
            return step.winner, step.loser
    raise AssertionError("an MP scale must end with a step for difference 0")


def score_levels(home_level: int, away_level: int, rules: RuleSet) -> Outcome:
    """Score a played match from the levels each side reached."""
    return score_difference(home_level - away_level, rules)


def score_difference(home_minus_away: int, rules: RuleSet) -> Outcome:
    """Score a played match from the home side's level difference (positive: home won)."""
    win_vp, lose_vp = vp_for_difference(home_minus_away, rules)
    win_mp, lose_mp = mp_for_difference(home_minus_away, rules)
    if home_minus_away >= 0:
        return Outcome(win_mp, lose_mp, win_vp, lose_vp)
    return Outcome(lose_mp, win_mp, lose_vp, win_vp)


def score_forfeit(side: Side, rules: RuleSet) -> Outcome:
    """The forfeiting side gets 0/0, its opponent the forfeit award; both forfeit: 0/0 each (§5.3)."""
    award = rules.forfeit_win
    if side == "home":
        return Outcome(0.0, award.mp, 0.0, award.vp)
    if side == "away":
        return Outcome(award.mp, 0.0, award.vp, 0.0)
    if side == "both":
        return Outcome(0.0, 0.0, 0.0, 0.0)
    raise BadInput("The side must be home, away or both, not '{side}'.", side=side)


def score_late_scoresheet(side: Side, played: Outcome) -> Outcome:
    """A scoresheet handed in late: the responsible side forfeits, the other keeps what it played (§5.3)."""
    if side == "home":
        return Outcome(0.0, played.away_mp, 0.0, played.away_vp)
    if side == "away":
        return Outcome(played.home_mp, 0.0, played.home_vp, 0.0)
    if side == "both":
        return Outcome(0.0, 0.0, 0.0, 0.0)
    raise BadInput("The side must be home, away or both, not '{side}'.", side=side)


NO_HISTORY_VP = 12.0  # rules.md §5.5: the average of a side that has played no match at a table


def _average(values: Sequence[float]) -> float:
    return round(sum(values) / len(values), 1) if values else NO_HISTORY_VP


def ruling_vp(
    rules: RuleSet,
    *,
    winner_vps: Sequence[float],
    offender_vps: Sequence[float],
    recorded_vp: float | None = None,
) -> float:
    """The VP awarded to the opponent of a side that lost by ruling (判负, §5.5).

    ``winner_vps`` and ``offender_vps`` are the two sides' VP in the earlier matches they actually played at
    a table (byes, forfeits and rulings left out, rules.md §5.5); with none the average is 12, to one decimal.
    """
    mode = rules.ruling_award
    if mode == "own-average":
        return _average(winner_vps)
    if mode == "twenty-minus-offender-average":
        return round(20 - _average(offender_vps), 2)
    if mode == "recorded":
        if recorded_vp is None:
            raise BadInput(
                "This rule set awards the score already recorded, but the table has no result yet."
            )
        return recorded_vp
    return rules.ruling_fixed_vp


def ruling_mp(awarded_vp: float, rules: RuleSet) -> float:
    """The innocent side's MP for a ruling award (rules.md §5.5): N = VP − 10 on the scale's thresholds, no rounding
    (11.5 VP → N 1.5 → 2 MP), and never less than a win's least MP (2 on the level scale, 3 win/draw/loss)."""
    n = awarded_vp - 10
    wins = [step for step in rules.mp_scale if step.min_difference >= 1]
    reached = [step.winner for step in wins if n >= step.min_difference]
    return max(reached) if reached else min(step.winner for step in wins)


def score_ruling(offender: Literal["home", "away"], awarded_vp: float, rules: RuleSet) -> Outcome:
    """The offender gets 0/0; the opponent ``awarded_vp`` and the MP of ``ruling_mp`` (§5.5)."""
    mp = ruling_mp(awarded_vp, rules)
    if offender == "home":
        return Outcome(0.0, mp, 0.0, awarded_vp)
    return Outcome(mp, 0.0, awarded_vp, 0.0)


MAX_DEDUCTION = 3.0  # rules.md §5.6: at most 3 MP at a time


def check_deduction(mp: float, rules: RuleSet) -> float:
    """A match-point deduction: a positive multiple of the rule set's step (0.5), at most 3 MP (§5.6)."""
    step = rules.deduction_step
    if not (math.isfinite(mp) and 0 < mp <= MAX_DEDUCTION) or abs(mp / step - round(mp / step)) > 1e-9:
        raise BadInput(
            "A deduction must be a positive multiple of {step} match points, at most {most}, not {mp}.",
            step=step,
            most=MAX_DEDUCTION,
            mp=mp,
        )
    return float(mp)
