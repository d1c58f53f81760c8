"""Ranking chains with head-to-head steps (rules.md §7.3, §7.4), worked by hand, and their invariants."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament_desk.domain.ranking import (
    GROUP_RANKING,
    TEAM_CHAIN,
    TEAM_RANKING,
    rank_chain,
    rank_group,
    rank_round_robin,
)
from tournament_desk.domain.rules import MP_SCALE_WIN_DRAW_LOSS, RuleSet
from tournament_desk.domain.scoring import score_difference
from tournament_desk.domain.standings import Deduction, MatchRecord, StandingEntrant
from tournament_desk.domain.team_match import TeamScore, team_forfeit, team_outcome

A, B, C, D = (StandingEntrant(i, n, None, i) for i, n in enumerate("甲乙丙丁", start=1))
VP_RULES = RuleSet()
WDL_RULES = RuleSet(mp_scale=MP_SCALE_WIN_DRAW_LOSS)


def match(
    round_no: int, home: StandingEntrant, away: StandingEntrant, diff: int, rules: RuleSet
) -> MatchRecord:
    """A played match whose home side won by ``diff`` levels (negative: lost)."""
    o = score_difference(diff, rules)
    return MatchRecord(round_no, home.id, away.id, o.home_mp, o.away_mp, o.home_vp, o.away_vp, diff)


def names(rows: list) -> list[tuple[int, str]]:  # type: ignore[type-arg]
    return [(r.rank, r.entrant.name) for r in rows]


def test_two_tied_on_vp_are_separated_by_their_own_match() -> None:
    """甲 beat 乙 by 1 (11:9), 乙 beat 丙 by 3 (13:7), 丙 beat 甲 by 1 (11:9); 丁 beat 乙 by 2 (12:8), lost to
    甲 by 2 (8:12), drew 丙 (10:10). VP: 甲 11 + 9 + 12 = 32, 乙 9 + 13 + 8 = 30, 丙 7 + 11 + 10 = 28,
    丁 12 + 8 + 10 = 30. 乙 and 丁 tie on 30: head-to-head 丁 12, 乙 8 → 丁 above 乙.
    """
    matches = [
        match(1, A, B, 1, VP_RULES),
        match(2, B, C, 3, VP_RULES),
        match(3, C, A, 1, VP_RULES),
        match(1, D, B, 2, VP_RULES),
        match(2, A, D, 2, VP_RULES),
        match(3, C, D, 0, VP_RULES),
    ]
    rows = rank_round_robin([A, B, C, D], matches)
    assert [(r.entrant.name, r.vp, r.h2h) for r in rows] == [
        ("甲", 32, None),
        ("丁", 30, 12),
        ("乙", 30, 8),
        ("丙", 28, None),
    ]
    assert names(rows) == [(1, "甲"), (2, "丁"), (3, "乙"), (4, "丙")]
    assert [r.separated_by for r in rows] == [None, "vp", "h2h_vp", "vp"]


def test_three_tied_head_to_head_among_all_three_then_mp() -> None:
    """Among 甲 乙 丙: 甲 beat 乙 12:8, 乙 beat 丙 11:9, 丙 beat 甲 11:9 → head-to-head 甲 21, 乙 19, 丙 20.

    Against 丁: 甲 draws (10), 乙 wins by 2 (12), 丙 by 1 (11): all three on 31 VP, 丁 on 10 + 8 + 9 = 27.
    The three tied on VP are ordered by the VP among themselves only: 甲 21, 丙 20, 乙 19.
    """
    matches = [
        match(1, A, B, 2, VP_RULES),  # 12:8
        match(2, B, C, 1, VP_RULES),  # 11:9
        match(3, C, A, 1, VP_RULES),  # 11:9
        match(4, A, D, 0, VP_RULES),
        match(5, B, D, 2, VP_RULES),
        match(6, C, D, 1, VP_RULES),
    ]
    rows = rank_round_robin([A, B, C, D], matches)
    assert [(r.entrant.name, r.vp) for r in rows] == [("甲", 31), ("丙", 31), ("乙", 31), ("丁", 27)]
    assert [r.h2h for r in rows][:3] == [21, 20, 19]
    assert names(rows) == [(1, "甲"), (2, "丙"), (3, "乙"), (4, "丁")]


@pytest.mark.slow
def test_a_circular_tie_stays_tied_on_head_to_head_and_falls_to_mp() -> None:
    """A circle of two-level wins (12:8, MP 2.5:0.5): 甲 beat 乙, 乙 beat 丙, 丙 beat 甲. Everyone has 20 VP, 20
    head-to-head and 3 MP: all share rank 1. A 0.5 deduction for 乙 puts it last, by MP."""
    matches = [match(1, A, B, 2, VP_RULES), match(2, B, C, 2, VP_RULES), match(3, C, A, 2, VP_RULES)]
    rows = rank_round_robin([A, B, C], matches)
    assert {(r.rank, r.vp, r.h2h, r.mp) for r in rows} == {(1, 20, 20, 3)}
    assert [r.entrant.name for r in rows] == [
        "丙",
        "甲",
        "乙",
    ]  # shared rank: listed by pinyin (bing, jia, yi)
    rows = rank_round_robin([A, B, C], matches, [Deduction(2, B.id, 0.5)])
    assert names(rows) == [(1, "丙"), (1, "甲"), (3, "乙")] and rows[2].separated_by == "mp"
    assert rows[2].mp == 2.5 and rows[2].deducted == 0.5


def test_win_draw_loss_points_then_head_to_head_then_level_difference() -> None:
    """3/1/0. 甲 beat 丙 by 4, lost to 乙 by 1; 乙 lost to 丙 by 1; 丁 lost to everyone by 1.

    Points: 甲 3 + 0 + 3 = 6, 乙 3 + 0 + 3 = 6, 丙 0 + 3 + 3 = 6, 丁 0. The three are tied on points and on
    head-to-head (3 each, a circle); level difference over all matches: 甲 +4 −1 +1 = +4, 乙 +1 −1 +1 = +1,
    丙 −4 +1 +1 = −2 → 甲, 乙, 丙.
    """
    matches = [
        match(1, A, C, 4, WDL_RULES),
        match(2, B, A, 1, WDL_RULES),
        match(3, C, B, 1, WDL_RULES),
        match(1, A, D, 1, WDL_RULES),
        match(2, B, D, 1, WDL_RULES),
        match(3, C, D, 1, WDL_RULES),
    ]
    rows = rank_round_robin([A, B, C, D], matches, chain="points")
    assert [(r.entrant.name, r.mp, r.h2h, r.level_diff) for r in rows] == [
        ("甲", 6, 3, 4),
        ("乙", 6, 3, 1),
        ("丙", 6, 3, -2),
        ("丁", 0, None, -3),
    ]
    assert [r.separated_by for r in rows] == [None, "level_diff", "level_diff", "points"]


@pytest.mark.slow
def test_group_tie_needs_a_lot_and_the_recorded_lot_decides_it() -> None:
    """Groups (rules.md §7.4): 甲 and 乙 draw their match and are equal on everything → a lot is needed; the
    program never invents one. Recorded as 乙 first, 甲 second, it orders them."""
    matches = [
        match(1, A, B, 0, WDL_RULES),
        match(1, C, D, 2, WDL_RULES),
        match(2, A, C, 1, WDL_RULES),
        match(2, B, C, 1, WDL_RULES),
        match(3, A, D, 0, WDL_RULES),
        match(3, B, D, 0, WDL_RULES),
    ]
    rows = rank_group([A, B, C, D], matches)
    assert names(rows)[:2] == [(1, "甲"), (1, "乙")] and all(r.lot_needed for r in rows[:2])
    assert not any(r.lot_needed for r in rows[2:])
    rows = rank_group([A, B, C, D], matches, lots={B.id: 1, A.id: 2})
    assert names(rows)[:2] == [(1, "乙"), (2, "甲")] and rows[1].separated_by == "lot"
    assert not any(r.lot_needed for r in rows)


def test_after_round_leaves_later_matches_out() -> None:
    matches = [match(1, A, B, 3, VP_RULES), match(2, B, A, 5, VP_RULES)]
    assert names(rank_round_robin([A, B], matches, after_round=1)) == [(1, "甲"), (2, "乙")]
    assert names(rank_round_robin([A, B], matches)) == [(1, "乙"), (2, "甲")]


people = [StandingEntrant(i, f"队{i}", None, i) for i in range(1, 7)]


@pytest.mark.slow
@given(
    st.lists(
        st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(-12, 12)).filter(lambda t: t[0] != t[1]),
        max_size=20,
    ),
    st.sampled_from(["vp", "points"]),
)
def test_ranks_are_a_ranking(raw: list[tuple[int, int, int]], chain: str) -> None:
    rules = VP_RULES if chain == "vp" else WDL_RULES
    matches = [match(k + 1, people[h - 1], people[a - 1], d, rules) for k, (h, a, d) in enumerate(raw)]
    rows = rank_round_robin(people, matches, chain=chain)  # type: ignore[arg-type]
    assert sorted(r.entrant.id for r in rows) == [e.id for e in people]
    ranks = [r.rank for r in rows]
    assert ranks == sorted(ranks) and ranks[0] == 1
    for i, r in enumerate(rows):
        assert r.rank in (i + 1, rows[i - 1].rank if i else 1)  # shared ranks skip: 1, 1, 3
        assert (r.separated_by is None) == (i == 0 or r.rank == rows[i - 1].rank)
    first = "vp" if chain == "vp" else "mp"
    values = [getattr(r, first) for r in rows]
    assert values == sorted(values, reverse=True)


# --- team matches of pairs (rules.md §5.8): points → the result between the tied → game ratio → shared rank -------
E = StandingEntrant(5, "戊", None, 5)


def team(round_no: int, home: StandingEntrant, away: StandingEntrant, won: int, lost: int) -> MatchRecord:
    """A played team match of five pairs: home won ``won`` pair games, away ``lost``; points 3 : 1."""
    o = team_outcome(TeamScore(won, lost))
    return MatchRecord(round_no, home.id, away.id, o.home_mp, o.away_mp, 0.0, 0.0, None, won, lost)


def forfeit(round_no: int, home: StandingEntrant, away: StandingEntrant) -> MatchRecord:
    """A team match forfeited by the away team: 3 : 0, no pair game played."""
    o = team_forfeit("away")
    return MatchRecord(round_no, home.id, away.id, o.home_mp, o.away_mp, 0.0, 0.0, 2)


def ranked(rows: list) -> list[tuple[int, str, float, int, int, float]]:  # type: ignore[type-arg]
    return [(r.rank, r.entrant.name, r.mp, r.games_won, r.games_lost, r.game_ratio) for r in rows]


def test_team_three_way_tie_equal_in_the_mini_league_goes_to_the_game_ratio_then_shares() -> None:
    """Seed 004's shape: four teams, a round robin. 甲 beat 乙 3–2, lost to 丙 2–3, beat 丁 4–1; 乙 beat 丁 4–1
    and 丙 3–2; 丙 beat 丁 5–0. Points: 甲 3 + 1 + 3 = 7, 乙 1 + 3 + 3 = 7, 丙 3 + 3 + 1 = 7, 丁 1 + 1 + 1 = 3.
    Among 甲 乙 丙 each won one and lost one: 4 points each. Game ratio: 甲 (3 + 2 + 4) ÷ (2 + 3 + 1) = 9/6 = 1.5,
    乙 (2 + 4 + 3) ÷ (3 + 1 + 2) = 1.5, 丙 (5 + 3 + 2) ÷ (0 + 2 + 3) = 2 → 丙 first; 甲 and 乙 share rank 2."""
    matches = [
        team(1, A, B, 3, 2),
        team(1, C, D, 5, 0),
        team(2, A, C, 2, 3),
        team(2, B, D, 4, 1),
        team(3, A, D, 4, 1),
        team(3, B, C, 3, 2),
    ]
    rows = rank_chain([A, B, C, D], matches, chain=TEAM_CHAIN)
    assert ranked(rows) == [
        (1, "丙", 7, 10, 5, 2.0),
        (2, "甲", 7, 9, 6, 1.5),
        (2, "乙", 7, 9, 6, 1.5),
        (4, "丁", 3, 2, 13, pytest.approx(2 / 13)),
    ]
    assert [r.h2h for r in rows] == [4, 4, 4, None]
    assert [r.separated_by for r in rows] == [None, "game_ratio", None, "points"]


def test_team_tie_on_points_goes_to_the_match_between_them_and_deductions_come_off_points() -> None:
    """甲 beat 乙 3–2 and 丙 3–2, lost to 丁 2–3; 乙 beat 丁 3–2 and 丙 4–1; 丙 beat 丁 5–0.
    Points: 甲 3 + 3 + 1 = 7, 乙 1 + 3 + 3 = 7, 丙 1 + 1 + 3 = 5, 丁 3 + 1 + 1 = 5. 甲 above 乙 (it won their
    match, though 乙's game ratio 9/6 beats 甲's 8/7); 丙 above 丁 (5–0). With 0.5 off 甲 (6.5), 乙 leads on points."""
    matches = [
        team(1, A, B, 3, 2),
        team(1, C, D, 5, 0),
        team(2, A, C, 3, 2),
        team(2, B, D, 3, 2),
        team(3, A, D, 2, 3),
        team(3, B, C, 4, 1),
    ]
    rows = rank_chain([A, B, C, D], matches, chain=TEAM_CHAIN)
    assert [(r.rank, r.entrant.name, r.mp, r.h2h) for r in rows] == [
        (1, "甲", 7, 3),
        (2, "乙", 7, 1),
        (3, "丙", 5, 3),
        (4, "丁", 5, 1),
    ]
    assert rows[1].game_ratio > rows[0].game_ratio
    assert [r.separated_by for r in rows] == [None, "h2h_points", "points", "h2h_points"]
    rows = rank_chain([A, B, C, D], matches, [Deduction(3, A.id, 0.5)], chain=TEAM_CHAIN)
    assert [(r.entrant.name, r.mp, r.deducted) for r in rows][:2] == [("乙", 7, 0), ("甲", 6.5, 0.5)]
    assert rows[1].separated_by == "points"


def test_team_three_way_tie_is_ordered_by_the_mini_league() -> None:
    """Five teams. 甲 beat 乙 and 丙, 乙 beat 丙 (mini-league 甲 6, 乙 4, 丙 2); 丁 beat 甲, 戊 beat 甲 and 乙, 乙 beat
    丁, 丙 beat 丁 and 戊, 戊 beat 丁. Points: 甲 3 + 3 + 1 + 1 = 8, 乙 1 + 3 + 3 + 1 = 8, 丙 1 + 1 + 3 + 3 = 8,
    丁 3 + 1 + 1 + 1 = 6, 戊 3 + 3 + 1 + 3 = 10. 丙's 5–0 wins give it the best game ratio: the mini-league, not
    the ratio, orders the three."""
    matches = [
        team(1, A, B, 3, 2),
        team(2, A, C, 3, 2),
        team(3, B, C, 3, 2),
        team(4, D, A, 3, 2),
        team(5, E, A, 3, 2),
        team(1, E, B, 3, 2),
        team(2, B, D, 3, 2),
        team(4, C, D, 5, 0),
        team(5, C, E, 5, 0),
        team(3, E, D, 3, 2),
    ]
    rows = rank_chain([A, B, C, D, E], matches, chain=TEAM_CHAIN)
    assert [(r.rank, r.entrant.name, r.mp, r.h2h) for r in rows] == [
        (1, "戊", 10, None),
        (2, "甲", 8, 6),
        (3, "乙", 8, 4),
        (4, "丙", 8, 2),
        (5, "丁", 6, None),
    ]
    assert rows[3].game_ratio > rows[1].game_ratio
    assert [r.separated_by for r in rows] == [None, "points", "h2h_points", "h2h_points", "points"]


def test_team_head_to_head_needs_every_tied_team_to_have_met_else_the_ratio_decides() -> None:
    """A Swiss of two rounds: 甲 beat 乙 3–2 and 丙 3–2; 丙 beat 丁 5–0, 乙 beat 丁 4–1. 乙 and 丙 are tied on 4
    points and never met: no result between them, so the game ratio decides: 丙 7/3 above 乙 6/4. 丁 and 戊
    are tied on 3 too: 戊 won a forfeit (no games), 丁 lost its two matches."""
    matches = [
        team(1, A, B, 3, 2),
        team(1, C, D, 5, 0),
        team(2, A, C, 3, 2),
        team(2, B, D, 4, 1),
        forfeit(1, E, D),
    ]
    rows = rank_chain([A, B, C, D, E], matches, chain=TEAM_CHAIN)
    assert ranked(rows)[:3] == [
        (1, "甲", 6, 6, 4, 1.5),
        (2, "丙", 4, 7, 3, pytest.approx(7 / 3)),
        (3, "乙", 4, 6, 4, 1.5),
    ]
    assert rows[1].h2h is None and rows[2].separated_by == "game_ratio"
    assert [(r.entrant.name, r.mp, r.games_won, r.games_lost) for r in rows[3:]] == [
        ("戊", 3, 0, 0),
        ("丁", 2, 1, 9),
    ]


def test_a_team_that_lost_no_game_has_an_infinite_ratio_and_ranks_first_on_it() -> None:
    """A double round robin: 甲 and 乙 split their two matches 3–2, 2–3 and both beat 丙 (甲 3–2, 乙 5–0).
    Tied on points (3 + 1 + 3 = 7) and head-to-head (3 + 1 = 4): the ratio, 乙 (2 + 3 + 5) ÷ (3 + 2 + 0) = 2
    above 甲 (3 + 2 + 3) ÷ (2 + 3 + 2) = 8/7. A team that lost no game has an infinite ratio; one that won none, 0.
    """
    matches = [team(1, A, B, 3, 2), team(2, B, A, 3, 2), team(3, A, C, 3, 2), team(4, B, C, 5, 0)]
    rows = rank_chain([A, B, C], matches, chain=TEAM_CHAIN)
    assert [(r.entrant.name, r.mp, r.h2h) for r in rows][:2] == [("乙", 7, 4), ("甲", 7, 4)]
    assert rows[1].separated_by == "game_ratio"
    unbeaten = rank_chain([A, B], [team(1, A, B, 5, 0)], chain=TEAM_CHAIN)
    assert unbeaten[0].game_ratio == float("inf") and unbeaten[1].game_ratio == 0.0


team_people = [StandingEntrant(i, f"队{i}", None, i) for i in range(1, 7)]


@pytest.mark.slow
@given(
    st.lists(
        st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(0, 5)).filter(lambda t: t[0] != t[1]),
        max_size=15,
    )
)
def test_team_ranks_are_a_ranking_by_points_and_games_add_up(raw: list[tuple[int, int, int]]) -> None:
    matches = [
        team(k + 1, team_people[h - 1], team_people[a - 1], w, 5 - w) for k, (h, a, w) in enumerate(raw)
    ]
    rows = rank_chain(team_people, matches, chain=TEAM_CHAIN)
    points = [r.mp for r in rows]
    assert points == sorted(points, reverse=True) and rows[0].rank == 1
    assert sum(r.games_won for r in rows) == sum(r.games_lost for r in rows) == 5 * len(matches)
    for above, below in pairwise(rows):
        if above.mp == below.mp and above.h2h == below.h2h and above.rank != below.rank:
            assert above.game_ratio > below.game_ratio
        if above.rank == below.rank:
            assert (above.mp, above.game_ratio) == (below.mp, below.game_ratio)


def test_a_chains_tie_key_is_what_the_lot_decides_and_its_across_key_compares_groups() -> None:
    """The lot is for rows equal on every step before it (the group stage asks this before recording one):
    甲 and 乙 split 3–2, 2–3 and both beat 丙 3–2: 7 points, 4 head-to-head, 8/7 games each."""
    matches = [team(1, A, B, 3, 2), team(2, B, A, 3, 2), team(3, A, C, 3, 2), team(4, B, C, 3, 2)]
    rows = rank_chain([A, B, C], matches, chain=TEAM_RANKING.with_lot().steps)
    assert TEAM_RANKING.tie_key(rows[0]) == TEAM_RANKING.tie_key(rows[1]) == (7.0, 4.0, pytest.approx(8 / 7))
    assert rows[0].lot_needed and rows[1].lot_needed and not rows[2].lot_needed
    assert TEAM_RANKING.across_key(rows[2]) == (2.0, pytest.approx(4 / 6))  # 丙 won 2 + 2, lost 3 + 3
    assert GROUP_RANKING.tie_key(rows[2]) == (
        2.0,
        None,
        0.0,
    )  # the win/draw/loss chain reads level difference
