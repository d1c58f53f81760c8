"""How far a round is from a legal pairing, proved by maximum-cardinality matching and a Tutte set.

A weighted matching answers "which pairing is best"; when no legal pairing exists at all, asking it
on ever wider graphs only fails slowly. An unweighted maximum-cardinality matching on the graph of
permitted pairs settles the question and gives a lower bound: if the largest set of permitted tables
seats all but ``d`` nodes (the bye node included), every complete pairing breaks the rule at ``d / 2``
tables at least (dropping the r tables that break it leaves a permitted set of ``nodes / 2 - r``
tables, so ``r >= d / 2``), and ``d / 2`` is reached.

The permitted graph of a large field is nearly complete (millions of pairs at 2000 entrants), so
``sparse_deficiency`` matches on a few near partners per node only and proves the answer for the
whole graph with a Tutte set S (Tutte-Berge: every matching leaves at least odd(G - S) - |S| nodes
unseated). S is read off the alternating trees grown from the unseated nodes (the trees that hold
no odd cycle: their odd-level nodes); the components of G - S are those of the sparse graph,
joined wherever the counting check below finds a permitted pair between two of them (conflicts are
few: the unit-mates and the opponents met, so the permitted pairs outside a set are counted, never
listed). When odd(G - S) - |S| equals what the sparse matching leaves unseated, that matching is a
maximum one of the complete graph. The nodes of the odd components are the only ones any maximum
matching can leave unseated, so a relaxed table only ever joins two of them (``exposable``).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Conflicts:
    """For each node (free entrant, by rank), the nodes it has met and its unit-mates (itself included)."""

    met: list[frozenset[int]]
    mates: list[frozenset[int]]
    group: list[int]  # a number per unit, -1 for none

    @classmethod
    def of(
        cls, ids: Sequence[int], opponents: Sequence[frozenset[int]], units: Sequence[str | None]
    ) -> Conflicts:
        node = {entrant_id: p for p, entrant_id in enumerate(ids)}
        met: list[set[int]] = [set() for _ in ids]
        for p, theirs in enumerate(opponents):
            for other in theirs:
                q = node.get(other)
                if q is not None and q != p:  # an opponent may have withdrawn or be at a locked table
                    met[p].add(q)
                    met[q].add(p)
        by_unit: dict[str, list[int]] = defaultdict(list)
        for p, unit in enumerate(units):
            if unit is not None:
                by_unit[unit].append(p)
        mates: list[frozenset[int]] = [frozenset() for _ in ids]
        group = [-1] * len(ids)
        for number, members in enumerate(by_unit.values()):
            together = frozenset(members)
            for p in members:
                mates[p] = together
                group[p] = number
        return cls([frozenset(s) for s in met], mates, group)

    def allows(self, p: int, q: int, allow_same_unit: bool, allow_rematch: bool = False) -> bool:
        return (allow_rematch or q not in self.met[p]) and (allow_same_unit or q not in self.mates[p])

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
    """A maximum matching of the permitted graph, the nodes it leaves unseated, and the nodes any
    maximum matching may leave unseated (a superset of those; every node when not proved)."""

    matching: frozenset[tuple[int, int]]
    unseated: tuple[int, ...]
    exposable: frozenset[int]

    @property
    def broken_tables(self) -> int:
        """The fewest tables that must break the rule: half the unseated nodes."""
        return len(self.unseated) // 2


def deficiency(
    conflicts: Conflicts, bye_nodes: Sequence[int], *, allow_same_unit: bool = False
) -> Deficiency:
    """Maximum-cardinality matching on every permitted pair plus the bye node (node n, when the field is odd)."""
    rule = _Rule(conflicts, bye_nodes, allow_same_unit)
    edges = conflicts.permitted(allow_same_unit)
    if rule.bye is not None:
        edges.extend((p, rule.bye) for p in sorted(rule.bye_nodes))
    rule.connect(edges)
    mate = _max_matching(rule, edges)
    proved = _exposable(rule, mate)
    return _deficiency(rule, mate, frozenset(range(rule.nodes)) if proved is None else proved)


def sparse_deficiency(
    conflicts: Conflicts,
    pairs: Iterable[tuple[int, int]],
    bye_nodes: Sequence[int],
    *,
    allow_same_unit: bool = False,
    allow_rematch: bool = False,
    seed: Iterable[tuple[int, int]] = (),
) -> Deficiency | None:
    """``deficiency`` from the permitted ones among ``pairs`` (p < q < n), or None when the sparse
    matching cannot be proved maximum for the complete graph. ``seed``: tables to start from.
    ``allow_rematch``: the graph of pairs from different units (met or not).

    A greedy matching grown by augmenting paths comes first (a forest of alternating trees, all in
    a few passes over the sparse graph); only when that cannot be proved maximum does the blossom
    algorithm run on the same pairs."""
    rule = _Rule(conflicts, bye_nodes, allow_same_unit, allow_rematch)
    edges = [(p, q) for p, q in pairs if rule.allows(p, q)]
    if rule.bye is not None:
        edges.extend((p, rule.bye) for p in sorted(rule.bye_nodes))
    rule.connect(edges)
    mate = _grown_matching(rule, [(p, q) for p, q in seed if rule.allows(p, q)])
    proved = _exposable(rule, mate)
    if proved is None:
        mate = _max_matching(rule, edges)
        proved = _exposable(rule, mate)
    return None if proved is None else _deficiency(rule, mate, proved)


class _Rule:
    """The permitted graph: the conflicts under one rule, with the bye node (node n) when n is odd."""

    def __init__(
        self,
        conflicts: Conflicts,
        bye_nodes: Sequence[int],
        allow_same_unit: bool,
        allow_rematch: bool = False,
    ) -> None:
        self.conflicts = conflicts
        self.n = len(conflicts.met)
        self.nodes = self.n + self.n % 2
        self.bye = self.n if self.n % 2 else None
        self.bye_nodes = frozenset(bye_nodes) if self.n % 2 else frozenset()
        self.allow_same_unit = allow_same_unit
        self.allow_rematch = allow_rematch
        self.adjacent: list[list[int]] = [[] for _ in range(self.nodes)]

    def allows(self, p: int, q: int) -> bool:
        return self.conflicts.allows(p, q, self.allow_same_unit, self.allow_rematch)

    def connect(self, edges: Iterable[tuple[int, int]]) -> None:
        for p, q in edges:
            self.adjacent[p].append(q)
            self.adjacent[q].append(p)


def _max_matching(rule: _Rule, edges: list[tuple[int, int]]) -> dict[int, int]:
    """The blossom algorithm's maximum matching (rustworkx, every weight 1)."""
    import rustworkx as rx  # imported on use, as in graph.solve

    graph: rx.PyGraph[None, None] = rx.PyGraph(multigraph=True)  # pairs are distinct; no look-ups
    graph.add_nodes_from([None] * rule.nodes)
    graph.add_edges_from_no_data(edges)
    mate: dict[int, int] = {}
    for u, v in rx.max_weight_matching(graph, max_cardinality=True):
        mate[u], mate[v] = v, u
    return mate


def _grown_matching(rule: _Rule, seed: list[tuple[int, int]]) -> dict[int, int]:
    """The seed, then each node in rank order with its first free partner, then augmenting paths
    between two alternating trees for as long as a few passes find them."""
    mate: dict[int, int] = {}
    for p, q in seed:
        if p not in mate and q not in mate:
            mate[p], mate[q] = q, p
    for p in range(rule.nodes):
        if p not in mate:
            partner = next((q for q in rule.adjacent[p] if q not in mate), None)
            if partner is not None:
                mate[p], mate[partner] = partner, p
    for _ in range(64):
        path = _augmenting_path(rule.adjacent, mate, [v for v in range(rule.nodes) if v not in mate])
        if path is None:
            break
        for a, b in zip(path[::2], path[1::2], strict=True):
            mate[a], mate[b] = b, a
    return mate


def _augmenting_path(
    adjacent: list[list[int]], mate: dict[int, int], unseated: list[int]
) -> list[int] | None:
    """A path between two unseated nodes through two alternating trees (no odd cycle is followed)."""
    tree = {v: v for v in unseated}
    via: dict[int, int] = {}  # odd-level node -> the even-level node that reached it
    queue = list(unseated)
    for v in queue:
        for w in adjacent[v]:
            if w in via:
                continue
            if w in tree:
                if tree[w] != tree[v]:
                    return _to_root(v, mate, via)[::-1] + _to_root(w, mate, via)
                continue
            via[w] = v
            tree[mate[w]] = tree[v]
            queue.append(mate[w])
    return None


def _to_root(v: int, mate: dict[int, int], via: dict[int, int]) -> list[int]:
    path = [v]
    while v in mate:
        v = via[mate[v]]
        path.extend((mate[path[-1]], v))
    return path


def _deficiency(rule: _Rule, mate: dict[int, int], exposable: frozenset[int]) -> Deficiency:
    matching = frozenset((min(u, v), max(u, v)) for u, v in mate.items())
    return Deficiency(matching, tuple(v for v in range(rule.nodes) if v not in mate), exposable)


def _exposable(rule: _Rule, mate: dict[int, int]) -> frozenset[int] | None:
    """The nodes of the odd components of G - S when the Tutte set S proves ``mate`` maximum, else None."""
    unseated = [v for v in range(rule.nodes) if v not in mate]
    if not unseated:
        return frozenset()
    barrier = _barrier(rule.adjacent, mate, unseated)
    parts = _Parts(rule, barrier)
    if not parts.join_hidden():
        return None
    sizes = Counter(parts.find(v) for v in range(rule.nodes) if v not in barrier)
    odd = {root for root, size in sizes.items() if size % 2}
    if len(odd) - len(barrier) < len(unseated):
        return None
    return frozenset(v for v in range(rule.nodes) if v not in barrier and parts.find(v) in odd)


def _barrier(adjacent: list[list[int]], mate: dict[int, int], unseated: list[int]) -> set[int]:
    """The odd-level nodes of the alternating trees grown from the unseated nodes, leaving out every
    tree that meets itself or another tree at an even node (an odd cycle: not a barrier there).
    A tree left out may have taken nodes a clean tree needs, so the clean ones are grown again."""
    roots = list(unseated)
    while True:
        odd, spoilt = _grow(adjacent, mate, roots)
        if not spoilt:
            return set(odd)
        roots = [root for root in roots if root not in spoilt]


def _grow(
    adjacent: list[list[int]], mate: dict[int, int], roots: list[int]
) -> tuple[dict[int, int], set[int]]:
    tree = {v: v for v in roots}  # even-level node -> its tree's root
    odd: dict[int, int] = {}
    spoilt: set[int] = set()
    queue = list(roots)
    for v in queue:
        for w in adjacent[v]:
            if w in odd:
                continue
            if w in tree:
                spoilt.update((tree[v], tree[w]))
                continue
            if w not in mate:  # an unseated node whose tree was left out
                spoilt.add(tree[v])
                continue
            odd[w] = tree[v]
            tree[mate[w]] = tree[v]
            queue.append(mate[w])
    return odd, spoilt


def _components(nodes: int, edges: list[tuple[int, int]]) -> list[int]:
    """Each node's component (its lowest node) in the graph of ``edges``: rustworkx's, not a union per pair in Python
    (a forced-rematch round of 2000 entrants, the engine under callgrind: 3.82 -> 3.59 G instructions, issue 29)."""
    import rustworkx as rx  # imported on use, as in graph.solve

    graph: rx.PyGraph[None, None] = rx.PyGraph(multigraph=True)
    graph.add_nodes_from([None] * nodes)
    graph.add_edges_from_no_data(edges)
    parent = list(range(nodes))
    for component in rx.connected_components(graph):
        root = min(component)
        for v in component:
            parent[v] = root
    return parent


class _Parts:
    """The components of G - S: those of the sparse graph, joined where G has a pair between two."""

    def __init__(self, rule: _Rule, barrier: set[int]) -> None:
        self.rule = rule
        self.barrier = barrier
        self.outside = [v for v in range(rule.nodes) if v not in barrier]
        self.parent = _components(rule.nodes, [
            (v, w) for v in self.outside for w in rule.adjacent[v] if v < w and w not in barrier
        ])  # fmt: skip

    def find(self, v: int) -> int:
        parent = self.parent
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    def union(self, v: int, w: int) -> None:
        self.parent[self.find(v)] = self.find(w)

    def join_hidden(self) -> bool:
        """Join the components G links; False when that would take more than a few full scans."""
        for _ in range(8):
            hidden = self._hidden()
            if not hidden:
                return True
            for v in hidden[:64]:
                for w in self.outside:
                    if w != v and self.find(w) != self.find(v) and self._permitted(v, w):
                        self.union(v, w)
        return False

    def _permitted(self, v: int, w: int) -> bool:
        bye = self.rule.bye
        if bye in (v, w):
            return (w if v == bye else v) in self.rule.bye_nodes
        return self.rule.allows(v, w)

    def _hidden(self) -> list[int]:
        """The nodes with a permitted partner outside S in another component, found by counting."""
        rule, conflicts, find = self.rule, self.rule.conflicts, self.find
        entrants = [v for v in self.outside if v != rule.bye]
        part_size = Counter(find(v) for v in entrants)
        unit_out = Counter(conflicts.group[v] for v in entrants)
        unit_part = Counter((find(v), conflicts.group[v]) for v in entrants)
        bye = rule.bye if rule.bye is not None and rule.bye not in self.barrier else None
        bye_part = None if bye is None else find(bye)
        hidden = []
        for v in entrants:
            part, group = find(v), conflicts.group[v]
            free = len(entrants) - part_size[part]
            if group >= 0 and not rule.allow_same_unit:
                free -= unit_out[group] - unit_part[part, group]
            for q in () if rule.allow_rematch else conflicts.met[v]:
                if q in self.barrier or find(q) == part:
                    continue
                if rule.allow_same_unit or group < 0 or conflicts.group[q] != group:
                    free -= 1
            if bye_part is not None and bye_part != part and v in rule.bye_nodes:
                free += 1
            if free:
                hidden.append(v)
        if bye is not None and any(p not in self.barrier and find(p) != bye_part for p in rule.bye_nodes):
            hidden.append(bye)
        return hidden
