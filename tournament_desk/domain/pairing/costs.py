"""The Swiss engine's levels, its entrant, and the per-pair rules and costs (see ``swiss``)."""

from __future__ import annotations

from dataclasses import dataclass

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
