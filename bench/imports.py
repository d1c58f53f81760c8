"""What a `tdesk` process pays before its work: imports per command (issue 29), as CPU time of whole processes.

Usage: .venv/bin/python bench/imports.py [--repeats N] [--entrants N] [--deadline SECONDS]

Two figures, each the median of N paired runs (every run of a command is taken beside a run of its floor, so a
busy moment of a shared machine weighs on both) and printed as a ratio to its floor, beside its target:

- ``tdesk --help`` against ``python -c pass`` (target ≤ 2×): the parser alone, no services, no SQLAlchemy.
- ``tdesk standings FILE --json`` at 500 entrants against ``python -c "import sqlalchemy.orm, sqlite3"``
  (target ≤ 1.3×): opening the event and computing the standings costs little beyond the database library
  itself; the boards, the live (phone) services, the reports, reportlab, openpyxl and PySide6 stay unloaded
  (tests/cli/test_imports.py checks the modules; this prints the time).

Every process is this interpreter with the source tree first on the path; CPU time is the child's user +
system time (bench/timing.py ``child_cpu``). A run that passes the deadline prints what it measured and says so.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

from timing import Deadline, TimedOut, child_cpu, figure  # bench/timing.py (run as bench/<name>.py)

ROOT = Path(__file__).resolve().parents[1]
HELP_TARGET = 2.0  # × `python -c pass`
STANDINGS_TARGET = 1.3  # × `python -c "import sqlalchemy.orm, sqlite3"`
BARE = ["-c", "pass"]
SQLALCHEMY = ["-c", "import sqlalchemy.orm, sqlite3"]


def tdesk(*words: str) -> list[str]:
    return ["-m", "tournament_desk.cli", *words]


def make_event(folder: Path, entrants: int, env: dict[str, str], deadline: Deadline) -> Path:
    """A demo event as a director's mid-tournament file: units of four, 9 of 10 rounds played."""
    path = folder / f"demo-{entrants}.tdesk"
    words = ["demo", str(path), "--entrants", str(entrants), "--played", "9", "--rounds", "10"]
    child_cpu([sys.executable, *tdesk(*words)], deadline, env)
    return path


def paired(
    command: list[str], floor: list[str], repeats: int, env: dict[str, str], deadline: Deadline
) -> tuple[list[float], list[float]]:
    """CPU seconds of ``command`` and of ``floor``, run alternately ``repeats`` times (one warm-up of each first,
    so the first measured run does not pay for a cold file cache)."""
    runs: tuple[list[float], list[float]] = ([], [])
    try:
        for i in range(repeats + 1):
            for argv, into in ((command, runs[0]), (floor, runs[1])):
                seconds = child_cpu([sys.executable, *argv], deadline, env)
                if i:
                    into.append(seconds)
    except TimedOut:
        pass
    return runs


def line(name: str, runs: tuple[list[float], list[float]], floor_name: str, target: float) -> str:
    samples, floors = runs
    if not floors:
        return f"{name}: nothing measured — target ≤ {target:g}× {floor_name}  MISSED"
    floor = statistics.median(floors)
    return figure(
        name,
        samples,
        floor,
        target * floor,
        unit="ms",
        target_text=f"≤ {target:g}× {floor_name} ({floor * 1000:.1f} ms)",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--entrants", type=int, default=500)
    parser.add_argument("--deadline", type=float, default=600.0, help="stop after this many seconds (wall)")
    args = parser.parse_args()
    deadline = Deadline(args.deadline)
    missed = False
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "TDESK_LANG": "en",
            "TDESK_DATA_DIR": str(folder / "data"),
        }
        # As installed (pip compiles the bytecode): the warm-up run writes what is missing, so no measured run
        # pays for compiling a source file it found newer than its cached bytecode.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        help_runs = paired(tdesk("--help"), BARE, args.repeats, env, deadline)
        out = line("tdesk --help", help_runs, "`python -c pass`", HELP_TARGET)
        print(out, flush=True)
        missed |= out.endswith("MISSED")
        try:
            event = make_event(folder, args.entrants, env, deadline)
        except TimedOut:
            event = None
        if event is not None:
            runs = paired(tdesk("standings", str(event), "--json"), SQLALCHEMY, args.repeats, env, deadline)
            name = f"standings --json, {args.entrants} entrants"
            out = line(name, runs, "`import sqlalchemy.orm, sqlite3`", STANDINGS_TARGET)
            print(out)
            missed |= out.endswith("MISSED")
        if note := deadline.note():
            print(note)
    if missed:
        sys.exit(1)


if __name__ == "__main__":
    main()
