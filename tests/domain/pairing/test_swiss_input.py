"""Swiss pairing engine: locked tables, the same pairing whatever the input order, and refused input."""

from __future__ import annotations

import random

import pytest
import rustworkx as rx

from tests.domain.pairing.helpers import entrant, oracle_cost, perfect_matchings, seats
from tournament_desk.domain.errors import PairingError
from tournament_desk.domain.pairing import PairedTable
from tournament_desk.domain.pairing.swiss import (
    REMATCH,
    assemble_pairing,
    pair_round,
    pairing_cost,
)

# --- locked tables ----------------------------------------------------------------------------


def test_locked_tables_are_kept_as_given_and_numbered_in_order() -> None:
    field = [entrant(i, mp=6 - i) for i in range(1, 7)]
    pairing = pair_round(field, locked=[(5, 2)])
    assert seats(pairing) == [(1, 3), (5, 2), (4, 6)]


def test_locked_rematch_is_kept_and_reported() -> None:
    field = [entrant(1, met={4}), entrant(2), entrant(3), entrant(4, met={1})]
    pairing = pair_round(field, locked=[(4, 1)])
    assert pairing.tables == (PairedTable(1, 4, 1, (REMATCH,)), PairedTable(2, 2, 3))


def test_locked_tables_leave_the_bye_to_the_free_entrants() -> None:
    field = [entrant(i) for i in range(1, 6)]
    pairing = pair_round(field, locked=[(5, 4)])
    assert pairing.bye == 3
    assert seats(pairing) == [(1, 2), (5, 4)]


def test_everything_locked() -> None:
    pairing = pair_round([entrant(i) for i in (1, 2, 3, 4)], locked=[(4, 3), (2, 1)])
    assert seats(pairing) == [(2, 1), (4, 3)]


# --- determinism ------------------------------------------------------------------------------


def test_input_order_does_not_matter() -> None:
    rng = random.Random(5)
    field = [
        entrant(
            i,
            draw=d,
            mp=rng.randint(0, 8) / 2,
            vp=rng.randint(0, 40),
            unit=rng.choice(["A", "B", "C", "D", None]),
            met={j for j in range(1, 26) if j != i and rng.random() < 0.1},
            bye=rng.random() < 0.2,
            home=rng.randint(0, 3),
        )
        for i, d in zip(range(1, 26), rng.sample(range(1, 26), 25), strict=True)
    ]
    expected = pair_round(field)
    for _ in range(5):
        rng.shuffle(field)
        assert pair_round(field) == expected


# Ten entrants (id: MP, unit, opponents met, times home) with two pairings optimal on every level:
# 1v4 2v6 3v10 5v7 8v9 and 1v7 2v4 3v10 5v6 8v9 (oracle_cost below proves the tie).
TIED = {
    1: (1, "C", {9, 10}, 1),
    2: (2, "C", {3, 9, 10}, 2),
    3: (0, "B", {2}, 1),
    4: (1, "A", {5, 10}, 2),
    5: (2, "C", {4, 10}, 0),
    6: (2, "B", {7, 9}, 1),
    7: (1, "B", {6}, 0),
    8: (1, "C", set(), 2),
    9: (0, "B", {1, 2, 6, 10}, 1),
    10: (1, "C", {1, 2, 4, 5, 9}, 2),
}


def test_pairings_equal_on_every_level_are_settled_the_same_way_every_time() -> None:
    # No tie-break level: the same graph, built in rank order, gives rustworkx the same tie to
    # settle, and since 0.18 it settles it without hash seeds (see ``swiss``).
    field = [entrant(i, mp=mp, unit=unit, met=met, home=home) for i, (mp, unit, met, home) in TIED.items()]
    best = oracle_cost(field)
    costs = [
        pairing_cost(field, assemble_pairing(field, pairs, None)) for pairs in perfect_matchings(list(TIED))
    ]
    assert costs.count(best) == 2
    expected = pair_round(field)
    assert pairing_cost(field, expected) == best
    rng = random.Random(29)
    for _ in range(40):
        rng.shuffle(field)
        assert pair_round(field) == expected
        assert pair_round(field, window=None) == expected


def test_rustworkx_settles_equal_weights_the_same_way_every_call() -> None:
    # rustworkx#1545: before 0.18 these graphs had two answers, call to call (a hash map's order).
    edge_lists = [
        [(0, 1, 1), (0, 4, 2), (1, 4, 2), (2, 4, 1), (3, 4, 1)],
        [(0, 1, 1), (0, 2, 2), (0, 5, 2), (2, 5, 1), (3, 5, 1), (4, 5, 1)],
    ]
    for edges in edge_lists:
        answers = set()
        for _ in range(50):
            graph: rx.PyGraph[None, int] = rx.PyGraph()
            graph.extend_from_weighted_edge_list(edges)
            mate = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
            answers.add(frozenset(tuple(sorted(p)) for p in mate))
        assert len(answers) == 1


def test_rustworkx_takes_weights_wider_than_64_bits() -> None:
    # The engine relies on i128 weights; an upgrade that narrowed them must fail here.
    graph: rx.PyGraph[None, int] = rx.PyGraph()
    graph.add_nodes_from([None] * 4)
    big = 2**100
    graph.add_edges_from([(0, 1, big + 1), (2, 3, big + 1), (1, 2, 2 * big + 3), (0, 3, 1)])
    mate = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    assert {tuple(sorted(p)) for p in mate} == {(0, 3), (1, 2)}


# --- errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [0, 1])
def test_too_few_entrants(count: int) -> None:
    with pytest.raises(PairingError, match="At least two"):
        pair_round([entrant(i) for i in range(1, count + 1)])


def test_duplicate_ids() -> None:
    with pytest.raises(PairingError, match="more than once"):
        pair_round([entrant(1), entrant(2), entrant(1, draw=3)])


def test_locked_unknown_entrant() -> None:
    with pytest.raises(PairingError, match="entrant 9"):
        pair_round([entrant(1), entrant(2)], locked=[(1, 9)])


@pytest.mark.parametrize("locked", [[(1, 2), (2, 3)], [(1, 1)]])
def test_locked_entrant_twice(locked: list[tuple[int, int]]) -> None:
    with pytest.raises(PairingError, match="more than one locked table"):
        pair_round([entrant(i) for i in (1, 2, 3, 4)], locked=locked)
