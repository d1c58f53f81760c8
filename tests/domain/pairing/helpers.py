"""Shared builders and checks for the pairing tests."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace

from tournament_desk.domain.pairing import Pairing, PairingEntrant
from tournament_desk.domain.pairing.swiss import REMATCH, SAME_UNIT, assemble_pairing, pairing_cost


def entrant(
    id: int,
    draw: int | None = None,
    *,
    mp: float = 0.0,
    vp: float = 0.0,
    unit: str | None = None,
    met: Iterable[int] = (),
    bye: bool = False,
    home: int = 0,
) -> PairingEntrant:
    return PairingEntrant(
        id=id,
        draw_no=id if draw is None else draw,
        mp=mp,
        vp=vp,
        unit=unit,
        opponents=frozenset(met),
        had_bye=bye,
        home_count=home,
    )


def seats(pairing: Pairing) -> list[tuple[int, int]]:
    return [(t.home, t.away) for t in pairing.tables]


def check_pairing(
    entrants: Sequence[PairingEntrant],
    pairing: Pairing,
    locked: Sequence[tuple[int, int]] = (),
) -> None:
    """Rules every pairing must keep, whatever the input."""
    by_id = {e.id: e for e in entrants}
    seen = [t.home for t in pairing.tables] + [t.away for t in pairing.tables]
    if pairing.bye is not None:
        seen.append(pairing.bye)
        locked_ids = {i for pair in locked for i in pair}
        fewest = min(e.bye_count for e in entrants if e.id not in locked_ids)
        assert by_id[pairing.bye].bye_count == fewest
        assert pairing.repeat_bye == (fewest > 0)
    assert sorted(seen) == sorted(by_id)
    assert (pairing.bye is None) == (len(entrants) % 2 == 0)
    assert [t.table for t in pairing.tables] == list(range(1, len(pairing.tables) + 1))
    for table in pairing.tables:
        home, away = by_id[table.home], by_id[table.away]
        expected = []
        if home.unit and home.unit == away.unit:
            expected.append(SAME_UNIT)
        if home.id in away.opponents or away.id in home.opponents:
            expected.append(REMATCH)
        assert table.relaxed == tuple(expected)
    for pair in locked:
        assert pair in seats(pairing)


def perfect_matchings(nodes: list[int]) -> Iterable[list[tuple[int, int]]]:
    if not nodes:
        yield []
        return
    first, rest = nodes[0], nodes[1:]
    for i, other in enumerate(rest):
        for tail in perfect_matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *tail]


def oracle_cost(
    entrants: Sequence[PairingEntrant], locked: Sequence[tuple[int, int]] = ()
) -> tuple[int, ...]:
    """The best cost over every possible pairing, by exhaustive search."""
    locked_ids = {i for pair in locked for i in pair}
    free = [e.id for e in entrants if e.id not in locked_ids]
    byes: list[int | None] = [None]
    if len(free) % 2:
        fewest = min(e.bye_count for e in entrants if e.id in free)
        byes = [e.id for e in entrants if e.id in free and e.bye_count == fewest]
    best: tuple[int, ...] | None = None
    for bye in byes:
        rest = [i for i in free if i != bye]
        for pairs in perfect_matchings(rest):
            cost = pairing_cost(entrants, assemble_pairing(entrants, pairs, bye, locked))
            if best is None or cost < best:
                best = cost
    assert best is not None
    return best


def play(
    field: Sequence[PairingEntrant], pairing: Pairing, rng: random.Random, vp: bool = False
) -> list[PairingEntrant]:
    """The field after the round ``pairing`` made, with random results (and, with ``vp``, their VP); the bye
    scores 2.5 MP."""
    by_id = {e.id: e for e in field}
    for table in pairing.tables:
        home, away = by_id[table.home], by_id[table.away]
        diff = rng.randint(0, 6)
        win, lose = (3.0, 0.0) if diff >= 3 else {2: (2.5, 0.5), 1: (2.0, 1.0), 0: (1.5, 1.5)}[diff]
        if rng.random() < 0.5:
            win, lose = lose, win
        by_id[home.id] = replace(
            home,
            mp=home.mp + win,
            vp=home.vp + (10 + diff if vp else 0),
            opponents=home.opponents | {away.id},
            home_count=home.home_count + 1,
        )
        by_id[away.id] = replace(
            away,
            mp=away.mp + lose,
            vp=away.vp + (10 - diff if vp else 0),
            opponents=away.opponents | {home.id},
        )
    if pairing.bye is not None:
        e = by_id[pairing.bye]
        by_id[e.id] = replace(e, mp=e.mp + 2.5, had_bye=True)
    return list(by_id.values())
