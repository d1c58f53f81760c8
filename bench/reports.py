"""Printing: the whole export call (read the event, build the PDF, write it), median of several runs.

Targets: scoresheets for 500 tables ≤ 10 s; the pairing sheet of 2000 entrants ≤ 3 s; standings of 2000
entrants ≤ 3 s. The other reports are measured for information. The demo events (2000 entrants in 500 units
and 1000 entrants in 250 units, 5 rounds played) take a while to build; that is not timed.
Run: ``.venv/bin/python bench/reports.py [--quick]``.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from timing import median_time  # bench/timing.py (run as bench/<name>.py)

from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.output.export import export
from tournament_desk.services.rounds import round_view


def line(what: str, seconds: float, target: float | None) -> str:
    verdict = "" if target is None else ("ok" if seconds <= target else "MISSED")
    goal = f"{target:>9.1f}s" if target is not None else f"{'—':>10}"
    return f"  {what:<44}{seconds:>9.2f}s{goal}  {verdict}"


def measure(desk: Desk, folder: Path, what: str, suffix: str, repeats: int) -> float:
    return median_time(lambda: export(desk, what, folder / f"{what}{suffix}"), repeats)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="smaller events (400 and 200 entrants)")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    big, small = (400, 200) if args.quick else (2000, 1000)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        start = time.perf_counter()
        large = create_demo(folder / "big.tdesk", entrants=big, units=big // 4, played=5)
        half = create_demo(folder / "half.tdesk", entrants=small, units=small // 4, played=5)
        built = time.perf_counter() - start
        with large, half:
            tables = len(round_view(half, 5).tables)
            rows = [
                (
                    f"scoresheets, {tables} tables",
                    measure(half, folder, "scoresheets", ".pdf", args.repeats),
                    10.0,
                ),
                (
                    f"pairing sheet, {big} entrants",
                    measure(large, folder, "pairings", ".pdf", args.repeats),
                    3.0,
                ),
                (
                    f"standings, {big} entrants",
                    measure(large, folder, "standings", ".pdf", args.repeats),
                    3.0,
                ),
                (f"scoresheets, {big // 2} tables", measure(large, folder, "scoresheets", ".pdf", 3), None),
                (f"final ranking, {big} entrants", measure(large, folder, "ranking", ".pdf", 3), None),
                (f"cross-table, {big} entrants", measure(large, folder, "crosstable", ".pdf", 3), None),
                ("certificates, top 8", measure(large, folder, "certificates", ".pdf", 3), None),
                (f"event workbook (.xlsx), {big} entrants", measure(large, folder, "all", ".xlsx", 3), None),
            ]
    print("reports: the whole export call, median")
    print(f"  {'what':<44}{'measured':>10}{'target':>10}")
    for what, seconds, target in rows:
        print(line(what, seconds, target))
    print(f"  (building the two demo events took {built:.1f}s)")


if __name__ == "__main__":
    main()
