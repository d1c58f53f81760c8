"""The event as plain data, as the formats see it: entrants, scored tables, deductions, pairings so far.

Built by ``services.snapshot.load`` from the database; no ORM row reaches the domain.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tournament_desk.domain.pairing import PairingEntrant
from tournament_desk.domain.scoring_modes.base import ScoringMode
from tournament_desk.domain.scoring_modes.levels import Levels
from tournament_desk.domain.standings import Deduction, MatchRecord, StandingEntrant, totals


@dataclass
class EventData:
    entrants: list[StandingEntrant]
    units: dict[int, str | None]
    withdrawn_after: dict[int, int | None]
    matches: list[MatchRecord]  # scored tables and byes
    deductions: list[Deduction]
    # (home, away) of every table paired so far (only when loaded for pairing)
    pairings: list[tuple[int, int]]
    byes: set[int]
    bye_holders: dict[int, int] = field(default_factory=dict)  # round → the entrant with its bye (or rest)
    # The stage's format settings (round robin: {"double": true}; groups: sizes; …).
    settings: Mapping[str, Any] = field(default_factory=dict)
    # Round-robin bookkeeping: (round, home, away, state) of every table stored so far, scored or not.
    schedule: list[tuple[int, int, int, str]] = field(default_factory=list)
    # Board-scored formats (Mitchell): (round, table, board, defenders' points, penalty to NS, penalty to EW).
    board_results: list[tuple[int, int, int, int, int, int]] = field(default_factory=list)
    # The event's scoring mode: what a forfeit or a bye scores, and the ranking chain it may bring (a team
    # match of pairs ranks by its own, rules.md §5.8); the formats ask it, never its name.
    mode: ScoringMode = field(default_factory=Levels)

    def active_in(self, round_no: int) -> list[StandingEntrant]:
        return [
            e
            for e in self.entrants
            if self.withdrawn_after[e.id] is None or round_no <= (self.withdrawn_after[e.id] or 0)
        ]

    def pairing_entrants(self, round_no: int) -> list[PairingEntrant]:
        tot = totals(self.entrants, self.matches, self.deductions)
        # A pairing counts as met even when it ended in a forfeit, or has no result yet (rules.md §8, §9).
        opponents: dict[int, set[int]] = defaultdict(set)
        home_count: dict[int, int] = defaultdict(int)
        away_count: dict[int, int] = defaultdict(int)
        bye_count: dict[int, int] = defaultdict(int)
        for holder in self.bye_holders.values():
            bye_count[holder] += 1
        for home, away in self.pairings:
            opponents[home].add(away)
            opponents[away].add(home)
            home_count[home] += 1
            away_count[away] += 1
        return [
            PairingEntrant(
                id=e.id,
                draw_no=e.draw_no,
                mp=tot[e.id].mp,
                vp=tot[e.id].vp,
                unit=self.units[e.id],
                opponents=frozenset(opponents[e.id]),
                had_bye=e.id in self.byes,
                home_count=home_count[e.id],
                byes=bye_count[e.id],
                away_count=away_count[e.id],
            )
            for e in self.active_in(round_no)
        ]
