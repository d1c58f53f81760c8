"""A 256-entrant knockout by draw (rules.md §7.6, issue 24): `tdesk pair` and `tdesk standings --json` against the
import floor. Target: each command ≤ 1.3× its floor.

Usage: .venv/bin/python bench/knockout.py [--quick] [--repeats N]

The event is built with the services (create_tournament(format="knockout"), add_entrant, draw; rounds 1–3
played with random levels, equal levels decided on stage). Each command runs as its own process with this
interpreter and the source tree first on the path; each figure is the median over the runs of the process's user
+ system CPU time (os.wait4; never wall time: the machine is shared). ``pair`` runs on a fresh copy each time
(round 1 of the drawn event, and round 4 after three played rounds); ``standings --json`` on the event after
round 3.

The floor of a command is a process that imports exactly the modules that command's process had loaded when it
finished (in the order it loaded them, with the cyclic collector off while loading and the loaded objects then
frozen, as `tdesk` does: tournament_desk/cli/__init__.py), and exits:
what the command cannot do without, measured in the same run, interleaved with it. The ratio command ÷ floor is
what the target bounds. The plainer floor of the commands' entry modules
(``import tournament_desk.cli.commands, …services.rounds, …services.standings``) is printed for reference.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ENTRANTS = 256
PLAYED = 3  # rounds played before the middle round is paired
TARGET = 1.3
LEVELS = ["2", "5", "8", "10", "J", "Q", "K", "A"]
ENTRY_MODULES = (
    "tournament_desk.cli.commands, tournament_desk.services.rounds, tournament_desk.services.standings"
)


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "TDESK_LANG": "en"}


def cpu(argv: list[str]) -> float:
    """User + system CPU seconds of one child process (which must succeed)."""
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env())
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv[:4])} … failed: {err}")
    return usage.ru_utime + usage.ru_stime


def tdesk(*words: str) -> list[str]:
    return [sys.executable, "-m", "tournament_desk.cli", *words]


def loaded_modules(words: list[str]) -> list[str]:
    """The modules a `tdesk` process has loaded once the command is done (run once, in a child)."""
    probe = (
        "import contextlib, io, json, sys\n"
        "from tournament_desk.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    code = main({words!r})\n"
        "assert code == 0, code\n"
        "print(json.dumps(list(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env(), check=True)
    return [m for m in json.loads(out.stdout.splitlines()[-1]) if m != "__main__"]  # in the order loaded


def work_seconds(modules: list[str], words: list[str]) -> float:
    """CPU seconds of the command itself in a process that has already imported its modules: what the command
    adds to its floor, free of the noise of two separate start-ups."""
    probe = (
        "import contextlib, gc, importlib, io, time\n"
        "gc.disable()\n"
        f"for name in {modules!r}:\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except Exception:\n"
        "        pass\n"
        "from tournament_desk.cli import main\n"
        "gc.freeze()\n"  # the collector as `tdesk` sets it once its modules are loaded
        "gc.set_threshold(50_000, 20, 20)\n"
        "gc.enable()\n"
        "start = time.process_time()\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    code = main({words!r})\n"
        "print(time.process_time() - start)\n"
        "assert code == 0, code\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env(), check=True)
    return float(out.stdout.splitlines()[-1])


def floor_script(modules: list[str], folder: Path, name: str) -> list[str]:
    """A process that imports ``modules`` (those importable by name) and exits."""
    script = folder / f"floor_{name}.py"
    script.write_text(
        "import gc, importlib\n"
        "gc.disable()\n"  # as `tdesk` loads its modules (tournament_desk/cli/__init__.py)
        f"for name in {modules!r}:\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except Exception:\n"
        "        pass\n"
        "gc.freeze()\n",  # as `tdesk` then does: the exit's collection skips what the imports made
        encoding="utf-8",
    )
    return [sys.executable, str(script)]


def build(folder: Path) -> tuple[Path, Path]:
    """The drawn event (round 1 not paired) and the same event with rounds 1–3 played."""
    from tournament_desk.services.entrants import add_entrant, draw
    from tournament_desk.services.event import create_tournament
    from tournament_desk.services.results.levels import record_result
    from tournament_desk.services.rounds import pair_next_round

    rng = random.Random(24)
    drawn, middle = folder / "ko256-drawn.tdesk", folder / "ko256-r3.tdesk"
    with create_tournament(drawn, name="二百五十六队淘汰赛", format="knockout", third_place=True) as desk:
        for i in range(1, ENTRANTS + 1):
            add_entrant(desk, f"队{i:03d}")
        draw(desk, seed=24)
    shutil.copyfile(drawn, middle)
    from tournament_desk.services.desk import Desk

    with Desk.open(middle) as desk:
        for _ in range(PLAYED):
            view = pair_next_round(desk)
            for t in view.tables:
                home, away = rng.choice(LEVELS), rng.choice(LEVELS)
                on_stage = rng.choice(["home", "away"]) if home == away else None
                record_result(desk, view.round, t.table, home, away, on_stage=on_stage)
    return drawn, middle


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs")
    parser.add_argument("--repeats", type=int, default=None)
    args = parser.parse_args()
    repeats = args.repeats or (5 if args.quick else 11)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        os.environ["TDESK_DATA_DIR"] = str(folder / "data")  # the automatic backups go here
        drawn, middle = build(folder)
        work = folder / "work.tdesk"
        # (label, the file it starts from (copied fresh each run) or None, the command's words)
        commands = [
            ("pair --json, round 1", drawn, ["pair", "{file}", "--json"]),
            (f"pair --json, round {PLAYED + 1}", middle, ["pair", "{file}", "--json"]),
            ("standings --json", None, ["standings", str(middle), "--json"]),
        ]
        floors: dict[str, list[str]] = {}
        modules: dict[str, list[str]] = {}
        for label, start, words in commands:
            if start is not None:
                shutil.copyfile(start, work)
            modules[label] = loaded_modules([w.replace("{file}", str(work)) for w in words])
            floors[label] = floor_script(modules[label], folder, str(len(floors)))
        entry_floor = [sys.executable, "-c", f"import gc; gc.disable(); import {ENTRY_MODULES}; gc.freeze()"]
        figures: dict[str, list[float]] = {label: [] for label, _, _ in commands}
        floor_figures: dict[str, list[float]] = {label: [] for label, _, _ in commands}
        work_figures: dict[str, list[float]] = {label: [] for label, _, _ in commands}
        entry: list[float] = []
        for _ in range(repeats):  # interleaved, so that a busy moment of the machine weighs on both alike
            entry.append(cpu(entry_floor))
            for label, start, words in commands:
                floor_figures[label].append(cpu(floors[label]))
                if start is not None:
                    shutil.copyfile(start, work)
                figures[label].append(cpu(tdesk(*(w.replace("{file}", str(work)) for w in words))))
                if start is not None:
                    shutil.copyfile(start, work)
                words_now = [w.replace("{file}", str(work)) for w in words]
                work_figures[label].append(work_seconds(modules[label], words_now))
    print(f"{ENTRANTS}-entrant knockout by draw; CPU seconds (user + system), median of {repeats} runs")
    print(f"entry-module floor (import {ENTRY_MODULES}): {statistics.median(entry):.3f} s")
    print("'work s' is the command alone, in a process that had imported its modules already; 'floor + work'")
    print("is the ratio that work gives over the floor, the same figure without two start-ups' noise.")
    print(f"{'command':<24} {'CPU s':>7} {'floor s':>8} {'ratio':>6} {'target':>7} {'work s':>7} "
          f"{'floor + work':>12}  ok")  # fmt: skip
    failures = 0
    for label, _, _ in commands:
        figure, floor = statistics.median(figures[label]), statistics.median(floor_figures[label])
        work_s = statistics.median(work_figures[label])
        ratio, steady = figure / floor, (floor + work_s) / floor
        ok = ratio <= TARGET
        failures += not ok
        print(f"{label:<24} {figure:>7.3f} {floor:>8.3f} {ratio:>5.2f}× {TARGET:>6.1f}× {work_s:>7.3f} "
              f"{steady:>11.2f}×  {'yes' if ok else 'NO'}")  # fmt: skip
    if failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
