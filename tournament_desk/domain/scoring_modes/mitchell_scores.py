"""Scoring of a pairs duplicate event with a Mitchell movement (rules.md §7.5; seed 002, 牌套双人赛).

Not a ``ScoringMode`` (those score one table of a match between two sides): here each board is scored across
all the tables that played it, within each direction. Plain functions, generic in the pair's key.

1. **Board result.** The board is played "for the most points, without levels" (以多得分为原则，不升级): the
   NS pair's result is the defenders' points when NS defended and their negative when NS declared; EW's is
   the opposite. Penalty points are added to the side they were awarded to, as in duplicate team matches
   (rules.md §7.2, ``tournament_desk.domain.duplicate.effective_points``): awarded to the defenders they are
   added to the defenders' points, awarded to the declarers they are taken off (never below 0). A referee
   awards them to the side that did not commit the offence (seed 002: "罚 10 分给对方").
2. **Match points** within one direction on one board: 2 for each other result it beats, 1 for each tie (the
   bridge convention; rules.md §7.5). With n results the top is 2(n − 1) and the match points add to n(n − 1).
3. **Neuberg.** A board with fewer results than expected (a table that did not play it, an adjusted score: the
   result is left out) is scaled to the number expected, by default the most results any board of the
   direction has. See ``neuberg`` for the formula on this 2/1 scale. Scaled scores are rounded to 2 decimals.
4. **Ranking** of each direction on its own: total match points less the 0.5 比赛分 deductions (seed 002);
   ties broken by the best single board, then the next best, and so on (seed 002: "比较最高分，多者列前；
   如仍相同，则比较次高分"); still equal, a shared rank (1, 1, 3).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Generic, NamedTuple, TypeVar

from tournament_desk.domain.errors import BadInput

K = TypeVar("K", bound=Hashable)  # a pair's key (id, number, name: whatever the caller ranks)
B = TypeVar("B", bound=Hashable)  # a board's key

POINTS_PER_DECK = 100  # each deck holds 5s, 10s and Ks worth 100 points
DEFAULT_DECKS = 2  # rules.md §6: the 80-point game is played with two decks, 200 points
MAX_DECKS = 4
DECIMALS = 2  # Neuberg-scaled scores and totals are kept to two decimals
DEDUCTION_STEP = 0.5  # rules.md §5.6, seed 002: 0.5 比赛分 each time


# --- the board result -----------------------------------------------------------------------------------
def deck_total(decks: int = DEFAULT_DECKS) -> int:
    """The points in the pack: 100 a deck (rules.md §6: one deck 100, two decks 200)."""
    if not 1 <= decks <= MAX_DECKS:
        raise BadInput("A game is played with 1 to {most} decks, not {decks}.", most=MAX_DECKS, decks=decks)
    return POINTS_PER_DECK * decks


def check_board_points(points: int, *, decks: int = DEFAULT_DECKS) -> int:
    """The defenders' points of a board: a multiple of 5 from 0 to the deck's total."""
    if points < 0 or points % 5:
        raise BadInput("Defenders' points must be 0 or more in steps of 5, not {points}.", points=points)
    total = deck_total(decks)
    if points > total:
        raise BadInput(
            "Defenders' points cannot be more than the {total} points of the pack, not {points}.",
            total=total,
            points=points,
        )
    return points


def check_penalty(points: int) -> int:
    """Penalty points awarded to a side: 0 (none) or more, in steps of 5."""
    if points < 0 or points % 5:
        raise BadInput("Penalty points must be 0 or more in steps of 5, not {points}.", points=points)
    return points


def board_result_ns(
    defenders_points: int,
    ns_defended: bool,
    penalty_ns: int = 0,
    penalty_ew: int = 0,
    *,
    decks: int = DEFAULT_DECKS,
) -> int:
    """The NS pair's result on a board at one table; EW's result is its negative.

    ``penalty_ns`` are penalty points awarded *to* NS (EW committed the offence), ``penalty_ew`` those awarded
    to EW. They are added to the side they were awarded to (rules.md §7.2): the defenders' points become
    max(0, points + penalties to the defenders − penalties to the declarers). NS's result is those points
    when NS defended, their negative when NS declared.
    """
    check_board_points(defenders_points, decks=decks)
    check_penalty(penalty_ns)
    check_penalty(penalty_ew)
    to_defenders, to_declarers = (penalty_ns, penalty_ew) if ns_defended else (penalty_ew, penalty_ns)
    points = max(0, defenders_points + to_defenders - to_declarers)
    return points if ns_defended else -points


# --- match points ---------------------------------------------------------------------------------------
def match_points(results: Mapping[K, float]) -> dict[K, float]:
    """Match points of the results of one direction on one board: 2 per result beaten, 1 per tie."""
    values = list(results.values())
    return {
        pair: float(sum(2 if mine > other else 1 if mine == other else 0 for other in values) - 1)
        for pair, mine in results.items()
    }


def neuberg(mp: float, played: int, expected: int) -> float:
    """Neuberg's formula on the 2/1 scale: ((mp + 1) · N / n) − 1, n results played, N expected.

    Derivation. On the usual 1/½ scale (1 per result beaten, ½ per tie, top n − 1) Neuberg scales a score M
    as M' = (M + ½) · N/n − ½: the result is counted as tying with itself (+ ½), that score over n results is
    stretched to N results, and the self-tie is taken off again. Our 2/1 scale doubles everything: mp = 2M,
    so mp' = 2M' = (2M + 1) · N/n − 1 = (mp + 1) · N/n − 1. Checks: with n = N nothing changes; the n scaled
    scores add to (n² · N/n) − n = n(N − 1), so their average N − 1 is half the new top 2(N − 1), as an
    average board should be; a lone result (n = 1, mp = 0) gets N − 1, the average.
    """
    if not 1 <= played <= expected:
        raise ValueError(f"Neuberg needs 1 ≤ played ≤ expected, not {played} of {expected}")
    if not 0 <= mp <= 2 * (played - 1):
        raise ValueError(f"{mp} match points is off the scale of a board played {played} times")
    return (mp + 1) * expected / played - 1


def score_board(results: Mapping[K, float], expected: int | None = None) -> dict[K, float]:
    """Match points of one direction on one board, scaled by Neuberg when it has fewer results than
    ``expected`` (default: as many as it has). A result that was not played (an adjusted score) is left
    out of ``results``."""
    played = len(results)
    expected = played if expected is None else expected
    if played > expected:
        raise ValueError(f"a board with {played} results cannot be expected {expected} times")
    scores = match_points(results)
    if played == expected:
        return scores
    return {pair: round(neuberg(mp, played, expected), DECIMALS) for pair, mp in scores.items()}


def score_direction(
    boards: Mapping[B, Mapping[K, float]], expected: int | None = None
) -> dict[K, dict[B, float]]:
    """Every board of one direction: board → (pair → result) in, pair → (board → match points) out.

    A board with fewer results than ``expected`` (default: the most results any board has) is scaled by
    Neuberg; a pair's board that it did not play has no entry.
    """
    most = max((len(results) for results in boards.values()), default=0)
    expected = most if expected is None else expected
    scores: dict[K, dict[B, float]] = {}
    for board, results in boards.items():
        if not results:
            continue
        for pair, mp in score_board(results, expected).items():
            scores.setdefault(pair, {})[board] = mp
    return scores


# --- ranking --------------------------------------------------------------------------------------------
class RankedPair(NamedTuple, Generic[K]):
    """A row of a direction's ranking: rank (shared when equal on everything), the pair, its total after
    deductions, and its board scores from best to worst (the order the tie-break reads them)."""

    rank: int
    pair: K
    total: float
    board_scores: tuple[float, ...]


def _check_deduction(mp: float) -> float:
    if mp < 0 or (mp / DEDUCTION_STEP) != int(mp / DEDUCTION_STEP):
        raise BadInput(
            "Deductions add up to 0 or more match points in steps of {step}, not {mp}.",
            step=DEDUCTION_STEP,
            mp=mp,
        )
    return mp


def rank_direction(
    board_scores: Mapping[K, Sequence[float]],
    deductions: Mapping[K, float] | None = None,
    factors: Mapping[K, float] | None = None,
) -> list[RankedPair[K]]:
    """Rank one direction (rules.md §7.5): total match points less deductions, then the best single board, the
    next best, and so on; pairs equal on all of that share the rank (1, 1, 3) and keep the order given.

    ``factors``: a pair whose opponent withdrew has its board total scaled up to the boards the others of its
    direction play, total × their boards ÷ its boards (rules.md §7.5); the factor is that quotient, applied to
    the total before the deductions are taken off (a deduction is a penalty, not a result to scale)."""
    deductions = deductions or {}
    factors = factors or {}
    unknown = [pair for pair in [*deductions, *factors] if pair not in board_scores]
    if unknown:
        raise ValueError(f"deductions or factors for pairs that are not ranked: {unknown}")
    rows = []
    for pair, scores in board_scores.items():
        ordered = tuple(sorted((round(s, DECIMALS) for s in scores), reverse=True))
        factor = factors.get(pair, 1.0)
        if factor < 1:
            raise ValueError(f"a pair's total is scaled up, never down, not by {factor}")
        total = round(sum(scores) * factor - _check_deduction(deductions.get(pair, 0.0)), DECIMALS)
        rows.append((pair, total, ordered))
    rows.sort(key=lambda row: (-row[1], tuple(-s for s in row[2])))
    ranked: list[RankedPair[K]] = []
    for index, (pair, total, ordered) in enumerate(rows):
        previous = ranked[-1] if ranked else None
        same = previous is not None and (previous.total, previous.board_scores) == (total, ordered)
        rank = previous.rank if same and previous is not None else index + 1
        ranked.append(RankedPair(rank, pair, total, ordered))
    return ranked
