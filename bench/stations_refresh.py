"""How soon one scoring desk sees another's result (issue 18): SQLite polling vs PostgreSQL LISTEN/NOTIFY.

Usage: .venv/bin/python bench/stations_refresh.py [--samples N] [--url postgresql+psycopg://…]

Station A is a window's session (``gui.session.DeskSession``, its event loop running); station B writes one
result at a random moment, then the time until A announces B's change (``remote``) is taken. On a file A reads
the audit trail's high-water mark once a second; on a server it is woken by NOTIFY. Without ``--url`` a
throw-away PostgreSQL cluster is started as the tests do (tests/postgres.py), if PostgreSQL is installed.
Prints the median and the worst delay beside the 2 s target (rules.md §11). The delay is a wait the director sees
(A's polling runs once a second of the wall clock), so it is timed by the clock, not on CPU time; this process's
CPU while A watches (A's polling, and B's writes) is printed beside it, per second watched, as a ratio to its floor: the same window doing nothing
(no session) for as long, measured in the same run. Each sample waits at most 5 s: a change not seen by then
counts as "timed out after 5 s" and the rest is still printed.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from tournament_desk.gui.app import keep_singletons_alive  # noqa: E402
from tournament_desk.gui.session import DeskSession  # noqa: E402
from tournament_desk.services.demo import create_demo  # noqa: E402
from tournament_desk.services.desk import Desk  # noqa: E402
from tournament_desk.services.results.levels import record_result  # noqa: E402
from tournament_desk.services.rounds import pair_next_round  # noqa: E402

TARGET_S = 2.0
LEVELS = ["3", "5", "7", "9", "J", "K", "A"]


def wait(ms: int) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def delays(open_a: Desk, open_b: Desk, samples: int, rng: random.Random) -> tuple[list[float], float]:
    """Each sample's delay (inf: not seen within 5 s), and A's CPU seconds per second of watching."""
    session = DeskSession(open_a)
    found: list[float] = []
    cpu, clock = time.process_time(), time.perf_counter()
    try:
        tables = len(pair_next_round(open_b).tables)
        wait(1500)  # A has seen the pairing
        for i in range(samples):
            wait(rng.randint(50, 1000))  # a random moment against A's polling
            loop = QEventLoop()
            seen: list[float] = []

            def told(_changes: object, seen: list[float] = seen, loop: QEventLoop = loop) -> None:
                seen.append(time.perf_counter())
                loop.quit()

            session.remote.connect(told)
            record_result(open_b, 2, 1 + i % tables, rng.choice(LEVELS), rng.choice(LEVELS))
            written = time.perf_counter()
            QTimer.singleShot(5000, loop.quit)
            loop.exec()
            session.remote.disconnect(told)
            found.append(seen[0] - written if seen else float("inf"))
        cpu = (time.process_time() - cpu) / (time.perf_counter() - clock)
    finally:
        session.close()
        open_b.close()
    return found, cpu


def idle_floor(seconds: float) -> float:
    """The event loop's CPU seconds per second of doing nothing (no session watching)."""
    cpu, clock = time.process_time(), time.perf_counter()
    wait(int(seconds * 1000))
    return (time.process_time() - cpu) / (time.perf_counter() - clock)


@contextmanager
def cluster() -> Iterator[str | None]:
    """A throw-away PostgreSQL server, as the tests start one; None when PostgreSQL is missing."""
    from tests.postgres import postgres_bin, running_cluster

    bin_dir = postgres_bin()
    if bin_dir is None:
        yield None
        return
    with running_cluster(bin_dir) as server:
        yield server.fresh_url()


def report(label: str, measured: tuple[list[float], float]) -> None:
    found, cpu = measured
    seen = [f for f in found if f != float("inf")]
    floor = idle_floor(3.0)
    median = statistics.median(seen) if seen else float("nan")
    worst = max(seen) if seen else float("nan")
    ok = len(seen) == len(found) and worst <= TARGET_S
    print(f"{label:<28} median {median * 1000:7.0f} ms   worst {worst * 1000:7.0f} ms   target {TARGET_S:.0f} s"
          f"   {'PASS' if ok else 'MISSED'}; watching: {cpu * 1000:.1f} ms CPU a second, "
          f"{cpu / floor if floor > 0 else float('nan'):.1f}× the idle floor ({floor * 1000:.1f} ms)")  # fmt: skip
    if len(seen) < len(found):
        print(f"  timed out after 5 s on {len(found) - len(seen)} of {len(found)} changes (not seen)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--url", help="an empty PostgreSQL database (default: a throw-away cluster)")
    args = parser.parse_args()
    keep_singletons_alive()  # the pinned PySide6 drains True/False on Python 3.11 (see gui/app.py)
    QApplication.instance() or QApplication([])
    rng = random.Random(18)

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "shared.tdesk"
        create_demo(path, entrants=40, units=10, played=1, seed=3).close()
        found = delays(Desk.open(path, station="A"), Desk.open(path, station="B"), args.samples, rng)
        report("SQLite file, polling 1 s", found)

    with cluster() if args.url is None else _given(args.url) as url:
        if url is None:
            print("PostgreSQL                   not installed: skipped")
            return
        create_demo(None, url=url, entrants=40, units=10, played=1, seed=3).close()
        found = delays(Desk.open(url=url, station="A"), Desk.open(url=url, station="B"), args.samples, rng)
        report("PostgreSQL, LISTEN/NOTIFY", found)


@contextmanager
def _given(url: str) -> Iterator[str | None]:
    yield url


if __name__ == "__main__":
    main()
