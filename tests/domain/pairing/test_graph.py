"""The pairing graph: legal tables, the bye node, the window of near partners, and its best matching."""

from __future__ import annotations

from tournament_desk.domain.pairing.costs import REMATCH_LEVEL, SCORE_LEVEL, PairingEntrant
from tournament_desk.domain.pairing.graph import Field, Graph, solve, window_pairs


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
