"""How the benchmarks time their work: CPU time, never the wall clock (these machines are shared and noisy).

- ``cpu_call(fn)``: this process's CPU seconds for one call (``time.process_time``: user + system).
- ``child_cpu(argv)``: a child process's user + system CPU seconds (``os.wait4``), bounded by a deadline; it may
  write its bytecode (``child_env``), as an installed program has it.
- ``children_cpu()``: the CPU seconds of every child this process has waited for (``RUSAGE_CHILDREN``); the
  difference around some work is its children's CPU (e.g. ``multiprocessing`` workers, once joined).
- ``Deadline``: one bound for a whole benchmark; every loop and wait asks it, and when it is over the benchmark
  prints what it has measured and says "timed out after …" instead of raising.
- ``figure(...)``: the one line every figure is printed as —
  ``name: X s CPU (median of N) — Y× the floor — target Z  PASS`` (or ``MISSED``).

- ``interleaved(work, floor, runs, deadline)``: samples of the work and of its floor taken alternately.
- ``child_instructions(argv)``: the instructions a child process ran, counted by valgrind's callgrind: the same
  count for the same work whatever else the machine is doing (a change's before → after, where CPU seconds on a
  shared machine swing by half from one minute to the next); about 50 times slower than the process itself.
"""

from __future__ import annotations

import os
import re
import resource
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field


class TimedOut(Exception):
    """A bounded wait ran out (caught by the benchmark, which prints what it measured)."""


@dataclass
class Deadline:
    """A bound on a whole benchmark, in wall seconds (the only use of the wall clock: to stop waiting)."""

    seconds: float
    start: float = field(default_factory=time.monotonic)
    hit: str = ""  # what was being waited for when the deadline passed

    def left(self) -> float:
        return self.seconds - (time.monotonic() - self.start)

    def over(self, waiting_for: str = "") -> bool:
        """True once the deadline has passed (and remembers what was being waited for)."""
        if self.left() > 0:
            return False
        self.hit = self.hit or waiting_for
        return True

    def check(self, waiting_for: str) -> None:
        if self.over(waiting_for):
            raise TimedOut(waiting_for)

    def note(self) -> str:
        """The line a benchmark prints when it stopped early ("" when it did not)."""
        if not self.hit:
            return ""
        return f"timed out after {self.seconds:g} s (waiting for {self.hit}): the figures above are what was measured"


def cpu_call(fn: Callable[[], object]) -> float:
    """This process's CPU seconds (user + system) for one call of ``fn``."""
    start = time.process_time()
    fn()
    return time.process_time() - start


def children_cpu() -> float:
    """User + system CPU seconds of every child process waited for so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def child_env(env: Mapping[str, str] | None) -> dict[str, str]:
    """The environment a measured child runs in: ``env`` (default: this process's) without
    ``PYTHONDONTWRITEBYTECODE``. As installed, Python finds its modules compiled (pip writes the bytecode); a child
    told not to write it compiles again, in every run, each source file newer than its cache: on a fresh clone
    every module of the program (`tdesk standings --json` 2.37 against 1.96 G instructions, 2026-11-28, by hand).
    The first run writes what is missing; the medians are of runs that find it."""
    found = dict(os.environ if env is None else env)
    found.pop("PYTHONDONTWRITEBYTECODE", None)
    return found


def child_cpu(argv: Sequence[str], deadline: Deadline, env: Mapping[str, str] | None = None) -> float:
    """User + system CPU seconds of one child process, which must succeed. Killed at the deadline (its CPU so
    far is lost: ``TimedOut`` is raised)."""
    return child_cpu_and_memory(argv, deadline, env)[0]


def child_cpu_and_memory(
    argv: Sequence[str], deadline: Deadline, env: Mapping[str, str] | None = None
) -> tuple[float, float]:
    """``child_cpu``, and the child's peak memory in MB."""
    proc = subprocess.Popen(list(argv), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=child_env(env))
    assert proc.stderr is not None
    try:
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if deadline.over(" ".join(argv[1:4])):
                proc.kill()
                os.wait4(proc.pid, 0)
                proc.returncode = -9
                raise TimedOut(" ".join(argv[1:4]))
            time.sleep(0.005)
        proc.returncode = os.waitstatus_to_exitcode(status)
        err = proc.stderr.read().decode(errors="replace")
    finally:
        proc.stderr.close()
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv[:4])} … failed: {err}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def child_instructions(argv: Sequence[str], deadline: Deadline, env: Mapping[str, str] | None = None) -> int:
    """The instructions the process ran (callgrind's total), bounded by the deadline."""
    with tempfile.TemporaryDirectory() as folder:
        wrapped = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/out", *argv]
        try:
            done = subprocess.run(
                wrapped, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=child_env(env),
                timeout=max(1.0, deadline.left()), check=False,
            )  # fmt: skip
        except subprocess.TimeoutExpired:
            raise TimedOut(" ".join(argv[1:4])) from None
    err = done.stderr.decode(errors="replace")
    found = re.search(r"Collected : (\d+)", err)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"valgrind {' '.join(argv[:4])} … failed: {err[-2000:]}")
    return int(found.group(1))


def verdict(value: float, target: float) -> str:
    return "PASS" if value <= target else "MISSED"


def figure(name: str, samples: Sequence[float], floor: float, target: float, *, unit: str = "s",
           target_text: str = "", runs: int | None = None) -> str:  # fmt: skip
    """One figure: the median CPU time, its ratio to the floor, the target and PASS/MISSED.

    ``unit`` is "s" or "ms" (how the median and the target are shown); ``target_text`` replaces the target's
    rendering (e.g. "≤ 50 ms a result (≥ 20/s)"); ``runs`` overrides N when the samples are already medians."""
    if not samples:
        return f"{name}: nothing measured — target {target_text or _show(target, unit)}  MISSED"
    value = statistics.median(samples)
    ratio = f"{value / floor:.2f}× the floor" if floor > 0 else "floor not measured"
    count = runs if runs is not None else len(samples)
    return (
        f"{name}: {_show(value, unit)} CPU (median of {count}) — {ratio} — "
        f"target {target_text or _show(target, unit)}  {verdict(value, target)}"
    )


def _show(seconds: float, unit: str) -> str:
    return f"{seconds * 1000:.1f} ms" if unit == "ms" else f"{seconds:.3f} s"


def interleaved(work: Callable[[], float], floor: Callable[[], float], runs: int, deadline: Deadline,
                ) -> tuple[list[float], list[float]]:  # fmt: skip
    """``runs`` samples of the work and of its floor, one after the other (a busy moment weighs on both);
    fewer when the deadline passes."""
    works: list[float] = []
    floors: list[float] = []
    for _ in range(runs):
        try:
            floors.append(floor())
            works.append(work())
        except TimedOut:
            break
        if deadline.over("the next run"):
            break
    return works, floors


def median(samples: Sequence[float]) -> float:
    """The median, 0 when nothing was measured (a floor cut short by the deadline)."""
    return statistics.median(samples) if samples else 0.0
