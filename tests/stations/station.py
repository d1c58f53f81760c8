"""A scoring station as a real process (issue 18), for the concurrency tests and bench/stations.py.

Each station is a ``multiprocessing`` process of the spawn context (a fresh interpreter, as a second desk's
program would be) that opens the event with its own station name and works through a script of steps, calling
the services in process:

- ``("read", round, table)``: look at the table (``table_state``), as the station's window shows it;
- ``("write", round, table, home, away)``: enter a result based on that look (``expected=`` what was seen);
  stored → the new state is what the station now sees; refused → the refusal's sentence is reported;
- ``("undo", round, table)``: put back what the table held before this station's last write there, if nobody
  changed it since (``restore_table(expected=…)``);
- ``("wait",)``: meet the other stations (a barrier, bounded in time), so "at the same moment" is certain;
- ``("clock",)``: report ``time.monotonic()`` (one clock for every process of the machine; for the benchmark).

Every step's outcome goes back through a queue: ``(station, step, "stored" | "refused", sentence)``.
"""

from __future__ import annotations

import multiprocessing
import queue
import time
from collections.abc import Mapping, Sequence
from multiprocessing.synchronize import Barrier
from typing import Any

Step = tuple[Any, ...]
WAIT_SECONDS = 120  # how long a station waits for the others at a barrier
SPAWN = multiprocessing.get_context("spawn")


def station(url: str, name: str, steps: Sequence[Step], barrier: Barrier, out: Any) -> None:
    from tournament_desk.services.desk import Desk
    from tournament_desk.services.results.levels import record_result, restore_table, table_state
    from tournament_desk.services.results.table import ChangedElsewhere

    seen: dict[tuple[int, int], dict[str, object]] = {}
    before: dict[tuple[int, int], dict[str, object]] = {}
    report: list[tuple[str, Step, str, str]] = []
    try:
        with Desk.open(url=url, station=name) as desk:
            for step in steps:
                kind = step[0]
                if kind == "wait":
                    barrier.wait(WAIT_SECONDS)
                    continue
                if kind == "clock":
                    report.append((name, step, "clock", repr(time.monotonic())))
                    continue
                round_no, table = int(step[1]), int(step[2])
                key = (round_no, table)
                if kind == "read":
                    seen[key] = table_state(desk, round_no, table)
                    continue
                try:
                    if kind == "write":
                        record_result(desk, round_no, table, step[3], step[4], expected=seen[key])
                        before[key] = seen[key]
                    else:
                        restore_table(desk, round_no, table, before[key], reason="undo", expected=seen[key])
                except ChangedElsewhere as refused:
                    report.append((name, step, "refused", str(refused)))
                    continue
                seen[key] = table_state(desk, round_no, table)
                report.append((name, step, "stored", ""))
    except BaseException as exc:  # the test says which station failed and why, instead of waiting for it
        barrier.abort()
        report.append((name, ("crash",), "crash", f"{type(exc).__name__}: {exc}"))
    out.put(report)


def run_stations(url: str, scripts: Mapping[str, Sequence[Step]], *, seconds: float = 300) -> list[Any]:
    """Run one process per station at once; every step's outcome, once all have finished (bounded)."""
    barrier = SPAWN.Barrier(len(scripts))
    out = SPAWN.Queue()
    processes = [
        SPAWN.Process(target=station, args=(url, name, steps, barrier, out), daemon=True)
        for name, steps in scripts.items()
    ]
    for p in processes:
        p.start()
    deadline = time.monotonic() + seconds
    reports: list[Any] = []
    try:
        for _ in processes:
            try:
                reports.extend(out.get(timeout=max(0.1, deadline - time.monotonic())))
            except queue.Empty:
                raise TimeoutError(f"the stations did not finish within {seconds:g} s") from None
    finally:
        for p in processes:
            p.join(timeout=max(0.1, deadline - time.monotonic()))
            if p.is_alive():
                p.kill()
                p.join(timeout=10)
        out.close()
    crashes = [r for r in reports if r[2] == "crash"]
    assert not crashes, crashes
    return reports
