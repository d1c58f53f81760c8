import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament_desk.domain.standings import Deduction, MatchRecord, StandingEntrant, standings

A, B, C, D, E = (
    StandingEntrant(i, n, draw_no=i) for i, n in enumerate(["甲队", "乙队", "丙队", "丁队", "戊队"], 1)
)


def m(rnd: int, home: int, away: int | None, hmp: float, amp: float, hvp: float, avp: float) -> MatchRecord:
    return MatchRecord(rnd, home, away, hmp, amp, hvp, avp)


def test_tiebreak_chain_mp_vp_opponents_and_shared_ranks() -> None:
    matches = [
        m(1, 1, 2, 3, 0, 13, 7),
        m(1, 3, 4, 2, 1, 11, 9),
        m(1, 5, None, 2.5, 0, 12, 0),
        m(2, 1, 3, 1.5, 1.5, 10, 10),
        m(2, 5, 2, 0.5, 2.5, 8, 12),
        m(2, 4, None, 2.5, 0, 12, 0),
    ]
    rows = standings([A, B, C, D, E], matches, [Deduction(2, 3, 0.5)])
    got = [(r.rank, r.entrant.name, r.mp, r.vp, r.opp_mp, r.played) for r in rows]
    # MP: 甲 4.5, 乙 2.5, 丙 3.5-0.5=3.0, 丁 3.5, 戊 3.0
    # opp: 甲 = 乙 2.5 + 丙 3.0 = 5.5; 丁 = 丙 3.0; 丙 = 丁 3.5 + 甲 4.5 = 8; 戊 = 乙 2.5; 乙 = 甲 4.5 + 戊 3 = 7.5
    assert got == [
        (1, "甲队", 4.5, 23, 5.5, 2),
        (2, "丁队", 3.5, 21, 3.0, 2),
        (3, "丙队", 3.0, 21, 8.0, 2),
        (4, "戊队", 3.0, 20, 2.5, 2),
        (5, "乙队", 2.5, 19, 7.5, 2),
    ]
    assert [r.separated_by for r in rows] == [None, "mp", "mp", "vp", "mp"]


def test_shared_rank_skips_and_lists_by_pinyin() -> None:
    matches = [m(1, 1, 2, 1.5, 1.5, 10, 10), m(1, 3, 4, 1.5, 1.5, 10, 10)]
    rows = standings([A, B, C, D], matches)
    assert [r.rank for r in rows] == [1, 1, 1, 1]
    # 丙 bing, 丁 ding, 甲 jia, 乙 yi
    assert [r.entrant.name for r in rows] == ["丙队", "丁队", "甲队", "乙队"]
    rows = standings([A, B, C, D], [m(1, 1, 2, 2, 1, 11, 9), m(1, 3, 4, 2, 1, 11, 9)])
    assert [r.rank for r in rows] == [1, 1, 3, 3]
    assert [r.separated_by for r in rows] == [None, None, "mp", None]


def test_after_round_ignores_later_rounds_and_deductions() -> None:
    matches = [m(1, 1, 2, 3, 0, 14, 6), m(2, 2, 1, 3, 0, 14, 6)]
    rows = standings([A, B], matches, [Deduction(2, 1, 1.0)], after_round=1)
    assert [(r.entrant.name, r.mp, r.played, r.deducted) for r in rows] == [
        ("甲队", 3, 1, 0),
        ("乙队", 0, 1, 0),
    ]


def test_bye_adds_nothing_to_opponents_score_and_forfeit_pairing_counts() -> None:
    matches = [m(1, 1, 2, 0, 2.5, 0, 12), m(1, 3, None, 2.5, 0, 12, 0)]
    rows = {r.entrant.name: r for r in standings([A, B, C], matches)}
    assert rows["甲队"].opp_mp == 2.5  # met 乙 through a forfeit
    assert rows["丙队"].opp_mp == 0


@st.composite
def events(draw: st.DrawFn) -> tuple[list[StandingEntrant], list[MatchRecord]]:
    n = draw(st.integers(2, 8))
    people = [StandingEntrant(i, f"队{i}", draw_no=i) for i in range(1, n + 1)]
    matches = []
    for rnd in range(1, draw(st.integers(1, 4)) + 1):
        order = draw(st.permutations(range(1, n + 1)))
        for h, a in zip(order[::2], order[1::2], strict=False):
            diff = draw(st.integers(-5, 5))
            w = 3.0 if abs(diff) >= 3 else {0: 1.5, 1: 2.0, 2: 2.5}[abs(diff)]
            hm, am = (w, 3 - w) if diff >= 0 else (3 - w, w)
            matches.append(m(rnd, h, a, hm, am, 10 + diff, 10 - diff))
    return people, matches


@pytest.mark.slow
@given(events())
def test_ranking_is_ordered_and_shared_ranks_are_exact_ties(event: tuple[list, list]) -> None:
    people, matches = event
    rows = standings(people, matches)
    assert sorted(r.entrant.id for r in rows) == [p.id for p in people]
    for pos, (a, b) in enumerate(itertools.pairwise(rows), start=2):
        ka, kb = (a.mp, a.vp, a.opp_mp), (b.mp, b.vp, b.opp_mp)
        assert ka >= kb
        assert (b.rank == a.rank) == (ka == kb)
        if ka != kb:
            assert b.rank == pos
    assert sum(r.mp for r in rows) == sum(x.home_mp + x.away_mp for x in matches)
