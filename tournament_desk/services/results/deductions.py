"""Match-point deductions for discipline violations (rules.md §5.6; seed 001, 002): recorded against an entrant and
a round with the reason, taken back only through the audit trail."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.scoring import check_deduction
from tournament_desk.services.desk import Desk, audit, entrant_by_name, names_by_id, now, rules_of
from tournament_desk.storage import models as m


@dataclass(frozen=True)
class DeductionView:
    id: int
    round: int
    name: str
    mp: float
    reason: str


def deduct(desk: Desk, round_no: int, name: str, mp: float, *, reason: str) -> DeductionView:
    """Deduct match points for a discipline violation (rules.md §5.6)."""
    if not (reason or "").strip():
        raise BadInput("A deduction needs a reason.")
    with desk.db.transaction(write=True) as session:
        amount = check_deduction(mp, rules_of(session))
        if session.get(m.Round, round_no) is None:
            raise BadInput("Round {round} has not been paired yet.", round=round_no)
        entrant = entrant_by_name(session, name)
        row = m.Deduction(
            round_no=round_no, entrant_id=entrant.id, mp=amount, reason=reason.strip(), created_at=now()
        )
        session.add(row)
        session.flush()
        audit(session, desk, "deduct", round_no=round_no, entrant_id=entrant.id, new={"mp": amount, "id": row.id},
              reason=reason.strip())  # fmt: skip
        return DeductionView(row.id, round_no, entrant.name, amount, row.reason)


def remove_deduction(desk: Desk, deduction_id: int, *, reason: str | None = None) -> None:
    """Take a deduction back (a mistake, or undo); the audit trail keeps both."""
    with desk.db.transaction(write=True) as session:
        row = session.get(m.Deduction, deduction_id)
        if row is None:
            raise BadInput("There is no deduction number {id}.", id=deduction_id)
        audit(session, desk, "deduct-remove", round_no=row.round_no, entrant_id=row.entrant_id,
              old={"mp": row.mp, "id": row.id, "reason": row.reason}, reason=reason)  # fmt: skip
        session.delete(row)


def list_deductions(desk: Desk) -> list[DeductionView]:
    with desk.db.transaction() as session:
        names = names_by_id(session)
        return [
            DeductionView(d.id, d.round_no, names[d.entrant_id], d.mp, d.reason)
            for d in session.scalars(select(m.Deduction).order_by(m.Deduction.round_no, m.Deduction.id))
        ]
