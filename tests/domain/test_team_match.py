"""Team matches of pairs (rules.md §5.8, seed 004 附件1): a pair game's winner, the team score, points, line-ups."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.levels import MIN_LEVEL, PASSED_ACE
from tournament_desk.domain.scoring import Outcome
from tournament_desk.domain.team_match import (
    DEFAULT_PAIRS,
    PairGame,
    TeamScore,
    check_lineup,
    check_pairs,
    decided,
    default_lineup,
    game_ratio,
    game_winner,
    team_forfeit,
    team_outcome,
    team_score,
)

A = 14  # ace
SWAP = {"home": "away", "away": "home", "both": "both", None: None}


def game(n: int, home: int | None, away: int | None, declarer: str | None = None) -> PairGame:
    return PairGame(n, home, away, declarer)  # type: ignore[arg-type]


def swapped(g: PairGame) -> PairGame:
    return PairGame(g.game, g.away_level, g.home_level, SWAP[g.declarer], SWAP[g.absent])  # type: ignore[arg-type]


# --- one pair game ------------------------------------------------------------------------------------------
def test_the_pair_that_passes_a_wins_whatever_the_other_reached() -> None:
    assert game_winner(game(1, PASSED_ACE, A)) == "home"
    assert game_winner(game(1, A, PASSED_ACE, declarer="home")) == "away"  # the declarer decides only a tie


def test_neither_passed_a_the_higher_level_wins() -> None:
    assert game_winner(game(2, 10, 9)) == "home"
    assert game_winner(game(2, MIN_LEVEL, 3)) == "away"


def test_equal_levels_go_to_the_declarer_and_need_one() -> None:
    assert game_winner(game(3, 8, 8, "home")) == "home"
    assert game_winner(game(3, 8, 8, "away")) == "away"
    with pytest.raises(BadInput, match="Game 3: the levels are equal, so say which pair declared"):
        game_winner(game(3, 8, 8))


def test_a_pair_that_does_not_show_loses_and_both_absent_win_nothing() -> None:
    assert game_winner(PairGame(4, absent="home")) == "away"
    assert game_winner(PairGame(4, absent="away")) == "home"
    assert game_winner(PairGame(4, absent="both")) is None


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (PairGame(5, 10, None), "Game 5 needs both levels"),
        (PairGame(5, None, None), "Game 5 needs both levels"),
        (PairGame(5, 1, 9), "Game 5: 1 is not a level"),
        (PairGame(5, 9, 16), "Game 5: 16 is not a level"),
        (PairGame(5, PASSED_ACE, PASSED_ACE), "only one pair can pass A first"),
        (PairGame(5, 9, 9, "north"), "the declarer is home or away, not north"),  # type: ignore[arg-type]
        (PairGame(5, absent="late"), "the pair absent is home, away or both, not late"),  # type: ignore[arg-type]
        (PairGame(5, 9, None, absent="away"), "a game a pair did not show for has no levels"),
    ],
)
def test_a_game_that_does_not_say_who_won_is_refused(bad: PairGame, message: str) -> None:
    with pytest.raises(BadInput, match=message):
        game_winner(bad)


levels = st.integers(MIN_LEVEL, PASSED_ACE)
games = st.one_of(
    st.builds(
        PairGame, st.integers(1, 9), levels, levels, st.sampled_from(("home", "away")), st.none()
    ).filter(lambda g: not g.home_level == g.away_level == PASSED_ACE),
    st.builds(PairGame, st.integers(1, 9), absent=st.sampled_from(("home", "away", "both"))),
)


@given(games)
def test_swapping_home_and_away_swaps_the_winner(g: PairGame) -> None:
    assert game_winner(swapped(g)) == SWAP[game_winner(g)]


# --- the team match -----------------------------------------------------------------------------------------
SEED_3_2 = [
    game(1, 12, 9),
    game(2, 8, 10),
    game(3, PASSED_ACE, A),
    game(4, 6, 6, "away"),
    game(5, 9, 9, "home"),
]


def test_three_of_five_wins_the_match_3_points_to_1() -> None:
    score = team_score(SEED_3_2, 5)
    assert score == TeamScore(3, 2) and score.winner == "home"
    assert team_outcome(score) == Outcome(3.0, 1.0, 0.0, 0.0)
    assert team_outcome(TeamScore(0, 5)) == Outcome(1.0, 3.0, 0.0, 0.0)


def test_games_nobody_won_can_leave_the_teams_equal_and_both_score_as_losers() -> None:
    games_ = [game(1, 9, 8), game(2, 8, 9), PairGame(3, absent="both")]
    assert team_score(games_, 3) == TeamScore(1, 1)
    assert team_outcome(TeamScore(1, 1)) == Outcome(1.0, 1.0, 0.0, 0.0)


def test_a_match_with_a_game_missing_numbered_wrongly_or_twice_is_refused() -> None:
    with pytest.raises(BadInput, match="not complete: game 2, 4 has no result"):
        team_score([game(1, 9, 8), game(3, 9, 8), game(5, 9, 8)], 5)
    with pytest.raises(BadInput, match="games 1 to 5, not 6"):
        team_score([*SEED_3_2[:4], game(6, 9, 8)], 5)
    with pytest.raises(BadInput, match="Game 1 is given twice"):
        decided([game(1, 9, 8), game(1, 9, 8)], 5)


def test_forfeited_match_scores_3_and_0_and_both_forfeiting_0_and_0() -> None:
    assert team_forfeit("home") == Outcome(0.0, 3.0, 0.0, 0.0)
    assert team_forfeit("away") == Outcome(3.0, 0.0, 0.0, 0.0)
    assert team_forfeit("both") == Outcome(0.0, 0.0, 0.0, 0.0)


def test_the_match_is_decided_as_soon_as_the_other_team_cannot_catch_up() -> None:
    assert decided(SEED_3_2[:2], 5) is None
    assert decided([game(1, 9, 8), game(2, 9, 8), game(3, 9, 8)], 5) == "home"
    # 2 : 1 with one game nobody won and one left: the away team could still draw level.
    assert decided([game(1, 9, 8), game(2, 9, 8), game(3, 8, 9), PairGame(4, absent="both")], 5) is None


@st.composite
def complete_matches(draw: st.DrawFn) -> tuple[list[PairGame], int]:
    pairs = draw(st.sampled_from((3, 5, 7, 9)))
    played = [replace(draw(games), game=n) for n in range(1, pairs + 1)]
    return draw(st.permutations(played)), pairs


@given(complete_matches())
@pytest.mark.slow
def test_a_played_match_scores_3_and_1_or_1_and_1_and_swaps_with_the_sides(
    match: tuple[list[PairGame], int],
) -> None:
    played, pairs = match
    score = team_score(played, pairs)
    outcome = team_outcome(score)
    assert {outcome.home_mp, outcome.away_mp} in ({3.0, 1.0}, {1.0})
    assert outcome.home_vp == outcome.away_vp == 0.0
    mirrored = team_outcome(team_score([swapped(g) for g in played], pairs))
    assert (mirrored.home_mp, mirrored.away_mp) == (outcome.away_mp, outcome.home_mp)
    assert score.home_games + score.away_games <= pairs


@given(complete_matches(), st.data())
@pytest.mark.slow
def test_decided_agrees_with_the_team_score_once_complete_and_never_changes_its_mind(
    match: tuple[list[PairGame], int], data: st.DataObject
) -> None:
    played, pairs = match
    assert decided(played, pairs) == team_score(played, pairs).winner
    cut = data.draw(st.integers(0, pairs))
    early = decided(played[:cut], pairs)
    assert early is None or early == team_score(played, pairs).winner


# --- settings, ratio, line-ups ------------------------------------------------------------------------------
def test_a_team_sends_an_odd_number_of_pairs_from_3_to_9() -> None:
    assert DEFAULT_PAIRS == 5
    assert [check_pairs(p) for p in (3, 5, 7, 9)] == [3, 5, 7, 9]
    for bad in (1, 2, 4, 11):
        with pytest.raises(BadInput, match=f"odd number of pairs from 3 to 9, not {bad}"):
            check_pairs(bad)


def test_the_game_ratio_is_won_over_lost_and_none_lost_ranks_first() -> None:
    assert game_ratio(13, 7) == pytest.approx(13 / 7)
    assert game_ratio(5, 0) == float("inf")
    assert game_ratio(0, 5) == 0.0 and game_ratio(0, 0) == 0.0


def test_a_line_up_lists_every_pair_once_and_defaults_to_registration_order() -> None:
    assert default_lineup(5) == (1, 2, 3, 4, 5)
    assert check_lineup([2, 1, 3, 5, 4], 5) == (2, 1, 3, 5, 4)
    for bad in ([1, 1, 3, 4, 5], [1, 2, 3, 4], [1, 2, 3, 4, 6]):
        with pytest.raises(BadInput, match="each of the team's pairs 1 to 5 once"):
            check_lineup(bad, 5)
    with pytest.raises(BadInput, match="not 4"):
        default_lineup(4)
