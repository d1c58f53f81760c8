"""Making the SQLAlchemy engine of a tournament: a SQLite file or a PostgreSQL server's database."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import Connection

from tournament_desk.domain.errors import BadInput
from tournament_desk.storage.errors import BUSY_SECONDS

CONNECT_SECONDS = 5  # a server that does not answer is reported after this long, not waited for forever


def _sqlite_connect(busy_seconds: float) -> Any:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        # pysqlite's own transaction handling would start a transaction only before a write, so the SELECTs of
        # one read would each see their own moment: SQLAlchemy's recipe (SQLite dialect, "Transactions with
        # SQLite and the sqlite3 driver") leaves BEGIN to ``_begin`` instead, and COMMIT/ROLLBACK still work.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")  # outside any transaction, where SQLite honours it
        # A scoring desk shares the file with nobody else; WAL would leave -wal/-shm files that break
        # "copy the file, mail it". busy_timeout lets a second window wait rather than fail.
        cursor.execute(f"PRAGMA busy_timeout={int(busy_seconds * 1000)}")
        cursor.close()

    return on_connect


def _begin(connection: Connection) -> None:
    """Every transaction is one SQLite transaction from its first statement on: a read sees one moment (its
    SHARED lock keeps a writer from committing until it ends), a write takes the lock before it reads."""
    connection.exec_driver_sql("BEGIN")


def make_engine(url: str, busy_seconds: float = BUSY_SECONDS) -> Engine:
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    try:
        parsed = make_url(url)
        options = {"connect_timeout": CONNECT_SECONDS} if parsed.get_backend_name() == "postgresql" else {}
        engine = create_engine(parsed, connect_args=options)
    except (ArgumentError, NoSuchModuleError, ValueError) as exc:
        raise BadInput(
            "'{url}' is not a database address this program can use: write it as "
            "postgresql+psycopg://user@host:5432/database.",
            url=url.rpartition("@")[2] if "@" in url else url,
        ) from exc
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_connect(busy_seconds))
        event.listen(engine, "begin", _begin)
    return engine


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"
