"""The handle every service takes: an open tournament database and the name of this scoring station."""

from __future__ import annotations

import json
import os
import socket
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.names import normal_form
from tournament_desk.domain.rules import RuleSet
from tournament_desk.storage import models as m
from tournament_desk.storage.database import Database, open_database


def default_station() -> str:
    return os.environ.get("TDESK_STATION") or socket.gethostname() or "desk"


@dataclass
class Desk:
    db: Database
    station: str

    @classmethod
    def open(cls, path: Path | None = None, *, url: str | None = None, station: str | None = None) -> Desk:
        return cls(open_database(path, url), station or default_station())

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Desk:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def now() -> datetime:
    return datetime.now().replace(microsecond=0)


def audit(
    session: Session,
    desk: Desk,
    action: str,
    *,
    round_no: int | None = None,
    table_no: int | None = None,
    entrant_id: int | None = None,
    old: Any = None,
    new: Any = None,
    reason: str | None = None,
) -> None:
    """Record one change in the audit trail, in the same transaction as the change itself."""
    session.add(
        m.Audit(
            at=now(),
            station=desk.station,
            action=action,
            round_no=round_no,
            table_no=table_no,
            entrant_id=entrant_id,
            old=None if old is None else json.dumps(old, ensure_ascii=False, sort_keys=True),
            new=None if new is None else json.dumps(new, ensure_ascii=False, sort_keys=True),
            reason=reason or None,
        )
    )


def tournament(session: Session) -> m.Tournament:
    row = session.scalars(select(m.Tournament)).first()
    if row is None:
        raise BadInput("The file holds no tournament yet.")
    return row


def rules_of(session: Session) -> RuleSet:
    return RuleSet.from_dict(json.loads(tournament(session).rules_json))


def entrant_by_name(session: Session, name: str) -> m.Entrant:
    row = session.scalars(select(m.Entrant).where(m.Entrant.name == normal_form(name))).first()
    if row is None:
        raise BadInput("There is no entrant called '{name}'.", name=name)
    return row


def names_by_id(session: Session) -> dict[int, str]:
    return {entrant_id: name for entrant_id, name in session.execute(select(m.Entrant.id, m.Entrant.name))}


def paired_rounds(session: Session) -> int:
    return session.scalar(select(func.max(m.Round.number))) or 0
