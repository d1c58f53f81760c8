"""Knockout rounds into a round-robin final (rules.md §7.7; seed 004, 喜羊羊杯) as plain domain objects: the knockout
played until K remain, who go on in bracket order; the final is the Berger round robin (§7.3) of those K, and its
ranking places 1 to K before the entrants knocked out, by the round they lost in.

Expected pairings are the FIDE Berger tables (tests/domain/formats/fide_berger_tables.txt) mapped onto the
finalists, and the expected ranking is worked out by hand here.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.domain.formats.test_berger import published
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats import format_named
from tournament_desk.domain.formats.base import Advancing
from tournament_desk.domain.formats.final_stage import RoundRobinFinal
from tournament_desk.domain.formats.knockout import drawn_lines, seeding_order
from tournament_desk.domain.formats.knockout_stage import KnockoutToFinal
from tournament_desk.domain.levels import parse_level
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import score_levels
from tournament_desk.domain.standings import MatchRecord, StandingEntrant

RULES = RuleSet()


def event(count: int, finalists: int) -> EventData:
    """``count`` entrants drawn 1…count (entrant id = draw number), no round played."""
    people = [StandingEntrant(i, f"队{i:02d}", None, i) for i in range(1, count + 1)]
    settings = KnockoutToFinal().check_settings({"finalists": finalists}, "teams")
    return EventData(people, {i: None for i in range(1, count + 1)}, {i: None for i in range(1, count + 1)},
                     [], [], [], set(), settings=settings)  # fmt: skip


def play_knockout(data: EventData, rng: random.Random | None = None) -> tuple[EventData, dict[int, int]]:
    """Every knockout round until K remain (the lower draw number wins, or a random side with ``rng``);
    returns the data and the round each loser went out in."""
    fmt = KnockoutToFinal()
    data = fmt.drawn(data)
    lost: dict[int, int] = {}
    for k in range(1, fmt.rounds_to_play(int(data.settings["size"]), data.settings) + 1):
        planned = fmt.plan_round(data, k, RULES)
        for t in planned.tables:
            winner = rng.choice([t.home, t.away]) if rng else min(t.home, t.away)
            home_mp = 3.0 if winner == t.home else 0.0
            data.matches.append(MatchRecord(k, t.home, t.away, home_mp, 3.0 - home_mp, 10, 10, 0))
            lost[t.away if winner == t.home else t.home] = k
    return data, lost


def start_final(data: EventData) -> EventData:
    paired = max((m.round for m in data.matches), default=0)
    assert KnockoutToFinal().stage_over(data, paired)
    advancing = KnockoutToFinal().advancing(data, RULES)
    settings = RoundRobinFinal().starts_from(advancing, paired + 1)
    return EventData(data.entrants, data.units, data.withdrawn_after, list(data.matches), [], [], set(),
                     settings=settings)  # fmt: skip


def test_the_formats_are_named_and_the_final_cannot_be_created_alone() -> None:
    assert isinstance(format_named("knockout-round-robin"), KnockoutToFinal)
    assert isinstance(format_named("round-robin-final"), RoundRobinFinal)
    assert not RoundRobinFinal.creatable and RoundRobinFinal.stage_label == "final"
    chain = KnockoutToFinal().chain({"finalists": 8})
    assert [(p.format, p.advance.rule, p.advance.count) for p in chain] == [
        ("knockout-round-robin", "last", 8),
        ("round-robin-final", "everyone", None),
    ]


@pytest.mark.parametrize("finalists", [2, 3, 5, 16])
def test_a_final_of_other_than_4_or_8_is_refused(finalists: int) -> None:
    with pytest.raises(BadInput, match=f"4 or 8 entrants, not {finalists}"):
        KnockoutToFinal().check_settings({"finalists": finalists}, "teams")
    assert KnockoutToFinal().check_settings({}, "teams")["finalists"] == 4


def test_the_knockout_needs_more_entrants_than_the_final_holds() -> None:
    with pytest.raises(BadInput):
        KnockoutToFinal().plan_round(event(4, 4), 1, RULES)
    assert KnockoutToFinal().planned_rounds(4, {"finalists": 4}) is None
    # 20 entrants: a bracket of 32, three knockout rounds leave 4, then three rounds of the final.
    assert KnockoutToFinal().planned_rounds(20, {"finalists": 4}) == 3 + 3
    assert KnockoutToFinal().planned_rounds(20, {"finalists": 8}) == 2 + 7


def test_twenty_entrants_go_to_a_final_of_four_in_bracket_order() -> None:
    data, lost = play_knockout(event(20, 4))
    # The bracket of 32 top to bottom: the four quarters are led by draw numbers 1, 4, 2 and 3.
    advancing = KnockoutToFinal().advancing(data, RULES)
    assert advancing.entrants == (1, 4, 2, 3)
    placed = {e: (best, text) for e, best, text in advancing.placed}
    assert sorted(placed) == list(range(5, 21))
    assert {placed[e] for e in range(5, 9)} == {(5, "5–8")}
    assert {placed[e] for e in range(9, 17)} == {(9, "9–16")}
    assert {placed[e] for e in range(17, 21)} == {(17, "17–20")}
    assert {e: k for e, k in lost.items()} == {**{e: 1 for e in range(17, 21)}, **{e: 2 for e in range(9, 17)},
                                               **{e: 3 for e in range(5, 9)}}  # fmt: skip
    final = start_final(data)
    assert final.settings["members"] == [1, 4, 2, 3] and final.settings["first_round"] == 4
    fide = published()[4]
    rounds = [RoundRobinFinal().plan_round(final, 3 + k, RULES).tables for k in (1, 2, 3)]
    members = final.settings["members"]
    for tables, expected in zip(rounds, fide, strict=True):
        assert [(t.table, t.home, t.away) for t in tables] == [
            (j, members[h - 1], members[a - 1]) for j, (h, a) in enumerate(expected, start=1)
        ]
    assert [p.tables for p in RoundRobinFinal().schedule(final)] == rounds
    with pytest.raises(BadInput):
        RoundRobinFinal().plan_round(final, 7, RULES)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.sampled_from([4, 8]), st.integers(0, 40), st.integers(0, 2**32))
def test_the_final_is_the_berger_round_robin_of_whoever_is_left(
    finalists: int, extra: int, seed: int
) -> None:
    count = finalists + 1 + extra
    rng = random.Random(seed)
    data, lost = play_knockout(event(count, finalists), rng)
    final = start_final(data)
    members = final.settings["members"]
    assert sorted(members + sorted(lost)) == list(range(1, count + 1))
    # In bracket order: the winner of each block of the bracket, top to bottom.
    size, lines = drawn_lines(list(range(1, count + 1)))
    block = size // finalists
    for i, member in enumerate(members):
        assert member in lines[i * block : (i + 1) * block]
    shift = final.settings["first_round"] - 1
    fide = published()[finalists]
    for k, expected in enumerate(fide, start=1):
        tables = RoundRobinFinal().plan_round(final, shift + k, RULES).tables
        assert [(t.home, t.away) for t in tables] == [(members[h - 1], members[a - 1]) for h, a in expected]
    # The others keep the place of the round they lost in, shared within the round.
    total = size.bit_length() - 1
    for e, best, text in final.settings["placed"]:
        k = lost[e]
        low, high = 2 ** (total - k) + 1, min(2 ** (total - k + 1), count)
        assert (best, text) == (low, str(low) if low == high else f"{low}–{high}")


def levels_match(round_no: int, home: int, away: int, levels: str) -> MatchRecord:
    h, a = (parse_level(x) for x in levels.split(":"))
    o = score_levels(h, a, RULES)
    return MatchRecord(round_no, home, away, o.home_mp, o.away_mp, o.home_vp, o.away_vp, h - a)


@pytest.mark.slow
def test_the_final_ranks_one_to_four_then_the_knocked_out_by_round() -> None:
    data, _ = play_knockout(event(20, 4))
    final = start_final(data)  # members 1, 4, 2, 3 (Berger numbers 1–4), rounds 4–6
    # Before the final has a result, its four share the places it decides.
    waiting = RoundRobinFinal().rank(final, RULES).rows
    assert [(r.rank, r.entrant.id, r.placing) for r in waiting[:4]] == [(1, e, "1–4") for e in (1, 2, 3, 4)]
    assert [(r.rank, r.placing) for r in waiting[4:5]] == [(5, "5–8")]
    # Berger of four: R1 1–4 2–3 · R2 4–3 1–2 · R3 2–4 3–1, i.e. 1–3 4–2 · 3–2 1–4 · 4–3 2–1.
    final.matches += [
        levels_match(4, 1, 3, "9:5"),  # 14 : 6
        levels_match(4, 4, 2, "7:7"),  # 10 : 10
        levels_match(5, 3, 2, "9:5"),  # 14 : 6
        levels_match(5, 1, 4, "7:8"),  # 9 : 11
        levels_match(6, 4, 3, "10:5"),  # 15 : 5
        levels_match(6, 2, 1, "7:9"),  # 8 : 12
    ]
    # VP: 队04 10 + 11 + 15 = 36, 队01 14 + 9 + 12 = 35, 队03 6 + 14 + 5 = 25, 队02 10 + 6 + 8 = 24.
    ranking = RoundRobinFinal().rank(final, RULES)
    rows = [(r.rank, r.entrant.id, r.placing, r.vp, r.qualified) for r in ranking.rows]
    assert rows[:4] == [(1, 4, "1", 36, True), (2, 1, "2", 35, True), (3, 3, "3", 25, True),
                        (4, 2, "4", 24, True)]  # fmt: skip
    assert [(r[0], r[1], r[2]) for r in rows[4:]] == [
        *[(5, e, "5–8") for e in range(5, 9)],
        *[(9, e, "9–16") for e in range(9, 17)],
        *[(17, e, "17–20") for e in range(17, 21)],
    ]
    assert ranking.columns[0] == "placing"
    # ``played`` counts every round with a result (rules.md §9), the knockout's as well as the final's: 1–4 had a
    # bye in round 1, 5–12 too, 13–20 played round 1.
    played = {r.entrant.id: r.played for r in ranking.rows}
    assert played == {**{e: 5 for e in (1, 2, 3, 4)}, **{e: 2 for e in range(5, 9)},
                      **{e: 1 for e in range(9, 13)}, **{e: 2 for e in range(13, 17)},
                      **{e: 1 for e in range(17, 21)}}  # fmt: skip
    # Before the final's last round the table is the round robin's so far.
    early = RoundRobinFinal().rank(final, RULES, after_round=4)
    assert [(r.entrant.id, r.vp, r.placing) for r in early.rows[:4]] == [(1, 14, "1"), (2, 10, "2"),
                                                                         (4, 10, "2"), (3, 6, "4")]  # fmt: skip
    # Asked as of the knockout's last round: the finalists share 1–4 as the knockout left them.
    knockout_end = RoundRobinFinal().rank(final, RULES, after_round=3)
    assert {r.placing for r in knockout_end.rows[:4]} == {"1–4"}
    assert {r.entrant.id: r.played for r in knockout_end.rows}[1] == 2


def test_equal_vp_in_the_final_goes_to_the_head_to_head() -> None:
    data, _ = play_knockout(event(6, 4))  # a bracket of 8: 1, 4, 2, 3 in the final after one round
    final = start_final(data)
    assert final.settings["members"] == [1, 4, 2, 3] and final.settings["first_round"] == 2
    final.matches += [
        levels_match(2, 1, 3, "9:7"),  # 12 : 8
        levels_match(2, 4, 2, "7:9"),  # 8 : 12
        levels_match(3, 3, 2, "8:8"),  # 10 : 10
        levels_match(3, 1, 4, "8:8"),  # 10 : 10
        levels_match(4, 4, 3, "9:8"),  # 11 : 9
        levels_match(4, 2, 1, "9:8"),  # 11 : 9
    ]
    # VP: 队01 12 + 10 + 9 = 31, 队02 12 + 10 + 11 = 33, 队04 8 + 10 + 11 = 29, 队03 8 + 10 + 9 = 27.
    rows = RoundRobinFinal().rank(final, RULES).rows
    assert [(r.entrant.id, r.placing) for r in rows[:4]] == [(2, "1"), (1, "2"), (4, "3"), (3, "4")]
    assert [(r.entrant.id, r.placing) for r in rows[4:]] == [(5, "5–6"), (6, "5–6")]


def test_the_final_starts_from_who_advances() -> None:
    settings = RoundRobinFinal().starts_from(Advancing((7, 3, 9, 1), ((5, 5, "5–8"),)), 4)
    assert settings == {"members": [7, 3, 9, 1], "first_round": 4, "placed": [[5, 5, "5–8"]], "double": False}
    assert RoundRobinFinal().planned_rounds(0, settings) == 3
    assert seeding_order(4) == [1, 4, 2, 3]  # the final of a bracket of four: 1 v 4 and 2 v 3 of the draw
