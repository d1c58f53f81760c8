"""A 20-entrant round robin: the cost of ``tdesk pair`` and ``tdesk standings --json`` (whole processes) and
of the service calls inside one process, after 10 of its 19 rounds. Targets: pair ≤ 0.5 s and standings ≤ 0.5 s
per command (the command-line targets of issue 16; most of it is start-up), services ≤ 0.05 s.

Run: ``.venv/bin/python bench/roundrobin.py [--quick]``. Medians; the machine is shared, so compare ratios.
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import median_time  # bench/timing.py (run as bench/<name>.py)

from tournament_desk.services.desk import Desk
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


def tdesk(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "tournament_desk.cli", *args], check=True, capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    repeats = 3 if parser.parse_args().quick else 7
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "rr20.tdesk"
        build(base, 20, 10)
        work = Path(tmp) / "work.tdesk"

        def pair_command() -> None:
            shutil.copy(base, work)
            tdesk("pair", str(work), "--json")

        def pair_service() -> None:
            shutil.copy(base, work)
            with Desk.open(work) as desk:
                pair_next_round(desk)

        figures = {
            "tdesk pair (20 entrants, round 11)": (median_time(pair_command, repeats), COMMAND_TARGET),
            "tdesk standings --json": (
                median_time(lambda: tdesk("standings", str(base), "--json"), repeats),
                COMMAND_TARGET,
            ),
            "pair_next_round, in process (incl. open)": (
                median_time(pair_service, repeats),
                SERVICE_TARGET * 4,
            ),
        }
        with Desk.open(base) as desk:
            figures["current_standings, in process"] = (
                median_time(lambda: current_standings(desk), repeats * 3),
                SERVICE_TARGET,
            )
    for name, (seconds, target) in figures.items():
        print(f"{name:45s} {seconds * 1000:8.1f} ms   target ≤ {target * 1000:.0f} ms")


if __name__ == "__main__":
    main()
