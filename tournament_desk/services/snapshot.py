"""Read the event into the domain's plain data (no ORM rows leave this module)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from sqlalchemy import func, select
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
    pairings: list[
        tuple[int, int]
    ]  # (home, away) of every table paired so far (only when loaded for pairing)
    byes: set[int]

    def active_in(self, round_no: int) -> list[StandingEntrant]:
        return [
            e
            for e in self.entrants
            if self.withdrawn_after[e.id] is None or round_no <= (self.withdrawn_after[e.id] or 0)
        ]

    def pairing_entrants(self, round_no: int) -> list[PairingEntrant]:
        tot = totals(self.entrants, self.matches, self.deductions)
        # A pairing counts as met even when it ended in a forfeit, or has no result yet (SPEC §8, §9).
        opponents: dict[int, set[int]] = defaultdict(set)
        home_count: dict[int, int] = defaultdict(int)
        bye_count: dict[int, int] = defaultdict(int)
        away_count: dict[int, int] = defaultdict(int)
        for record in self.matches:
            if record.away is None and record.round < round_no:
                bye_count[record.home] += 1
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


def load(session: Session, *, for_pairing: bool = False) -> Snapshot:
    """The event as plain data; ``for_pairing`` adds every pairing made so far (met opponents, home counts)."""
    # Plain rows on the Core connection, not ORM objects or ORM result handling: an event has tens of
    # thousands of tables, read again after every result the desk types (SQLite's own GROUP BY was slower).
    db = session.connection()
    entrants = db.execute(
        select(
            m.Entrant.id, m.Entrant.name, m.Entrant.unit, m.Entrant.draw_no, m.Entrant.withdrawn_after_round
        ).order_by(m.Entrant.draw_no, m.Entrant.id)
    ).all()
    scored = db.execute(
        select(
            m.Match.round_no, m.Match.home_id, m.Match.away_id,
            func.coalesce(m.Match.home_mp, 0.0), func.coalesce(m.Match.away_mp, 0.0),
            func.coalesce(m.Match.home_vp, 0.0), func.coalesce(m.Match.away_vp, 0.0),
        ).where(m.Match.kind != "pending")
    )  # fmt: skip
    matches = list(map(MatchRecord._make, scored))
    byes = [
        (number, entrant, mp, vp)
        for number, entrant, mp, vp in db.execute(
            select(m.Round.number, m.Round.bye_entrant_id, m.Round.bye_mp, m.Round.bye_vp)
        )
        if entrant is not None
    ]
    matches.extend(MatchRecord(n, e, None, mp or 0.0, 0.0, vp or 0.0, 0.0) for n, e, mp, vp in byes)
    return Snapshot(
        entrants=[
            StandingEntrant(id=i, name=name, unit=unit, draw_no=draw_no or 0, withdrawn=after is not None)
            for i, name, unit, draw_no, after in entrants
        ],
        units={i: unit for i, _, unit, _, _ in entrants},
        withdrawn_after={i: after for i, _, _, _, after in entrants},
        matches=matches,
        deductions=[
            Deduction(r, e, mp)
            for r, e, mp in session.execute(
                select(m.Deduction.round_no, m.Deduction.entrant_id, m.Deduction.mp)
            )
        ],
        pairings=[(h, a) for h, a in db.execute(select(m.Match.home_id, m.Match.away_id))]
        if for_pairing
        else [],
        byes={e for _, e, _, _ in byes},
    )
