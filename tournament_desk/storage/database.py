"""An open tournament database: one session per user action, each action one transaction.

A read transaction sees one moment of the event, however many statements it runs: on SQLite it is one SQLite
transaction (``engine._begin``), on a PostgreSQL server it runs REPEATABLE READ, READ ONLY. A write transaction
takes the event's write lock before it reads, so it reads the latest and one writer goes at a time.
"""

from __future__ import annotations

import sqlite3
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, event, text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import ORMExecuteState, Session, sessionmaker

from tournament_desk.storage.backups import checked_copy
from tournament_desk.storage.errors import BUSY_SECONDS, during_action, explain, server_name
from tournament_desk.storage.notify import Listener, Written, after_bulk, after_flush, finish, listen
from tournament_desk.userdata import backup_folder

WRITE_LOCK_KEY = 0x7D35_6B01  # PostgreSQL's advisory lock that every writing action of an event takes


class WriteInRead(RuntimeError):
    """A programming error: a write inside a read transaction (a server refuses it; on SQLite it could not wait
    for another writer). The action must open ``transaction(write=True)`` from the start."""


class Database:
    """An open tournament database: hands out one session per user action.

    ``transactions_begun``: the outermost transactions begun, as ``"read"`` and ``"write"`` (what one print or one
    page refresh costs)."""

    def __init__(self, engine: Engine, path: Path | None, busy_seconds: float = BUSY_SECONDS) -> None:
        self.engine = engine
        self.path = path
        self.busy_seconds = busy_seconds  # how long an action waits for another program's lock
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        event.listen(self._sessions, "before_flush", self._refuse_flush_in_read)
        event.listen(self._sessions, "do_orm_execute", self._refuse_statement_in_read)
        event.listen(self._sessions, "after_flush", after_flush)
        event.listen(self._sessions, "do_orm_execute", after_bulk)
        # Told what each committed (outermost) transaction wrote; services.changes makes it "what changed".
        self.on_commit: list[Callable[[Written], None]] = []
        self._open = threading.local()  # the transaction under way in this thread (nested ones join it)
        self.transactions_begun: Counter[str] = Counter()
        self.last_backup_failed: str | None = None  # the folder a backup could not be written to
        self.rolled_back = False  # an interrupted change was rolled back as the file opened

    @contextmanager
    def transaction(self, *, write: bool = False) -> Iterator[Session]:
        """One user action: everything inside commits together or not at all.

        ``write``: the action changes what it reads (a table's result, a round): it takes the database's
        write lock before reading, so a second station writing the same table waits, and each reads the
        other's result as its "old value" (the audit trail stays truthful; issue 15). Read-only actions do
        not, so they never queue behind each other; each sees one moment of the event from its first
        statement to its end, and may not write (``WriteInRead``).

        A database error the director can act on (read-only, disk full, locked, a simultaneous change at
        another station, a server gone away: during a write, the sentence says what was typed was not stored)
        becomes its sentence; the transaction is rolled back either way.

        Called inside another transaction of the same thread, it joins that one (one action that calls
        several services, e.g. a step and its undo journal entry, commits once or not at all).
        """
        outer: Session | None = getattr(self._open, "session", None)
        if outer is not None:
            if write and not self._open.write:
                raise WriteInRead("a write transaction inside a read transaction: open it with write=True")
            yield outer
            return
        written = Written()
        try:
            with self._sessions.begin() as session:
                self.transactions_begun["write" if write else "read"] += 1
                self._start(session, write=write)
                self._open.session, self._open.write = session, write
                try:
                    yield session
                    written = finish(session, server=self.is_server)
                finally:
                    self._open.session = None
        except (SQLAlchemyError, sqlite3.Error) as exc:
            trouble = explain(exc, self.path, self.busy_seconds, server=self.server)
            if trouble is None:
                raise
            if self.path is None:
                self.engine.dispose()  # the pool's other connections died with the server: new ones once it is back
            raise (during_action(trouble, self.server) if write else trouble) from exc
        if written:
            for told in list(self.on_commit):
                told(written)

    @property
    def server(self) -> str:
        """ "host:port/database" of a server (never its password); "" for a file."""
        return server_name(self.engine.url) if self.path is None else ""

    @property
    def is_server(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    def listen(self) -> Listener | None:
        """A connection told of every station's commits (a server only; None for a file)."""
        return listen(self.engine)

    def _start(self, session: Session, *, write: bool) -> None:
        """The transaction's first statement: a writer's lock, or (on a server) a reader's snapshot."""
        if write:
            self._lock(session)
        elif self.is_server:
            # READ COMMITTED would give each statement its own moment; the snapshot is taken at the first query.
            session.execute(text("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY"))

    def _lock(self, session: Session) -> None:
        if self.engine.dialect.name == "sqlite":
            # Any write statement takes SQLite's RESERVED lock; this one changes nothing. As the transaction's
            # first statement it waits for another writer (busy_timeout), which a reader upgrading could not.
            session.execute(text("UPDATE meta SET value = value WHERE 0"))
        elif self.engine.dialect.name == "postgresql":
            # The same on a server: one writer at a time, from before it reads until it commits
            # (a transaction-level advisory lock; read-only actions never wait for it).
            session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": WRITE_LOCK_KEY})

    def _reading(self, session: Session) -> bool:
        return getattr(self._open, "session", None) is session and not self._open.write

    def _refuse_flush_in_read(self, session: Session, *_: Any) -> None:
        changed = session.new or session.deleted or any(session.is_modified(row) for row in session.dirty)
        if changed and self._reading(session):
            raise WriteInRead("rows changed inside a read transaction: open it with write=True")

    def _refuse_statement_in_read(self, state: ORMExecuteState) -> None:
        if self._reading(state.session) and (state.is_insert or state.is_update or state.is_delete):
            raise WriteInRead("a write statement inside a read transaction: open it with write=True")

    def backup(self, label: str) -> Path | None:
        """Copy the database into its backup folder (``storage.backups``). A folder that cannot be written is
        no reason to stop the director: the copy is skipped and None returned, for the caller to say so."""
        if self.path is None:
            return None
        taken = checked_copy(self.path, label)
        if taken is None:
            self.last_backup_failed = str(backup_folder(self.path))
        return taken

    def close(self) -> None:
        self.engine.dispose()
