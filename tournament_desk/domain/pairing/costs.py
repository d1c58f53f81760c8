"""The Swiss engine's levels, its entrant, and the per-pair rules and costs (see ``swiss``)."""

from __future__ import annotations

from dataclasses import dataclass

SAME_UNIT = "same-unit"
REMATCH = "rematch"

# Each entrant is joined to this many legal partners above and this many below it in the ranking
# (skipping illegal pairs, so a run of earlier opponents or unit-mates does not empty the
# window). On score-sorted Swiss fields the best pairing rarely reaches further than a few
# places; 12 each way keeps 2000 entrants inside the time budget and, on simulated events,
# gives the same result as the full graph (bench/pairing.py --quality checks this). A smaller
# window was measured and refused (issue 29): 8 saves about a quarter of an ordinary round's
# matching and matched 12 (and the full graph up to 1000) on bench/pairing.py's events, but on a
# `tdesk demo` event of 2000 after 9 rounds it lost rank distance with a unit of 55 % (28800
# against 27986), and seat balance on a field where most entrants were a game off even (61
# entrants off balance against 53).
DEFAULT_WINDOW = 12

LEVELS = 8
(
    REMATCH_LEVEL,
    UNIT_LEVEL,
    BYE_LEVEL,
    SCORE_LEVEL,
    BALANCE_LEVEL,
    RANK_LEVEL,
    ORDER_LEVEL,
    HOME_LEVEL,
) = range(LEVELS)
BALANCE_LIMIT = 2  # rules.md §8: no entrant more than two off balance (home - away)


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


def unit_of(e: PairingEntrant) -> str | None:
    return e.unit or None


def is_rematch(a: PairingEntrant, b: PairingEntrant) -> bool:
    return b.id in a.opponents or a.id in b.opponents


def is_same_unit(a: PairingEntrant, b: PairingEntrant) -> bool:
    unit = unit_of(a)
    return unit is not None and unit == unit_of(b)


def broken_rules(a: PairingEntrant, b: PairingEntrant) -> tuple[str, ...]:
    broken = []
    if is_same_unit(a, b):
        broken.append(SAME_UNIT)
    if is_rematch(a, b):
        broken.append(REMATCH)
    return tuple(broken)


def half_points(e: PairingEntrant) -> int:
    # MP come in halves, so this is exact; a stray non-half value is rounded, not refused.
    return round(e.mp * 2)


def score_cost(a: PairingEntrant, b: PairingEntrant) -> int:
    return (half_points(a) - half_points(b)) ** 2


def home_away(a: PairingEntrant, b: PairingEntrant, rank: dict[int, int]) -> tuple[int, int]:
    """Fewer times home goes home; a tie goes to the higher-ranked entrant."""
    if (a.home_count, rank[a.id]) <= (b.home_count, rank[b.id]):
        return a.id, b.id
    return b.id, a.id


def due(e: PairingEntrant) -> int:
    """<0: has been home less than away so is due home; >0: due away; 0: either."""
    # Games are taken as opponents met, the only count the engine is given; good enough for
    # the lowest-but-one preference.
    return 2 * e.home_count - len(e.opponents)


def balance(e: PairingEntrant) -> int:
    """Home minus away so far."""
    away = e.away_count if e.away_count is not None else len(e.opponents) - e.home_count
    return e.home_count - away


def off_balance(balance: int) -> int:
    return int(abs(balance) > BALANCE_LIMIT)


def misses(home: PairingEntrant, away: PairingEntrant) -> int:
    return (due(home) > 0) + (due(away) < 0)


def order_cost(rank_a: int, rank_b: int, size: int) -> int:
    """Places skipped, weighted by how high the table is: departures belong lower down."""
    lo, hi = (rank_a, rank_b) if rank_a < rank_b else (rank_b, rank_a)
    return (hi - lo - 1) * (size - lo)
