"""Standings of 2000 entrants × 11 rounds, on CPU time: target ≤ 0.3 s (median), each beside its floor.

Two figures: the domain call on plain data (floor: one plain pass adding up each entrant's match points — the
least any standings must do), and the whole service call on a demo event of the same size in a SQLite file
(floor: one read transaction fetching each match's round, sides and match points as plain rows, the least
any service must read). Work and floor are
sampled alternately, so a busy moment of a shared machine weighs on both.
Run: ``.venv/bin/python bench/standings.py [--quick] [--deadline S]``.
"""

from __future__ import annotations

import argparse
import random
import tempfile
from collections import defaultdict
from pathlib import Path

from sqlalchemy import select
from timing import Deadline, cpu_call, figure, interleaved, median  # bench/timing.py (run as bench/<name>.py)

from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import score_levels
from tournament_desk.domain.standings import MatchRecord, StandingEntrant, standings
from tournament_desk.services.demo import create_demo
from tournament_desk.services.standings import current_standings
from tournament_desk.storage import models as m

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


def one_pass(matches: list[MatchRecord]) -> dict[int, float]:
    totals: dict[int, float] = defaultdict(float)
    for match in matches:
        totals[match.home] += match.home_mp
        if match.away is not None:
            totals[match.away] += match.away_mp
    return totals


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="a smaller event (500 × 5), for a smoke run")
    parser.add_argument("--deadline", type=float, default=600, help="seconds before the run gives up")
    args = parser.parse_args()
    n, rounds = (500, 5) if args.quick else (2000, 11)
    deadline = Deadline(args.deadline)
    people, matches = plain_event(n, rounds)
    print(f"standings, {n} entrants × {rounds} rounds (CPU time, medians)")
    works, floors = interleaved(
        lambda: cpu_call(lambda: standings(people, matches)),
        lambda: cpu_call(lambda: one_pass(matches)),
        7,
        deadline,
    )
    print(f"  floor of the domain call: one pass adding up match points: {median(floors) * 1000:.1f} ms")
    print(figure("  domain call (plain data)", works, median(floors), TARGET))
    with tempfile.TemporaryDirectory() as tmp:
        built = cpu_call(
            lambda: create_demo(
                Path(tmp) / "bench.tdesk", entrants=n, units=n // 4, played=rounds, rounds=rounds
            ).close()
        )
        from tournament_desk.services.desk import Desk

        with Desk.open(Path(tmp) / "bench.tdesk") as desk:

            def read_matches() -> None:
                with desk.db.transaction() as session:
                    session.execute(
                        select(
                            m.Match.round_no,
                            m.Match.home_id,
                            m.Match.away_id,
                            m.Match.home_mp,
                            m.Match.away_mp,
                        )
                    ).all()

            works, floors = interleaved(
                lambda: cpu_call(lambda: current_standings(desk)), lambda: cpu_call(read_matches), 5, deadline
            )
    print(
        f"  floor of the service call: one read transaction of the matches' round, sides, MP: {median(floors) * 1000:.1f} ms"
    )
    print(figure("  service call (SQLite → standings)", works, median(floors), TARGET))
    print(f"  (building the demo event took {built:.1f} s CPU, not counted)")
    if deadline.note():
        print("  " + deadline.note())


if __name__ == "__main__":
    main()
