"""Creating and opening a series file (rules.md §13): one SQLite file, its schema made by its own migrations
(``storage/series/migrations``), an older one upgraded as it opens after a backup copy, as a tournament file is
(``storage.opening``).

A file is checked read-only before anything can write to it: a tournament file, or anything else that is no
series file, is refused with one sentence and left as it was; so is a file holding a trigger or a view (a file
holds data, never code).
"""

from __future__ import annotations

import sqlite3
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import insert
from sqlalchemy.exc import SQLAlchemyError

from tournament_desk.storage.backups import before_upgrade
from tournament_desk.storage.database import Database
from tournament_desk.storage.engine import make_engine, sqlite_url
from tournament_desk.storage.errors import BUSY_SECONDS, NotATournament, StorageError, damaged, explain
from tournament_desk.storage.models import APP_MARKER
from tournament_desk.storage.revisions import revision_graph, single_head
from tournament_desk.storage.schema_guard import read_only
from tournament_desk.storage.series.models import SERIES_MARKER, SeriesMeta

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection

MIGRATIONS = Path(__file__).with_name("migrations")


@cache
def _revisions() -> dict[str, str | None]:
    return revision_graph(MIGRATIONS / "versions", "s[0-9]*.py")


def head_revision() -> str:
    return single_head(_revisions(), "the series migration scripts")


def upgrade(connection: Connection, revision: str = "head") -> None:
    """Run the series migrations up to ``revision`` on ``connection`` (inside its transaction)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    command.upgrade(cfg, revision)


def create_series_file(path: Path) -> Database:
    """An empty series file at ``path``, which must not exist."""
    if path.exists():
        raise NotATournament("'{path}' already exists; choose a new file name.", path=str(path))
    if not path.parent.exists():
        raise NotATournament("The folder '{folder}' does not exist.", folder=str(path.parent))
    engine = make_engine(sqlite_url(path))
    try:
        with engine.begin() as connection:
            upgrade(connection)
            connection.execute(insert(SeriesMeta), [{"key": "application", "value": SERIES_MARKER}])
    except BaseException as exc:
        engine.dispose()
        path.unlink(missing_ok=True)
        trouble = explain(exc, path) if isinstance(exc, SQLAlchemyError) else None
        if trouble is not None:
            raise trouble from exc
        raise
    return Database(engine, path)


def open_series_file(path: Path, busy_seconds: float = BUSY_SECONDS) -> Database:
    """Open a series file: refuse what is none (a tournament file with its own sentence), upgrade an older one
    after a backup copy."""
    revision = series_revision(path, busy_seconds)
    engine = make_engine(sqlite_url(path), busy_seconds)
    try:
        if revision != head_revision():
            before_upgrade(path, revision)
            with engine.begin() as connection:
                upgrade(connection)
    except BaseException:
        engine.dispose()
        raise
    return Database(engine, path, busy_seconds)


def series_revision(path: Path, busy_seconds: float = BUSY_SECONDS) -> str:
    """The revision of the series file at ``path``, read through a read-only connection; refuses anything else."""
    if not path.is_file():
        raise NotATournament("There is no series file at '{path}'.", path=str(path))
    with path.open("rb") as fh:
        if fh.read(16) != b"SQLite format 3\x00":
            raise NotATournament("'{path}' is not a series file of Tournament Desk.", path=str(path))
    try:
        connection = read_only(path, busy_seconds)
        try:
            return _identity(connection, path)
        finally:
            connection.close()
    except sqlite3.Error as exc:
        trouble = explain(exc, path, busy_seconds)
        if trouble is not None:
            raise trouble from exc
        raise damaged(path) from exc


def _identity(connection: sqlite3.Connection, path: Path) -> str:
    where = str(path)
    if connection.execute("PRAGMA quick_check").fetchone()[0] != "ok":
        raise damaged(path)
    objects = connection.execute("SELECT type, name FROM sqlite_master").fetchall()
    tables = {name for kind, name in objects if kind == "table"}
    if "meta" not in tables or "alembic_version" not in tables:
        raise NotATournament("'{path}' is not a series file of Tournament Desk.", path=where)
    marker = connection.execute("SELECT value FROM meta WHERE key = 'application'").fetchone()
    if marker is not None and marker[0] == APP_MARKER:
        raise NotATournament(
            "'{path}' is a tournament file, not a series file: make a series with tdesk series new.",
            path=where,
        )
    if marker is None or marker[0] != SERIES_MARKER:
        raise NotATournament("'{path}' is not a series file of Tournament Desk.", path=where)
    code = next(((kind, name) for kind, name in objects if kind in ("trigger", "view")), None)
    if code is not None:
        raise NotATournament(
            "'{path}' is not a series file this program wrote: it holds a {kind} '{name}'. Nothing was opened "
            "or changed.",
            path=where,
            kind=code[0],
            name=code[1],
        )
    versions = [str(v) for (v,) in connection.execute("SELECT version_num FROM alembic_version").fetchall()]
    if len(versions) != 1 or versions[0] not in _revisions():
        raise StorageError(
            "'{path}' was saved by a newer version of Tournament Desk; update the program to open it.",
            path=where,
        )
    return versions[0]
