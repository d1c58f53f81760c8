"""Mitchell scoring (rules.md §7.2): board results with penalties, match points, Neuberg and the ranking."""

from __future__ import annotations

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.scoring_modes.mitchell_scores import (
    board_result_ns,
    check_board_points,
    deck_total,
    match_points,
    neuberg,
    rank_direction,
    score_board,
)


@pytest.mark.parametrize("points", [-5, 33, 1, 205, 300])
def test_bad_points(points: int) -> None:
    with pytest.raises(BadInput):
        board_result_ns(points, True)


def test_the_deck_total_bounds_the_points() -> None:
    assert deck_total() == 200 and deck_total(1) == 100
    assert check_board_points(200) == 200
    with pytest.raises(BadInput, match="more than the 200 points of the pack, not 205"):
        check_board_points(205)
    with pytest.raises(BadInput, match="more than the 100 points of the pack, not 120"):
        check_board_points(120, decks=1)
    with pytest.raises(BadInput, match="steps of 5, not 33"):
        check_board_points(33)
    with pytest.raises(BadInput, match="Penalty points"):
        board_result_ns(60, True, penalty_ns=7)


# --- scoring --------------------------------------------------------------------------------------------
def test_board_results_and_penalties() -> None:
    assert board_result_ns(85, True) == 85  # NS defended and took 85
    assert board_result_ns(85, False) == -85  # NS declared; EW (defending) took 85
    # Penalties are added to the side they were awarded to (rules.md §7.2).
    assert board_result_ns(80, True, penalty_ns=20) == 100  # to NS, the defenders
    assert board_result_ns(80, True, penalty_ew=20) == 60  # to EW, the declarers: off the defenders' points
    assert board_result_ns(60, False, penalty_ns=20) == -40  # to NS, now declaring
    assert board_result_ns(60, False, penalty_ew=80) == -140  # to EW, now defending
    assert board_result_ns(20, True, penalty_ew=40) == 0  # never below 0 defenders' points


def test_match_points_two_per_result_beaten_one_per_tie() -> None:
    assert match_points({"a": 60, "b": 60, "c": -20, "d": 100}) == {"a": 3, "b": 3, "c": 0, "d": 6}
    assert match_points({"a": 5}) == {"a": 0}


def test_neuberg() -> None:
    # Two results of a board expected three times: top 2 → (2 + 1)·3/2 − 1 = 3.5, bottom → 1.5 − 1 = 0.5.
    assert neuberg(2, 2, 3) == 3.5 and neuberg(0, 2, 3) == 0.5
    assert neuberg(3, 4, 4) == 3  # played as often as expected: unchanged
    assert neuberg(0, 1, 5) == 4  # a lone result gets the average, half the top of 8
    assert score_board({"x": 10, "y": 20, "z": 20}, 4) == {"x": 0.33, "y": 4.33, "z": 4.33}
    with pytest.raises(ValueError):
        neuberg(0, 4, 3)


def test_shared_ranks_and_the_tie_break_by_boards() -> None:
    ranked = rank_direction(
        {"a": [4, 2, 0], "b": [3, 3, 0], "c": [2, 2, 2], "d": [4, 1, 1], "e": [3, 3, 0]}, {"d": 0.5}
    )
    # a, b, c, e total 6: a's best board 4 first, then b and e (3, 3, 0) share, then c (2, 2, 2); d 5.5.
    assert [(row.rank, row.pair, row.total) for row in ranked] == [
        (1, "a", 6),
        (2, "b", 6),
        (2, "e", 6),
        (4, "c", 6),
        (5, "d", 5.5),
    ]
    with pytest.raises(BadInput):
        rank_direction({"a": [1.0]}, {"a": 0.3})


def test_a_pair_that_lost_boards_to_a_withdrawal_is_scaled_before_deductions() -> None:
    # "b" played 4 of the 6 boards the others play: 8 × 6/4 = 12, less its 0.5 deduction = 11.5; the
    # tie-break still reads the boards it played, as they stand (c before a on its best board, 4 to 2).
    ranked = rank_direction(
        {"a": [2, 2, 2, 2, 1, 1], "b": [4, 2, 2, 0], "c": [4, 4, 1, 1, 0, 0]}, {"b": 0.5}, {"b": 6 / 4}
    )
    assert [(r.rank, r.pair, r.total) for r in ranked] == [(1, "b", 11.5), (2, "c", 10.0), (3, "a", 10.0)]
    assert ranked[0].board_scores == (4, 2, 2, 0)
    with pytest.raises(ValueError, match="scaled up"):
        rank_direction({"a": [1.0]}, None, {"a": 0.5})
    with pytest.raises(ValueError, match="not ranked"):
        rank_direction({"a": [1.0]}, None, {"z": 2.0})
