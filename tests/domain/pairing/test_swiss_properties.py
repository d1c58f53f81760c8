"""Swiss pairing engine: random events against an exhaustive oracle, and whole simulated events."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.domain.pairing.helpers import check_pairing, entrant, oracle_cost, play
from tournament_desk.domain.pairing import PairingEntrant
from tournament_desk.domain.pairing.swiss import DEFAULT_WINDOW, pair_round, pairing_cost, rank_entrants

Event = tuple[list[PairingEntrant], list[tuple[int, int]]]


@st.composite
def events(draw: st.DrawFn, min_n: int = 2, max_n: int = 10, locks: bool = True) -> Event:
    n = draw(st.integers(min_n, max_n))
    ids = draw(st.lists(st.integers(1, 99), min_size=n, max_size=n, unique=True))
    draws = draw(st.permutations(range(1, n + 1)))
    pairs = list(itertools.combinations(ids, 2))
    met = draw(st.sets(st.sampled_from(pairs), max_size=len(pairs)))
    field = [
        entrant(
            i,
            d,
            mp=draw(st.integers(0, 8)) / 2,
            vp=draw(st.integers(0, 3)),
            unit=draw(st.sampled_from([None, "", "A", "A", "B", "C"])),
            met={b if a == i else a for a, b in met if i in (a, b)},
            bye=draw(st.booleans()),
            home=draw(st.integers(0, 3)),
        )
        for i, d in zip(ids, draws, strict=True)
    ]
    locked: list[tuple[int, int]] = []
    if locks and n >= 4 and draw(st.booleans()):
        home, away = draw(st.permutations(ids))[:2]
        locked.append((home, away))
    return field, locked


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(events())
def test_matches_the_exhaustive_optimum(event: Event) -> None:
    field, locked = event
    pairing = pair_round(field, locked=locked)
    check_pairing(field, pairing, locked)
    best = oracle_cost(field, locked)
    cost = pairing_cost(field, pairing)
    # Spelled out so a failure says which rule gave way: rematches, then same-unit tables.
    assert cost[:2] == best[:2]
    assert cost == best


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(events(min_n=7))
def test_matches_the_exhaustive_optimum_in_fuller_fields(event: Event) -> None:
    # Hypothesis favours small fields; ties and floats need a few more entrants to show up.
    test_matches_the_exhaustive_optimum.hypothesis.inner_test(event)  # type: ignore[attr-defined]


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(events(min_n=5, max_n=16, locks=False))
def test_a_narrow_window_never_costs_a_rule_or_the_bye(event: Event) -> None:
    field, _ = event
    narrow = pair_round(field, window=1)
    check_pairing(field, narrow)
    full = pair_round(field, window=None)
    assert pairing_cost(field, narrow)[:3] == pairing_cost(field, full)[:3]
    assert pairing_cost(field, narrow) >= pairing_cost(field, full)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(events(max_n=14), st.randoms(use_true_random=False))
def test_input_order_never_matters(event: Event, rng: random.Random) -> None:
    field, locked = event
    expected = pair_round(field, locked=locked)
    shuffled = list(field)
    rng.shuffle(shuffled)
    assert pair_round(shuffled, locked=locked) == expected


# --- whole events -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "window", "same_as_full"),
    [
        (30, None, 8),  # small fields use the full graph
        (29, None, 8),
        (61, DEFAULT_WINDOW, 8),  # a real window: on these events as good as the full graph
        (60, 2, 3),  # a tiny window: rules and bye as good as the full graph, maybe not scores
    ],
)
def test_simulated_event_keeps_every_rule_every_round(n: int, window: int | None, same_as_full: int) -> None:
    rng = random.Random(n)
    draws = rng.sample(range(1, n + 1), n)
    field = [entrant(i, draws[i - 1], unit=f"U{(i - 1) // 3}") for i in range(1, n + 1)]
    for _ in range(7):
        pairing = pair_round(field, window=window)
        check_pairing(field, pairing)
        assert all(t.relaxed == () for t in pairing.tables)
        if pairing.bye is not None:
            eligible = [e.id for e in rank_entrants(field) if not e.had_bye]
            assert pairing.bye == eligible[-1]
        full = pair_round(field, window=None)
        assert pairing_cost(field, pairing)[:same_as_full] == pairing_cost(field, full)[:same_as_full]
        field = play(field, pairing, rng)
    assert sum(e.had_bye for e in field) == (7 if n % 2 else 0)
