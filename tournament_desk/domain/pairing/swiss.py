"""Swiss pairing as one maximum-weight perfect matching.

Every round, round 1 included, is the same problem: rank the entrants, then choose the perfect
matching (plus a bye node when the count is odd) that is lexicographically best on, in order:

    0 rematch tables          (only when no legal pairing exists)
    1 same-unit tables        (only when no legal pairing exists)
    2 bye placement           (0 = the lowest-ranked entrant without a bye)
    3 score spread            sum of squared MP differences, in half points
    4 seat balance            entrants who would end more than two off balance (home - away)
    5 distance from ranking   sum of squared rank distances (1v2 3v4 < 1v3 2v4 < 1v4 2v3)
    6 top-down                among equal distances, depart from the ranking lower down
    7 home balance            entrants who end up on the side they are not due
    8 tie-break               a fixed hash of the two ranks

Level 4 is SPEC §8's seat balance: after every score criterion, a pairing of the same score
spread that keeps everyone within two of even is preferred (home goes by the home rule, so an
entrant due home who meets one home fewer times goes away). Level 6 settles the common round-1 case of unit-mates drawn 3rd and 4th: 1v2 3v5 4v6 and
1v3 2v4 5v6 depart equally far, and Swiss custom keeps the higher table as drawn. Level 8 is
there because rustworkx settles exact ties through hash maps seeded afresh in each process:
given two optimal matchings of equal weight it may return either, run to run. With the hash as
the last level such a tie also needs a hash collision, so the same input gives the same output.
Input order cannot matter: everything is indexed by the ranking.

The levels are folded into one integer per edge with multipliers computed for each call from
bounds on each level (see ``_Weights``). rustworkx 0.18 takes weights as i128, not i64
(``rustworkx-core`` declares ``weight_fn -> i128``; Python ints past 2**127 are refused). A
strict eight-level order does not fit 64 bits for thousands of entrants: on a complete graph of
3000, levels 3 and 4 alone can span 2**24 and 2**33. Weights are therefore checked against an
i128 headroom (``_I128_HEADROOM_BITS``). Ordinary rounds (window graph, no relaxation) need
about 80-90 bits at 200-2000 entrants; bench/pairing.py prints the widest weight it saw.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tournament_desk.domain.errors import PairingError
from tournament_desk.domain.pairing.feasibility import Conflicts, Deficiency, deficiency

if TYPE_CHECKING:
    import rustworkx as rx

SAME_UNIT = "same-unit"
REMATCH = "rematch"

# Each entrant is joined to this many legal partners above and this many below it in the ranking
# (skipping illegal pairs, so a run of earlier opponents or unit-mates does not empty the
# window). On score-sorted Swiss fields the best pairing rarely reaches further than a few
# places; 12 each way keeps 2000 entrants inside the time budget and, on simulated events,
# gives the same result as the full graph (bench/pairing.py --quality checks this).
DEFAULT_WINDOW = 12

_LEVELS = 9
_REMATCH, _UNIT, _BYE, _SCORE, _BALANCE, _RANK, _ORDER, _HOME, _TIE = range(_LEVELS)
_BALANCE_LIMIT = 2  # SPEC §8: no entrant more than two off balance (home - away)
_TIE_BITS = 16
# rustworkx keeps duals and slacks as i128, pre-doubled, and with max_cardinality a vertex dual
# can drift by up to about (node count) x (largest weight); a Rust release build would wrap on
# overflow silently, so edge weights stay below 2**124 / nodes.
_I128_HEADROOM_BITS = 124
_MASK64 = (1 << 64) - 1


@dataclass(frozen=True)
class PairingEntrant:
    id: int
    draw_no: int
    mp: float = 0.0
    vp: float = 0.0
    unit: str | None = None
    opponents: frozenset[int] = frozenset()
    had_bye: bool = False
    home_count: int = 0
    byes: int = 0  # byes so far; ``had_bye`` alone counts as one
    away_count: int | None = None  # tables played away; None: opponents met less home_count

    @property
    def bye_count(self) -> int:
        return max(self.byes, int(self.had_bye))


@dataclass(frozen=True)
class PairedTable:
    table: int
    home: int
    away: int
    relaxed: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pairing:
    tables: tuple[PairedTable, ...]
    bye: int | None
    # The bye went to an entrant that already had one, since every entrant to pair had (SPEC §5.4).
    repeat_bye: bool = False
    # When rules had to be relaxed: the entrants left without a legal partner (SPEC §8), by rank.
    stranded: tuple[int, ...] = ()


def rank_key(entrant: PairingEntrant) -> tuple[float, float, int, int]:
    """MP desc, VP desc, draw number asc; the id only settles duplicate draw numbers."""
    return (-entrant.mp, -entrant.vp, entrant.draw_no, entrant.id)


def rank_entrants(entrants: Iterable[PairingEntrant]) -> list[PairingEntrant]:
    return sorted(entrants, key=rank_key)


def pair_round(
    entrants: Sequence[PairingEntrant],
    *,
    locked: Sequence[tuple[int, int]] = (),
    window: int | None = DEFAULT_WINDOW,
) -> Pairing:
    """Pair one round. ``window=None`` always uses the full graph (for tests and comparisons)."""
    if window is not None and window < 1:
        raise ValueError("window must be at least 1")
    ranked = rank_entrants(entrants)
    _validate(ranked, locked)
    locked_ids = {i for pair in locked for i in pair}
    free = [e for e in ranked if e.id not in locked_ids]
    pairs, bye, lonely = _match(ranked, free, window)
    pairing = assemble_pairing(ranked, pairs, bye, locked)
    repeat_bye = bye is not None and any(e.id == bye and e.bye_count for e in free)
    return Pairing(pairing.tables, pairing.bye, repeat_bye, _stranded(ranked, pairing, lonely, locked))


def _stranded(
    ranked: Sequence[PairingEntrant],
    pairing: Pairing,
    lonely: frozenset[int],
    locked: Sequence[tuple[int, int]],
) -> tuple[int, ...]:
    """Who had no legal partner left, for the director: at each relaxed table the engine made,
    the entrant with no legal partner at all in this round, or else both (every legal partner of
    theirs was needed at another table)."""
    locked_ids = {i for pair in locked for i in pair}
    names: set[int] = set()
    for table in pairing.tables:
        if table.relaxed and table.home not in locked_ids:
            alone = {table.home, table.away} & lonely
            names |= alone or {table.home, table.away}
    return tuple(e.id for e in ranked if e.id in names)


def assemble_pairing(
    entrants: Sequence[PairingEntrant],
    pairs: Iterable[tuple[int, int]],
    bye: int | None,
    locked: Sequence[tuple[int, int]] = (),
) -> Pairing:
    """Turn matched pairs into numbered tables: home by the home rule, locked tables as given."""
    by_id = {e.id: e for e in entrants}
    rank = _rank_index(entrants)
    seated: list[tuple[int, int, int]] = []
    for home, away in locked:
        seated.append((min(rank[home], rank[away]), home, away))
    for a, b in pairs:
        home, away = _home_away(by_id[a], by_id[b], rank)
        seated.append((min(rank[a], rank[b]), home, away))
    seated.sort()
    tables = tuple(
        PairedTable(number, home, away, _broken_rules(by_id[home], by_id[away]))
        for number, (_, home, away) in enumerate(seated, start=1)
    )
    return Pairing(tables, bye)


def pairing_cost(entrants: Sequence[PairingEntrant], pairing: Pairing) -> tuple[int, ...]:
    """The lexicographic cost the engine minimises, for comparing pairings (lower is better).

    (rematch tables, same-unit tables, bye placement, score spread, seat balance, rank distance, top-down,
    home misses, tie-break). Locked tables count like any other, being common to every pairing
    compared. The bye level counts the holder's earlier byes first, then the entrants with no more
    byes ranked below it, so its values differ from the engine's internal ones but order pairings
    the same way.
    """
    by_id = {e.id: e for e in entrants}
    rank = _rank_index(entrants)
    size = len(rank)
    total = [0] * _LEVELS
    for table in pairing.tables:
        home, away = by_id[table.home], by_id[table.away]
        total[_REMATCH] += _is_rematch(home, away)
        total[_UNIT] += _is_same_unit(home, away)
        total[_SCORE] += _score_cost(home, away)
        total[_BALANCE] += _off_balance(_balance(home) + 1) + _off_balance(_balance(away) - 1)
        total[_RANK] += (rank[home.id] - rank[away.id]) ** 2
        total[_ORDER] += _order(rank[home.id], rank[away.id], size)
        total[_HOME] += _misses(home, away)
        total[_TIE] += _tie(rank[home.id], rank[away.id])
    if pairing.bye is not None:
        # Fewer byes first, then lower down: the holder's byes, then those as due ranked below.
        holder = by_id[pairing.bye]
        bye_rank, count = rank[pairing.bye], holder.bye_count
        below = sum(1 for e in entrants if e.bye_count <= count and rank[e.id] > bye_rank)
        total[_BYE] = count * (size + 1) + below
    return tuple(total)


# ---------------------------------------------------------------------------------------------
# Validation and the plain per-pair rules


def _validate(ranked: Sequence[PairingEntrant], locked: Sequence[tuple[int, int]]) -> None:
    if len(ranked) < 2:
        raise PairingError("At least two entrants are needed to make a pairing.")
    ids: set[int] = set()
    for e in ranked:
        if e.id in ids:
            raise PairingError("Entrant {id} is listed more than once.", id=e.id)
        ids.add(e.id)
    seen: set[int] = set()
    for pair in locked:
        for entrant_id in pair:
            if entrant_id not in ids:
                raise PairingError(
                    "A locked table names entrant {id}, who is not in this round.", id=entrant_id
                )
            if entrant_id in seen:
                raise PairingError("Entrant {id} is in more than one locked table.", id=entrant_id)
            seen.add(entrant_id)


def _rank_index(entrants: Iterable[PairingEntrant]) -> dict[int, int]:
    return {e.id: r for r, e in enumerate(rank_entrants(entrants))}


def _unit(e: PairingEntrant) -> str | None:
    return e.unit or None


def _is_rematch(a: PairingEntrant, b: PairingEntrant) -> bool:
    return b.id in a.opponents or a.id in b.opponents


def _is_same_unit(a: PairingEntrant, b: PairingEntrant) -> bool:
    unit = _unit(a)
    return unit is not None and unit == _unit(b)


def _broken_rules(a: PairingEntrant, b: PairingEntrant) -> tuple[str, ...]:
    broken = []
    if _is_same_unit(a, b):
        broken.append(SAME_UNIT)
    if _is_rematch(a, b):
        broken.append(REMATCH)
    return tuple(broken)


def _half_points(e: PairingEntrant) -> int:
    # MP come in halves, so this is exact; a stray non-half value is rounded, not refused.
    return round(e.mp * 2)


def _score_cost(a: PairingEntrant, b: PairingEntrant) -> int:
    return (_half_points(a) - _half_points(b)) ** 2


def _home_away(a: PairingEntrant, b: PairingEntrant, rank: dict[int, int]) -> tuple[int, int]:
    """Fewer times home goes home; a tie goes to the higher-ranked entrant."""
    if (a.home_count, rank[a.id]) <= (b.home_count, rank[b.id]):
        return a.id, b.id
    return b.id, a.id


def _due(e: PairingEntrant) -> int:
    """<0: has been home less than away so is due home; >0: due away; 0: either."""
    # Games are taken as opponents met, the only count the engine is given; good enough for
    # the lowest-but-one preference.
    return 2 * e.home_count - len(e.opponents)


def _balance(e: PairingEntrant) -> int:
    """Home minus away so far."""
    away = e.away_count if e.away_count is not None else len(e.opponents) - e.home_count
    return e.home_count - away


def _off_balance(balance: int) -> int:
    return int(abs(balance) > _BALANCE_LIMIT)


def _misses(home: PairingEntrant, away: PairingEntrant) -> int:
    return (_due(home) > 0) + (_due(away) < 0)


def _order(rank_a: int, rank_b: int, size: int) -> int:
    """Places skipped, weighted by how high the table is: departures belong lower down."""
    lo, hi = (rank_a, rank_b) if rank_a < rank_b else (rank_b, rank_a)
    return (hi - lo - 1) * (size - lo)


def _tie(rank_a: int, rank_b: int) -> int:
    """A fixed pseudo-random number per pair of ranks (splitmix64 finaliser)."""
    lo, hi = (rank_a, rank_b) if rank_a < rank_b else (rank_b, rank_a)
    x = (lo * 0x9E3779B97F4A7C15 + hi * 0xC2B2AE3D27D4EB4F + 0x165667B19E3779F9) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return (x ^ (x >> 31)) & ((1 << _TIE_BITS) - 1)


# ---------------------------------------------------------------------------------------------
# The matching


def _match(
    ranked: Sequence[PairingEntrant], free: Sequence[PairingEntrant], window: int | None
) -> tuple[list[tuple[int, int]], int | None, frozenset[int]]:
    """The pairs, the bye, and the entrants with no legal partner at all."""
    n = len(free)
    if n == 0:
        return [], None, frozenset()
    field = _Field(ranked, free)
    # The bye goes to those with the fewest byes: nobody's second bye while someone has had none,
    # and when everyone has had one, the lowest-ranked of those with the fewest (SPEC §5.4).
    fewest = min(e.bye_count for e in free)
    eligible = [p for p in range(n) if free[p].bye_count == fewest] if n % 2 else []

    # An entrant with no legal partner at all settles things early (and spares a large field
    # the whole ladder below): it must take the bye, or nothing short of relaxing will do.
    lonely = [p for p in range(n) if not any(field.legal(p, q) for q in range(n) if q != p)]
    byes: list[int] | None = eligible
    if lonely:
        byes = lonely if len(lonely) == 1 and lonely[0] in eligible else None
    if byes is not None:
        mate = _legal_matching(field, byes, window)
        if mate is not None:
            return (*field.decode(mate), frozenset())
    conflicts = Conflicts.of(field.ids, field.opponents, field.units)
    mate = _relaxed_matching(field, conflicts, deficiency(conflicts, eligible), eligible, window)
    return (*field.decode(mate), frozenset(field.ids[p] for p in lonely))


def _relaxed_matching(
    field: _Field, conflicts: Conflicts, legal: Deficiency, eligible: Sequence[int], window: int | None
) -> set[tuple[int, int]]:
    """The best pairing that breaks rules at as few tables as possible (rematches counted first).

    The complete graph of a few thousand entrants takes minutes to solve, so a large field first
    tries a sparse one: the window's legal pairs, the largest legal and no-rematch pairings, and
    every pair for the nodes those leave unseated. Its answer is accepted when its rematch and
    relaxed-table counts equal the proven minimums (``feasibility``): then no pairing breaks fewer
    rules, and only the score and rank levels may differ from the complete graph's, as with the
    window of an ordinary round. Otherwise the complete graph decides.
    """
    n = field.n
    if window is not None and 4 * window < n:
        no_rematch = deficiency(conflicts, eligible, allow_same_unit=True)
        pairs = set(_window_pairs(field, window)) | legal.matching | no_rematch.matching
        for p in {*legal.unseated, *no_rematch.unseated}:
            if p < n:
                pairs.update((min(p, q), max(p, q)) for q in range(n) if q != p)
        ordered = sorted((p, q) for p, q in pairs if q < n)
        mate = _solve(_Graph(field, lambda: ordered, eligible, relax=True, cache=True))
        if mate is not None:
            tables = [(min(u, v), max(u, v)) for u, v in mate if max(u, v) < n]
            rematches = sum(1 for p, q in tables if q in conflicts.met[p])
            relaxed = sum(1 for p, q in tables if q in conflicts.met[p] or q in conflicts.mates[p])
            if rematches == no_rematch.broken_tables and relaxed == legal.broken_tables:
                return mate
    mate = _solve(_Graph.full(field, eligible, relax=True))
    if mate is None:  # pragma: no cover - a complete graph always has a perfect matching
        raise PairingError("No pairing could be found for this round.")
    return mate


def _legal_matching(field: _Field, byes: Sequence[int], window: int | None) -> set[tuple[int, int]] | None:
    """The best pairing without relaxation, with the bye (if any) on one of ``byes``."""
    # A window graph is trusted only when it proves itself optimal on the levels that matter
    # most: everyone paired legally and the bye on the lowest-ranked candidate (the bye node is
    # joined to that entrant alone). Otherwise the window doubles, and last comes the full
    # legal graph: a pairing without relaxation is found whenever one exists, with the best
    # bye. What a window can miss is a cheaper score/rank arrangement reaching past it.
    # Score-sorted Swiss pairs near neighbours, so that is the accepted trade-off; the bench
    # (--quality) and the tests compare windows with the full graph. Small fields
    # (n <= 4 * window) always get the full graph.
    # When the first window fails, a maximum-cardinality matching on the whole legal graph tells
    # (in a fraction of the time of one weighted solve) whether any legal pairing exists at all;
    # if none does, the ladder would only fail slowly, so relaxation starts at once.
    k = window
    while k is not None and 4 * k < field.n:
        mate = _solve(_Graph.window(field, k, byes[-1:]))
        if mate is not None:
            return mate
        if k == window:
            conflicts = Conflicts.of(field.ids, field.opponents, field.units)
            if deficiency(conflicts, byes).unseated:
                return None
        k *= 2
    return _solve(_Graph.full(field, byes, relax=False))


_Levels = tuple[int, int, int, int, int, int, int, int, int]


class _Field:
    """The free entrants as parallel lists, indexed by node = position in the ranking."""

    def __init__(self, ranked: Sequence[PairingEntrant], free: Sequence[PairingEntrant]) -> None:
        rank = {e.id: r for r, e in enumerate(ranked)}
        self.size = len(ranked)
        self.n = len(free)
        self.ids = [e.id for e in free]
        self.rank = [rank[e.id] for e in free]
        self.units = [_unit(e) for e in free]
        self.opponents = [e.opponents for e in free]
        self.half = [_half_points(e) for e in free]
        self.home = [e.home_count for e in free]
        self.due = [_due(e) for e in free]
        self.balance = [_balance(e) for e in free]

    def legal(self, p: int, q: int) -> bool:
        unit = self.units[p]
        return (
            (unit is None or unit != self.units[q])
            and self.ids[q] not in self.opponents[p]
            and self.ids[p] not in self.opponents[q]
        )

    def levels(self, p: int, q: int, relax: bool) -> _Levels:
        """Costs of seating p (the better ranked) with q; mirrors ``pairing_cost``."""
        rank_p, rank_q = self.rank[p], self.rank[q]
        if (self.home[p], rank_p) <= (self.home[q], rank_q):
            misses = (self.due[p] > 0) + (self.due[q] < 0)
            home, away = self.balance[p], self.balance[q]
        else:
            misses = (self.due[q] > 0) + (self.due[p] < 0)
            home, away = self.balance[q], self.balance[p]
        off = (abs(home + 1) > _BALANCE_LIMIT) + (abs(away - 1) > _BALANCE_LIMIT)
        rematch = unit = 0
        if relax:
            rematch = int(self.ids[q] in self.opponents[p] or self.ids[p] in self.opponents[q])
            unit_p = self.units[p]
            unit = int(unit_p is not None and unit_p == self.units[q])
        return (
            rematch,
            unit,
            0,
            (self.half[p] - self.half[q]) ** 2,
            off,
            (rank_q - rank_p) ** 2,
            (rank_q - rank_p - 1) * (self.size - rank_p),
            misses,
            _tie(rank_p, rank_q),
        )

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


class _Graph:
    """Nodes 0..n-1 are the free entrants in rank order; node n is the bye when n is odd.

    A complete graph's edges are generated afresh on each pass rather than stored, so that a few
    thousand entrants do not also hold millions of cost tuples; a sparse graph (given as a list)
    computes its costs once and keeps them for the second pass (``cache``).
    """

    def __init__(
        self,
        field: _Field,
        pairs: Callable[[], Iterable[tuple[int, int]]],
        bye_nodes: Sequence[int],
        relax: bool,
        cache: bool = False,
    ) -> None:
        self.field = field
        self._cache: list[tuple[int, int, _Levels]] | None = [] if cache else None
        self.nodes = field.n + field.n % 2
        self.bye_node = field.n if field.n % 2 else None
        self._pairs = pairs
        self._relax = relax
        # The bye level counts eligible entrants ranked below: the bottom one costs 0.
        self._bye = [(p, len(bye_nodes) - 1 - i) for i, p in enumerate(bye_nodes)]

    @classmethod
    def window(cls, field: _Field, k: int, bye_nodes: Sequence[int]) -> _Graph:
        pairs = _window_pairs(field, k)
        return cls(field, lambda: pairs, bye_nodes, relax=False, cache=True)

    @classmethod
    def full(cls, field: _Field, bye_nodes: Sequence[int], relax: bool) -> _Graph:
        n, legal = field.n, field.legal

        def pairs() -> Iterator[tuple[int, int]]:
            for p in range(n):
                for q in range(p + 1, n):
                    if relax or legal(p, q):
                        yield p, q

        return cls(field, pairs, bye_nodes, relax)

    def edges(self) -> Iterator[tuple[int, int, _Levels]]:
        if self._cache:
            return iter(self._cache)
        if self._cache is not None:
            self._cache = list(self._generate())
            return iter(self._cache)
        return self._generate()

    def _generate(self) -> Iterator[tuple[int, int, _Levels]]:
        levels, relax = self.field.levels, self._relax
        for p, q in self._pairs():
            yield p, q, levels(p, q, relax)
        for p, below in self._bye:
            yield p, self.field.n, (0, 0, below, 0, 0, 0, 0, 0, 0)


def _window_pairs(field: _Field, k: int) -> list[tuple[int, int]]:
    """Each node with its k nearest legal partners above and below in the ranking, in order."""
    n, legal = field.n, field.legal
    keys: set[int] = set()
    for p in range(n):
        found, q = 0, p + 1
        while q < n and found < k:
            if legal(p, q):
                keys.add(p * n + q)
                found += 1
            q += 1
        found, q = 0, p - 1
        while q >= 0 and found < k:
            if legal(q, p):
                keys.add(q * n + p)
                found += 1
            q -= 1
    return [divmod(key, n) for key in sorted(keys)]


def _solve(graph: _Graph) -> set[tuple[int, int]] | None:
    """Best perfect matching of the graph, or None when it has no perfect matching."""
    import rustworkx as rx  # here, not at the top: `tdesk round` and the standings never need it

    weights = _Weights(graph)
    g: rx.PyGraph[None, int] = rx.PyGraph(multigraph=False)
    g.add_nodes_from([None] * graph.nodes)
    top, (m0, m1, m2, m3, m4, m5, m6, m7, _) = weights.top, weights.multipliers
    order_shift, tie_shift = weights.shifts[_ORDER], weights.shifts[_TIE]
    batch: list[tuple[int, int, int]] = []
    for p, q, c in graph.edges():
        cost = m0 * c[0] + m1 * c[1] + m2 * c[2] + m3 * c[3] + m4 * c[4] + m5 * c[5] + m7 * c[7]
        cost += m6 * (c[6] >> order_shift) + (c[8] >> tie_shift)
        batch.append((p, q, top - cost))
        if len(batch) >= 65536:
            g.add_edges_from(batch)
            batch.clear()
    g.add_edges_from(batch)
    mate = rx.max_weight_matching(g, max_cardinality=True, weight_fn=_identity)
    if 2 * len(mate) != graph.nodes:
        return None
    return mate


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

    def __init__(self, graph: _Graph) -> None:
        nodes = graph.nodes
        worst_at = [[0] * nodes for _ in range(_LEVELS)]
        worst_bye = [0] * _LEVELS
        for p, q, levels in graph.edges():
            for level, cost in enumerate(levels):
                if not cost:
                    continue
                if q == graph.bye_node:
                    worst_bye[level] = max(worst_bye[level], cost)
                    continue
                node_worst = worst_at[level]
                if cost > node_worst[p]:
                    node_worst[p] = cost
                if cost > node_worst[q]:
                    node_worst[q] = cost
        limit = 1 << (_I128_HEADROOM_BITS - nodes.bit_length())
        # Top-down and the hash only order pairings equal on rank distance. On a huge relaxed
        # graph they give up low bits (the hash first, down to nothing) so the rules still fit.
        shifts = [0] * _LEVELS
        while True:
            bounds = [
                (sum(worst >> shifts[level] for worst in worst_at[level]) + 1) // 2
                + (worst_bye[level] >> shifts[level])
                for level in range(_LEVELS)
            ]
            multipliers = [1] * _LEVELS
            for level in range(_LEVELS - 2, -1, -1):
                multipliers[level] = multipliers[level + 1] * (bounds[level + 1] + 1)
            top = 1 + sum(m * b for m, b in zip(multipliers, bounds, strict=True))
            if top < limit:
                break
            soft = _TIE if bounds[_TIE] else _ORDER
            if not bounds[soft]:
                raise AssertionError(f"pairing weights need {top.bit_length()} bits")
            shifts[soft] += 1
        self.multipliers = multipliers
        self.shifts = shifts
        self.top = top
