"""The group stage of rules.md §7.4 (seeds 003, 004), as plain domain functions."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.formats.groups import (
    MAX_GROUP,
    MIN_GROUP,
    LotNeeded,
    default_knockout_size,
    group_names,
    group_schedule,
    make_groups,
    qualifiers,
)
from tournament_desk.domain.ranking import TEAM_RANKING, rank_chain, rank_group
from tournament_desk.domain.rules import MP_SCALE_WIN_DRAW_LOSS, RuleSet
from tournament_desk.domain.scoring import score_difference
from tournament_desk.domain.standings import MatchRecord, StandingEntrant
from tournament_desk.domain.team_match import TeamScore, team_outcome

WDL = RuleSet(mp_scale=MP_SCALE_WIN_DRAW_LOSS)


def test_groups_fill_by_draw_number_and_snake_by_seeding() -> None:
    assert make_groups(list(range(1, 33)), 4)[:2] == [[1, 2, 3, 4], [5, 6, 7, 8]]
    assert [len(g) for g in make_groups(list(range(1, 21)), 4)] == [4] * 5
    assert [len(g) for g in make_groups(list(range(1, 15)), 4)] == [3, 3, 4, 4]
    snake = make_groups(list(range(1, 13)), 4, snake=True)
    assert snake == [[1, 6, 7, 12], [2, 5, 8, 11], [3, 4, 9, 10]]
    with pytest.raises(BadInput):
        make_groups(list(range(1, 9)), 7)
    assert group_names(3) == ["A", "B", "C"]


def test_the_group_stage_is_a_round_robin_per_group_with_tables_numbered_group_by_group() -> None:
    groups = make_groups(list(range(1, 13)), 4)
    rounds = group_schedule(groups)
    assert len(rounds) == 3 and [len(r) for r in rounds] == [6, 6, 6]
    assert [(t.table, t.group) for t in rounds[0]] == [
        (1, "A"),
        (2, "A"),
        (3, "B"),
        (4, "B"),
        (5, "C"),
        (6, "C"),
    ]
    for members, name in zip(groups, "ABC", strict=True):
        met = Counter(frozenset((t.home, t.away)) for r in rounds for t in r if t.group == name)
        assert set(met) == {frozenset(p) for p in itertools.combinations(members, 2)} and set(
            met.values()
        ) == {1}


def test_default_knockout_sizes() -> None:
    assert [default_knockout_size(g) for g in (8, 3, 5, 1)] == [16, 8, 16, 2]


def group_rows(name: str, ids: list[int], wins: list[tuple[int, int, int]]) -> list:  # type: ignore[type-arg]
    people = [StandingEntrant(i, f"{name}{i}", None, i) for i in ids]
    matches = []
    for k, (home, away, diff) in enumerate(wins):
        o = score_difference(diff, WDL)
        matches.append(MatchRecord(k, home, away, o.home_mp, o.away_mp, o.home_vp, o.away_vp, diff))
    return rank_group(people, matches)


def groups_of_four(names: str = "ABCDE") -> dict[str, list]:  # type: ignore[type-arg]
    """Groups of four, each with a clear order; the thirds differ in level difference (group by group)."""
    rankings = {}
    for g, name in enumerate(names):
        a, b, c, d = (10 * g + i for i in range(1, 5))
        margin = g + 1  # group E's third beats its fourth by the most
        rankings[name] = group_rows(name, [a, b, c, d], [(a, b, 2), (a, c, 2), (a, d, 2), (b, c, 2), (b, d, 2),
                                                        (c, d, margin)])  # fmt: skip
    return rankings


def test_five_groups_give_fifteen_qualifiers_for_a_knockout_of_sixteen() -> None:
    """rules.md §7.4 with five groups (the default size 16): the 10 top-two and all five thirds (15): the top seed
    will get the one bye. The five winners are equal (9 points, +6): who rests is their recorded lot's."""
    with pytest.raises(LotNeeded, match="A1、B11、C21、D31、E41 are equal on their group place") as refused:
        qualifiers(groups_of_four(), 16)
    assert sorted(refused.value.tied) == [1, 11, 21, 31, 41] and refused.value.lot_group is None
    chosen = qualifiers(groups_of_four(), 16, third_lots={41: 1, 1: 2, 11: 3, 21: 4, 31: 5})
    assert chosen[0].entrant == 41 and [q.entrant for q in chosen[:5]] == [41, 1, 11, 21, 31]
    assert [q.place for q in chosen] == [1] * 5 + [2] * 5 + [3] * 5
    assert [q.seed for q in chosen] == list(range(1, 16))


def test_too_small_a_knockout_for_the_top_two_is_refused() -> None:
    with pytest.raises(BadInput, match="do not fit a knockout of 8"):
        qualifiers(groups_of_four(), 8)
    with pytest.raises(BadInput, match="power of two"):
        qualifiers(groups_of_four(), 12)


def test_the_best_thirds_by_level_difference() -> None:
    """Six groups: 12 top-two and the four best of six thirds. Every third has 3 points; its level difference
    is its margin over its fourth minus 4 (A 1 … F 6), so F, E, D and C go through."""
    chosen = qualifiers(groups_of_four("ABCDEF"), 16)
    assert [q.group for q in chosen if q.place == 3] == ["F", "E", "D", "C"]


def test_a_tie_in_a_group_needs_a_recorded_lot_before_the_knockout() -> None:
    rankings = {
        "A": group_rows("A", [1, 2, 3, 4], [(1, 2, 0), (3, 4, 2), (1, 3, 1), (2, 3, 1), (1, 4, 0), (2, 4, 0)])
    }
    with pytest.raises(LotNeeded, match="A1、A2"):
        qualifiers(rankings, 2)


def team_group(name: str, ids: list[int], third_won: int) -> list:  # type: ignore[type-arg]
    """A group of four team matches of five pairs with a clear order; its third beat its fourth ``third_won``–
    (5 − ``third_won``) and lost its other two 2–3."""
    a, b, c, d = ids
    people = [StandingEntrant(i, f"{name}{i}", None, i) for i in ids]
    results = [(a, b, 3), (a, c, 3), (a, d, 3), (b, c, 3), (b, d, 3), (c, d, third_won)]
    matches = []
    for k, (home, away, won) in enumerate(results):
        o = team_outcome(TeamScore(won, 5 - won))
        matches.append(MatchRecord(k, home, away, o.home_mp, o.away_mp, 0.0, 0.0, None, won, 5 - won))
    return rank_chain(people, matches, chain=TEAM_RANKING.with_lot().steps)


def test_team_match_thirds_compare_across_groups_by_points_then_game_ratio() -> None:
    """Three groups, a knockout of eight: six top-two and two of three thirds. Each third has 3 + 1 + 1 = 5
    points; its game ratio is (w + 2 + 2) ÷ ((5 − w) + 3 + 3): A's 5–0 (9/6) and C's 4–1 (8/7) go through, B's
    3–2 (7/8) does not. Equal on points and ratio, the thirds need a recorded lot."""
    across = TEAM_RANKING.across()
    rankings = {"A": team_group("A", [1, 2, 3, 4], 5), "B": team_group("B", [11, 12, 13, 14], 3),
                "C": team_group("C", [21, 22, 23, 24], 4)}  # fmt: skip
    chosen = qualifiers(rankings, 8, across=across)
    assert [(q.group, q.seed) for q in chosen if q.place == 3] == [("A", 7), ("C", 8)]
    rankings["C"] = team_group("C", [21, 22, 23, 24], 3)
    rankings["A"] = team_group("A", [1, 2, 3, 4], 3)
    with pytest.raises(LotNeeded, match="equal on points and game ratio"):
        qualifiers(rankings, 8, across=across)
    assert [
        q.group
        for q in qualifiers(rankings, 8, across=across, third_lots={3: 2, 13: 1, 23: 3})
        if q.place == 3
    ] == ["B", "A"]


@given(
    n=st.integers(min_value=MIN_GROUP, max_value=300),
    size=st.integers(min_value=MIN_GROUP, max_value=MAX_GROUP),
)
def test_any_field_of_three_or_more_makes_groups_of_three_to_six_that_differ_by_one_at_most(
    n: int, size: int
) -> None:
    groups = make_groups(list(range(n)), size)
    lengths = [len(g) for g in groups]
    assert sorted(x for g in groups for x in g) == list(range(n))
    assert all(MIN_GROUP <= length <= MAX_GROUP for length in lengths), lengths
    assert max(lengths) - min(lengths) <= 1
    assert lengths == sorted(lengths)  # the first groups get one fewer, the last ones one more


def test_twenty_in_threes_are_six_groups_and_in_sixes_four() -> None:
    assert [len(g) for g in make_groups(list(range(20)), 3)] == [3, 3, 3, 3, 4, 4]
    assert [len(g) for g in make_groups(list(range(20)), 6)] == [5, 5, 5, 5]
    with pytest.raises(BadInput, match="cannot make groups"):
        make_groups([1, 2], 3)
