"""PLACEHOLDER until the rr-domain branch lands: round-robin ranking chains."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tournament_desk.domain.sorting import name_key
from tournament_desk.domain.standings import Deduction, MatchRecord, StandingEntrant


@dataclass(frozen=True)
class RoundRobinRow:
    rank: int
    entrant: StandingEntrant
    vp: float
    mp: float
    h2h: float | None
    level_diff: int
    played: int
    deducted: float
    separated_by: str | None


def rank_round_robin(
    entrants: Sequence[StandingEntrant],
    matches: Iterable[MatchRecord],
    deductions: Iterable[Deduction] = (),
    *,
    after_round: int | None = None,
    chain: str = "vp",
) -> list[RoundRobinRow]:
    last = after_round if after_round is not None else 10**9
    ms = [m for m in matches if m.round <= last and m.away is not None]
    vp = {e.id: 0.0 for e in entrants}
    mp = {e.id: 0.0 for e in entrants}
    ld = {e.id: 0 for e in entrants}
    played = {e.id: 0 for e in entrants}
    for m in ms:
        assert m.away is not None
        vp[m.home] += m.home_vp
        vp[m.away] += m.away_vp
        mp[m.home] += m.home_mp
        mp[m.away] += m.away_mp
        ld[m.home] += m.level_diff or 0
        ld[m.away] -= m.level_diff or 0
        played[m.home] += 1
        played[m.away] += 1
    ded = {e.id: 0.0 for e in entrants}
    for d in deductions:
        if d.round <= last:
            ded[d.entrant] += d.mp
    for e in entrants:
        mp[e.id] -= ded[e.id]
    first = vp if chain == "vp" else mp
    h2h: dict[int, float | None] = {e.id: None for e in entrants}
    groups: dict[float, list[int]] = {}
    for e in entrants:
        groups.setdefault(round(first[e.id], 6), []).append(e.id)
    for ids in groups.values():
        if len(ids) < 2:
            continue
        s = set(ids)
        for i in ids:
            h2h[i] = 0.0
        for m in ms:
            if m.home in s and m.away in s:
                h2h[m.home] = (h2h[m.home] or 0) + (m.home_vp if chain == "vp" else m.home_mp)
                h2h[m.away] = (h2h[m.away] or 0) + (m.away_vp if chain == "vp" else m.away_mp)
    third = mp if chain == "vp" else ld
    keys = ("vp", "h2h_vp", "mp") if chain == "vp" else ("points", "h2h_points", "level_diff")

    def grid(i: int) -> tuple[float, float, float]:
        return (round(first[i], 6), round(h2h[i] or 0.0, 6), round(float(third[i]), 6))

    order = sorted(entrants, key=lambda e: (tuple(-x for x in grid(e.id)), name_key(e.name)))
    rows: list[RoundRobinRow] = []
    for pos, e in enumerate(order, start=1):
        sep = None
        rank = 1
        if rows:
            prev = rows[-1]
            g, pg = grid(e.id), grid(prev.entrant.id)
            sep = next((k for k, a, b in zip(keys, g, pg, strict=True) if a != b), None)
            rank = pos if sep is not None else prev.rank
        rows.append(
            RoundRobinRow(rank, e, vp[e.id], mp[e.id], h2h[e.id], ld[e.id], played[e.id], ded[e.id], sep)
        )
    return rows
