"""A tournament file holds data, never code (issue 23): its SQLite schema must be exactly the one this program
writes at the file's revision, before anything opens, restores, moves or imports it.

A trigger slipped into a file (or a backup) would change results behind the program's back: one ``AFTER
UPDATE ON match`` line turned a loss into 20:0 while ``tdesk result`` printed the right line. So a file is
compared with the schema this program itself writes at the file's revision, and refused at the first
difference: a trigger, a view, a table, column, index or constraint (an ``ON CONFLICT REPLACE``, a
``COLLATE``, a generated column) the program does not write, or one it writes declared otherwise.

The expected schema is derived from the program, never written down by hand: at the head revision from the
models (``Base.metadata``, which tests/storage keeps equal to the migrations, and which
tests/storage/test_schema_guard.py checks against a file migrated from scratch), whose DDL
tools/write_schema_head.py writes into ``schema_head`` (the test fails while it differs), run on an in-memory
database once per process; at an older revision (a file a migration is due for) by running the migrations
up to that revision on an in-memory database, once per revision and process, so an older file is held to
exactly what that older program wrote. What is compared, and why: ``schema_shape``.

The file is read through a read-only connection (``mode=ro``: WAL content is read, nothing is ever written
and no journal is rolled back), so a refused file stays byte for byte as it was.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from urllib.parse import quote

from tournament_desk.domain.errors import Message, msg
from tournament_desk.storage.revisions import head_revision, upgrade
from tournament_desk.storage.schema_shape import Shape, TableShape, clause_text, read_shape

# A file without these is no tournament file (storage.opening says so).
_IDENTITY = ("alembic_version", "meta")


def _object_finding(kind: str, name: str, table: str) -> Message:
    if kind == "trigger":
        return msg("it holds a trigger '{name}' on table '{table}'", name=name, table=table)
    if kind == "view":
        return msg("it holds a view '{name}'", name=name)
    return msg("it holds an object '{name}' of the kind '{kind}'", name=name, kind=kind)


def compare(found: Shape, expected: Shape) -> Message | None:
    """The first way ``found`` differs from ``expected``, as a fragment of the refusal; None: the same."""
    for kind, name, table in found.others:
        if (kind, name, table) not in expected.others:
            return _object_finding(kind, name, table)
    for table in sorted(set(found.tables) - set(expected.tables)):
        return msg("it holds a table '{table}' that this program does not write", table=table)
    for table in sorted(set(expected.tables) - set(found.tables)):
        return msg("it lacks the table '{table}'", table=table)
    for name, index in sorted(found.indexes.items()):
        if name not in expected.indexes:
            return msg(
                "it holds an index '{name}' on table '{table}' that this program does not write",
                name=name,
                table=index.table,
            )
    for name in sorted(set(expected.indexes) - set(found.indexes)):
        return msg("it lacks the index '{name}'", name=name)
    for table, shape in sorted(found.tables.items()):
        finding = _table_finding(table, shape, expected.tables[table])
        if finding is not None:
            return finding
    for name, index in sorted(found.indexes.items()):
        if index != expected.indexes[name]:
            return msg("the index '{name}' is declared otherwise than this program writes it", name=name)
    return None


def _table_finding(table: str, found: TableShape, expected: TableShape) -> Message | None:
    for column in found.columns:
        if column not in expected.columns:
            return msg(
                "it holds a column '{column}' in table '{table}' that this program does not write",
                column=column,
                table=table,
            )
    for column, declared in expected.columns.items():
        if column not in found.columns:
            return msg("its table '{table}' lacks the column '{column}'", table=table, column=column)
        if found.columns[column] != declared:
            return msg(
                "the column '{column}' of table '{table}' is declared {found} where this program writes "
                "{expected}",
                column=column,
                table=table,
                found=found.columns[column].describe(),
                expected=declared.describe(),
            )
    if found.foreign_keys != expected.foreign_keys:
        return msg("the table '{table}' has other foreign keys than this program writes", table=table)
    extra = found.statement.clauses - expected.statement.clauses
    if extra:
        return msg(
            "the table '{table}' is declared with '{clause}', which this program does not write",
            table=table,
            clause=clause_text(sorted(extra)[0]),
        )
    missing = expected.statement.clauses - found.statement.clauses
    if missing:
        return msg(
            "the table '{table}' is declared without '{clause}'",
            table=table,
            clause=clause_text(sorted(missing)[0]),
        )
    if (
        found.statement.head != expected.statement.head
        or found.statement.tail != expected.statement.tail
        or found.auto_indexes != expected.auto_indexes
    ):
        return msg("the table '{table}' is declared otherwise than this program writes it", table=table)
    return None


# --- the schema this program writes --------------------------------------------------------------------------
def _version_table_sql() -> str:
    """Alembic's own table, as it creates it (``alembic.runtime.migration``): the models do not hold it.
    tests/storage/test_schema_guard.py checks it against a file Alembic migrated."""
    return (
        "CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL, "
        "CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num))"
    )


def statements_from_models() -> Iterable[str]:
    """The models' DDL (tools/write_schema_head.py writes it into ``schema_head``)."""
    from sqlalchemy.dialects import sqlite
    from sqlalchemy.schema import CreateIndex, CreateTable

    from tournament_desk.storage.models import Base

    dialect = sqlite.dialect()
    yield _version_table_sql()
    for table in Base.metadata.sorted_tables:
        yield str(CreateTable(table).compile(dialect=dialect))
        for index in table.indexes:
            yield str(CreateIndex(index).compile(dialect=dialect))


@cache
def expected_shape(revision: str) -> Shape:
    """The schema this program writes at ``revision``: the models at the head, the migrations before it."""
    if revision == head_revision():
        from tournament_desk.storage import schema_head

        # The models' DDL as tools/write_schema_head.py wrote it (compiling it was 0.59 G instructions of every
        # command: bench/cli.py --instructions, `standings --json` 2.66 -> 2.07 G; tests/storage/test_schema_guard.py
        # keeps it the models'), compiled only while it is behind the head.
        written = revision == schema_head.REVISION
        connection = sqlite3.connect(":memory:")
        try:
            for statement in schema_head.STATEMENTS if written else statements_from_models():
                connection.execute(statement)
            return read_shape(connection)
        finally:
            connection.close()
    return migrated_shape(revision)


def migrated_shape(revision: str) -> Shape:
    """The schema an empty database has after the migrations up to ``revision`` (Alembic, in memory)."""
    from sqlalchemy import create_engine

    engine = create_engine("sqlite://")
    try:
        with engine.begin() as connection:
            upgrade(connection, revision)
            raw = connection.connection.driver_connection
            assert isinstance(raw, sqlite3.Connection)
            return read_shape(raw)
    finally:
        engine.dispose()


# --- a file -------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Inspection:
    revision: str
    finding: Message | None  # None: the schema is exactly the program's at that revision


def read_only(path: Path, busy_seconds: float) -> sqlite3.Connection:
    """A connection that can only read ``path``: ``mode=ro`` reads what a WAL holds but never writes, checkpoints
    or rolls back a journal (a hot journal makes it fail: the caller decides)."""
    return sqlite3.connect(f"{file_uri(path)}?mode=ro", uri=True, timeout=busy_seconds)


def file_uri(path: Path) -> str:
    return uri_of(str(path.absolute()), windows=os.name == "nt")


def uri_of(absolute: str, *, windows: bool) -> str:
    """SQLite's URI of a file by its absolute name: every character a URI treats specially quoted (``#``, ``?``,
    ``%``, spaces, CJK); a Windows drive as ``file:///C:/…``, a network share as ``file:////server/share/…``
    (SQLite refuses an authority such as ``file://server/…``)."""
    name = quote(absolute.replace("\\", "/") if windows else absolute, safe="/:")
    return f"file://{name}" if name.startswith("/") else f"file:///{name}"


def inspect_connection(connection: sqlite3.Connection, known: Iterable[str]) -> Inspection | None:
    """Compare the schema on ``connection`` with the program's at the revision it records. None when it is no
    tournament file at all, or of a revision this program does not know (the caller's own checks say so)."""
    master = connection.execute("SELECT type, name FROM sqlite_master").fetchall()
    if not set(_IDENTITY) <= {name for kind, name in master if kind == "table"}:
        return None
    versions = connection.execute("SELECT version_num FROM alembic_version").fetchall()
    if len(versions) != 1 or str(versions[0][0]) not in set(known):
        return None
    revision = str(versions[0][0])
    return Inspection(revision, compare(read_shape(connection), expected_shape(revision)))


def inspect_file(path: Path, known: Iterable[str], busy_seconds: float = 5.0) -> Inspection | None:
    """``inspect_connection`` on a read-only connection to ``path``. Raises ``sqlite3.Error`` when the file
    cannot be read that way (damaged, locked, a hot journal to roll back first)."""
    connection = read_only(path, busy_seconds)
    try:
        return inspect_connection(connection, known)
    finally:
        connection.close()
