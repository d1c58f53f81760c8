"""The pairing graph: legal tables, the bye node, the window of near partners, and its best matching."""

from __future__ import annotations

from tournament_desk.domain.pairing.costs import REMATCH_LEVEL, SCORE_LEVEL, PairingEntrant
from tournament_desk.domain.pairing.graph import Field, Graph, solve, weighted_edges, window_pairs


def entrants(
    count: int, units: dict[int, str] | None = None, met: dict[int, set[int]] | None = None
) -> list[PairingEntrant]:
    """``count`` entrants ranked 1…count (fewer MP down the list), with the units and meetings given."""
    units, met = units or {}, met or {}
    return [
        PairingEntrant(i, i, mp=float(count - i), unit=units.get(i), opponents=frozenset(met.get(i, ())))
        for i in range(1, count + 1)
    ]


def test_a_table_is_legal_unless_same_unit_or_a_rematch() -> None:
    field_ = entrants(4, units={1: "甲", 2: "甲"}, met={3: {4}})
    f = Field(field_, field_)
    assert not f.legal(0, 1)  # one unit
    assert not f.legal(2, 3) and not f.legal(3, 2)  # met, seen from either side
    assert f.legal(0, 2) and f.legal(1, 3)


def test_levels_put_a_broken_rule_first_only_when_relaxed() -> None:
    field_ = entrants(4, met={1: {2}})
    f = Field(field_, field_)
    relaxed, strict = f.columns([0], [1], relax=True), f.columns([0], [1], relax=False)
    assert relaxed[REMATCH_LEVEL] == [1] and strict[REMATCH_LEVEL] == [0]
    assert relaxed[SCORE_LEVEL] == [(2 * 4 - 2 * 3) ** 2]  # half points apart, squared


def test_the_window_takes_the_k_nearest_legal_partners_each_way() -> None:
    field_ = entrants(6, met={1: {2}})
    f = Field(field_, field_)
    assert window_pairs(f, 1) == [(0, 2), (1, 2), (2, 3), (3, 4), (4, 5)]
    assert (0, 1) not in window_pairs(f, 5)  # never an illegal one


def test_the_best_matching_pairs_neighbours_and_gives_the_bye_to_the_last() -> None:
    field_ = entrants(5)
    f = Field(field_, field_)
    graph = Graph.full(f, bye_nodes=list(range(5)), relax=False)
    assert graph.nodes == 6 and graph.bye_node == 5
    mate = solve(graph)
    assert mate is not None
    pairs, bye = f.decode(mate)
    assert bye == 5
    assert sorted(tuple(sorted(p)) for p in pairs) == [(1, 2), (3, 4)]


def test_no_perfect_matching_is_none() -> None:
    field_ = entrants(4, units={1: "甲", 2: "甲", 3: "甲"})
    f = Field(field_, field_)
    assert solve(Graph.full(f, bye_nodes=[], relax=False)) is None
    assert solve(Graph.full(f, bye_nodes=[], relax=True)) is not None


def test_a_unit_past_half_is_numbered_first_and_the_best_matching_weighs_the_same() -> None:
    import rustworkx as rx

    field_ = entrants(13, units={i: "甲" for i in (1, 2, 4, 5, 7, 8, 10, 11)}, met={3: {6}, 9: {12}})
    f = Field(field_, field_)
    graph = Graph.full(f, bye_nodes=list(range(13)), relax=True)
    assert graph.leading() == {0, 1, 3, 4, 6, 7, 9, 10}  # eight of fourteen nodes, the bye node counted
    weights = {(p, q): w for p, q, w in weighted_edges(graph)}
    in_rank_order: rx.PyGraph[None, int] = rx.PyGraph()
    in_rank_order.add_nodes_from([None] * graph.nodes)
    in_rank_order.add_edges_from([(p, q, w) for (p, q), w in weights.items()])
    best = rx.max_weight_matching(in_rank_order, max_cardinality=True, weight_fn=int)
    mate = solve(graph)
    assert mate is not None and sorted(node for pair in mate for node in pair) == list(range(14))
    assert sum(weights[min(pair), max(pair)] for pair in mate) == sum(weights[min(p), max(p)] for p in best)
    no_majority = Field(
        entrants(6, units={1: "甲", 2: "甲", 3: "甲"}), entrants(6, units={1: "甲", 2: "甲", 3: "甲"})
    )
    assert Graph.full(no_majority, bye_nodes=[], relax=True).leading() == frozenset()  # half is not past half
