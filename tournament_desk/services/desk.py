"""The handle every service takes: an open tournament database and the name of this scoring station."""

from __future__ import annotations

import functools
import json
import os
import socket
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from tournament_desk.domain.chain import GENESIS, entry_hash
from tournament_desk.domain.errors import BadInput, Message, msg
from tournament_desk.domain.names import normal_form
from tournament_desk.domain.rules import RuleSet
from tournament_desk.services.changes import Changes
from tournament_desk.storage import models as m
from tournament_desk.storage.database import Database
from tournament_desk.storage.holders import describe, file_holders
from tournament_desk.storage.notify import Listener, Written
from tournament_desk.storage.opening import open_database


def default_station() -> str:
    return os.environ.get("TDESK_STATION") or socket.gethostname() or "desk"


@dataclass
class Recording:
    """What the transactions committed while it was open changed (``Desk.recording``)."""

    changes: Changes = field(default_factory=Changes)


@dataclass
class Desk:
    """``last_changes``: what the last committed write transaction changed (read transactions report
    nothing); ``recording()`` gathers everything one call changed, over all its transactions."""

    db: Database
    station: str
    last_changes: Changes = field(default_factory=Changes, init=False, compare=False)
    _recordings: list[Recording] = field(default_factory=list, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.db.on_commit.append(self._committed)

    def _committed(self, written: Written) -> None:
        self.last_changes = Changes.from_written(written)
        for recording in list(self._recordings):
            recording.changes |= self.last_changes

    @contextmanager
    def recording(self) -> Iterator[Recording]:
        recording = Recording()
        self._recordings.append(recording)
        try:
            yield recording
        finally:
            self._recordings.remove(recording)

    def listen(self) -> Listener | None:
        """A connection told of every station's commits (a server only; None for a file)."""
        return self.db.listen()

    @classmethod
    def open(
        cls,
        path: Path | None = None,
        *,
        url: str | None = None,
        station: str | None = None,
        busy_seconds: float | None = None,
    ) -> Desk:
        """``busy_seconds``: how long each action waits for another program holding the file (default: the
        window's few seconds; ``tdesk --wait``)."""
        waits = {} if busy_seconds is None else {"busy_seconds": busy_seconds}
        return cls(open_database(path, url, **waits), station or default_station())

    @property
    def opening_note(self) -> Message | None:
        """What the director must be told as the file opens: a change cut off last time was undone."""
        if self.db.rolled_back:
            return msg(
                "The last change to this file was cut off (a full disk or a crash) and has been undone; the file "
                "is as it was before it."
            )
        return None

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Desk:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


P = ParamSpec("P")
T = TypeVar("T")


def one_read(action: Callable[Concatenate[Desk, P], T]) -> Callable[Concatenate[Desk, P], T]:
    """``action`` reads in one read transaction: every service it calls joins it, so all it reads is one moment
    of the event (a print, a page), however many services it asks."""

    @functools.wraps(action)
    def read(desk: Desk, /, *args: P.args, **kwargs: P.kwargs) -> T:
        with desk.db.transaction():
            return action(desk, *args, **kwargs)

    return read


def who_holds(path: Path) -> str:
    """The other programs that have the tournament file open ("sqlitebrowser (4711)"), or "" if none/unknown."""
    return describe(file_holders(path))


def now() -> datetime:
    return datetime.now().replace(microsecond=0)


AUDIT_TAIL = "audit_tail"  # session.info: the hash of the last entry this transaction wrote


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
    """Record one change in the audit trail, in the same transaction as the change itself.

    The entry is written first, so that this transaction holds the write lock when it reads the hash of the
    entry before: two stations cannot both chain to the same entry.
    """
    row = _audit_row(desk, action, round_no, table_no, entrant_id, old, new, reason)
    session.add(row)
    session.flush()
    previous = session.scalar(
        select(m.Audit.hash).where(m.Audit.id < row.id).order_by(m.Audit.id.desc()).limit(1)
    )
    row.hash = session.info[AUDIT_TAIL] = entry_hash(previous or GENESIS, audit_fields(row))


def audit_chained(
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
    """``audit`` without a flush per entry, for many entries in one write transaction (the LAN server's
    batches, a sign-up sheet's rows): the hash chains to the last entry this transaction wrote, read from the file
    only once.

    Only for a transaction that took the write lock as it began (``transaction(write=True)``), so nobody
    else can append in between; entries are inserted in the order they were added, which is the chain's
    order. A caller that rolls back a savepoint puts ``session.info[AUDIT_TAIL]`` back as it was before.
    """
    previous = session.info.get(AUDIT_TAIL)
    if previous is None:
        previous = session.scalar(select(m.Audit.hash).order_by(m.Audit.id.desc()).limit(1)) or GENESIS
    row = _audit_row(desk, action, round_no, table_no, entrant_id, old, new, reason)
    row.hash = session.info[AUDIT_TAIL] = entry_hash(previous, audit_fields(row))
    session.add(row)


def _audit_row(
    desk: Desk,
    action: str,
    round_no: int | None,
    table_no: int | None,
    entrant_id: int | None,
    old: Any,
    new: Any,
    reason: str | None,
) -> m.Audit:
    return m.Audit(
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


def audit_fields(row: m.Audit) -> tuple[object, ...]:
    """What an entry's hash covers, in the order the migration chained the entries before it."""
    at = row.at.isoformat(sep=" ") if row.at is not None else None
    return (
        at,
        row.station,
        row.action,
        row.round_no,
        row.table_no,
        row.entrant_id,
        row.old,
        row.new,
        row.reason,
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
