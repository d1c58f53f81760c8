"""Whole `tdesk` processes, as a director runs them (issue 16): CPU time and peak memory, medians.

Usage: .venv/bin/python bench/cli.py [--quick] [--repeats N]

Builds demo events (units of 4, 9 rounds played, 10 planned) in a temporary folder, then runs each
command as its own process with this interpreter and the source tree first on the path; each
figure is the median over the runs of the process's user + system CPU time (less sensitive to a
shared machine than wall time), printed beside its target. ``pair`` runs on a fresh copy each
time. ``--quick`` leaves out 5000 entrants (the demo alone takes about 20 s).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# (label, command words with {file}, entrants, CPU target s, memory target MB)
COMMANDS = [
    ("tdesk --help", ["--help"], None, 0.15, 80),
    ("result, 500 entrants", ["result", "{file}", "9", "1", "Q", "9", "--reason", "bench"], 500, 0.5, 80),
    ("round, 500 entrants", ["round", "{file}", "9"], 500, 0.5, 80),
    ("standings --json, 500", ["standings", "{file}", "--json"], 500, 0.5, 80),
    ("pair, 1000 entrants", ["pair", "{file}"], 1000, 0.6, None),
    ("pair, 2000 entrants", ["pair", "{file}"], 2000, 1.0, None),
    ("pair, 5000 entrants", ["pair", "{file}"], 5000, 3.0, None),
]
DEMO_5000_TARGET = 30.0


def run(words: list[str]) -> tuple[float, float]:
    """CPU seconds and peak memory (MB) of one `tdesk` process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TDESK_LANG": "en"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tournament_desk.cli", *words],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
    )
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0,):
        err = proc.stderr.read().decode() if proc.stderr else ""
        raise SystemExit(f"tdesk {' '.join(words)} failed: {err}")
    if proc.stderr:
        proc.stderr.close()
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def demo(folder: Path, entrants: int) -> tuple[Path, float]:
    path = folder / f"demo-{entrants}.tdesk"
    start = time.perf_counter()
    words = ["demo", str(path), "--entrants", str(entrants), "--played", "9", "--rounds", "10"]
    run(words)
    return path, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="leave out 5000 entrants")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        os.environ["TDESK_DATA_DIR"] = str(folder / "data")  # the pairing backups go here
        events: dict[int, Path] = {}
        print(f"{'command':<24} {'CPU s':>7} {'target':>7} {'peak MB':>8} {'target':>7}  ok")
        for label, words, size, target, memory_target in COMMANDS:
            if size == 5000 and args.quick:
                continue
            if size is not None and size not in events:
                events[size], seconds = demo(folder, size)
                if size == 5000:
                    ok = seconds <= DEMO_5000_TARGET
                    failures += not ok
                    print(f"{'demo, 5000 × 9 rounds':<24} {seconds:>7.2f} {DEMO_5000_TARGET:>7.2f} "
                          f"{'':>8} {'':>7}  {'yes' if ok else 'NO'} (wall)")  # fmt: skip
            cpu, peak = [], []
            for _ in range(args.repeats if size != 5000 else max(1, args.repeats // 2)):
                file = events.get(size) if size is not None else None
                if file is not None and words[0] in ("pair", "result"):
                    copy = folder / "copy.tdesk"
                    shutil.copyfile(file, copy)
                    file = copy
                c, p = run([w.replace("{file}", str(file)) for w in words])
                cpu.append(c)
                peak.append(p)
            figure, mb = statistics.median(cpu), statistics.median(peak)
            ok = figure <= target and (memory_target is None or mb <= memory_target)
            failures += not ok
            mem_target = f"{memory_target:>7}" if memory_target else f"{'—':>7}"
            print(
                f"{label:<24} {figure:>7.2f} {target:>7.2f} {mb:>8.0f} {mem_target}  {'yes' if ok else 'NO'}"
            )
    if failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
