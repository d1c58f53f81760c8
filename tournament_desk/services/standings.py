"""Standings after any round, as plain rows (SPEC §9): the stored results, ranked by the domain."""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.duplicate import XmpRecord, xmp_totals
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.standings import StandingRow, standings
from tournament_desk.services.desk import Desk, paired_rounds, rules_of, tournament
from tournament_desk.services.snapshot import load
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
        snap = load(session)
        rows = standings(
            snap.entrants,
            snap.matches,
            snap.deductions,
            after_round=after_round,
            tiebreaks=rules_of(session).tiebreaks,
        )
        if tournament(session).scoring == "duplicate":
            rows = _with_xmp(session, rows, after_round)
        return Standings(after_round, rows, complete)


def _with_xmp(session: Session, rows: list[StandingRow], after_round: int) -> list[StandingRow]:
    """Duplicate events: each team's XMP total beside its figures (shown, not a tiebreak)."""
    records = [
        XmpRecord(*r)
        for r in session.execute(
            select(
                m.Match.round_no, m.Match.home_id, m.Match.away_id, m.Match.xmp, m.Match.kind, m.Match.side
            )
        )
    ]
    total = xmp_totals([r.entrant.id for r in rows], records, after_round=after_round)
    return [replace(r, xmp=total[r.entrant.id]) for r in rows]
