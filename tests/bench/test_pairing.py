"""bench/pairing.py: the part of a pairing spent inside rustworkx's matching, counted apart.

No test here asserts a duration: only that the matcher's time is counted, and nothing else."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import pytest
import rustworkx

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import pairing  # bench/pairing.py


def _burn() -> None:
    start = time.process_time()
    while time.process_time() == start:
        pass


def test_the_matcher_clock_counts_the_matchers_cpu_and_nothing_around_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[Any, ...]] = []

    def matcher(*args: Any, **kwargs: Any) -> set[tuple[int, int]]:
        calls.append((*args, *kwargs.items()))
        _burn()
        return {(0, 1)}

    monkeypatch.setattr(rustworkx, "max_weight_matching", matcher)
    clock = pairing.MatcherClock()
    _burn()  # work outside the matcher
    assert clock.lap() == 0.0
    assert rustworkx.max_weight_matching("graph", max_cardinality=True) == {(0, 1)}
    assert calls == [("graph", ("max_cardinality", True))]
    assert clock.lap() > 0.0
    assert clock.lap() == 0.0  # a lap starts the count again
