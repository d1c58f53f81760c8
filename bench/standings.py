"""Standings of 2000 entrants × 11 rounds: target ≤ 0.3 s (median).

Measures the domain call on plain data, and the whole service call (read the SQLite file, compute) on a demo
event of the same size. Run: ``.venv/bin/python bench/standings.py [--quick]``.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from timing import median_time  # bench/timing.py (run as bench/<name>.py)

from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import score_levels
from tournament_desk.domain.standings import MatchRecord, StandingEntrant, standings
from tournament_desk.services.demo import create_demo
from tournament_desk.services.standings import current_standings

TARGET = 0.3


def plain_event(n: int, rounds: int) -> tuple[list[StandingEntrant], list[MatchRecord]]:
    rng = random.Random(1)
    rules = RuleSet()
    people = [StandingEntrant(i, f"队{i}", f"单位{i // 4}", i) for i in range(1, n + 1)]
    matches = []
    for rnd in range(1, rounds + 1):
        ids = list(range(1, n + 1))
        rng.shuffle(ids)
        for h, a in zip(ids[::2], ids[1::2], strict=True):
            o = score_levels(rng.randint(2, 15), rng.randint(2, 15), rules)
            matches.append(MatchRecord(rnd, h, a, o.home_mp, o.away_mp, o.home_vp, o.away_vp))
    return people, matches


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="a smaller event (500 × 5), for a smoke run")
    args = parser.parse_args()
    n, rounds = (500, 5) if args.quick else (2000, 11)
    people, matches = plain_event(n, rounds)
    domain = median_time(lambda: standings(people, matches), 7)
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        desk = create_demo(Path(tmp) / "bench.tdesk", entrants=n, units=n // 4, played=rounds, rounds=rounds)
        built = time.perf_counter() - start
        with desk:
            service = median_time(lambda: current_standings(desk), 5)
    print(f"standings, {n} entrants × {rounds} rounds (median)")
    print(f"  {'what':<34}{'measured':>10}{'target':>10}")
    print(
        f"  {'domain call (plain data)':<34}{domain:>9.3f}s{TARGET:>9.2f}s  {'ok' if domain <= TARGET else 'MISSED'}"
    )
    print(
        f"  {'service call (SQLite → standings)':<34}{service:>9.3f}s{TARGET:>9.2f}s  "
        f"{'ok' if service <= TARGET else 'MISSED'}"
    )
    print(f"  (building the demo event took {built:.1f}s)")


if __name__ == "__main__":
    main()
