"""Round robin through ``tdesk`` (rules.md §7.3, §5.7, seed 000): the Berger schedule, the ranking chain with
head-to-head, rests, withdrawals, and the refusals of a fixed schedule.

Expected standings come from an oracle written here from docs/rules.md (VP total → head-to-head VP among the tied →
MP total), not from the program's own ranking code.
"""

from __future__ import annotations

import itertools
import random
from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import Tdesk
from tournament_desk.domain.rules import MP_SCALE_WIN_DRAW_LOSS
from tournament_desk.services.event import event_info, update_rules

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)

LEVELS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
VALUE = {name: i for i, name in enumerate(LEVELS, start=2)}

# FIDE Berger table for 6 players (Handbook C.05 Annex 1), by draw number: (home, away) in table order.
FIDE_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]


def new_event(tdesk: Tdesk, path: Path, names: list[str], *extra: str) -> None:
    assert tdesk("new", path, "--name", "循环赛", "--format", "round-robin", *extra).code == 0
    for name in names:
        assert tdesk("entrant", "add", path, name).code == 0
    assert tdesk("draw", path, "--order", ",".join(names)).code == 0


def vp_mp(home: int, away: int) -> tuple[float, float, float, float]:
    """rules.md §5.1, §5.2: home VP, away VP, home MP, away MP."""
    n = min(abs(home - away), 10)
    win, lose = 10 + n, 10 - n
    mp = {0: (1.5, 1.5), 1: (2.0, 1.0), 2: (2.5, 0.5)}.get(abs(home - away), (3.0, 0.0))
    if home >= away:
        return win, lose, mp[0], mp[1]
    return lose, win, mp[1], mp[0]


def oracle(names: list[str], results: list[tuple[str, str, int, int]]) -> list[tuple[int, str]]:
    """Ranks by rules.md §7.3: VP total → head-to-head VP among those tied on VP → MP total → shared."""
    vp: dict[str, float] = defaultdict(float)
    mp: dict[str, float] = defaultdict(float)
    for home, away, hl, al in results:
        hv, av, hm, am = vp_mp(hl, al)
        vp[home] += hv
        vp[away] += av
        mp[home] += hm
        mp[away] += am
    h2h: dict[str, float] = {}
    for total in {vp[n] for n in names}:
        tied = {n for n in names if vp[n] == total}
        for n in tied:
            h2h[n] = 0.0
        if len(tied) > 1:
            for home, away, hl, al in results:
                if home in tied and away in tied:
                    hv, av, _, _ = vp_mp(hl, al)
                    h2h[home] += hv
                    h2h[away] += av
    key = {n: (vp[n], h2h[n], mp[n]) for n in names}
    ordered = sorted(names, key=lambda n: tuple(-x for x in key[n]))
    ranks = []
    for i, n in enumerate(ordered):
        rank = ranks[-1][0] if i and key[n] == key[ordered[i - 1]] else i + 1
        ranks.append((rank, n))
    return ranks


def play_round(tdesk: Tdesk, path: Path, rng: random.Random) -> tuple[int, list[tuple[str, str, int, int]]]:
    run = tdesk("pair", path, "--json")
    assert run.code == 0, run.err
    pairing = run.json()
    played = []
    for t in pairing["tables"]:
        home, away = rng.choice(LEVELS), rng.choice(LEVELS)
        assert tdesk("result", path, pairing["round"], t["table"], home, away).code == 0
        played.append((t["home"], t["away"], VALUE[home], VALUE[away]))
    return pairing["round"], played


def two_rounds_played(tdesk: Tdesk, path: Path, names: list[str], seed: int) -> None:
    """A round robin of these entrants with its first two rounds paired and played at random levels."""
    new_event(tdesk, path, names)
    rng = random.Random(seed)
    for _ in range(2):
        play_round(tdesk, path, rng)


@pytest.mark.slow
def test_six_entrants_follow_the_fide_table_and_rank_as_the_spec_says(tdesk: Tdesk, tmp_path: Path) -> None:
    names = ["甲", "乙", "丙", "丁", "戊", "己"]
    path = tmp_path / "rr6.tdesk"
    new_event(tdesk, path, names)
    rng = random.Random(6)
    results: list[tuple[str, str, int, int]] = []
    for k in range(1, 6):
        number, played = play_round(tdesk, path, rng)
        assert number == k
        assert [(names.index(h) + 1, names.index(a) + 1) for h, a, _, _ in played] == FIDE_6[k - 1]
        results += played
    met = [frozenset((h, a)) for h, a, _, _ in results]
    assert sorted(met, key=sorted) == sorted(
        (frozenset(p) for p in itertools.combinations(names, 2)), key=sorted
    )
    standings = tdesk("standings", path, "--json").json()
    assert standings["format"] == "round-robin" and standings["columns"] == ["vp", "h2h", "mp"]
    assert [(r["rank"], r["name"]) for r in standings["rows"]] == oracle(names, results)
    assert all(r["opp_mp"] is None for r in standings["rows"])
    before = tdesk.fingerprint(path)
    last = tdesk("pair", path)
    assert last.code == 2 and "All 5 rounds" in last.err
    assert tdesk.fingerprint(path) == before


@pytest.mark.slow
def test_nine_entrants_each_rest_once_and_the_rest_scores_nothing(tdesk: Tdesk, tmp_path: Path) -> None:
    names = [f"队{i}" for i in range(1, 10)]
    path = tmp_path / "rr9.tdesk"
    new_event(tdesk, path, names)
    rng = random.Random(9)
    results: list[tuple[str, str, int, int]] = []
    rested: list[str] = []
    for _ in range(9):
        number, played = play_round(tdesk, path, rng)
        shown = tdesk("round", path, number, "--json").json()
        assert shown["bye_state"] == "rest" and len(shown["tables"]) == 4
        assert all(t["state"] == "played" for t in shown["tables"])
        rested.append(shown["bye"])
        results += played
    assert sorted(rested) == sorted(names)  # every entrant rests exactly once
    assert len({frozenset((h, a)) for h, a, _, _ in results}) == 36
    standings = tdesk("standings", path, "--json").json()
    assert all(r["played"] == 8 for r in standings["rows"])  # a rest is not a result
    assert [(r["rank"], r["name"]) for r in standings["rows"]] == oracle(names, results)


@pytest.mark.slow
def test_head_to_head_separates_two_and_three_tied_entrants(tdesk: Tdesk, tmp_path: Path) -> None:
    """Worked by hand. Four entrants, Berger order 甲 乙 丙 丁 (rounds: 1-4 2-3 | 4-3 1-2 | 2-4 3-1).

    Round 1: 甲 K v 丁 10 (13:7), 乙 9 v 丙 9 (10:10).  Round 2: 丁 10 v 丙 Q (8:12), 甲 8 v 乙 J (7:13).
    Round 3: 乙 8 v 丁 J (7:13), 丙 10 v 甲 10 (10:10).
    VP: 甲 13+7+10 = 30, 乙 10+13+7 = 30, 丙 10+12+10 = 32, 丁 7+8+13 = 28.
    丙 first on VP; 甲 and 乙 tie on 30: head-to-head 乙 beat 甲 13:7, so 乙 2nd, 甲 3rd; 丁 4th.
    """
    names = ["甲", "乙", "丙", "丁"]
    path = tmp_path / "h2h.tdesk"
    new_event(tdesk, path, names)
    scores = {1: [("K", "10"), ("9", "9")], 2: [("10", "Q"), ("8", "J")], 3: [("8", "J"), ("10", "10")]}
    for round_no, levels in scores.items():
        assert tdesk("pair", path).code == 0
        for table, (home, away) in enumerate(levels, start=1):
            assert tdesk("result", path, round_no, table, home, away).code == 0
    rows = tdesk("standings", path, "--json").json()["rows"]
    assert [(r["rank"], r["name"], r["vp"], r["h2h"]) for r in rows] == [
        (1, "丙", 32, None),
        (2, "乙", 30, 13.0),
        (3, "甲", 30, 7.0),
        (4, "丁", 28, None),
    ]
    assert rows[2]["separated_by"] == "h2h_vp"


@pytest.mark.slow
def test_a_circular_three_way_tie_falls_to_match_points(tdesk: Tdesk, tmp_path: Path) -> None:
    """Worked by hand. 甲 乙 丙 (odd: the dummy 4 makes one rest each round): rounds 1-4 2-3 | 4-3 1-2 | 2-4 3-1.

    Circular, every home side two levels up (Q v 10 → 12:8, 2.5:0.5 MP): 乙 beats 丙, 甲 beats 乙, 丙 beats 甲.
    Every entrant has 20 VP; head-to-head among the three is all their matches, 20 each; MP 2.5 + 0.5 = 3
    each: all three share first place. A correction (甲 beats 乙 by 3, 13:7) gives 甲 21, 丙 20, 乙 19.
    """
    names = ["甲", "乙", "丙"]
    path = tmp_path / "circle.tdesk"
    new_event(tdesk, path, names)
    tdesk("pair", path)
    assert tdesk("result", path, 1, 1, "Q", "10").code == 0  # 乙 v 丙
    tdesk("pair", path)
    assert tdesk("result", path, 2, 1, "Q", "10").code == 0  # 甲 v 乙
    tdesk("pair", path)
    assert tdesk("result", path, 3, 1, "Q", "10").code == 0  # 丙 v 甲
    rows = tdesk("standings", path, "--json").json()["rows"]
    assert {(r["rank"], r["vp"], r["h2h"], r["mp"]) for r in rows} == {(1, 20, 20.0, 3.0)}
    assert tdesk("result", path, 2, 1, "K", "10", "--correct", "--reason", "记分表看错").code == 0
    rows = tdesk("standings", path, "--json").json()["rows"]
    assert [(r["rank"], r["name"]) for r in rows] == [(1, "甲"), (2, "丙"), (3, "乙")]


@pytest.mark.slow
def test_win_draw_loss_ranks_by_points_then_head_to_head_then_level_difference(
    tdesk: Tdesk, tmp_path: Path
) -> None:
    """Worked by hand, scored 3/1/0. 甲 乙 丙 丁: rounds 1-4 2-3 | 4-3 1-2 | 2-4 3-1.

    R1: 甲 K v 丁 10 (甲 win, +3), 乙 9 v 丙 9 (draw). R2: 丁 10 v 丙 Q (丙 win, +2), 甲 8 v 乙 J (乙 win, +3).
    R3: 乙 8 v 丁 J (丁 win, +3), 丙 10 v 甲 10 (draw).
    Points: 甲 3+0+1 = 4, 乙 1+3+0 = 4, 丙 1+3+1 = 5, 丁 0+0+3 = 3. 甲 and 乙 tie on 4: 乙 beat 甲 → 乙 above.
    """
    names = ["甲", "乙", "丙", "丁"]
    path = tmp_path / "wdl.tdesk"
    new_event(tdesk, path, names)
    with tdesk.open(path) as desk:
        rules = event_info(desk).rules
        update_rules(desk, replace(rules, mp_scale=MP_SCALE_WIN_DRAW_LOSS), reason="seed 003")
    scores = {1: [("K", "10"), ("9", "9")], 2: [("10", "Q"), ("8", "J")], 3: [("8", "J"), ("10", "10")]}
    for round_no, levels in scores.items():
        assert tdesk("pair", path).code == 0
        for table, (home, away) in enumerate(levels, start=1):
            assert tdesk("result", path, round_no, table, home, away).code == 0
    result = tdesk("standings", path, "--json").json()
    assert result["columns"] == ["points", "h2h", "level_diff"]
    assert [(r["rank"], r["name"], r["mp"], r["h2h"], r["level_diff"]) for r in result["rows"]] == [
        (1, "丙", 5.0, None, 2),
        (2, "乙", 4.0, 3.0, 0),
        (3, "甲", 4.0, 0.0, 0),
        (4, "丁", 3.0, None, -2),
    ]


def standings_rows(tdesk: Tdesk, path: Path) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = tdesk("standings", path, "--json").json()["rows"]
    return rows


@pytest.mark.slow
@pytest.mark.verifies_audit_chain
def test_withdrawal_before_half_annuls_every_result_and_lists_it_last(tdesk: Tdesk, tmp_path: Path) -> None:
    """Six entrants (5 matches each): 甲 withdraws after round 2 having met 2 of 5 (< half) → annulled."""
    names = ["甲", "乙", "丙", "丁", "戊", "己"]
    path = tmp_path / "annul.tdesk"
    two_rounds_played(tdesk, path, names, 1)
    assert tdesk("entrant", "withdraw", path, "甲", "--after-round", 2, "--reason", "退赛").code == 0
    rows = standings_rows(tdesk, path)
    assert rows[-1]["name"] == "甲" and rows[-1]["withdrawn"] and rows[-1]["vp"] == 0
    assert all(r["played"] == 1 for r in rows[:-1] if r["name"] in ("己", "乙"))  # their 甲 match is gone
    for round_no in (1, 2):
        tables = tdesk("round", path, round_no, "--json").json()["tables"]
        for t in tables:
            assert (t["state"] == "annulled") == ("甲" in (t["home"], t["away"]))
    third = tdesk("pair", path, "--json").json()  # round 3: 甲 (Berger 1) meets 丙 (3): 丙 rests
    later = tdesk("round", path, 3, "--json").json()["tables"]
    assert [t["state"] for t in later if "甲" in (t["home"], t["away"])] == ["annulled"]
    assert len(third["tables"]) == 3


@pytest.mark.slow
@pytest.mark.verifies_audit_chain
def test_withdrawal_after_half_keeps_results_and_awards_each_later_opponent(
    tdesk: Tdesk, tmp_path: Path
) -> None:
    """Five entrants (4 matches each): 乙 withdraws after round 2 having met 2 of 4 (half) → results stand,
    each later opponent gets the withdrawal award (12 VP, 2.5 MP by rules.md §5.5 / §5.7)."""
    names = ["甲", "乙", "丙", "丁", "戊"]
    path = tmp_path / "half.tdesk"
    two_rounds_played(tdesk, path, names, 2)
    before = {r["name"]: r["vp"] for r in standings_rows(tdesk, path)}
    assert tdesk("entrant", "withdraw", path, "乙").code == 0
    assert {r["name"]: r["vp"] for r in standings_rows(tdesk, path)} == before
    awarded = []
    for round_no in (3, 4, 5):
        pairing = tdesk("pair", path, "--json").json()
        for t in tdesk("round", path, round_no, "--json").json()["tables"]:
            if "乙" in (t["home"], t["away"]):
                mine = "home" if t["home"] == "乙" else "away"
                other = "away" if mine == "home" else "home"
                assert t["state"] == "forfeit" and t["side"] == mine
                assert (t[f"{mine}_vp"], t[f"{mine}_mp"], t[f"{other}_vp"], t[f"{other}_mp"]) == (
                    0,
                    0,
                    12,
                    2.5,
                )
                awarded.append(t[other])
            else:
                assert tdesk("result", path, round_no, t["table"], "9", "8").code == 0
        assert pairing["round"] == round_no
    assert len(awarded) == 2  # 乙 rests in one of the last three rounds


@pytest.mark.slow
def test_a_fixed_schedule_cannot_be_adjusted_nor_joined(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "fixed.tdesk"
    new_event(tdesk, path, ["甲", "乙", "丙", "丁"])
    assert tdesk("pair", path).code == 0
    before = tdesk.fingerprint(path)
    late = tdesk("entrant", "add", path, "戊")
    assert late.code == 2 and "schedule was fixed" in late.err
    assert tdesk.fingerprint(path) == before


@pytest.mark.slow
@pytest.mark.parametrize("count", [4, 7])
def test_double_round_robin_meets_every_pair_twice_with_sides_swapped(
    tdesk: Tdesk, tmp_path: Path, count: int
) -> None:
    names = [f"T{i}" for i in range(1, count + 1)]
    path = tmp_path / "double.tdesk"
    new_event(tdesk, path, names, "--double")
    rng = random.Random(count)
    seats: list[tuple[str, str]] = []
    rounds = 2 * (count - 1 + count % 2)
    for _ in range(rounds):
        _, played = play_round(tdesk, path, rng)
        seats += [(h, a) for h, a, _, _ in played]
    assert sorted(seats) == sorted(itertools.permutations(names, 2))
    assert tdesk("pair", path).code == 2
