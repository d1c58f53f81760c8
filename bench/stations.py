"""Several scoring desks on one PostgreSQL server (issue 18): the CPU each result costs, per station count.

1, 2, 3 and 4 station processes (tests/stations/station.py: each a fresh interpreter calling the services) enter
results at the same moment, each on its own 20 tables, as a desk does: look at the table, then enter the result
based on that look (``expected=``, the stale-write check).

Measured on CPU time, never the wall clock (the machine is shared): the stations' user + system time
(``RUSAGE_CHILDREN`` around the run: they are this process's children) plus the PostgreSQL server's (its
postmaster's own and its finished backends' time, from ``/proc``; not with ``--url``, where the server is not
ours). The same stations are run three ways in the same run, interleaved, on the same database: doing nothing
(start, open, meet, stop: what every run pays), only looking at their tables (the floor: one read per result, measured on five),
and entering the results. The figure is (entering − nothing) ÷ results: the CPU one result costs, beside its
ratio to the floor (looking − nothing) ÷ results and the target: ≤ 50 ms of CPU a result, the ≥ 20 results/s per
station a desk needs when the CPU is its only limit (a desk types far slower: one scoresheet every few seconds).
The results per second by the wall clock are printed after it, for information only. Every wait is bounded
(``--deadline``): past it, what was measured is printed and the run says it timed out.

Run: ``.venv/bin/python bench/stations.py [--quick] [--results 200] [--url postgresql+psycopg://…]``. Without
``--url`` a throw-away PostgreSQL cluster is started as the tests do (tests/postgres.py), if PostgreSQL is
installed; with ``--url`` the database must be empty and is used for the first run only (the later ones need a
fresh one each), so give ``--runs 1``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from timing import Deadline, TimedOut, children_cpu, figure  # noqa: E402  (bench/timing.py)

from tests.postgres import postgres_bin, running_cluster  # noqa: E402
from tests.stations.station import Step, run_stations  # noqa: E402
from tournament_desk.services.demo import create_demo  # noqa: E402
from tournament_desk.services.rounds import pair_next_round  # noqa: E402

TARGET = 0.050  # CPU seconds a result (≥ 20 results/s per station)
LOOKS = 5  # the floor's run looks at each table this many times a result (the start-up's noise divided by it)
LEVELS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def server_cpu(pid: int | None) -> float:
    """The server's CPU seconds so far: the postmaster's own and its finished backends' (user + system)."""
    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def scripts(stations: int, results: int, kind: str) -> dict[str, list[Step]]:
    """Each station's steps: ``nothing`` (meet and stop), ``look`` (read each table) or ``enter`` (read, write)."""
    out: dict[str, list[Step]] = {}
    for s in range(stations):
        steps: list[Step] = [("wait",), ("clock",)]
        for i in range(results if kind != "nothing" else 0):
            table = 20 * s + 1 + i % 20
            steps += [("read", 1, table)] * (LOOKS if kind == "look" else 1)
            if kind == "enter":
                steps.append(("write", 1, table, LEVELS[i % 13], LEVELS[(i * 7 + s) % 13]))
        out[f"站{s + 1}"] = [*steps, ("clock",)]
    return out


def cpu_of(
    url: str, steps: dict[str, list[Step]], server: int | None, deadline: Deadline
) -> tuple[float, list[Any]]:
    """The stations' and the server's CPU seconds for one run of ``steps``; and the stations' reports."""
    before = children_cpu() + server_cpu(server)
    try:
        reports = run_stations(url, steps, seconds=max(1.0, deadline.left()))
    except TimeoutError:
        deadline.hit = deadline.hit or "the stations"
        raise TimedOut("the stations") from None
    time.sleep(0.2)  # the server reaps its finished backends (their CPU is counted then)
    return children_cpu() + server_cpu(server) - before, reports


def one_run(
    url: str, stations: int, results: int, server: int | None, deadline: Deadline
) -> dict[str, float]:
    """CPU a result (entering, and the floor: looking), and the slowest station's results/s by the wall clock."""
    with create_demo(None, url=url, entrants=40 * stations, units=10, played=0, seed=18, rounds=3) as desk:
        pair_next_round(desk)
    nothing, _ = cpu_of(url, scripts(stations, results, "nothing"), server, deadline)
    look, _ = cpu_of(url, scripts(stations, results, "look"), server, deadline)
    enter, reports = cpu_of(url, scripts(stations, results, "enter"), server, deadline)
    stored = sum(1 for r in reports if r[2] == "stored")
    assert stored == stations * results, f"{stored} of {stations * results} results stored"
    clocks: dict[str, list[float]] = {}
    for name, _, what, text in reports:
        if what == "clock":
            clocks.setdefault(name, []).append(float(text))
    start = max(c[0] for c in clocks.values())  # the last to pass the barrier: all are writing from here
    wall = results / max(max(c[1] for c in clocks.values()) - start, 1e-9)
    count = stations * results
    return {"result": (enter - nothing) / count, "floor": (look - nothing) / (LOOKS * count), "wall": wall}


@contextmanager
def servers(given: str | None) -> Iterator[tuple[Callable[[], str], int | None] | None]:
    """A fresh database's URL each call, and the server's postmaster (None: not ours, its CPU is not counted)."""
    if given is not None:
        yield (lambda: given), None
        return
    bin_dir = postgres_bin()
    if bin_dir is None:
        yield None
        return
    with running_cluster(bin_dir) as cluster:
        pid = int((cluster.folder / "data" / "postmaster.pid").read_text().split()[0])
        yield cluster.fresh_url, pid


def report(stations: int, results: int, runs: list[dict[str, float]]) -> None:
    floor = statistics.median(r["floor"] for r in runs)
    name = f"{stations} station{'s' if stations > 1 else ''} × {results} results, CPU a result"
    line = figure(name, [r["result"] for r in runs], floor, TARGET, unit="ms", target_text="≤ 50 ms (≥ 20/s)")
    print(f"{line}; wall {statistics.median(r['wall'] for r in runs):.1f} results/s per station", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--results", type=int, default=200, help="results each station enters (default 200)")
    parser.add_argument("--runs", type=int, default=3, help="runs per station count; the median is shown")
    parser.add_argument("--quick", action="store_true", help="100 results, one run per station count")
    parser.add_argument("--url", help="an empty PostgreSQL database (default: a throw-away cluster)")
    parser.add_argument("--deadline", type=float, default=900, help="seconds before the run gives up")
    args = parser.parse_args()
    results, runs = (100, 1) if args.quick else (max(1, args.results), max(1, args.runs))
    deadline = Deadline(args.deadline)
    with servers(args.url) as server:
        if server is None:
            print("PostgreSQL is not installed (initdb, pg_ctl): nothing measured")
            return
        fresh, pid = server
        counted = "the stations' and the server's" if pid else "the stations' (the server is not ours)"
        print(f"CPU: {counted}; floor: one look at a table per result (what every result reads first)")
        for stations in (1, 2, 3, 4):
            done: list[dict[str, float]] = []
            try:
                for _ in range(runs):
                    done.append(one_run(fresh(), stations, results, pid, deadline))
                    if deadline.over("the next run"):
                        break
            except TimedOut:
                pass
            if done:
                report(stations, results, done)
            if deadline.hit:
                break
    note = deadline.note()
    if note:
        print(note)


if __name__ == "__main__":
    main()
