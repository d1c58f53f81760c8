"""A large round's graph solved a stretch of the ranking at a time (issue 29).

The weighted matching costs about the square of the node count (bench/pairing.py --quality, the graph solved whole
at 5000 entrants: 2.1 s of CPU for an ordinary round, 11.5 s with a unit of 55 %), while the best pairing is
local: the score spread and the rank distance keep partners near each other in the ranking. So the graph is solved
over ``span * block`` nodes at a time (2 blocks, 3 for a round that must break rules), down the ranking: the
tables of the upper ``block`` nodes are kept, and whoever of them was seated further down (or not at all) goes on
into the next stretch with the next ``block`` nodes; the last stretch is solved with everyone left. Each stretch
is solved with the whole graph's weights, so its choice among its own pairings is the whole problem's.

What a stretch cannot see is a cheaper arrangement reaching more than ``block`` places past its kept tables. More
carried on than a stretch holds, or a last stretch with no perfect matching, gives up (None) and the caller solves
the whole graph; ``relaxed`` also solves the whole graph when the stretches' pairing is not proved to break the
fewest rules. bench/pairing.py --quality compares the result with the complete graph's optimum up to 2000
entrants and past that with the same graph solved whole; tests/domain/pairing/test_blocks.py with the whole
graph's, on small fields cut into stretches of 16.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournament_desk.domain.pairing.graph import Graph, weighted_edges

# Nodes kept per stretch; the callers solve a graph of at most 4 * BLOCK nodes whole. 64 (stretches of 128) gave the
# exact optimum at 300-1000 entrants and the whole graph's pairing at 1500-5000 (5000 with a forced rematch better at
# the top-down level), ordinary, with a forced rematch and with a unit of 30 % (bench/pairing.py --quality
# --sizes 300 500 700 1000 1500 2000 2500 3000 4000 5000, 2026-11-28), and rounds with no legal pairing (two tables
# relaxed, bench/pairing.py's ``infeasible``) at 1000-5000 the whole graph's (compared by hand); a pair_round of 2000
# took 15 % fewer instructions than with 128 (by hand under callgrind: 1.80 -> 1.52 G), which had itself taken a
# fifth fewer than 256.
BLOCK = 64
# The same for a round that must break rules (``relaxed``), in stretches of three blocks: its candidates reach further
# (a unit of half the field sends its members far for partners). A unit of 55 % lost rank distance at 2000 with blocks
# of 256 in stretches of two, and score spread at 3000 with 512 in two; 512 in three gave the whole graph's pairing at
# 2600-5000 with units of 30-80 % and with a forced rematch. (Two such blocks lost rank distance on the graph of the
# pairs that seat a member of a unit of 53 % at 5000, bench/pairing.py's --quality event, compared by hand 2026-11-28:
# 194842 against 162632, where three gave the whole graph's.) Smaller stretches on that graph, tried first with this
# as the fallback (by hand 2026-11-28, against the same graph solved whole on the --quality events of 2000 and 5000,
# units of 51-80 %): 256 in three, 31 % fewer instructions for `tdesk demo`'s unit of 55 % at 5000, lost rank distance
# with 53 % (as above); 128 in four lost it with 55 % at 5000 (180416 against 165856). Pricing that graph's tables of
# two members at nothing (every perfect matching of it has as many, the bye's aside) keeps small stretches from
# pushing members down the ranking, but rustworkx's blossom took seven times the CPU on it (a unit of 51 % at 2000:
# 11.8 s against 1.6 s).
RELAXED_BLOCK = 512
RELAXED_SPAN = 3


def solve_in_blocks(
    graph: Graph, block: int = BLOCK, span: int = 2, seat_all: bool = False
) -> set[tuple[int, int]] | None:
    """The graph's pairing ``span * block`` nodes at a time, keeping the upper ``block``'s tables of each; None
    when a stretch cannot settle its upper part (the caller then solves the whole graph), and with ``seat_all`` when
    a stretch's best matching leaves more than one of its nodes unseated."""
    import rustworkx as rx  # here, not at the top: `tdesk round` and the standings never need it

    edges = list(weighted_edges(graph))
    order = _order(graph, edges)
    position = {node: i for i, node in enumerate(order)}
    around: dict[int, list[tuple[int, int, int]]] = {node: [] for node in order}
    for p, q, weight in edges:
        around[p if position[p] < position[q] else q].append((p, q, weight))
    lead = graph.leading()
    kept: set[tuple[int, int]] = set()
    carried: list[int] = []
    start = 0
    while True:
        end = min(len(order), start + span * block)
        nodes = carried + order[start:end]
        if lead:  # numbered as ``graph.solve`` numbers them
            nodes.sort(key=lambda node: (node not in lead, position[node]))
        index = {node: i for i, node in enumerate(nodes)}
        g: rx.PyGraph[None, int] = rx.PyGraph(multigraph=False)
        g.add_nodes_from([None] * len(nodes))
        g.add_edges_from(
            [(index[p], index[q], w) for node in nodes for p, q, w in around[node] if p in index and q in index]
        )  # fmt: skip
        mate = rx.max_weight_matching(g, max_cardinality=True, weight_fn=int)
        if end == len(order):
            if 2 * len(mate) != len(nodes):
                return None
            return kept | {(nodes[u], nodes[v]) for u, v in mate}
        upper = set(order[start : start + block]).union(carried)
        if seat_all and 2 * len(mate) < len(nodes) - 1:
            return None
        if len(upper) > len({nodes[i] for pair in mate for i in pair} & upper):
            # An upper node left unseated would be carried on past its near partners (an odd count above:
            # the leader who can only meet the last). Two sinks, each joined to every node of the lower part at
            # the least weight, let every maximum matching seat as many upper nodes as can be; the sinks only
            # take nodes of the lower part, which is solved again with the next stretch.
            sinks = g.add_nodes_from([None, None])
            lower = [index[node] for node in order[start + block : end]]
            g.add_edges_from([(node, sink, 1) for sink in sinks for node in lower])
            mate = rx.max_weight_matching(g, max_cardinality=True, weight_fn=int)
        seated: set[int] = set()
        for u, v in mate:
            if max(u, v) < len(nodes) and nodes[u] in upper and nodes[v] in upper:
                kept.add((nodes[u], nodes[v]))
                seated.update((nodes[u], nodes[v]))
        carried = [node for node in nodes if node in upper and node not in seated]
        if len(carried) > block:
            return None
        start += block


def _order(graph: Graph, edges: Sequence[tuple[int, int, int]]) -> list[int]:
    """The nodes in rank order, the bye node just after the lowest-ranked entrant it is joined to."""
    order = list(range(graph.field.n))
    if graph.bye_node is not None:
        below = max((p for p, q, _ in edges if q == graph.bye_node), default=graph.field.n - 1)
        order.insert(below + 1, graph.bye_node)
    return order
