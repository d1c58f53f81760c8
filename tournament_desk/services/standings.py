"""Standings after any round, as plain rows (SPEC §9).

The sums are taken by the database (one grouped query instead of reading every table into Python: the
standings are re-read after every result the desk types); the domain ranks them. A test checks that these
sums equal the domain's own ``figures`` on random events.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from sqlalchemy import Float, func, literal, select, union_all
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.standings import Figures, StandingEntrant, StandingRow, rank
from tournament_desk.services.desk import Desk, paired_rounds, rules_of
from tournament_desk.storage import models as m


@dataclass(frozen=True)
class Standings:
    after_round: int
    rows: list[StandingRow]
    complete: bool  # every table of every round up to after_round has a result


def incomplete_rounds(session: Session) -> set[int]:
    return set(session.scalars(select(m.Match.round_no).where(m.Match.kind == "pending").distinct()))


def last_complete_round(session: Session) -> int:
    incomplete = incomplete_rounds(session)
    last = paired_rounds(session)
    while last and last in incomplete:
        last -= 1
    return last


def standing_entrants(session: Session) -> list[StandingEntrant]:
    return [
        StandingEntrant(id=i, name=name, unit=unit, draw_no=draw_no or 0, withdrawn=after is not None)
        for i, name, unit, draw_no, after in session.execute(
            select(
                m.Entrant.id,
                m.Entrant.name,
                m.Entrant.unit,
                m.Entrant.draw_no,
                m.Entrant.withdrawn_after_round,
            )
        )
    ]


def figures_after(session: Session, after_round: int) -> dict[int, Figures]:
    """SPEC §9 figures per entrant from the stored results of rounds 1…after_round."""
    scored = (m.Match.kind != "pending", m.Match.round_no <= after_round)
    sides = union_all(
        select(m.Match.home_id.label("e"), m.Match.away_id.label("o"), m.Match.home_mp.label("mp"),
               m.Match.home_vp.label("vp")).where(*scored),
        select(m.Match.away_id, m.Match.home_id, m.Match.away_mp, m.Match.away_vp).where(*scored),
        select(m.Round.bye_entrant_id, literal(None), m.Round.bye_mp, m.Round.bye_vp.cast(Float)).where(
            m.Round.bye_entrant_id.is_not(None), m.Round.number <= after_round
        ),
    ).subquery()  # fmt: skip
    mp: dict[int, float] = defaultdict(float)
    vp: dict[int, float] = defaultdict(float)
    played: dict[int, int] = defaultdict(int)
    for e, mp_sum, vp_sum, count in session.execute(
        select(sides.c.e, func.sum(sides.c.mp), func.sum(sides.c.vp), func.count()).group_by(sides.c.e)
    ):
        mp[e], vp[e], played[e] = mp_sum or 0.0, vp_sum or 0.0, count
    deducted: dict[int, float] = defaultdict(float)
    for e, total in session.execute(
        select(m.Deduction.entrant_id, func.sum(m.Deduction.mp))
        .where(m.Deduction.round_no <= after_round)
        .group_by(m.Deduction.entrant_id)
    ):
        deducted[e] = total
        mp[e] -= total
    opp: dict[int, float] = defaultdict(float)
    for e, o in session.execute(select(sides.c.e, sides.c.o).where(sides.c.o.is_not(None))):
        opp[e] += mp[o]
    ids = session.scalars(select(m.Entrant.id))
    return {i: Figures(mp[i], vp[i], opp[i], played[i], deducted[i]) for i in ids}


def current_standings(desk: Desk, after_round: int | None = None) -> Standings:
    """Standings after ``after_round`` (default: the last round whose results are all in)."""
    with desk.db.transaction() as session:
        paired = paired_rounds(session)
        if after_round is None:
            after_round = last_complete_round(session)
        elif not 0 <= after_round <= paired:
            raise BadInput(
                "There are standings after rounds 0–{last} only; round {round} has not been paired.",
                last=paired,
                round=after_round,
            )
        complete = not any(r <= after_round for r in incomplete_rounds(session))
        rows = rank(
            standing_entrants(session), figures_after(session, after_round), rules_of(session).tiebreaks
        )
        return Standings(after_round, rows, complete)
