"""Candidate pairs for a field where one unit is large: the window of near partners is not enough.

When one unit holds more than the window's k members, a run of them in the ranking sends its members
further for a partner than the window reaches; when it holds about half the field or more, nearly
every other entrant must meet one of it (past half, every other entrant must), and a stretch of the
ranking short of its members sends entrants far for a partner: the window then finds no legal
pairing, or a costly one. So the smaller side (the unit's members, or past half the
others) is each given a partner from the larger side, in one pass down the ranking and one up
(``_assign``), and joined to the k partners either side of each: two assignments are in the graph,
and room around them. O(N k) pairs, as the window.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from itertools import islice

from tournament_desk.domain.pairing.graph import Field


def transport_pairs(
    field: Field, k: int, allowed: Callable[[int, int], bool] | None = None
) -> tuple[list[tuple[int, int]], set[tuple[int, int]]]:
    """The first assignment (it may hold a pair that has met) and the pairs around both that are
    ``allowed`` (default: legal)."""
    members: dict[str, list[int]] = {}
    for p, unit in enumerate(field.units):
        if unit is not None:
            members.setdefault(unit, []).append(p)
    big = max(members.values(), key=len, default=[])
    if len(big) <= k:
        return [], set()
    # Each pair here joins a member of the large unit to someone outside it, never two unit-mates: legal is not met.
    met = field.conflicts.met
    legal = allowed or (lambda p, q: q not in met[p])
    inside = set(big)
    if 2 * len(big) > field.n:
        servers, clients = big, [p for p in range(field.n) if p not in inside]
    else:
        servers, clients = [p for p in range(field.n) if p not in inside], big
    is_server = set(servers)
    down = _assign(range(field.n), is_server, set(clients), legal)
    up = _assign(range(field.n - 1, -1, -1), is_server, set(clients), legal)
    index = {p: i for i, p in enumerate(servers)}
    pairs: set[tuple[int, int]] = set()
    for p, q in (*down, *up):
        i = index[q]
        for r in servers[max(i - k, 0) : i + k + 1]:
            if legal(p, r):
                pairs.add((min(p, r), max(p, r)))
    return sorted((min(p, q), max(p, q)) for p, q in down), pairs


def _assign(
    order: Iterable[int], servers: set[int], clients: set[int], legal: Callable[[int, int], bool]
) -> list[tuple[int, int]]:
    """(client, server) pairs: going through the ranking in ``order``, each client takes the nearest
    free server already passed, else waits for the next one; the servers so chosen are then handed
    out in rank order (for the same entrants on both sides, with squared costs, the pairing in
    order is the cheapest)."""
    free: list[int] = []  # servers passed and not yet taken, nearest last
    waiting: deque[int] = deque()  # clients still without one
    taken: list[tuple[int, int]] = []
    for p in order:
        if p in servers:
            taker = next((c for c in islice(waiting, 8) if legal(c, p)), None)
            if taker is None:
                free.append(p)
            else:
                waiting.remove(taker)
                taken.append((taker, p))
        elif p in clients:
            near = range(len(free) - 1, max(len(free) - 9, -1), -1)
            j = next((j for j in near if legal(p, free[j])), None)
            if j is None:
                waiting.append(p)
            else:
                taken.append((p, free.pop(j)))
    return list(zip(sorted(p for p, _ in taken), sorted(q for _, q in taken), strict=True))
