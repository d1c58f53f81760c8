"""What a transaction wrote, and telling the other stations about it (issue 18).

Every session of ``Database.transaction`` notes, as it flushes, the audit entries it added and the tables whose
rows it added, changed or deleted (``Written``); the database hands that to its ``on_commit`` listeners once the
transaction has committed (``services.changes`` turns it into what changed for the faces). On a PostgreSQL
server the transaction also sends ``NOTIFY tdesk_changes, '<new audit high-water id>'`` before it commits, which
the server delivers only if it does, and ``listen()`` opens the connection a window waits on for them.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, text
from sqlalchemy.orm import ORMExecuteState, Session, UOWTransaction

from tournament_desk.storage.models import Audit

CHANNEL = "tdesk_changes"  # the NOTIFY channel; the payload is the audit trail's new high-water id
LISTEN_CONNECT_SECONDS = 5


@dataclass(frozen=True)
class AuditMark:
    """The keys of one audit entry a transaction wrote: what it did, and where."""

    id: int
    action: str
    round_no: int | None
    table_no: int | None
    entrant_id: int | None


@dataclass(frozen=True)
class Written:
    """What one committed transaction wrote: its audit entries and the names of the tables it touched."""

    audit: tuple[AuditMark, ...] = ()
    tables: frozenset[str] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.audit or self.tables)


def _noted(session: Session) -> dict[str, Any]:
    noted: dict[str, Any] = session.info.setdefault("written", {"audit": {}, "tables": set()})
    return noted


def after_flush(session: Session, _flush: UOWTransaction) -> None:
    """Note the rows a flush added, changed or deleted (session.new/dirty/deleted still hold them here)."""
    noted = _noted(session)
    for row in session.new:
        if isinstance(row, Audit) and row.id is not None:
            noted["audit"][row.id] = AuditMark(row.id, row.action, row.round_no, row.table_no, row.entrant_id)
    for rows in (session.new, session.deleted):
        noted["tables"].update(getattr(row, "__tablename__", None) for row in rows)
    noted["tables"].update(
        getattr(row, "__tablename__", None) for row in session.dirty if session.is_modified(row)
    )
    noted["tables"].discard(None)


def after_bulk(state: ORMExecuteState) -> None:
    """A bulk UPDATE or DELETE (``session.execute(update(Model)…)``) bypasses the flush: note its table."""
    if (state.is_update or state.is_delete) and state.bind_mapper is not None:
        _noted(state.session)["tables"].add(state.bind_mapper.local_table.name)  # type: ignore[attr-defined]


def finish(session: Session, *, server: bool) -> Written:
    """Just before the commit: what the transaction wrote; on a server, the NOTIFY the commit delivers."""
    session.flush()
    noted = session.info.pop("written", None)
    if not noted:
        return Written()
    written = Written(tuple(noted["audit"][k] for k in sorted(noted["audit"])), frozenset(noted["tables"]))
    if written.audit and server:
        session.execute(
            text("SELECT pg_notify(:channel, :payload)"),
            {"channel": CHANNEL, "payload": str(written.audit[-1].id)},
        )
    return written


class ListenLost(Exception):
    """The listening connection has dropped."""


class Listener:
    """A dedicated autocommit connection that LISTENs for every station's commits (PostgreSQL only).

    It never blocks: ``fileno()`` is for a socket notifier, ``poll()`` reads what has already arrived.
    """

    def __init__(self, connection: Any) -> None:
        self._connection = connection

    def fileno(self) -> int:
        return int(self._connection.pgconn.socket)

    def poll(self) -> list[int]:
        """The high-water ids notified since the last poll ([] when none); ListenLost when the connection
        has dropped (the window then goes back to reading the audit trail's high-water mark)."""
        import psycopg

        pgconn = self._connection.pgconn
        found: list[int] = []
        try:
            pgconn.consume_input()
            while (note := pgconn.notifies()) is not None:
                payload = note.extra.decode()
                found.append(int(payload) if payload.isdigit() else 0)
        except psycopg.Error as exc:
            raise ListenLost(str(exc)) from exc
        if pgconn.status != psycopg.pq.ConnStatus.OK:
            raise ListenLost("the connection has closed")
        return found

    def close(self) -> None:
        import psycopg

        with contextlib.suppress(psycopg.Error):  # a dropped connection may not close cleanly; it is gone
            self._connection.close()


def listen(engine: Engine) -> Listener | None:
    """A connection listening for commits on the engine's server (None for a file, or when it cannot)."""
    if engine.dialect.name != "postgresql":
        return None
    import psycopg

    args, params = engine.dialect.create_connect_args(engine.url)
    params = {**params, "connect_timeout": LISTEN_CONNECT_SECONDS, "autocommit": True}
    try:
        connection = psycopg.connect(*args, **params)
        connection.execute(f"LISTEN {CHANNEL}")
    except psycopg.Error:
        return None
    return Listener(connection)
