"""A large ordinary round solved a stretch of the ranking at a time (``blocks``, issue 29): the same pairing as the
whole window graph's on simulated events, a perfect matching of the graph's own edges every time, and the whole
graph solved whenever a stretch cannot settle its upper part."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tests.domain.pairing.helpers import check_pairing, entrant, play
from tournament_desk.domain.pairing import PairingEntrant, relaxed, swiss
from tournament_desk.domain.pairing.blocks import solve_in_blocks
from tournament_desk.domain.pairing.costs import REMATCH, SAME_UNIT
from tournament_desk.domain.pairing.graph import Field, Graph, solve, weighted_edges
from tournament_desk.domain.pairing.swiss import pair_round, pairing_cost, rank_entrants


def played(n: int, rounds: int, seed: int, dominant: float = 0.0) -> list[PairingEntrant]:
    """``n`` entrants in units of 4 (but a share ``dominant`` of them in one unit) after ``rounds`` rounds paired
    by the engine, random results."""
    rng = random.Random(seed)
    draws = rng.sample(range(1, n + 1), n)
    big = round(dominant * n)
    field = [entrant(i, draws[i - 1], unit="D" if i <= big else f"U{(i - 1) // 4}") for i in range(1, n + 1)]
    for _ in range(rounds):
        field = play(field, pair_round(field), rng, vp=True)
    return field


def window_graph(field: list[PairingEntrant], k: int = 4) -> Graph:
    ranked = rank_entrants(field)
    f = Field(ranked, ranked)
    bye = [f.n - 1] if f.n % 2 else []
    return Graph.window(f, k, bye)


def weight(graph: Graph, mate: set[tuple[int, int]]) -> int:
    weights = {(p, q): w for p, q, w in weighted_edges(graph)}
    return sum(weights[min(u, v), max(u, v)] for u, v in mate)


def assert_perfect_on_its_edges(graph: Graph, mate: set[tuple[int, int]]) -> None:
    edges = {(p, q) for p, q, _ in weighted_edges(graph)}
    assert all((min(u, v), max(u, v)) in edges for u, v in mate)
    seated = [node for pair in mate for node in pair]
    assert sorted(seated) == list(range(graph.nodes))


@pytest.mark.parametrize("seed", range(12))
def test_stretches_of_sixteen_give_the_whole_window_graphs_pairing(seed: int) -> None:
    field = played(150 + seed % 2, rounds=1 + seed % 7, seed=seed)
    graph = window_graph(field)
    whole, stretched = solve(graph), solve_in_blocks(graph, block=16)
    assert whole is not None and stretched is not None
    assert_perfect_on_its_edges(graph, stretched)
    assert weight(graph, stretched) == weight(graph, whole)


def test_an_entrant_whose_only_partners_are_at_the_bottom_is_carried_down_to_them() -> None:
    field = played(120, rounds=3, seed=5)
    ranked = rank_entrants(field)
    leader, bottom = ranked[0], {e.id for e in ranked[-3:]}
    everyone = {e.id for e in field}
    field = [replace(e, opponents=frozenset(everyone - bottom - {e.id})) if e is leader else e for e in field]
    for e in ranked[1:]:  # who has met the leader, the leader has met
        if e.id not in bottom:
            field = [replace(x, opponents=x.opponents | {leader.id}) if x.id == e.id else x for x in field]
    graph = window_graph(field)
    stretched = solve_in_blocks(graph, block=8)
    whole = solve(graph)
    assert stretched is not None and whole is not None
    assert_perfect_on_its_edges(graph, stretched)
    assert any(
        0 in pair and max(pair) >= graph.field.n - 3 for pair in stretched
    )  # the leader, at the bottom
    assert weight(graph, stretched) == weight(graph, whole)


def test_more_carried_than_a_stretch_holds_gives_up_and_the_round_is_still_paired(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The top 12 have met everyone but the bottom 12: each stretch of 4 carries them all down."""
    field = played(80, rounds=2, seed=3)
    ranked = rank_entrants(field)
    top, bottom = {e.id for e in ranked[:12]}, {e.id for e in ranked[-12:]}
    everyone = {e.id for e in field}
    field = [
        replace(e, opponents=frozenset(everyone - bottom - {e.id}))
        if e.id in top
        else replace(e, opponents=e.opponents | (top if e.id not in bottom else frozenset()))
        for e in field
    ]
    graph = window_graph(field, k=12)
    assert solve_in_blocks(graph, block=4) is None
    monkeypatch.setattr(swiss, "BLOCK", 4)  # the engine falls back to the whole graph
    pairing = pair_round(field)
    check_pairing(field, pairing)
    assert all(not t.relaxed for t in pairing.tables)
    assert {frozenset((t.home, t.away)) & top for t in pairing.tables} >= {frozenset({i}) for i in top}


@pytest.mark.slow
@pytest.mark.parametrize(("n", "rounds"), [(1101, 4), (1300, 8)])
def test_a_large_round_in_stretches_is_the_whole_window_graphs_pairing(
    n: int, rounds: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    field = played(n, rounds, seed=n)
    stretched = pair_round(field)
    monkeypatch.setattr(swiss, "BLOCK", n)  # 4 * BLOCK >= n: one stretch, the whole graph
    whole = pair_round(field)
    check_pairing(field, stretched)
    assert pairing_cost(field, stretched) == pairing_cost(field, whole)


@pytest.mark.parametrize(("dominant", "seed"), [(0.55, 1), (0.55, 2), (0.8, 3), (0.0, 4)])
def test_a_round_that_must_break_rules_in_stretches_breaks_as_few_as_the_whole_graph(
    dominant: float, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stretches of 16 in a field of 130 (the middle entrant has met everyone but its unit-mates, so rules must
    give way even without a large unit): the fewest rematch and same-unit tables and the bye as the whole graph
    gives, since a stretched answer not proved the best is solved whole."""
    field = played(130, rounds=3, seed=seed, dominant=dominant)
    middle = rank_entrants(field)[65]
    mates = {e.id for e in field if e.unit == middle.unit}
    field = [
        replace(e, opponents=frozenset({x.id for x in field} - mates)) if e is middle else e for e in field
    ]
    monkeypatch.setattr(relaxed, "RELAXED_BLOCK", 16)
    stretched = pair_round(field)
    monkeypatch.setattr(relaxed, "RELAXED_BLOCK", 1000)
    whole = pair_round(field)
    check_pairing(field, stretched)
    assert any(t.relaxed for t in stretched.tables)
    assert pairing_cost(field, stretched)[:3] == pairing_cost(field, whole)[:3]


def test_a_stretched_answer_that_breaks_more_rules_is_solved_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    field = played(131, rounds=3, seed=7, dominant=0.55)
    monkeypatch.setattr(relaxed, "RELAXED_BLOCK", 1000)
    whole = pair_round(field)
    monkeypatch.setattr(relaxed, "RELAXED_BLOCK", 16)

    def unit_mates_together(
        graph: Graph, block: int, span: int, seat_all: bool = False
    ) -> set[tuple[int, int]]:
        """A perfect matching that seats unit-mates together wherever it can: more same-unit tables."""
        units, left, mate = graph.field.units, list(range(graph.nodes)), set()
        while left:
            p = left.pop(0)
            q = next(
                (q for q in left if q < graph.field.n and p < graph.field.n and units[p] == units[q]), left[0]
            )
            left.remove(q)
            mate.add((p, q))
        return mate

    monkeypatch.setattr(relaxed, "solve_in_blocks", unit_mates_together)
    assert pairing_cost(field, pair_round(field)) == pairing_cost(field, whole)


@pytest.mark.parametrize("seed", [5, 6])
@pytest.mark.parametrize("spared", ["nobody", "unit-mates"])
def test_a_round_that_breaks_rules_at_few_tables_goes_in_an_ordinary_rounds_stretches(
    seed: int, spared: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One entrant in a field of 130 has met everyone (a forced rematch, ``lonely_matching``) or everyone but its
    unit-mates (a forced same-unit table, ``relaxed_matching``): stretches of an ordinary round's block (16 here),
    not the relaxed block (1000: it would be whole), and the pairing the whole graph gives; a unit of 55 % (many
    same-unit tables) keeps the relaxed block."""
    field = played(130, rounds=3, seed=seed)
    middle = rank_entrants(field)[65]
    others = {x.id for x in field if x.id != middle.id and (spared == "nobody" or x.unit != middle.unit)}
    field = [replace(e, opponents=frozenset(others)) if e is middle else e for e in field]
    whole = pair_round(field)
    blocks_used: list[int] = []

    def spy(graph: Graph, block: int, span: int, seat_all: bool = False) -> set[tuple[int, int]] | None:
        blocks_used.append(block)
        return solve_in_blocks(graph, block, span, seat_all)

    monkeypatch.setattr(relaxed, "solve_in_blocks", spy)
    monkeypatch.setattr(relaxed, "BLOCK", 16)
    monkeypatch.setattr(relaxed, "RELAXED_BLOCK", 1000)
    stretched = pair_round(field)
    check_pairing(field, stretched)
    assert blocks_used == [16]
    broken = (REMATCH,) if spared == "nobody" else (SAME_UNIT,)
    assert [t.relaxed for t in stretched.tables if t.relaxed] == [broken]
    assert middle.id in stretched.stranded
    assert pairing_cost(field, stretched) == pairing_cost(field, whole)
    assert relaxed.stretch_block(broken_tables=1, nodes=130) == 16
    assert relaxed.stretch_block(broken_tables=10, nodes=130) == 1000


def test_a_stretch_short_of_members_gives_up_at_once_when_every_other_must_meet_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """52 of 100 in one unit, none among the top 8: in the graph of the pairs that seat a member the top stretch
    cannot seat all its others. Its stretches would carry them down (an answer all the same), but with every other
    to be seated by a member they give up at once and the graph is solved whole."""
    rest = list(range(9, 101))
    members = {rest[j * len(rest) // 52] for j in range(52)}
    field = [
        entrant(
            i,
            mp=float(100 - i),
            unit="D" if i in members else f"U{(i - 1) // 4}",
            met={i + 1 if i % 2 else i - 1},
        )
        for i in range(1, 101)
    ]
    ranked = rank_entrants(field)
    f = Field(ranked, ranked)
    pairs = relaxed.seating_majority(f, [(p, q) for p in range(f.n) for q in range(p + 1, f.n)])
    assert pairs is not None
    graph = Graph(f, lambda: pairs, [], relax=True, cache=True)
    assert solve_in_blocks(graph, block=16) is not None
    assert solve_in_blocks(graph, block=16, seat_all=True) is None
    monkeypatch.setattr(relaxed, "RELAXED_BLOCK", 1000)
    whole = pair_round(field)
    monkeypatch.setattr(relaxed, "RELAXED_BLOCK", 16)
    calls: list[bool] = []

    def spy(graph: Graph, block: int, span: int, seat_all: bool = False) -> set[tuple[int, int]] | None:
        calls.append(seat_all)
        return solve_in_blocks(graph, block, span, seat_all)

    monkeypatch.setattr(relaxed, "solve_in_blocks", spy)
    stretched = pair_round(field)
    check_pairing(field, stretched)
    assert calls[0] is True  # the graph of the pairs that seat a member, first
    assert pairing_cost(field, stretched) == pairing_cost(field, whole)
    assert sum(SAME_UNIT in t.relaxed for t in stretched.tables) == 2  # (52 - 48) / 2
