"""How far a round is from a legal pairing, proved by maximum-cardinality matching.

A weighted matching answers "which pairing is best"; when no legal pairing exists at all, asking it
on ever wider graphs only fails slowly. An unweighted maximum-cardinality matching on the graph of
permitted pairs settles the question at once and gives a lower bound: if the largest set of
permitted tables seats all but ``d`` nodes (the bye node included), every complete pairing breaks the
rule at ``d / 2`` tables at least (dropping the r tables that break it leaves a permitted set of
``nodes / 2 - r`` tables, so ``r >= d / 2``), and ``d / 2`` is reached. The relaxed solve then runs
on a sparse graph and is accepted only when it meets these bounds (``swiss._relaxed_matching``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Conflicts:
    """For each node (free entrant, by rank), the nodes it has met and its unit-mates (itself included)."""

    met: list[frozenset[int]]
    mates: list[frozenset[int]]

    @classmethod
    def of(
        cls, ids: Sequence[int], opponents: Sequence[frozenset[int]], units: Sequence[str | None]
    ) -> Conflicts:
        node = {entrant_id: p for p, entrant_id in enumerate(ids)}
        met: list[set[int]] = [set() for _ in ids]
        for p, theirs in enumerate(opponents):
            for other in theirs:
                q = node.get(other)
                if q is not None:  # an opponent may have withdrawn or be at a locked table
                    met[p].add(q)
                    met[q].add(p)
        by_unit: dict[str, list[int]] = defaultdict(list)
        for p, unit in enumerate(units):
            if unit is not None:
                by_unit[unit].append(p)
        mates: list[frozenset[int]] = [frozenset() for _ in ids]
        for members in by_unit.values():
            group = frozenset(members)
            for p in members:
                mates[p] = group
        return cls([frozenset(s) for s in met], mates)

    def permitted(self, allow_same_unit: bool) -> list[tuple[int, int]]:
        """Every pair p < q that breaks no rule (or, with ``allow_same_unit``, is no rematch)."""
        n = len(self.met)
        edges: list[tuple[int, int]] = []
        for p in range(n):
            bad = self.met[p] if allow_same_unit else self.met[p] | self.mates[p]
            edges.extend((p, q) for q in range(p + 1, n) if q not in bad)
        return edges


@dataclass(frozen=True)
class Deficiency:
    """A maximum matching of the permitted graph and the nodes it leaves unseated."""

    matching: frozenset[tuple[int, int]]
    unseated: tuple[int, ...]

    @property
    def broken_tables(self) -> int:
        """The fewest tables that must break the rule: half the unseated nodes."""
        return len(self.unseated) // 2


def deficiency(
    conflicts: Conflicts, bye_nodes: Sequence[int], *, allow_same_unit: bool = False
) -> Deficiency:
    """Maximum-cardinality matching on the permitted pairs plus the bye node (node n, when the field is odd)."""
    import rustworkx as rx  # imported on use, as in swiss._solve

    n = len(conflicts.met)
    nodes = n + n % 2
    edges = conflicts.permitted(allow_same_unit)
    if n % 2:
        edges.extend((p, n) for p in bye_nodes)
    graph: rx.PyGraph[None, None] = rx.PyGraph(multigraph=True)  # pairs are distinct; no look-ups
    graph.add_nodes_from([None] * nodes)
    graph.add_edges_from_no_data(edges)
    mate = rx.max_weight_matching(graph, max_cardinality=True)  # every weight 1: the most tables
    seated = {v for pair in mate for v in pair}
    matching = frozenset((min(u, v), max(u, v)) for u, v in mate)
    return Deficiency(matching, tuple(v for v in range(nodes) if v not in seated))
