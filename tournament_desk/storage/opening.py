"""Opening and creating a tournament database.

One tournament lives in one SQLite file (or, with a URL, in a PostgreSQL database). Opening a file checks
that it is a tournament file at all, that it is intact, that this version can read it, and that it holds data
only: its schema exactly the one this program writes, no trigger, view or anything else (``schema_guard``,
read-only, before anything is written); an older schema is migrated after a backup copy is taken, so a failed
migration never costs a director the event.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sqlalchemy import Engine, insert, inspect, select
from sqlalchemy.exc import DatabaseError, OperationalError, SQLAlchemyError

from tournament_desk.storage.backups import before_upgrade
from tournament_desk.storage.database import Database
from tournament_desk.storage.engine import make_engine, sqlite_url
from tournament_desk.storage.errors import (
    BUSY_SECONDS,
    FileInUse,
    NotATournament,
    StorageError,
    damaged,
    explain,
    server_name,
)
from tournament_desk.storage.models import APP_MARKER, Meta
from tournament_desk.storage.revisions import head_revision, known_revisions, upgrade
from tournament_desk.storage.schema_guard import inspect_file


def create_database(path: Path | None = None, url: str | None = None) -> Database:
    """Create an empty tournament database at ``path`` (which must not exist) or ``url``."""
    if path is not None:
        if path.exists():
            raise NotATournament("'{path}' already exists; choose a new file name.", path=str(path))
        if not path.parent.exists():
            raise NotATournament("The folder '{folder}' does not exist.", folder=str(path.parent))
        url = sqlite_url(path)
    assert url is not None
    engine = make_engine(url)
    try:
        with engine.begin() as connection:
            if inspect(connection).get_table_names():
                raise NotATournament("That database is not empty; Tournament Desk needs an empty one.")
            upgrade(connection)
            connection.execute(insert(Meta), [{"key": "application", "value": APP_MARKER}])
    except SQLAlchemyError as exc:
        engine.dispose()
        if path is not None:
            path.unlink(missing_ok=True)
        trouble = explain(exc, path, server=server_name(engine.url))
        if trouble is None:
            raise
        raise trouble from exc
    except BaseException:
        engine.dispose()
        if path is not None:
            path.unlink(missing_ok=True)
        raise
    return Database(engine, path)


def open_database(
    path: Path | None = None, url: str | None = None, *, busy_seconds: float = BUSY_SECONDS
) -> Database:
    """Open an existing tournament; migrate an older schema after a backup; refuse anything else.

    ``busy_seconds``: how long each action waits for another program that holds the file (a reader keeps a
    writer from committing) before it gives up with a sentence naming that program."""
    if path is not None:
        if not path.is_file():
            raise NotATournament("There is no tournament file at '{path}'.", path=str(path))
        with path.open("rb") as fh:
            header = fh.read(16)
        if header != b"SQLite format 3\x00":
            raise NotATournament("'{path}' is not a Tournament Desk file.", path=str(path))
        url = sqlite_url(path)
    assert url is not None
    # A hot journal beside the file: the last change was cut off (a full disk, a crash) and SQLite rolls it
    # back as the file opens; the director is told.
    journal = path.with_name(path.name + "-journal") if path is not None else None
    interrupted = journal is not None and journal.is_file() and journal.stat().st_size > 0
    # The schema is checked read-only before any connection that could write opens the file; a hot journal
    # (a read-only connection cannot roll it back) has it checked after SQLite has rolled it back.
    checked = _guard(path, busy_seconds, strict=False) if path is not None else None
    engine = make_engine(url, busy_seconds)
    try:
        _check_and_migrate(engine, path, busy_seconds, checked)
        if path is not None:
            _leave_wal(engine)
    except BaseException:
        engine.dispose()
        raise
    database = Database(engine, path, busy_seconds)
    database.rolled_back = interrupted and not (
        journal is not None and journal.is_file() and journal.stat().st_size
    )
    return database


def _leave_wal(engine: Engine) -> None:
    """A file another tool switched to WAL goes back to a plain journal: the -wal and -shm files are
    checkpointed into it and removed, so the tournament stays one file to copy or mail."""
    # The driver's own connection, outside any transaction: SQLite changes the journal mode only there.
    raw = engine.raw_connection()
    try:
        cursor = raw.cursor()
        mode = cursor.execute("PRAGMA journal_mode").fetchone()[0]
        if str(mode).lower() == "wal":
            cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            cursor.execute("PRAGMA journal_mode=DELETE")
        cursor.close()
    finally:
        raw.close()


def _guard(path: Path, busy_seconds: float, *, strict: bool) -> str | None:
    """Refuse a file whose schema is not exactly this program's at its revision (``schema_guard``), reading it
    through a read-only connection; returns the revision checked.

    None: not checked here, for the identity checks to speak (no tournament file, a revision from a newer
    version) or, unless ``strict``, because it could not be read read-only (a hot journal to roll back
    first, damage: checked again once the identity checks have passed)."""
    try:
        inspection = inspect_file(path, known_revisions(), busy_seconds)
    except sqlite3.Error as exc:
        trouble = explain(exc, path, busy_seconds)
        if isinstance(trouble, FileInUse):  # waited long enough already: not once more for the next check
            raise trouble from exc
        if not strict:
            return None
        if trouble is not None:
            raise trouble from exc
        raise StorageError(
            "'{path}' is damaged and cannot be read; open a backup copy.", path=str(path)
        ) from exc
    if inspection is None:
        if strict:
            raise NotATournament("'{path}' is not a Tournament Desk file.", path=str(path))
        return None
    if inspection.finding is not None:
        raise NotATournament(
            "'{path}' is not a tournament file this program wrote: {found}. Nothing was opened or changed.",
            path=str(path),
            found=inspection.finding,
        )
    return inspection.revision


def _check_and_migrate(
    engine: Engine, path: Path | None, busy_seconds: float = BUSY_SECONDS, checked: str | None = None
) -> None:
    """``checked``: the revision at which ``_guard`` found the file's schema to be the program's."""
    where = str(path) if path is not None else "that database"
    current = _identity(engine, path, where, busy_seconds)
    if current not in known_revisions():
        raise StorageError(
            "'{path}' was saved by a newer version of Tournament Desk; update the program to open it.",
            path=where,
        )
    if path is not None and (checked is None or checked != current):
        _guard(path, busy_seconds, strict=True)  # not checked before the identity checks (a hot journal)
    if current == head_revision():
        return
    if path is not None:
        before_upgrade(path, current)
    with engine.begin() as connection:
        upgrade(connection)


def _identity(engine: Engine, path: Path | None, where: str, busy_seconds: float) -> str | None:
    """The revision an intact tournament database records (None: none, or more than one); refuses a damaged
    file and anything that is no tournament."""
    try:
        with engine.connect() as connection:
            if engine.dialect.name == "sqlite":
                status = connection.exec_driver_sql("PRAGMA quick_check").scalar()
                if status != "ok":  # SQLite's own report is for the developers, not the sentence
                    raise damaged(path)
            tables = set(inspect(connection).get_table_names())
            if "meta" not in tables or "alembic_version" not in tables:
                raise NotATournament("'{path}' is not a Tournament Desk file.", path=where)
            marker = connection.execute(select(Meta.value).where(Meta.key == "application")).scalar()
            if marker != APP_MARKER:
                raise NotATournament("'{path}' is not a Tournament Desk file.", path=where)
            versions = connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalars().all()
            return versions[0] if len(versions) == 1 else None
    except (DatabaseError, OperationalError) as exc:
        trouble = explain(exc, path, busy_seconds, server=server_name(engine.url))
        if trouble is not None:
            raise trouble from exc
        raise damaged(path) from exc
