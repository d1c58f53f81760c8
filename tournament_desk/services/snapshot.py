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
    # Plain column tuples, not ORM objects: building 20 000 instances would cost more than the standings.
    entrants = session.execute(
        select(
            m.Entrant.id, m.Entrant.name, m.Entrant.unit, m.Entrant.draw_no, m.Entrant.withdrawn_after_round
        ).order_by(m.Entrant.draw_no, m.Entrant.id)
    ).all()
    snap = Snapshot(
        entrants=[
            StandingEntrant(id=i, name=name, unit=unit, draw_no=draw_no or 0, withdrawn=after is not None)
            for i, name, unit, draw_no, after in entrants
        ],
        units={i: unit for i, _, unit, _, _ in entrants},
        withdrawn_after={i: after for i, _, _, _, after in entrants},
        matches=[],
        deductions=[
            Deduction(r, e, mp)
            for r, e, mp in session.execute(
                select(m.Deduction.round_no, m.Deduction.entrant_id, m.Deduction.mp)
            )
        ],
    )
    matches = session.execute(
        select(
            m.Match.round_no, m.Match.home_id, m.Match.away_id, m.Match.kind,
            m.Match.home_mp, m.Match.away_mp, m.Match.home_vp, m.Match.away_vp,
        )
    )  # fmt: skip
    for round_no, home, away, kind, home_mp, away_mp, home_vp, away_vp in matches:
        # A pairing counts as met even when it ends in a forfeit (SPEC §9); it scores once a result exists.
        snap.opponents[home].add(away)
        snap.opponents[away].add(home)
        snap.home_count[home] += 1
        if kind != "pending":
            snap.matches.append(
                MatchRecord(
                    round_no, home, away, home_mp or 0.0, away_mp or 0.0, home_vp or 0.0, away_vp or 0.0
                )
            )
    for number, bye, bye_mp, bye_vp in session.execute(
        select(m.Round.number, m.Round.bye_entrant_id, m.Round.bye_mp, m.Round.bye_vp)
    ):
        snap.rounds = max(snap.rounds, number)
        if bye is not None:
            snap.byes.add(bye)
            snap.matches.append(MatchRecord(number, bye, None, bye_mp or 0.0, 0.0, bye_vp or 0.0, 0.0))
    return snap
