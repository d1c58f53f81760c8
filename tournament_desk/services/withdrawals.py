"""What a withdrawal does to the stored tables and byes, as the event's format rules (rules.md §5.7), and those tables
put back when the withdrawal is taken back. The director's actions are ``entrants.withdraw`` and
``entrants.reinstate``."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.formats.base import Decided, TableFact, Withdrawal, WithdrawalPlan
from tournament_desk.domain.results import ResultState
from tournament_desk.services.desk import Desk, audit, rules_of
from tournament_desk.services.results.table import apply_decided, match_state
from tournament_desk.services.snapshot import load
from tournament_desk.services.stages import current_stage, mode_of
from tournament_desk.storage import models as m


def format_plan(
    session: Session, entrant_id: int, after_round: int, stored: dict[tuple[int, int], m.Match]
) -> WithdrawalPlan:
    """What the event's format decides the withdrawal of ``entrant_id`` after ``after_round`` does to the
    ``stored`` tables (by round and table)."""
    facts = tuple(
        TableFact(r, t, mt.home_id, mt.away_id, ResultState(mt.kind)) for (r, t), mt in stored.items()
    )
    return current_stage(session).format.withdraw(
        load(session), Withdrawal(entrant_id, after_round, facts), rules_of(session)
    )


def apply_withdrawal(
    session: Session, desk: Desk, entrant: m.Entrant, after_round: int, reason: str | None
) -> None:
    """Store what the format decides a withdrawal does to the tables and byes (each change audited)."""
    stored = {(mt.round_no, mt.table_no): mt for mt in session.scalars(select(m.Match))}
    plan = format_plan(session, entrant.id, after_round, stored)
    for (round_no, table_no), decided in sorted(plan.changes.items()):
        mt = stored[(round_no, table_no)]
        old = match_state(mt)
        apply_decided(mt, decided)
        audit(session, desk, decided.state.value, round_no=round_no, table_no=table_no, entrant_id=entrant.id,
              old=old, new={**match_state(mt), "withdrawn": entrant.name}, reason=reason)  # fmt: skip
    for round_no in plan.void_byes:
        rnd = session.get(m.Round, round_no)
        if rnd is not None and rnd.bye_entrant_id == entrant.id:
            rnd.bye_entrant_id, rnd.bye_mp, rnd.bye_vp = None, None, None
            audit(session, desk, "bye-void", round_no=round_no, entrant_id=entrant.id,
                  old={"bye": entrant.name}, new={"bye": None}, reason=reason)  # fmt: skip


def undo_withdrawal(
    session: Session, desk: Desk, entrant: m.Entrant, decided: Sequence[m.Match], reason: str | None
) -> None:
    """Put the tables ``entrant``'s withdrawal decided back to what was played at them, or to no result; a table
    whose other side has withdrawn too is then decided by that withdrawal alone (each table audited)."""
    rules = rules_of(session)
    mode = mode_of(session)
    olds = {(mt.round_no, mt.table_no): match_state(mt) for mt in decided}
    for mt in decided:
        played = mode.played_outcome(mt.home_level, mt.away_level, mt.xmp, rules)
        apply_decided(
            mt, Decided(ResultState.PLAYED, None, played) if played else Decided(ResultState.PENDING)
        )
    others = {
        other
        for mt in decided
        for other in (mt.home_id, mt.away_id)
        if other != entrant.id
        and (gone := session.get(m.Entrant, other))
        and gone.withdrawn_after_round is not None
    }
    reverted = set(olds)
    for other in sorted(others):
        gone = session.get(m.Entrant, other)
        assert gone is not None and gone.withdrawn_after_round is not None
        stored = {(mt.round_no, mt.table_no): mt for mt in decided}
        plan = format_plan(session, other, gone.withdrawn_after_round, stored)
        for key, again in plan.changes.items():
            if key in reverted:
                apply_decided(stored[key], again)
    for mt in decided:
        audit(session, desk, "reinstate", round_no=mt.round_no, table_no=mt.table_no, entrant_id=entrant.id,
              old=olds[(mt.round_no, mt.table_no)], new=match_state(mt), reason=reason)  # fmt: skip
