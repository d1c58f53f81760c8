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

Level 4 is rules.md §8's seat balance: after every score criterion, a pairing of the same score
spread that keeps everyone within two of even is preferred (home goes by the home rule, so an
entrant due home who meets one home fewer times goes away). Level 6 settles the common round-1 case of
unit-mates drawn 3rd and 4th: 1v2 3v5 4v6 and 1v3 2v4 5v6 depart equally far, and Swiss custom keeps the
higher table as drawn.

Pairings equal on every level are equally right under rules.md §8; which one is chosen must
still be the same every time (rules.md §8: checked again on appeal). The graph is built the same way
from the same ranking (nodes in rank order, edges sorted by rank), and rustworkx's matching is a
fixed procedure over that order: since 0.18 (rustworkx#1546, the one hash map it iterated became
an IndexMap) it no longer depends on hash seeds, so the same input gives the same output in every
process (tests/domain/pairing/test_swiss.py solves tie-rich fields repeatedly and in shuffled
input order). An earlier last level, a 16-bit hash of the two ranks, made exact ties all but
impossible but made the matching 2-3.6 times slower (every edge weight distinct and 16 bits
wider), so it was dropped (issue 29); rustworkx is pinned in pyproject.toml.
Input order cannot matter: everything is indexed by the ranking.

The levels are folded into one integer per edge with multipliers computed for each call from
bounds on each level (see ``_Weights``). rustworkx 0.18 takes weights as i128, not i64
(``rustworkx-core`` declares ``weight_fn -> i128``; Python ints past 2**127 are refused). A
strict order of eight levels does not fit 64 bits for thousands of entrants: on a complete graph of
3000, levels 3 and 4 alone can span 2**24 and 2**33. Weights are therefore checked against an
i128 headroom (``graph.I128_HEADROOM_BITS``). Ordinary rounds (window graph, no relaxation) need
about 60-66 bits at 2000-5000 entrants, the complete relaxed graphs of bench/pairing.py --quality up
to 110 at 1000; bench/pairing.py prints the widest weight it saw.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tournament_desk.domain.errors import PairingError
from tournament_desk.domain.pairing.blocks import BLOCK, solve_in_blocks
from tournament_desk.domain.pairing.costs import (
    BALANCE_LEVEL,
    BYE_LEVEL,
    DEFAULT_WINDOW,
    HOME_LEVEL,
    LEVELS,
    ORDER_LEVEL,
    RANK_LEVEL,
    REMATCH,
    REMATCH_LEVEL,
    SAME_UNIT,
    SCORE_LEVEL,
    UNIT_LEVEL,
    PairingEntrant,
    balance,
    broken_rules,
    home_away,
    is_rematch,
    is_same_unit,
    misses,
    off_balance,
    order_cost,
    score_cost,
)
from tournament_desk.domain.pairing.feasibility import deficiency, sparse_deficiency
from tournament_desk.domain.pairing.graph import Field, Graph, solve, window_pairs
from tournament_desk.domain.pairing.relaxed import lonely_matching, relaxed_matching
from tournament_desk.domain.pairing.tables import Locked, PairedTable, Pairing
from tournament_desk.domain.pairing.transport import transport_pairs

__all__ = [
    "DEFAULT_WINDOW",
    "REMATCH",
    "SAME_UNIT",
    "Locked",
    "PairedTable",
    "Pairing",
    "PairingEntrant",
    "assemble_pairing",
    "pair_round",
    "pairing_cost",
    "rank_entrants",
]


def rank_key(entrant: PairingEntrant) -> tuple[float, float, int, int]:
    """MP desc, VP desc, draw number asc; the id only settles duplicate draw numbers."""
    return (-entrant.mp, -entrant.vp, entrant.draw_no, entrant.id)


def rank_entrants(entrants: Iterable[PairingEntrant]) -> list[PairingEntrant]:
    return sorted(entrants, key=rank_key)


def pair_round(
    entrants: Sequence[PairingEntrant],
    *,
    locked: Locked = (),
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
    locked: Locked,
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
    locked: Locked = (),
) -> Pairing:
    """Turn matched pairs into numbered tables: home by the home rule, locked tables as given."""
    by_id = {e.id: e for e in entrants}
    rank = _rank_index(entrants)
    seated: list[tuple[int, int, int]] = []
    for home, away in locked:
        seated.append((min(rank[home], rank[away]), home, away))
    for a, b in pairs:
        home, away = home_away(by_id[a], by_id[b], rank)
        seated.append((min(rank[a], rank[b]), home, away))
    seated.sort()
    tables = tuple(
        PairedTable(number, home, away, broken_rules(by_id[home], by_id[away]))
        for number, (_, home, away) in enumerate(seated, start=1)
    )
    return Pairing(tables, bye)


def pairing_cost(entrants: Sequence[PairingEntrant], pairing: Pairing) -> tuple[int, ...]:
    """The lexicographic cost the engine minimises, for comparing pairings (lower is better).

    (rematch tables, same-unit tables, bye placement, score spread, seat balance, rank distance, top-down,
    home misses). Locked tables count like any other, being common to every pairing
    compared. The bye level counts the holder's earlier byes first, then the entrants with no more
    byes ranked below it, so its values differ from the engine's internal ones but order pairings
    the same way.
    """
    by_id = {e.id: e for e in entrants}
    rank = _rank_index(entrants)
    size = len(rank)
    total = [0] * LEVELS
    for table in pairing.tables:
        home, away = by_id[table.home], by_id[table.away]
        total[REMATCH_LEVEL] += is_rematch(home, away)
        total[UNIT_LEVEL] += is_same_unit(home, away)
        total[SCORE_LEVEL] += score_cost(home, away)
        total[BALANCE_LEVEL] += off_balance(balance(home) + 1) + off_balance(balance(away) - 1)
        total[RANK_LEVEL] += (rank[home.id] - rank[away.id]) ** 2
        total[ORDER_LEVEL] += order_cost(rank[home.id], rank[away.id], size)
        total[HOME_LEVEL] += misses(home, away)
    if pairing.bye is not None:
        # Fewer byes first, then lower down: the holder's byes, then those as due ranked below.
        holder = by_id[pairing.bye]
        bye_rank, count = rank[pairing.bye], holder.bye_count
        below = sum(1 for e in entrants if e.bye_count <= count and rank[e.id] > bye_rank)
        total[BYE_LEVEL] = count * (size + 1) + below
    return tuple(total)


# ---------------------------------------------------------------------------------------------
# Validation and the plain per-pair rules


def _validate(ranked: Sequence[PairingEntrant], locked: Locked) -> None:
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


# ---------------------------------------------------------------------------------------------
# The matching


def _match(
    ranked: Sequence[PairingEntrant], free: Sequence[PairingEntrant], window: int | None
) -> tuple[list[tuple[int, int]], int | None, frozenset[int]]:
    """The pairs, the bye, and the entrants with no legal partner at all."""
    n = len(free)
    if n == 0:
        return [], None, frozenset()
    field = Field(ranked, free)
    # The bye goes to those with the fewest byes: nobody's second bye while someone has had none,
    # and when everyone has had one, the lowest-ranked of those with the fewest (rules.md §5.4).
    fewest = min(e.bye_count for e in free)
    eligible = [p for p in range(n) if free[p].bye_count == fewest] if n % 2 else []

    # An entrant with no legal partner at all settles things early (and spares a large field
    # the whole ladder below): it must take the bye, or nothing short of relaxing will do.
    lonely = [p for p in range(n) if not any(field.legal(p, q) for q in range(n) if q != p)]
    byes: list[int] | None = eligible
    if lonely:
        byes = lonely if len(lonely) == 1 and lonely[0] in eligible else None
    majority = field.majority_unit() is not None  # then no legal pairing, nor one without a same-unit table
    if majority:
        byes = None
    if byes is not None:
        mate = _legal_matching(field, byes, window)
        if mate is not None:
            return (*field.decode(mate), frozenset())
    mate = lonely_matching(field, lonely, eligible, window) if lonely and not majority else None
    if mate is None:
        mate = relaxed_matching(field, field.conflicts, eligible, window)
    return (*field.decode(mate), frozenset(field.ids[p] for p in lonely))


def _legal_matching(field: Field, byes: Sequence[int], window: int | None) -> set[tuple[int, int]] | None:
    """The best pairing without relaxation, with the bye (if any) on one of ``byes``."""
    # A window graph is trusted only when it proves itself optimal on the levels that matter
    # most: everyone paired legally and the bye on the lowest-ranked candidate (the bye node is
    # joined to that entrant alone). Otherwise the window doubles, and last comes the full
    # legal graph: a pairing without relaxation is found whenever one exists, with the best
    # bye. What a window can miss is a cheaper score/rank arrangement reaching past it.
    # Score-sorted Swiss pairs near neighbours, so that is the accepted trade-off; the bench
    # (--quality) and the tests compare windows with the full graph. Small fields
    # (n <= 4 * window) always get the full graph.
    # When the first window fails, a maximum-cardinality matching tells (in a fraction of the time
    # of one weighted solve) whether any legal pairing exists at all, proved for the whole legal
    # graph from the window's pairs (``feasibility``); if none does, the ladder would only fail
    # slowly, so relaxation starts at once. A window graph of more than 4 * blocks.BLOCK nodes is solved a
    # stretch of the ranking at a time (``blocks``; bench/pairing.py --quality at 5000: 1.09 s against 2.1 s for
    # the same graph whole), the whole of it whenever a stretch cannot settle its upper part.
    k = window
    while k is not None and 4 * k < field.n:
        mate = _solve_window(Graph.window(field, k, byes[-1:], transport_pairs(field, k)[1]))
        if mate is not None:
            return mate
        if k == window and _no_legal_pairing(field, byes, k):
            return None
        k *= 2
    return solve(Graph.full(field, byes, relax=False))


def _solve_window(graph: Graph) -> set[tuple[int, int]] | None:
    """A large field's window graph a stretch of the ranking at a time (``blocks``), else whole."""
    if graph.nodes > 4 * BLOCK:
        mate = solve_in_blocks(graph)
        if mate is not None:
            return mate
    return solve(graph)


def _no_legal_pairing(field: Field, byes: Sequence[int], k: int) -> bool:
    proved = sparse_deficiency(field.conflicts, window_pairs(field, k), byes)
    if proved is None:  # not provable from the window: ask the complete legal graph
        proved = deficiency(field.conflicts, byes)
    return bool(proved.unseated)
