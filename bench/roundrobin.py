"""A 20-entrant round robin: the CPU time of ``tdesk pair`` and ``tdesk standings --json`` (whole processes) and
of the service calls inside one process, after 10 of its 19 rounds. Targets: pair ≤ 0.5 s and standings ≤ 0.5 s
per command (the command-line targets of issue 16; most of it is start-up), services ≤ 0.05 s (pairing with
the file's opening ≤ 0.2 s). Floors, taken alternately in the same run: for a command the process
``python -c "import sqlalchemy.orm, sqlite3"``; for a service one read transaction of the event's row.

Run: ``.venv/bin/python bench/roundrobin.py [--quick] [--deadline S]``. Medians of CPU time.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
from pathlib import Path

from timing import (  # bench/timing.py (run as bench/<name>.py)
    Deadline,
    child_cpu,
    cpu_call,
    figure,
    interleaved,
    median,
)

from tournament_desk.services.desk import Desk, tournament
from tournament_desk.services.entrants import add_entrant
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.standings import current_standings

LEVELS = ["2", "5", "8", "10", "J", "Q", "K", "A"]
COMMAND_TARGET = 0.5
SERVICE_TARGET = 0.05


def build(path: Path, entrants: int, played: int) -> None:
    rng = random.Random(20)
    with create_tournament(path, name="循环赛基准", format="round-robin") as desk:
        for i in range(1, entrants + 1):
            add_entrant(desk, f"队{i:02d}")
        for _ in range(played):
            view = pair_next_round(desk)
            for t in view.tables:
                record_result(desk, view.round, t.table, rng.choice(LEVELS), rng.choice(LEVELS))


FLOOR = [sys.executable, "-c", "import sqlalchemy.orm, sqlite3"]


def tdesk(*args: str) -> list[str]:
    return [sys.executable, "-m", "tournament_desk.cli", *args]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--deadline", type=float, default=600, help="seconds before the run gives up")
    args = parser.parse_args()
    runs = 3 if args.quick else 7
    deadline = Deadline(args.deadline)
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "rr20.tdesk"
        build(base, 20, 10)
        work = Path(tmp) / "work.tdesk"

        def pair_command() -> float:
            shutil.copy(base, work)
            return child_cpu(tdesk("pair", str(work), "--json"), deadline)

        def pair_service() -> None:
            shutil.copy(base, work)
            with Desk.open(work) as desk:
                pair_next_round(desk)

        def command_floor() -> float:
            return child_cpu(FLOOR, deadline)

        print("round robin of 20 after 10 rounds (CPU time, medians)")
        print(f"  floor of a command: python {' '.join(FLOOR[1:])}; of a service: one read transaction")
        pair = interleaved(pair_command, command_floor, runs, deadline)
        print(figure("  tdesk pair (round 11), whole process", pair[0], median(pair[1]), COMMAND_TARGET))
        stand = interleaved(
            lambda: child_cpu(tdesk("standings", str(base), "--json"), deadline),
            command_floor,
            runs,
            deadline,
        )
        print(figure("  tdesk standings --json, whole process", stand[0], median(stand[1]), COMMAND_TARGET))
        with Desk.open(base) as desk:

            def read_turn() -> float:
                def read() -> None:
                    with desk.db.transaction() as session:
                        tournament(session)

                return cpu_call(read)

            service = interleaved(lambda: cpu_call(pair_service), read_turn, runs, deadline)
            print(
                figure(
                    "  pair_next_round in process (with opening the file)",
                    service[0],
                    median(service[1]),
                    SERVICE_TARGET * 4,
                    unit="ms",
                )
            )
            standings = interleaved(
                lambda: cpu_call(lambda: current_standings(desk)), read_turn, runs * 3, deadline
            )
            print(
                figure(
                    "  current_standings in process",
                    standings[0],
                    median(standings[1]),
                    SERVICE_TARGET,
                    unit="ms",
                )
            )
    if deadline.note():
        print("  " + deadline.note())


if __name__ == "__main__":
    main()
