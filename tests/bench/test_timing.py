"""bench/timing.py: the benchmarks' one way to time work on CPU time, bounded, printed beside floor and target.

No test here asserts a duration: only what is printed, what is raised and that children are reaped."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import timing  # noqa: E402  (bench/timing.py)


def test_a_figure_names_its_median_runs_ratio_target_and_verdict() -> None:
    line = timing.figure("tdesk standings --json", [0.9, 0.3, 0.4], 0.2, 0.5)
    assert (
        line == "tdesk standings --json: 0.400 s CPU (median of 3) — 2.00× the floor — target 0.500 s  PASS"
    )


def test_a_figure_over_its_target_is_missed_and_can_be_shown_in_ms() -> None:
    line = timing.figure("Enter", [0.06, 0.07], 0.01, 0.05, unit="ms", target_text="≤ 50 ms")
    assert line == "Enter: 65.0 ms CPU (median of 2) — 6.50× the floor — target ≤ 50 ms  MISSED"


def test_a_figure_without_samples_or_floor_says_so_instead_of_raising() -> None:
    assert timing.figure("push", [], 0.1, 0.25) == "push: nothing measured — target 0.250 s  MISSED"
    assert "floor not measured" in timing.figure("push", [0.1], 0.0, 0.25)


def test_a_deadline_that_passed_names_what_was_awaited_once() -> None:
    deadline = timing.Deadline(0)
    assert deadline.over("the server to start")
    with pytest.raises(timing.TimedOut):
        deadline.check("the next run")
    assert deadline.hit == "the server to start"
    assert deadline.note().startswith("timed out after 0 s (waiting for the server to start)")


def test_a_deadline_not_reached_says_nothing() -> None:
    deadline = timing.Deadline(3600)
    assert not deadline.over("anything")
    deadline.check("anything")
    assert deadline.note() == ""


def test_cpu_call_calls_once_and_counts_this_process_time() -> None:
    calls: list[int] = []
    spent = timing.cpu_call(lambda: calls.append(sum(range(10_000))))
    assert calls == [sum(range(10_000))]
    assert spent >= 0


def test_child_cpu_counts_the_child_and_adds_to_the_childrens_total() -> None:
    before = timing.children_cpu()
    spent = timing.child_cpu([sys.executable, "-c", "sum(range(200_000))"], timing.Deadline(120))
    assert spent >= 0
    assert timing.children_cpu() >= before


def test_a_measured_child_may_write_its_bytecode_whatever_the_machine_says() -> None:
    """A child told PYTHONDONTWRITEBYTECODE would compile every module again in every run (bench/timing.py
    ``child_env``): the measured child runs without it, and with the rest of the environment it was given."""
    check = "import os, sys; sys.exit(0 if 'PYTHONDONTWRITEBYTECODE' not in os.environ and os.environ['X'] == '1' else 1)"
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "X": "1"}
    assert timing.child_cpu([sys.executable, "-c", check], timing.Deadline(120), env) >= 0
    with pytest.raises(SystemExit):  # the check itself fails when the variable is there
        timing.child_cpu([sys.executable, "-c", check.replace("not in", "in")], timing.Deadline(120), env)


def test_a_failing_child_stops_the_benchmark_with_its_error() -> None:
    with pytest.raises(SystemExit, match="boom"):
        timing.child_cpu([sys.executable, "-c", "raise SystemExit('boom')"], timing.Deadline(120))


def test_a_child_past_the_deadline_is_killed_and_reaped() -> None:
    deadline = timing.Deadline(0)
    with pytest.raises(timing.TimedOut):
        timing.child_cpu([sys.executable, "-c", "import time; time.sleep(60)"], deadline)
    assert deadline.hit  # the note names the command


def fake_valgrind(folder: Path, monkeypatch: pytest.MonkeyPatch, script: str) -> None:
    """A ``valgrind`` first on the PATH that runs ``script`` (sh) with its arguments; the real one is a system
    package, and what is tested here is reading its answer."""
    valgrind = folder / "valgrind"
    valgrind.write_text(f"#!/bin/sh\n{script}\n", encoding="utf-8")
    valgrind.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}:{os.environ['PATH']}")


def test_child_instructions_reads_callgrinds_total_of_the_command_it_wrapped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_valgrind(
        tmp_path, monkeypatch, 'echo "$@" > "$(dirname "$0")/argv"; echo "==1== Collected : 123456789" >&2'
    )
    count = timing.child_instructions(["python3", "-c", "pass"], timing.Deadline(120))
    assert count == 123456789
    argv = (tmp_path / "argv").read_text(encoding="utf-8").split()
    assert argv[0] == "--tool=callgrind" and argv[-3:] == ["python3", "-c", "pass"]


def test_child_instructions_stops_the_benchmark_when_valgrind_fails_or_says_no_total(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_valgrind(tmp_path, monkeypatch, 'echo "valgrind: no such tool" >&2; exit 1')
    with pytest.raises(SystemExit, match="no such tool"):
        timing.child_instructions(["python3", "-c", "pass"], timing.Deadline(120))


def test_child_instructions_past_the_deadline_times_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_valgrind(tmp_path, monkeypatch, "exec sleep 30")  # exec: the process killed is the sleep
    deadline = timing.Deadline(0.5)
    with pytest.raises(timing.TimedOut):
        timing.child_instructions(["python3", "-c", "pass"], deadline)


def test_the_live_benchmark_turns_a_hung_wait_into_a_timeout_it_reports() -> None:
    import live  # bench/live.py

    deadline = timing.Deadline(0.2)
    with pytest.raises(timing.TimedOut):
        live.bounded(asyncio.sleep(60), deadline, "the phones' streams")
    assert "the phones' streams" in deadline.note()


def test_interleaved_takes_floor_and_work_alternately_and_stops_at_the_deadline() -> None:
    calls: list[str] = []

    def work() -> float:
        calls.append("work")
        return 2.0

    def floor() -> float:
        calls.append("floor")
        return 1.0

    assert timing.interleaved(work, floor, 3, timing.Deadline(60)) == ([2.0] * 3, [1.0] * 3)
    assert calls == ["floor", "work"] * 3
    calls.clear()
    assert timing.interleaved(work, floor, 3, timing.Deadline(0)) == (
        [2.0],
        [1.0],
    )  # one pair, then the deadline


def test_a_work_that_times_out_leaves_the_samples_taken_before_it() -> None:
    def work() -> float:
        raise timing.TimedOut("a child")

    assert timing.interleaved(work, lambda: 1.0, 3, timing.Deadline(60)) == ([], [1.0])
    assert timing.median([]) == 0.0 and timing.median([3.0, 1.0, 2.0]) == 2.0


def test_no_benchmark_times_its_work_with_the_wall_clock() -> None:
    """perf_counter/time.time only bound a wait or time a delay the director sees (the live and refresh benches
    say so in their docstrings); nowhere is it the measured figure of a benchmark that targets CPU time."""
    wall_ok = {
        "live.py",
        "live_window.py",
        "stations_refresh.py",
        "team_match.py",
        "team_standings.py",
        "timing.py",
    }
    bench = Path(timing.__file__).parent
    timed = [p.name for p in bench.glob("*.py") if "perf_counter" in p.read_text(encoding="utf-8")]
    assert set(timed) <= wall_ok, set(timed) - wall_ok
