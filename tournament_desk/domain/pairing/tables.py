"""What a pairing is, as the formats and services see it: its tables, the bye, and the tables kept as they are.

Apart from the engine (``swiss``), so that what only reads a round (the standings, a format's ranking) does not load
the matching and its graphs (issue 29: `tdesk standings` imported them all).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

# The tables a director keeps as they are when a draft round is paired again: (home, away).
Locked = Sequence[tuple[int, int]]


@dataclass(frozen=True)
class PairedTable:
    table: int
    home: int
    away: int
    relaxed: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pairing:
    tables: tuple[PairedTable, ...]
    bye: int | None
    # The bye went to an entrant that already had one, since every entrant to pair had (rules.md §5.4).
    repeat_bye: bool = False
    # When rules had to be relaxed: the entrants left without a legal partner (rules.md §8), by rank.
    stranded: tuple[int, ...] = ()
