"""Read-only questions the GUI asks: how far the event is, and the last draw.

Nothing here writes; each function is one short read transaction.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from tournament_desk.domain.results import ResultState
from tournament_desk.services.desk import Desk, paired_rounds
from tournament_desk.services.standings import incomplete_rounds, last_complete_round
from tournament_desk.storage import models as m


@dataclass(frozen=True)
class Progress:
    paired: int  # rounds paired so far (0: the draw can still change)
    last_complete: int  # the last round with every result in
    incomplete: tuple[int, ...]  # paired rounds with a table still waiting for its result


def progress(desk: Desk) -> Progress:
    with desk.db.transaction() as session:
        return Progress(
            paired_rounds(session), last_complete_round(session), tuple(sorted(incomplete_rounds(session)))
        )


def missing_per_round(desk: Desk) -> dict[int, int]:
    """Round → the number of its tables still waiting for a result (rounds with none missing left out)."""
    with desk.db.transaction() as session:
        rows = session.execute(
            select(m.Match.round_no, func.count())
            .where(m.Match.kind == ResultState.PENDING)
            .group_by(m.Match.round_no)
            .order_by(m.Match.round_no)
        )
        return {int(r): int(n) for r, n in rows}


def standings_stamp(desk: Desk, after_round: int) -> tuple[int, int]:
    """What the standings after ``after_round`` depend on has changed when this changes: the last audited
    change of a round up to it, or of no round (entrants, withdrawals, rules), and the rounds paired.

    Every change is audited in its own transaction, so the window can keep the standings it computed and
    skip the work while only later rounds change (the desk typing the round in play).
    """
    with desk.db.transaction() as session:
        last = session.scalar(
            select(func.max(m.Audit.id)).where((m.Audit.round_no <= after_round) | m.Audit.round_no.is_(None))
        )
        return int(last or 0), paired_rounds(session)


@dataclass(frozen=True)
class DrawRecord:
    method: str  # "random" or "order"
    seed: int | None
    at: str


def last_draw(desk: Desk) -> DrawRecord | None:
    """The round-1 draw as recorded in the audit trail, or None before any draw."""
    with desk.db.transaction() as session:
        row = session.scalars(
            select(m.Audit).where(m.Audit.action == "draw").order_by(m.Audit.id.desc())
        ).first()
        if row is None or not row.new:
            return None
        new: dict[str, Any] = json.loads(row.new)
        seed = new.get("seed")
        return DrawRecord(str(new.get("method", "")), int(seed) if seed is not None else None, str(row.at))
