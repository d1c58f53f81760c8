"""Read the event into the domain's plain data (no ORM rows leave this module)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.pairing import PairingEntrant
from tournament_desk.domain.standings import Deduction, MatchRecord, StandingEntrant, totals
from tournament_desk.storage import models as m


@dataclass
class Snapshot:
    entrants: list[StandingEntrant]
    units: dict[int, str | None]
    withdrawn_after: dict[int, int | None]
    matches: list[MatchRecord]  # scored tables and byes
    deductions: list[Deduction]
    opponents: dict[int, set[int]] = field(default_factory=lambda: defaultdict(set))
    byes: set[int] = field(default_factory=set)
    home_count: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    rounds: int = 0

    def active_in(self, round_no: int) -> list[StandingEntrant]:
        return [
            e
            for e in self.entrants
            if self.withdrawn_after[e.id] is None or round_no <= (self.withdrawn_after[e.id] or 0)
        ]

    def pairing_entrants(self, round_no: int) -> list[PairingEntrant]:
        tot = totals(self.entrants, self.matches, self.deductions)
        return [
            PairingEntrant(
                id=e.id,
                draw_no=e.draw_no,
                mp=tot[e.id].mp,
                vp=tot[e.id].vp,
                unit=self.units[e.id],
                opponents=frozenset(self.opponents[e.id]),
                had_bye=e.id in self.byes,
                home_count=self.home_count[e.id],
            )
            for e in self.active_in(round_no)
        ]


def load(session: Session) -> Snapshot:
    entrants = session.scalars(select(m.Entrant).order_by(m.Entrant.draw_no, m.Entrant.id)).all()
    snap = Snapshot(
        entrants=[
            StandingEntrant(
                id=e.id,
                name=e.name,
                unit=e.unit,
                draw_no=e.draw_no or 0,
                withdrawn=e.withdrawn_after_round is not None,
            )
            for e in entrants
        ],
        units={e.id: e.unit for e in entrants},
        withdrawn_after={e.id: e.withdrawn_after_round for e in entrants},
        matches=[],
        deductions=[
            Deduction(d.round_no, d.entrant_id, d.mp) for d in session.scalars(select(m.Deduction)).all()
        ],
    )
    for match in session.scalars(select(m.Match)).all():
        # A pairing counts as met even when it ends in a forfeit (SPEC §9); it scores once a result exists.
        snap.opponents[match.home_id].add(match.away_id)
        snap.opponents[match.away_id].add(match.home_id)
        snap.home_count[match.home_id] += 1
        if match.kind != "pending":
            snap.matches.append(
                MatchRecord(
                    match.round_no,
                    match.home_id,
                    match.away_id,
                    match.home_mp or 0.0,
                    match.away_mp or 0.0,
                    match.home_vp or 0.0,
                    match.away_vp or 0.0,
                )
            )
    for rnd in session.scalars(select(m.Round)).all():
        snap.rounds = max(snap.rounds, rnd.number)
        if rnd.bye_entrant_id is not None:
            snap.byes.add(rnd.bye_entrant_id)
            snap.matches.append(
                MatchRecord(
                    rnd.number, rnd.bye_entrant_id, None, rnd.bye_mp or 0.0, 0.0, rnd.bye_vp or 0.0, 0.0
                )
            )
    return snap
