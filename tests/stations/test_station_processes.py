"""Scoring stations as real processes on one PostgreSQL server (issue 18; tests/stations/station.py runs them).

The protocol of every station: look at a table (its window), then enter the result based on that look
(``expected=``). Stations that looked at a table before any of them wrote it collide there: the first to write
wins, every other is refused with a sentence naming the winning station. A collision never ends in a silent
overwrite, and an entry of the same levels is refused too (the loser is told, rather than guessing that the
same levels mean the same scoresheet): so collisions planned == refusals reported, exactly.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk
from tests.postgres import Cluster
from tests.stations.station import Step, run_stations
from tournament_desk.services.audit import audit_trail, verify_trail
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.results.levels import record_result, table_state
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.transfer import move

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)

LEVELS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def event(postgres: Cluster, entrants: int) -> str:
    """A demo event on a fresh database, round 1 paired: its URL."""
    url = postgres.fresh_url()
    with create_demo(
        None, url=url, entrants=entrants, units=entrants // 4, played=0, seed=18, rounds=3
    ) as desk:
        pair_next_round(desk)
    return url


def levels_of(url: str, round_no: int, table: int) -> tuple[object, object]:
    with Desk.open(url=url) as desk:
        state = table_state(desk, round_no, table)
    return state["home_level"], state["away_level"]


def test_two_stations_correcting_one_table_at_once_one_wins_the_other_is_told(postgres: Cluster) -> None:
    url = event(postgres, 12)
    with Desk.open(url=url, station="主裁台") as desk:
        record_result(desk, 1, 1, "9", "6")
    fix = {"A站": ("10", "6"), "B站": ("9", "7")}
    scripts: dict[str, list[Step]] = {s: [("read", 1, 1), ("wait",), ("write", 1, 1, *fix[s])] for s in fix}
    reports = run_stations(url, scripts)
    outcomes = {name: (what, sentence) for name, _, what, sentence in reports}
    (winner,) = [s for s, (what, _) in outcomes.items() if what == "stored"]
    (loser,) = [s for s, (what, _) in outcomes.items() if what == "refused"]
    sentence = outcomes[loser][1]
    assert f"station {winner}" in sentence and "table 1" in sentence and "Nothing was changed" in sentence
    assert levels_of(url, 1, 1) == fix[winner]
    with Desk.open(url=url) as desk:
        corrections = [a for a in audit_trail(desk, round_no=1, table_no=1) if a.action == "result"]
    assert [a.station for a in corrections] == ["主裁台", winner]


def test_undo_after_another_stations_correction_is_refused_in_processes(postgres: Cluster) -> None:
    url = event(postgres, 12)
    scripts: dict[str, list[Step]] = {
        # A enters table 2, then (after B corrected it) presses undo; table 3 nobody else touched.
        "A站": [
            ("read", 1, 2),
            ("write", 1, 2, "Q", "9"),
            ("read", 1, 3),
            ("write", 1, 3, "A", "2"),
            ("wait",),
            ("wait",),
            ("undo", 1, 2),
            ("undo", 1, 3),
        ],
        "B站": [("wait",), ("read", 1, 2), ("write", 1, 2, "Q", "J"), ("wait",)],
    }
    reports = run_stations(url, scripts)
    undo = {step[2]: (what, sentence) for name, step, what, sentence in reports if step[0] == "undo"}
    assert undo[2][0] == "refused" and "station B站" in undo[2][1] and "table 2" in undo[2][1]
    assert undo[3] == ("stored", "")
    assert levels_of(url, 1, 2) == ("Q", "J")  # B's correction is not wiped
    assert levels_of(url, 1, 3) == (None, None)  # A's own entry is undone


def test_four_stations_enter_two_hundred_results_each_and_nothing_is_lost(postgres: Cluster) -> None:
    url = event(postgres, 160)  # 80 tables: 20 for each station, each entered (and corrected) 10 times
    rng = random.Random(4)
    last: dict[int, tuple[str, str]] = {}
    scripts: dict[str, list[Step]] = {}
    for s, name in enumerate(["A站", "B站", "C站", "D站"]):
        steps: list[Step] = [("wait",)]
        for _ in range(10):
            for table in range(20 * s + 1, 20 * s + 21):
                last[table] = (rng.choice(LEVELS), rng.choice(LEVELS))
                steps += [("read", 1, table), ("write", 1, table, *last[table])]
        scripts[name] = steps
    reports = run_stations(url, scripts, seconds=600)
    assert Counter((name, what) for name, _, what, _ in reports) == {
        (name, "stored"): 200 for name in scripts
    }
    with Desk.open(url=url) as desk:
        entries = [a for a in audit_trail(desk) if a.action == "result"]
        assert Counter(a.station for a in entries) == {name: 200 for name in scripts}
        check = verify_trail(desk)
        assert check.broken_at is None and check.entries == len(audit_trail(desk))
        assert {t: (table_state(desk, 1, t)["home_level"], table_state(desk, 1, t)["away_level"])
                for t in last} == last  # fmt: skip


def test_three_stations_enter_a_sixty_table_round_with_collisions(
    postgres: Cluster, tmp_path: Path, tdesk: Tdesk
) -> None:
    """The issue's "done when": every result stored exactly once, every collision reported to the losing
    station, and the standings those of the same results entered at one desk (a SQLite file)."""
    url = event(postgres, 120)
    one_desk = tmp_path / "one-desk.tdesk"
    move(source_url=url, target_path=one_desk)  # the same event, paired the same, before any result
    names = ["A站", "B站", "C站"]
    enters: dict[int, list[int]] = {t: [(t - 1) // 20] for t in range(1, 61)}  # 20 tables per station
    for t in range(6, 61, 6):
        enters[t].append((enters[t][0] + 1) % 3)  # 10 tables also typed by the next station
    for t in (7, 29, 53):
        enters[t] = [0, 1, 2]  # 3 tables typed at all three
    planned = sum(len(s) - 1 for s in enters.values())
    typed = {
        (s, t): (LEVELS[(t + 4 * s) % 13], LEVELS[(2 * t + s) % 13]) for t, ss in enters.items() for s in ss
    }
    scripts: dict[str, list[Step]] = {}
    rng = random.Random(60)
    for s, name in enumerate(names):
        mine = [t for t in enters if s in enters[t]]
        rng.shuffle(mine)  # each desk works through its pile in its own order
        scripts[name] = [
            *(("read", 1, t) for t in mine),
            ("wait",),
            *(("write", 1, t, *typed[s, t]) for t in mine),
        ]
    reports = run_stations(url, scripts)

    stored = {step[2]: name for name, step, what, _ in reports if what == "stored"}
    assert Counter(step[2] for _, step, what, _ in reports if what == "stored") == Counter(range(1, 61))
    refusals = [(name, step[2], sentence) for name, step, what, sentence in reports if what == "refused"]
    assert len(refusals) == planned == 16  # 10 tables typed twice, 3 thrice
    for name, table, sentence in refusals:
        assert (
            name != stored[table] and f"table {table} " in sentence and f"station {stored[table]}" in sentence
        )
    assert Counter(t for _, t, _ in refusals) == Counter(
        {t: len(s) - 1 for t, s in enters.items() if len(s) > 1}
    )
    kept = {t: typed[names.index(stored[t]), t] for t in range(1, 61)}
    with Desk.open(url=url) as desk:
        entries = [a for a in audit_trail(desk) if a.action == "result"]
        assert sorted((a.table, a.station) for a in entries) == sorted(stored.items())
        assert verify_trail(desk).broken_at is None
        assert {t: (table_state(desk, 1, t)["home_level"], table_state(desk, 1, t)["away_level"])
                for t in kept} == kept  # fmt: skip
    with Desk.open(one_desk, station="一台") as desk:
        for t, (home, away) in sorted(kept.items()):
            record_result(desk, 1, t, home, away)
    on_server = tdesk("standings", "--db", url, "--json")
    at_one_desk = tdesk("standings", one_desk, "--json")
    assert on_server.code == at_one_desk.code == 0
    assert on_server.json() == at_one_desk.json() and len(on_server.json()["rows"]) == 120
