"""The matching graph of the Swiss engine: the field, its edges and their costs, and the weighted solve.

The levels are folded into one integer per edge (``_Weights``); ``swiss`` explains the levels and
how the window and full graphs are chosen, ``relaxed`` the sparse graph of a round that must break a rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from itertools import compress, islice
from typing import TYPE_CHECKING, NamedTuple

from tournament_desk.domain.pairing.costs import (
    BALANCE_LIMIT,
    BYE_LEVEL,
    LEVELS,
    ORDER_LEVEL,
    REMATCH_LEVEL,
    SCORE_LEVEL,
    UNIT_LEVEL,
    PairingEntrant,
    balance,
    due,
    half_points,
    unit_of,
)
from tournament_desk.domain.pairing.feasibility import Conflicts

if TYPE_CHECKING:
    import rustworkx as rx

_Levels = tuple[int, int, int, int, int, int, int, int]
# rustworkx keeps duals and slacks as i128, pre-doubled, and with max_cardinality a vertex dual
# can drift by up to about (node count) x (largest weight); a Rust release build would wrap on
# overflow silently, so edge weights stay below 2**124 / nodes.
I128_HEADROOM_BITS = 124
# The levels whose costs are zero at most pairs: the rules (rematch, same unit: only a relaxed graph's few pairs that
# break one) and the score spread (a window graph's pairs are mostly of equal scores: 80-88 % zeros in a round of
# 2000); the weights pass over their zeros.
SPARSE_LEVELS = (REMATCH_LEVEL, UNIT_LEVEL, SCORE_LEVEL)
# Edges costed at a time: a complete graph's are never all held at once.
CHUNK = 65536


class Field:
    """The free entrants as parallel lists, indexed by node = position in the ranking."""

    def __init__(self, ranked: Sequence[PairingEntrant], free: Sequence[PairingEntrant]) -> None:
        rank = {e.id: r for r, e in enumerate(ranked)}
        self.size = len(ranked)
        self.n = len(free)
        self.ids = [e.id for e in free]
        self.rank = [rank[e.id] for e in free]
        self.units = [unit_of(e) for e in free]
        self.half = [half_points(e) for e in free]
        self.home = [e.home_count for e in free]
        self.due = [due(e) for e in free]
        self.balance = [balance(e) for e in free]
        # Per node, the nodes it has met and its unit-mates (``feasibility``). Not their union: with a unit of half
        # the field that is a set of a thousand for each of a thousand members.
        self.conflicts = Conflicts.of(self.ids, [e.opponents for e in free], self.units)
        # Per node: the key whose lower goes home, and what seating it home (or away) costs it: a preference
        # missed, the seat balance pushed past its limit (``columns``).
        self._seats = (
            list(zip(self.home, self.rank, strict=True)),
            [int(d > 0) for d in self.due],
            [int(d < 0) for d in self.due],
            [int(abs(b + 1) > BALANCE_LIMIT) for b in self.balance],
            [int(abs(b - 1) > BALANCE_LIMIT) for b in self.balance],
        )

    def majority_unit(self) -> str | None:
        """The unit holding more than half the nodes (the bye node counted), if one does: then no legal pairing
        exists, since every table seats at most one of it (rules.md §8: unit-mates never meet)."""
        counts = Counter(unit for unit in self.units if unit is not None)
        unit, count = max(counts.items(), key=lambda item: item[1], default=(None, 0))
        return unit if 2 * count > self.n + self.n % 2 else None

    def legal(self, p: int, q: int) -> bool:
        return p != q and self.conflicts.allows(p, q, allow_same_unit=False)

    def columns(self, ps: Sequence[int], qs: Sequence[int], relax: bool) -> list[list[int]]:
        """The costs of the pairs ``zip(ps, qs)`` (each p the better ranked), one list per level (mirrors
        ``pairing_cost``): a column at a time, since a list comprehension costs a fraction of a loop's work per pair
        (issue 29)."""
        rank, half, size = self.rank, self.half, self.size
        goes_home, miss_home, miss_away, off_home, off_away = self._seats
        p_home = [goes_home[p] <= goes_home[q] for p, q in zip(ps, qs, strict=True)]
        distance = [rank[q] - rank[p] for p, q in zip(ps, qs, strict=True)]
        zeros = [0] * len(ps)
        rematch = unit = zeros
        if relax:
            met, mates = self.conflicts.met, self.conflicts.mates
            rematch = [int(q in met[p]) for p, q in zip(ps, qs, strict=True)]
            unit = [int(q in mates[p]) for p, q in zip(ps, qs, strict=True)]
        pairs_home = list(zip(ps, qs, p_home, strict=True))
        return [
            rematch,
            unit,
            zeros,
            [(half[p] - half[q]) ** 2 for p, q in zip(ps, qs, strict=True)],
            [off_home[p] + off_away[q] if h else off_home[q] + off_away[p] for p, q, h in pairs_home],
            [d * d for d in distance],
            [(d - 1) * (size - rank[p]) for d, p in zip(distance, ps, strict=True)],
            [miss_home[p] + miss_away[q] if h else miss_home[q] + miss_away[p] for p, q, h in pairs_home],
        ]

    def decode(self, mate: set[tuple[int, int]]) -> tuple[list[tuple[int, int]], int | None]:
        pairs: list[tuple[int, int]] = []
        bye = None
        for u, v in mate:
            p, q = min(u, v), max(u, v)
            if q == self.n:
                bye = self.ids[p]
            else:
                pairs.append((self.ids[p], self.ids[q]))
        return pairs, bye


class Graph:
    """Nodes 0..n-1 are the free entrants in rank order; node n is the bye when n is odd.

    A complete graph's edges are generated afresh on each pass rather than stored, so that a few
    thousand entrants do not also hold millions of cost tuples; a sparse graph (given as a list)
    computes its costs once and keeps them for the second pass (``cache``).
    """

    def __init__(
        self,
        field: Field,
        pairs: Callable[[], Iterable[tuple[int, int]]],
        bye_nodes: Sequence[int],
        relax: bool,
        cache: bool = False,
    ) -> None:
        self.field = field
        self._cache: list[_Chunk] | None = [] if cache else None
        self.nodes = field.n + field.n % 2
        self.bye_node = field.n if field.n % 2 else None
        self._pairs = pairs
        self._relax = relax
        # The bye level counts eligible entrants ranked below: the bottom one costs 0.
        self._bye = [(p, len(bye_nodes) - 1 - i) for i, p in enumerate(bye_nodes)]

    def leading(self) -> frozenset[int]:
        """The nodes the matcher numbers first (``solve``, ``blocks``): the members of a unit holding more than half
        the field, else none. rustworkx's blossom settles such a graph in about a fifth less CPU with them first (a
        unit of 55 % at 2000 entrants: 0.75 -> 0.58 s, median of 3, the same matching weight; by hand, 2026-11-28);
        pairings of equal weight are settled by the numbering, so the same field still gives the same pairing."""
        majority = self.field.majority_unit()
        if majority is None:
            return frozenset()
        return frozenset(p for p, unit in enumerate(self.field.units) if unit == majority)

    @classmethod
    def window(
        cls, field: Field, k: int, bye_nodes: Sequence[int], more: Iterable[tuple[int, int]] = ()
    ) -> Graph:
        """The window's legal pairs, and ``more`` legal pairs (p < q) besides."""
        pairs = sorted(set(window_pairs(field, k)).union(more))
        return cls(field, lambda: pairs, bye_nodes, relax=False, cache=True)

    @classmethod
    def full(cls, field: Field, bye_nodes: Sequence[int], relax: bool) -> Graph:
        n, legal = field.n, field.legal

        def pairs() -> Iterator[tuple[int, int]]:
            for p in range(n):
                for q in range(p + 1, n):
                    if relax or legal(p, q):
                        yield p, q

        return cls(field, pairs, bye_nodes, relax)

    def edges(self) -> Iterator[tuple[int, int, _Levels]]:
        """Every edge with its costs, the bye node's last."""
        for chunk in self.chunks():
            yield from zip(chunk.ps, chunk.qs, zip(*chunk.columns, strict=True), strict=True)

    def chunks(self) -> Iterator[_Chunk]:
        """The edges and their costs (``Field.columns``) in chunks of at most ``CHUNK`` edges, the bye node's last."""
        if self._cache:
            return iter(self._cache)
        if self._cache is not None:
            self._cache = list(self._generate())
            return iter(self._cache)
        return self._generate()

    def _generate(self) -> Iterator[_Chunk]:
        pairs = iter(self._pairs())
        while batch := list(islice(pairs, CHUNK)):
            ps, qs = [p for p, _ in batch], [q for _, q in batch]
            yield _Chunk(ps, qs, self.field.columns(ps, qs, self._relax), bye=False)
        if self._bye:
            ps, below = [p for p, _ in self._bye], [b for _, b in self._bye]
            zeros = [0] * len(ps)
            columns = [below if level == BYE_LEVEL else zeros for level in range(LEVELS)]
            yield _Chunk(ps, [self.field.n] * len(ps), columns, bye=True)


class _Chunk(NamedTuple):
    ps: list[int]
    qs: list[int]
    columns: list[list[int]]  # one list per level, one cost per edge
    bye: bool  # the bye node's edges


def window_pairs(field: Field, k: int) -> list[tuple[int, int]]:
    """Each node with its k nearest legal partners above and below in the ranking, in order."""
    return near_pairs(field.n, k, field.conflicts.met, field.conflicts.mates)


def near_pairs(
    n: int,
    k: int,
    blocked: Sequence[Collection[int]],
    also: Sequence[Collection[int]] | None = None,
    nodes: Iterable[int] | None = None,
) -> list[tuple[int, int]]:
    """Each of ``nodes`` (default 0..n-1) with its k nearest partners above and below that neither ``blocked``
    nor ``also`` rules out (``blocked[p]``: nodes p may not meet; both ways: q in blocked[p] exactly when p in
    blocked[q]; the same for ``also``)."""
    keys: set[int] = set()
    add = keys.add
    nothing: frozenset[int] = frozenset()
    for p in range(n) if nodes is None else nodes:
        bad, other = blocked[p], (also[p] if also is not None else nothing)
        found = 0
        for q in range(p + 1, n):
            if q not in bad and q not in other:
                add(p * n + q)
                found += 1
                if found == k:
                    break
        found = 0
        for q in range(p - 1, -1, -1):
            if q not in bad and q not in other:
                add(q * n + p)
                found += 1
                if found == k:
                    break
    return [(key // n, key % n) for key in sorted(keys)]


def neighbours_within(nodes: Sequence[int], k: int) -> set[tuple[int, int]]:
    """Each of ``nodes`` (ascending) with its k nearest others among them, whatever the rules say."""
    return {(p, q) for i, p in enumerate(nodes) for q in nodes[i + 1 : i + 1 + k]}


def solve(graph: Graph) -> set[tuple[int, int]] | None:
    """Best perfect matching of the graph, or None when it has no perfect matching."""
    import rustworkx as rx  # here, not at the top: `tdesk round` and the standings never need it

    lead = graph.leading()
    numbered = sorted(range(graph.nodes), key=lambda node: node not in lead) if lead else range(graph.nodes)
    number = {node: i for i, node in enumerate(numbered)}
    g: rx.PyGraph[None, int] = rx.PyGraph(multigraph=False)
    g.add_nodes_from([None] * graph.nodes)
    batch: list[tuple[int, int, int]] = []  # in batches: a complete graph's edges are never all held at once
    for p, q, weight in weighted_edges(graph):
        batch.append((number[p], number[q], weight))
        if len(batch) >= 65536:
            g.add_edges_from(batch)
            batch.clear()
    g.add_edges_from(batch)
    mate = rx.max_weight_matching(g, max_cardinality=True, weight_fn=_identity)
    if 2 * len(mate) != graph.nodes:
        return None
    return {(numbered[u], numbered[v]) for u, v in mate}


def weighted_edges(graph: Graph) -> Iterator[tuple[int, int, int]]:
    """``(p, q, weight)`` of every edge, in the graph's order, its levels folded into one integer (``_Weights``).

    Edges go in in rank order, the same for the same ranking: rustworkx settles pairings of equal
    weight by that order, so the same input gives the same pairing (see ``swiss``)."""
    weights = _Weights(graph)
    top, multipliers, order_shift = weights.top, weights.multipliers, weights.shifts[ORDER_LEVEL]
    for chunk in graph.chunks():
        cost = [0] * len(chunk.ps)
        for level, (multiplier, column) in enumerate(zip(multipliers, chunk.columns, strict=True)):
            if level == ORDER_LEVEL and order_shift:
                column = [c >> order_shift for c in column]
            if not any(column):
                continue
            if level in SPARSE_LEVELS:  # added where it is not zero
                for i in compress(range(len(column)), column):
                    cost[i] += multiplier * column[i]
            else:
                cost = [total + multiplier * c for total, c in zip(cost, column, strict=True)]
        yield from zip(chunk.ps, chunk.qs, [top - c for c in cost], strict=True)


def _identity(weight: int) -> int:
    return weight


class _Weights:
    """Multipliers that fold the levels into one integer per edge, strictly lexicographically.

    For each level, U bounds that level's total over any matching of this graph: an edge costs
    at most the largest cost at either end, so a matching costs at most half the sum over nodes
    of each node's largest incident cost (the bye node is counted apart, since only one of its
    edges can be matched). With M[last] = 1 and M[l] = M[l+1] * (U[l+1] + 1), everything below
    level l totals at most M[l] - 1, so one unit at level l outweighs any change below it.
    Weight = top - cost with top = 1 + sum(M * U), above any single edge's cost: every weight
    is positive and the constant is the same for every perfect matching.
    """

    def __init__(self, graph: Graph) -> None:
        nodes = graph.nodes
        worst_at = [[0] * nodes for _ in range(LEVELS)]
        worst_bye = [0] * LEVELS
        for chunk in graph.chunks():
            for level, column in enumerate(chunk.columns):
                if chunk.bye:
                    worst_bye[level] = max(worst_bye[level], *column)
                elif any(column):
                    worst = worst_at[level]
                    # The hot loop: every edge, once; a sparse level's only where it is not zero (``compress`` passes
                    # over the zeros in C).
                    edges = zip(chunk.ps, chunk.qs, column, strict=True)
                    for p, q, cost in compress(edges, column) if level in SPARSE_LEVELS else edges:
                        if cost > worst[p]:
                            worst[p] = cost
                        if cost > worst[q]:
                            worst[q] = cost
        limit = 1 << (I128_HEADROOM_BITS - nodes.bit_length())
        # Top-down only orders pairings equal on rank distance. On a huge relaxed graph it gives
        # up low bits (down to nothing) so the rules still fit.
        shifts = [0] * LEVELS
        while True:
            bounds = [
                (sum(worst >> shifts[level] for worst in worst_at[level]) + 1) // 2
                + (worst_bye[level] >> shifts[level])
                for level in range(LEVELS)
            ]
            multipliers = [1] * LEVELS
            for level in range(LEVELS - 2, -1, -1):
                multipliers[level] = multipliers[level + 1] * (bounds[level + 1] + 1)
            top = 1 + sum(m * b for m, b in zip(multipliers, bounds, strict=True))
            if top < limit:
                break
            if not bounds[ORDER_LEVEL]:
                raise AssertionError(f"pairing weights need {top.bit_length()} bits")
            shifts[ORDER_LEVEL] += 1
        self.multipliers = multipliers
        self.shifts = shifts
        self.top = top
