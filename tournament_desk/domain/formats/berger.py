"""The FIDE Berger schedule of a round robin (rules.md §7.3; FIDE Handbook C.05 Annex 1).

Entrants are numbered 1…n by the draw. An odd count gets a dummy n + 1; its table is still returned, and the
caller lets the dummy's opponent rest. In round k (of n − 1 for an even n) the fixed number n plays
p = ((k − 1)·n/2 mod (n − 1)) + 1 on table 1, n at home in even rounds; table j pairs (p + j − 1) with
(p − j + 1), numbers taken mod n − 1 in 1…n − 1, the first named at home. A double round robin repeats the
cycle with home and away swapped, in the same order. tests/domain/formats checks every round against the
tables FIDE publishes for 3 to 16 players.
"""

from __future__ import annotations

from tournament_desk.domain.errors import BadInput

MIN_ENTRANTS = 2
MAX_ENTRANTS = 64  # far beyond any event; a bound so that a typing slip cannot ask for a million rounds

Table = tuple[int, int]
Round = tuple[Table, ...]


def _size(n: int) -> int:
    if not MIN_ENTRANTS <= n <= MAX_ENTRANTS:
        raise BadInput(
            "A round robin needs between {least} and {most} entrants, not {count}.",
            least=MIN_ENTRANTS,
            most=MAX_ENTRANTS,
            count=n,
        )
    return n + n % 2


def rounds_needed(n: int, *, double: bool = False) -> int:
    """Rounds of a round robin of ``n`` entrants: n − 1 for an even n, n for an odd one; twice for a double."""
    return (_size(n) - 1) * (2 if double else 1)


def berger_round(n: int, k: int) -> Round:
    """Round ``k`` (1-based, within one cycle) of ``n`` entrants: (home, away) draw numbers by table."""
    size = _size(n)
    cycle = size - 1
    if not 1 <= k <= cycle:
        raise BadInput("A round robin of {count} entrants has rounds 1–{last}.", count=n, last=cycle)
    p = ((k - 1) * size // 2) % cycle + 1
    tables: list[Table] = [(p, size) if k % 2 else (size, p)]
    for j in range(2, size // 2 + 1):
        tables.append(((p + j - 2) % cycle + 1, (p - j) % cycle + 1))
    return tuple(tables)


def berger_schedule(n: int, *, double: bool = False) -> tuple[Round, ...]:
    """Every round of the (double) round robin, in order."""
    first = tuple(berger_round(n, k) for k in range(1, _size(n)))
    if not double:
        return first
    return first + tuple(tuple((away, home) for home, away in tables) for tables in first)
