"""PLACEHOLDER until the rr-domain branch lands: the FIDE Berger schedule of SPEC §7.3."""

from __future__ import annotations

from tournament_desk.domain.errors import BadInput


def rounds_needed(n: int, *, double: bool = False) -> int:
    return (n - 1 + n % 2) * (2 if double else 1)


def berger_round(n: int, k: int) -> tuple[tuple[int, int], ...]:
    if n < 2:
        raise BadInput("A round robin needs at least three entrants.")
    size = n + n % 2
    m = size - 1
    p = ((k - 1) * size // 2) % m + 1
    first = (p, size) if k % 2 else (size, p)
    tables = [first]
    for j in range(2, size // 2 + 1):
        home = (p + j - 2) % m + 1
        away = (p - j) % m + 1
        tables.append((home, away))
    return tuple(tables)


def berger_schedule(n: int, *, double: bool = False) -> tuple[tuple[tuple[int, int], ...], ...]:
    size = n + n % 2
    single = tuple(berger_round(n, k) for k in range(1, size))
    if not double:
        return single
    return single + tuple(tuple((a, h) for h, a in rnd) for rnd in single)
