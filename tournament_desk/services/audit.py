"""Reading the audit trail: every change with its time, station, old and new values, and reason."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select

from tournament_desk.domain.chain import GENESIS, entry_hash
from tournament_desk.services.desk import Desk, audit_fields, names_by_id
from tournament_desk.storage import models as m


@dataclass(frozen=True)
class AuditEntry:
    at: datetime
    station: str
    action: str
    round: int | None
    table: int | None
    entrant: str | None
    old: Any
    new: Any
    reason: str | None


def audit_trail(
    desk: Desk, *, round_no: int | None = None, table_no: int | None = None, entrant: str | None = None
) -> list[AuditEntry]:
    """The trail in the order it was written, optionally only one round, table or entrant."""
    with desk.db.transaction() as session:
        names = names_by_id(session)
        query = select(m.Audit).order_by(m.Audit.id)
        if round_no is not None:
            query = query.where(m.Audit.round_no == round_no)
        if table_no is not None:
            query = query.where(m.Audit.table_no == table_no)
        if entrant is not None:
            ids = [i for i, n in names.items() if n == entrant]
            query = query.where(m.Audit.entrant_id.in_(ids))
        return [
            AuditEntry(
                a.at, a.station, a.action, a.round_no, a.table_no,
                names.get(a.entrant_id) if a.entrant_id is not None else None,
                json.loads(a.old) if a.old else None, json.loads(a.new) if a.new else None, a.reason,
            )
            for a in session.scalars(query)
        ]  # fmt: skip


@dataclass(frozen=True)
class ChainCheck:
    entries: int
    broken_at: int | None  # the id of the first entry whose hash does not follow (None: intact)
    broken_when: datetime | None


def verify_trail(desk: Desk) -> ChainCheck:
    """Recompute the hash chain (``domain.chain``) and find the first entry that does not follow."""
    with desk.db.transaction() as session:
        previous = GENESIS
        count = 0
        for row in session.scalars(select(m.Audit).order_by(m.Audit.id)):
            count += 1
            expected = entry_hash(previous, audit_fields(row))
            if row.hash != expected:
                return ChainCheck(count, row.id, row.at)
            previous = expected
        return ChainCheck(count, None, None)


@dataclass(frozen=True)
class RemoteChange:
    """A change another station made, as the window tells the director of it."""

    station: str
    action: str
    at: datetime
    round: int | None
    table: int | None
    entrant_id: int | None = None


@dataclass(frozen=True)
class Watermark:
    """How far the audit trail goes (its last entry), and what other stations changed since the last look."""

    last: int
    others: tuple[RemoteChange, ...] = ()


def high_water(desk: Desk) -> int:
    """The id of the audit trail's last entry (0 when empty): one cheap read, polled by the window."""
    with desk.db.transaction() as session:
        return int(session.scalar(select(m.Audit.id).order_by(m.Audit.id.desc()).limit(1)) or 0)


def changes_since(desk: Desk, after: int) -> Watermark:
    """Entries after ``after`` written by stations other than this one (SPEC §11: several stations)."""
    with desk.db.transaction() as session:
        rows = session.execute(
            select(
                m.Audit.id,
                m.Audit.station,
                m.Audit.action,
                m.Audit.at,
                m.Audit.round_no,
                m.Audit.table_no,
                m.Audit.entrant_id,
            )
            .where(m.Audit.id > after)
            .order_by(m.Audit.id)
        ).all()
    last = rows[-1][0] if rows else after
    others = tuple(
        RemoteChange(station, action, at, round_no, table_no, entrant_id)
        for _, station, action, at, round_no, table_no, entrant_id in rows
        if station != desk.station
    )
    return Watermark(last, others)
