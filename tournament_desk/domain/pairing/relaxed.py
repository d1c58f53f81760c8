"""The pairing of a round with no legal one: rules broken at as few tables as possible, then rules.md §8.

rules.md §8 relaxes the same-unit rule and then the no-rematch rule, only as far as needed. The engine
minimises rematch tables first, then same-unit tables, then the ordinary levels (``swiss``). A
complete graph of a few thousand entrants takes minutes to solve, and joining every entrant left
without a legal partner to everyone else is nearly as bad (a unit of 55 % of the field leaves 10 %
of it so), so the graph stays sparse, O(N k) pairs:

- the window: each entrant's k nearest legal partners above and below (as in an ordinary round),
  and, for a unit of more than k members, the pairs around two assignments of partners to it
  (``transport``: a run of one unit, or a unit of half the field, sends entrants further);
- a maximum set of legal tables and one of tables without a rematch, from ``feasibility`` (they keep
  a pairing at the fewest broken tables inside the graph) and the proof that no pairing breaks fewer;
- the rule-breaking candidates: a relaxed table only ever joins two nodes that some maximum legal
  (or no-rematch) matching leaves unseated (drop the relaxed tables of an optimal pairing: what
  remains is such a matching), so each of those ``exposable`` nodes is joined to its r nearest
  others of the same kind and its r nearest partners under the relaxed rule, at their rules.md §8 cost,
  with r = ``rule_breaking_window(k)`` (4 for the default window of 12, growing with it). With a unit
  of 55 % every one of its members is exposable; r = k = 12 put 13k rule-breaking pairs beside 36k
  legal ones at 2000 entrants, and r = 4 gives the same pairing in every quality case (r = 2 lost
  rank distance with a unit of 80 % at 2000, bench/pairing.py --quality), and the pairing of a
  unit of 55 % at 2000 takes about 40 % less CPU (median of 5, 3.8 -> 2.1 s on a loaded machine);
- every pair of an entrant with at most 2 k legal partners in the whole field (one who has met
  nearly everyone): whom it breaks a rule with is decided by the whole field, not by who is near it
  in the ranking. Its k nearest were the reverted first version's flaw: an entrant who had met
  everyone took the rematch with its neighbour, where one three places up let the rest pair at
  equal scores (tests/domain/pairing/test_relaxed.py keeps that field). O(N) pairs each; such
  entrants are few but in small fields, where the graph is small anyway.

The lowest-ranked entrant who may have the bye is left out of the near candidates that break a rule:
an answer is accepted only with the bye there, so that entrant sits at no table, and counting it
among the k nearest cost the same field its one useful candidate.

When one unit holds more than half the nodes, the graph is first solved with only the pairs that seat one of it
and the bye node's (``seating_majority``). With d of its members and o other nodes (the bye node one of them), a
pairing with t tables of two others has (d - o) / 2 + t tables of two members, each a same-unit table. A proved
answer of the smaller graph has no table of two others but (perhaps) the bye's, and no same-unit table but those of
two members. Every pairing as good on the rule levels and the bye has the same bye and no more same-unit tables, so
no more tables of two others: it is in the smaller graph, whose optimum is therefore the whole graph's
(tests/domain/pairing/test_relaxed.py compares the two). An answer not proved (the fewest same-unit tables need
more, say because of rematches) sends the whole graph to be solved as before. About 7 % fewer instructions for a
unit of 55 % at 2000 entrants (a pair_round under callgrind, by hand: 8.09 -> 7.49 G). In this smaller graph every
other must sit with a member, so a stretch of the ranking (``blocks``) whose best matching leaves more than one of
its nodes unseated is short of members there, made up only from far away: the stretches give up at once and the
graph is solved whole. With a unit of 51-52 % at 5000 entrants (bench/pairing.py's --quality events) every stretch
was so, and the stretches ended with no pairing after some 9 s of CPU; with 53-80 % none was (by hand, 2026-11-28).

The answer is accepted when its rematch and same-unit tables are at their proven minimums (the
no-rematch deficiency; then the larger of the legal deficiency less the rematches and the
deficiency among pairs from different units), and the bye (if any) is on the lowest-ranked entrant
who may have it: no pairing then breaks fewer rules or places the bye better. Otherwise k doubles;
past a quarter of the field (a field of at most 4 k = 48 entrants at once) the complete graph
decides. A field of more than 4 blocks (``stretch_block``) is solved a stretch at a time, and whole when
that answer is not accepted. What the window can miss is a cheaper arrangement of legal pairs reaching past it, on the
levels below the rules and the bye, as in an ordinary round. That the near rule-breaking candidates
miss none the optimum needs is checked, not proved: tests/domain/pairing/test_relaxed.py (strained
fields of 9-40 with windows of 2-4) requires the result to be at least as good as the best pairing
of the window's legal pairs and every rule-breaking pair there is, so equal to the complete graph's
optimum whenever that optimum's legal tables are within the window; bench/pairing.py --quality
compares with the complete graph's optimum at 200-2000 entrants.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tournament_desk.domain.errors import PairingError
from tournament_desk.domain.pairing.blocks import BLOCK, RELAXED_BLOCK, RELAXED_SPAN, solve_in_blocks
from tournament_desk.domain.pairing.feasibility import Conflicts, sparse_deficiency
from tournament_desk.domain.pairing.graph import (
    Field,
    Graph,
    near_pairs,
    neighbours_within,
    solve,
    window_pairs,
)
from tournament_desk.domain.pairing.transport import transport_pairs


def relaxed_matching(
    field: Field, conflicts: Conflicts, eligible: Sequence[int], window: int | None
) -> set[tuple[int, int]]:
    """The best pairing that breaks rules at as few tables as possible (rematches counted first)."""
    k = window
    while k is not None and 4 * k < field.n:
        mate = _sparse_attempt(field, conflicts, eligible, k)
        if mate is not None:
            return mate
        k *= 2
    mate = solve(Graph.full(field, eligible, relax=True))
    if mate is None:  # pragma: no cover - a complete graph always has a perfect matching
        raise PairingError("No pairing could be found for this round.")
    return mate


def _sparse_attempt(
    field: Field, conflicts: Conflicts, eligible: Sequence[int], k: int
) -> set[tuple[int, int]] | None:
    """The best pairing of the sparse graph of window k, or None when it cannot be proved to break
    the rules at the fewest tables."""
    n = field.n
    assigned, around = transport_pairs(field, k)
    legal_pairs = sorted(set(window_pairs(field, k)) | around)
    legal = sparse_deficiency(conflicts, legal_pairs, eligible, seed=assigned)
    if legal is None:
        return None
    unmet_pairs = near_pairs(n, k, conflicts.met)
    no_rematch = sparse_deficiency(conflicts, unmet_pairs, eligible, allow_same_unit=True)
    if no_rematch is None:
        return None
    pairs = set(legal_pairs) | legal.matching | no_rematch.matching
    # The bye goes to the lowest-ranked who may have it or the answer is refused (below): that
    # entrant sits at no table, so it is nobody's near candidate (a neighbour past it is).
    holder = {eligible[-1]} if eligible else set()
    pairs |= _rule_breaking(field, conflicts, k, legal.exposable - holder, no_rematch.exposable - holder)
    for p in _short_of_partners(conflicts, n, 2 * k):
        pairs.update((min(p, q), max(p, q)) for q in range(n) if q != p)
    ordered = sorted((p, q) for p, q in pairs if q < n)  # the bye node's edges come with the graph
    graph = Graph(field, lambda: ordered, eligible, relax=True, cache=True)

    def proved(mate: set[tuple[int, int]] | None) -> bool:
        """The fewest rematch and same-unit tables, and the bye on the lowest-ranked who may have it."""
        if mate is None:
            return False
        rematches, same_unit = _broken(mate, conflicts, n)
        if rematches != no_rematch.broken_tables:
            return False
        if eligible and (eligible[-1], n) not in mate and (n, eligible[-1]) not in mate:
            return False  # the bye not on the lowest-ranked who may have it: not proved the best
        # Every pairing with as few rematches has at least this many same-unit tables: all its relaxed
        # tables but the rematches, and all a pairing from different units must leave.
        if same_unit > legal.broken_tables - rematches:
            apart_pairs = set(near_pairs(n, k, conflicts.mates)) | around
            apart = sparse_deficiency(
                conflicts, sorted(apart_pairs), eligible, allow_rematch=True, seed=assigned
            )
            if apart is None or same_unit > apart.broken_tables:
                return False
        return True

    block = stretch_block(legal.broken_tables, graph.nodes)
    seating = seating_majority(field, ordered)
    if seating is not None:
        mate = _solve(
            Graph(field, lambda: seating, eligible, relax=True, cache=True), block, proved, seat_all=True
        )
        if mate is not None:
            return mate
    return _solve(graph, block, proved)


def seating_majority(field: Field, pairs: Sequence[tuple[int, int]]) -> list[tuple[int, int]] | None:
    """Of ``pairs``, those that seat a member of the unit holding more than half the field; None when no unit
    does (module docstring: a proved answer among them is the best of all ``pairs``)."""
    majority = field.majority_unit()
    if majority is None:
        return None
    units = field.units
    return [(p, q) for p, q in pairs if majority in (units[p], units[q])]


def _solve(
    graph: Graph,
    block: int,
    proved: Callable[[set[tuple[int, int]] | None], bool],
    span: int = RELAXED_SPAN,
    seat_all: bool = False,
) -> set[tuple[int, int]] | None:
    """The graph's best pairing: a large one ``span`` blocks of the ranking at a time (``blocks``; bench/pairing.py
    --quality, 5000 entrants with a unit of 55 %: 6.7 s of CPU against 11.5 s whole, the same pairing) when that
    answer is ``proved``, else whole; None when that is not proved either. ``seat_all``: whole as soon as a stretch
    cannot seat all its nodes but one (``solve_in_blocks``)."""
    if graph.nodes > 4 * block:
        mate = solve_in_blocks(graph, block, span, seat_all=seat_all)
        if proved(mate):
            return mate
    mate = solve(graph)
    return mate if proved(mate) else None


def stretch_block(broken_tables: int, nodes: int) -> int:
    """The stretches a relaxed graph is solved in: an ordinary round's (``BLOCK``) when it must break rules at no
    more tables than it has such stretches (one entrant short of partners: at 1000-5000 entrants the same pairing as
    the whole graph, bench/pairing.py --quality; the whole `tdesk pair` at 2000 about 15 % fewer instructions), else
    ``RELAXED_BLOCK``. A unit of half the field breaks them all down the ranking, and small stretches each seat as
    few unit-mates together as they can, pushing the rest down: with a unit of 55 % at 1000 and 3000 their pairing
    had more same-unit tables than the fewest (so was solved whole, at the cost of both)."""
    return BLOCK if broken_tables * RELAXED_SPAN * BLOCK <= nodes else RELAXED_BLOCK


def _rule_breaking(
    field: Field, conflicts: Conflicts, window: int, unit_short: frozenset[int], met_short: frozenset[int]
) -> set[tuple[int, int]]:
    """The candidates that break a rule. Among the nodes a maximum legal matching may leave
    unseated: each with its r nearest others of them, and its r nearest partners not met (unit-mates
    allowed). Among those a maximum no-rematch matching may leave: each with its r nearest others of
    them, its r nearest from another unit (met or not), and the pairs of the large unit's
    assignment (``transport``, window r) with rematches allowed that touch one of them; r is
    ``rule_breaking_window(window)``."""
    n, k = field.n, rule_breaking_window(window)
    unit_short, met_short = unit_short - {n}, met_short - {n}  # not the bye node
    pairs = neighbours_within(sorted(unit_short), k) | neighbours_within(sorted(met_short), k)
    pairs.update(near_pairs(n, k, conflicts.met, nodes=sorted(unit_short)))
    if met_short:
        apart = lambda p, q: q not in conflicts.mates[p]  # noqa: E731
        pairs.update(near_pairs(n, k, conflicts.mates, nodes=sorted(met_short)))
        _, around = transport_pairs(field, k, apart)
        pairs.update((p, q) for p, q in around if p in met_short or q in met_short)
    return pairs


def rule_breaking_window(window: int) -> int:
    """How many near candidates that break a rule each exposable node gets, for a legal window of
    ``window``: a third of it, at least 4 (or the window, if smaller); it grows with the window."""
    return min(window, max(4, window // 3))


def _short_of_partners(conflicts: Conflicts, n: int, most: int) -> list[int]:
    """The nodes with at most ``most`` legal partners in the whole field (unit-mates and opponents
    met are the others)."""
    short = []
    for p, (met, mates) in enumerate(zip(conflicts.met, conflicts.mates, strict=True)):
        # Not met | mates: a set of a thousand copied for each member of a unit of a thousand.
        ruled_out = len(mates) + (p not in mates) + sum(q not in mates for q in met)
        if n - ruled_out <= most:
            short.append(p)
    return short


def _broken(mate: set[tuple[int, int]], conflicts: Conflicts, n: int) -> tuple[int, int]:
    """The rematch tables and the same-unit tables of a matching."""
    rematches = same_unit = 0
    for u, v in mate:
        if max(u, v) < n:
            rematches += v in conflicts.met[u]
            same_unit += v in conflicts.mates[u]
    return rematches, same_unit


def lonely_matching(
    field: Field, lonely: Sequence[int], eligible: Sequence[int], window: int | None
) -> set[tuple[int, int]] | None:
    """A round where the only entrants without a legal partner have met everyone else, paired as an ordinary round
    (``lonely``: a forced rematch in a large field costs about what an ordinary round does). Each of them is joined
    to everyone, the rest to their window of legal partners, solved in an ordinary round's stretches (whole when those
    do not give a proved answer); the answer is kept when it is proved to break the rules at the fewest tables
    (below), else None and ``relaxed_matching`` decides.

    Each entrant who has met everyone sits at a rematch table or has the bye, and one table seats at most two of
    them: no pairing has fewer than half of them (rounded up; one fewer of them when one may have the bye) at
    rematch tables. An answer with that many rematches, no same-unit table and the bye on the lowest-ranked who may
    have it is therefore the best on every rule level; below them it is the window's trade-off, as in an ordinary
    round."""
    n, met = field.n, field.conflicts.met
    if window is None or 4 * window >= n or any(len(met[p]) < n - 1 for p in lonely):
        return None
    excused = n % 2 == 1 and any(p in eligible for p in lonely)
    fewest = (len(lonely) - excused + 1) // 2
    pairs = set(window_pairs(field, window)) | transport_pairs(field, window)[1]
    for p in lonely:
        pairs.update((min(p, q), max(p, q)) for q in range(n) if q != p)
    ordered = sorted(pairs)
    graph = Graph(field, lambda: ordered, eligible[-1:], relax=True, cache=True)

    def proved(mate: set[tuple[int, int]] | None) -> bool:
        return mate is not None and _broken(mate, field.conflicts, n) == (fewest, 0)

    return _solve(graph, BLOCK, proved, span=2)  # an ordinary round's stretches
