"""Moving an event between a file and a database server (rules.md §11, issue 18): every table copied in one
transaction on the target, then checked row by row against the source before it commits.

The target must be empty; it gets the schema at the head revision first (``create_database``). On PostgreSQL
the id sequences are moved past the copied ids, so new rows continue the numbering.

A source file is opened like any other (``open_database``): one whose schema is not exactly the program's (a
trigger, a view, a table or column the program does not write: ``schema_guard``) is refused before the target
is touched, so nothing but rows ever moves, and never from such a file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Table, delete, func, insert, select, text
from sqlalchemy.exc import SQLAlchemyError

from tournament_desk.storage.database import Database
from tournament_desk.storage.errors import StorageError, explain
from tournament_desk.storage.models import Base
from tournament_desk.storage.opening import create_database, open_database

BATCH = 2000  # rows per INSERT: tens of thousands of tables move in seconds, with bounded memory


def _rows(connection: Connection, table: Table) -> list[tuple[Any, ...]]:
    order = list(table.primary_key.columns) or list(table.columns)
    return [tuple(r) for r in connection.execute(select(*table.columns).order_by(*order))]


def _move_sequences(connection: Connection, table: Table) -> None:
    """PostgreSQL: the table's id sequence continues after the largest id copied."""
    for column in table.primary_key.columns:
        if column.autoincrement is True or (
            column.autoincrement == "auto" and column.type.python_type is int
        ):
            highest = connection.execute(select(func.max(column))).scalar()
            if highest is not None:
                connection.execute(
                    text("SELECT setval(pg_get_serial_sequence(:table, :column), :value)"),
                    {"table": table.name, "column": column.name, "value": highest},
                )


def copy_event(source: Database, target: Database) -> dict[str, int]:
    """Copy every row of ``source`` into the empty event ``target``; checked row by row before it commits.

    Returns the rows copied per table. Nothing is kept on the target when any check fails.
    """
    counts: dict[str, int] = {}
    with source.engine.connect() as read, target.engine.begin() as write:
        for table in Base.metadata.sorted_tables:
            write.execute(delete(table))  # the empty target's own marker row goes: the source's comes
        for table in Base.metadata.sorted_tables:
            rows = _rows(read, table)
            names = [c.name for c in table.columns]
            for start in range(0, len(rows), BATCH):
                chunk = [dict(zip(names, row, strict=True)) for row in rows[start : start + BATCH]]
                write.execute(insert(table), chunk)
            if target.engine.dialect.name == "postgresql":
                _move_sequences(write, table)
            counts[table.name] = len(rows)
        for table in Base.metadata.sorted_tables:
            if _rows(read, table) != _rows(write, table):
                raise StorageError(
                    "The copy of the table '{table}' differs from the original; nothing was moved.",
                    table=table.name,
                )
    return counts


def move_event(
    *,
    source_path: Path | None = None,
    source_url: str | None = None,
    target_path: Path | None = None,
    target_url: str | None = None,
) -> dict[str, int]:
    """Copy the event at the source (a file or URL) to a new file or an empty database at the target.

    The source is left as it was. A target file that fails is removed again.
    """
    source = open_database(source_path, source_url)
    try:
        target = create_database(target_path, target_url)
        try:
            counts = copy_event(source, target)
        except BaseException as exc:
            target.close()
            if target_path is not None:
                target_path.unlink(missing_ok=True)
            if isinstance(exc, SQLAlchemyError):  # a server that went away or refused: its sentence
                trouble = explain(exc, target_path, server=target.server)
                if trouble is not None:
                    raise trouble from exc
            raise
        target.close()
        return counts
    finally:
        source.close()
