"""The round-robin schedule (rules.md §7.3) equals FIDE's published Berger tables, and its invariants hold."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.formats.berger import berger_round, berger_schedule, rounds_needed

TABLES = Path(__file__).with_name("fide_berger_tables.txt")


def published() -> dict[int, list[list[tuple[int, int]]]]:
    """FIDE's tables by the even player count (4, 6, …, 16): rounds of (home, away) in table order."""
    tables: dict[int, list[list[tuple[int, int]]]] = {}
    size = 0
    for line in TABLES.read_text(encoding="utf-8").splitlines():
        if header := re.match(r"(\d+) or (\d+) players:", line):
            size = int(header.group(2))
            tables[size] = []
        elif line.startswith("Rd "):
            pairs = re.findall(r"(\d+)-(\d+)", line.split(":", 1)[1])
            tables[size].append([(int(a), int(b)) for a, b in pairs])
    return tables


def test_the_published_tables_are_all_there() -> None:
    tables = published()
    assert sorted(tables) == [4, 6, 8, 10, 12, 14, 16]
    assert all(len(rounds) == n - 1 and all(len(r) == n // 2 for r in rounds) for n, rounds in tables.items())


@pytest.mark.parametrize("players", range(3, 17))
def test_every_round_equals_the_fide_table(players: int) -> None:
    fide = published()[players + players % 2]
    assert [list(r) for r in berger_schedule(players)] == fide
    assert [list(berger_round(players, k)) for k in range(1, len(fide) + 1)] == fide


@given(st.integers(min_value=3, max_value=24), st.booleans())
def test_each_pair_meets_once_per_cycle_and_each_entrant_once_a_round(players: int, double: bool) -> None:
    schedule = berger_schedule(players, double=double)
    size = players + players % 2  # with the dummy of an odd count
    assert len(schedule) == rounds_needed(players, double=double) == (size - 1) * (2 if double else 1)
    for tables in schedule:
        seated = [e for table in tables for e in table]
        assert sorted(seated) == list(range(1, size + 1))
    meetings = Counter(frozenset(t) for tables in schedule for t in tables)
    assert set(meetings) == {frozenset(p) for p in itertools.combinations(range(1, size + 1), 2)}
    assert set(meetings.values()) == {2 if double else 1}
    if double:  # the second cycle swaps home and away of the first, in the same order
        half = len(schedule) // 2
        assert [[(a, h) for h, a in r] for r in schedule[:half]] == [list(r) for r in schedule[half:]]


@given(st.integers(min_value=3, max_value=24))
def test_seats_are_balanced_within_one_over_a_cycle(players: int) -> None:
    """Over a single cycle every entrant is home ⌈(n−1)/2⌉ or ⌊(n−1)/2⌋ times (FIDE's tables do this)."""
    size = players + players % 2
    home = Counter(h for tables in berger_schedule(players) for h, _ in tables)
    assert {home[e] for e in range(1, size + 1)} <= {(size - 1) // 2, size // 2}


@pytest.mark.parametrize("players", [0, 1, -3, 65])
def test_too_few_entrants_are_refused(players: int) -> None:
    with pytest.raises(BadInput):
        berger_schedule(players)
