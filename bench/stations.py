"""Several scoring desks on one PostgreSQL server (issue 18): the write throughput per station.

1, 2, 3 and 4 station processes (tests/stations/station.py: each a fresh interpreter calling the services) enter
results at the same moment, each on its own 20 tables, as a desk does: look at the table, then enter the result
based on that look (``expected=``, the stale-write check). The figure is the slowest station's results per
second (results / seconds from the common start to its last one), median of 3 runs, beside the target of
≥ 20 results/s per station (a desk types far slower: one scoresheet every few seconds).

Run: ``.venv/bin/python bench/stations.py [--results 200] [--url postgresql+psycopg://…]``. Without ``--url`` a
throw-away PostgreSQL cluster is started as the tests do (tests/postgres.py), if PostgreSQL is installed; with
``--url`` the database must be empty and is used for the first run only (the later ones need a fresh one each),
so give ``--runs 1``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.postgres import postgres_bin, running_cluster  # noqa: E402
from tests.stations.station import Step, run_stations  # noqa: E402
from tournament_desk.services.demo import create_demo  # noqa: E402
from tournament_desk.services.rounds import pair_next_round  # noqa: E402

TARGET = 20.0  # results per second per station
LEVELS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def one_run(url: str, stations: int, results: int) -> tuple[float, float]:
    """(the slowest station's results/s, all stations' results/s together)."""
    with create_demo(None, url=url, entrants=40 * stations, units=10, played=0, seed=18, rounds=3) as desk:
        pair_next_round(desk)
    scripts: dict[str, list[Step]] = {}
    for s in range(stations):
        steps: list[Step] = [("wait",), ("clock",)]
        for i in range(results):
            table = 20 * s + 1 + i % 20
            steps += [("read", 1, table), ("write", 1, table, LEVELS[i % 13], LEVELS[(i * 7 + s) % 13])]
        scripts[f"站{s + 1}"] = [*steps, ("clock",)]
    reports = run_stations(url, scripts, seconds=600)
    stored = sum(1 for r in reports if r[2] == "stored")
    assert stored == stations * results, f"{stored} of {stations * results} results stored"
    clocks: dict[str, list[float]] = {}
    for name, _, what, text in reports:
        if what == "clock":
            clocks.setdefault(name, []).append(float(text))
    start = max(c[0] for c in clocks.values())  # the last to pass the barrier: all are writing from here
    ends = [c[1] for c in clocks.values()]
    return results / (max(ends) - start), stations * results / (max(ends) - start)


@contextmanager
def urls(given: str | None) -> Iterator[Callable[[], str] | None]:
    if given is not None:
        yield lambda: given
        return
    bin_dir = postgres_bin()
    if bin_dir is None:
        yield None
        return
    with running_cluster(bin_dir) as cluster:
        yield cluster.fresh_url


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--results", type=int, default=200, help="results each station enters (default 200)")
    parser.add_argument("--runs", type=int, default=3, help="runs per station count; the median is shown")
    parser.add_argument("--url", help="an empty PostgreSQL database (default: a throw-away cluster)")
    args = parser.parse_args()
    with urls(args.url) as fresh:
        if fresh is None:
            print("PostgreSQL is not installed (initdb, pg_ctl): nothing measured")
            return
        for stations in (1, 2, 3, 4):
            runs = [one_run(fresh(), stations, args.results) for _ in range(args.runs)]
            each = statistics.median(r[0] for r in runs)
            together = statistics.median(r[1] for r in runs)
            mark = "ok" if each >= TARGET else "UNDER"
            print(f"{stations} station{'s' if stations > 1 else ' '} × {args.results} results: "
                  f"{each:7.1f} results/s per station ({together:6.1f} together)   "
                  f"target ≥ {TARGET:.0f} per station   {mark}")  # fmt: skip


if __name__ == "__main__":
    main()
