"""`tdesk standings --json` on a team-match event of 64 teams × 7 rounds (rules.md §5.8, issue 26) against the import
floor. Target: ≤ 1.3× the floor.

Usage: .venv/bin/python bench/team_standings.py [--quick] [--repeats N] [--profile]

The event is built once by the services (``services.demo.create_demo(scoring="team-match")``: a Swiss of 64 teams
of five pairs, all seven rounds paired and every match typed as five pair games through ``team_sheets``, some
line-ups given, a pair absent now and then). The command runs as its own process with this interpreter and the
source tree first on the path; each figure is the median over the runs of the process's user + system CPU time
(os.wait4; never wall time: the machine is shared), measured interleaved with its floors in the same run.

The floor, as bench/knockout.py measures it (its helpers are reused here): a process that imports exactly the
modules the command's process had loaded when it finished, as `tdesk` loads them, and exits: what the command
cannot do without. The ratio command ÷ floor is what the target bounds. Printed beside it for reference: the
plain floor ``python -c 'import tournament_desk.cli'`` (what every `tdesk` process pays before it knows its
command), the command's own work in a process that had imported its modules already, and (``--profile``) the
functions that work spends its time in.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

from knockout import TARGET, cpu, floor_script, loaded_modules, tdesk, work_seconds  # bench/knockout.py

TEAMS, ROUNDS, PAIRS = 64, 7, 5
CLI_FLOOR = [sys.executable, "-c", "import gc; gc.disable(); import tournament_desk.cli; gc.freeze()"]


def build(folder: Path, teams: int, rounds: int) -> tuple[Path, float]:
    """The event, built by the services; and the seconds that took (wall, for information only)."""
    from tournament_desk.services.demo import create_demo

    path = folder / f"team-{teams}x{rounds}.tdesk"
    start = time.perf_counter()
    with create_demo(path, entrants=teams, played=rounds, rounds=rounds, scoring="team-match", pairs=PAIRS,
                     seed=26):  # fmt: skip
        pass
    return path, time.perf_counter() - start


def profile(words: list[str]) -> str:
    """The command's work under cProfile (its modules imported first), the top functions by cumulative time."""
    # The imports are the floor's, not the work's.
    import tournament_desk.cli.commands
    import tournament_desk.services.standings  # noqa: F401
    from tournament_desk.cli import main

    profiler = cProfile.Profile()
    with contextlib.redirect_stdout(io.StringIO()):
        profiler.runcall(main, words)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(25)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="16 teams × 4 rounds, fewer runs (a smoke run)")
    parser.add_argument("--repeats", type=int, default=5, help="runs of each process (default 5)")
    parser.add_argument("--profile", action="store_true", help="print where the command's own work goes")
    args = parser.parse_args()
    teams, rounds = (16, 4) if args.quick else (TEAMS, ROUNDS)
    repeats = 3 if args.quick and args.repeats == 5 else args.repeats
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        os.environ["TDESK_DATA_DIR"] = str(folder / "data")  # no automatic backup lands in the user's folder
        event, built = build(folder, teams, rounds)
        words = ["standings", str(event), "--json"]
        modules = loaded_modules(words)
        floor = floor_script(modules, folder, "standings")
        command, floors, cli_floors, works = [], [], [], []
        for _ in range(repeats):  # interleaved, so that a busy moment of the machine weighs on all alike
            cli_floors.append(cpu(CLI_FLOOR))
            floors.append(cpu(floor))
            command.append(cpu(tdesk(*words)))
            works.append(work_seconds(modules, words))
        report = profile(words) if args.profile else ""
    figure, floor_s, cli_s, work_s = (statistics.median(x) for x in (command, floors, cli_floors, works))
    ratio = figure / floor_s
    print(f"standings --json, team matches of {PAIRS} pairs: {teams} teams × {rounds} rounds (Swiss)")
    print(f"CPU seconds (user + system), median of {repeats} runs; the event took {built:.1f} s to build")
    print(f"  {'what':<44}{'CPU s':>8}{'ratio':>8}{'target':>8}  ok")
    print(f"  {'tdesk standings --json':<44}{figure:>8.3f}")
    print(f"  {'floor: the modules the command loads':<44}{floor_s:>8.3f}{ratio:>7.2f}×{TARGET:>7.1f}×  "
          f"{'yes' if ratio <= TARGET else 'NO'}")  # fmt: skip
    print(f"  {'plain floor: import tournament_desk.cli':<44}{cli_s:>8.3f}{figure / cli_s:>7.2f}×")
    print(
        f"  {'the work alone (modules already imported)':<44}{work_s:>8.3f}{(floor_s + work_s) / floor_s:>7.2f}×"
    )
    if report:
        print(report)
    if ratio > TARGET:
        sys.exit(1)


if __name__ == "__main__":
    main()
