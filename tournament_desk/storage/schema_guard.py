"""A tournament file holds data, never code (issue 23): its SQLite schema must be exactly the one this program
writes at the file's revision, before anything opens, restores, moves or imports it.

A trigger slipped into a file (or a backup) would change results behind the program's back: one ``AFTER
UPDATE ON match`` line turned a loss into 20:0 while ``tdesk result`` printed the right line. So a file is
compared with the schema this program itself writes at the file's revision, and refused at the first
difference: a trigger, a view, a table, column, index or constraint (an ``ON CONFLICT REPLACE``, a
``COLLATE``, a generated column) the program does not write, or one it writes declared otherwise.

What is compared, and why:

- ``sqlite_master``: only tables and indexes; a trigger or a view is refused outright. SQLite's own statistics
  tables (``sqlite_stat1``/``sqlite_stat4``, written by ``ANALYZE``) are let through: numbers the query planner
  reads, never code.
- the set of tables, and for each its columns as ``PRAGMA table_xinfo`` gives them (name, declared type,
  NOT NULL, default, primary key, generated/hidden), its foreign keys (``PRAGMA foreign_key_list``), and its
  ``CREATE TABLE`` text split into its clauses, normalised (case, quoting, spacing, comments) and compared as
  a multiset: the pragmas give the director a precise sentence, the clauses catch what no pragma shows
  (``ON CONFLICT``, ``CHECK``, ``COLLATE``, ``WITHOUT ROWID``). Clauses are compared as a multiset because
  Alembic's batch mode writes a rebuilt table's constraints in no fixed order.
- indexes: those written with ``CREATE INDEX`` by name and normalised text; the automatic ones of UNIQUE and
  PRIMARY KEY constraints by their columns (their numbering follows the constraints' order).

The expected schema is derived from the program, never written down by hand: at the head revision from the
models (``Base.metadata``, which tests/storage keeps equal to the migrations, and which
tests/storage/test_schema_guard.py checks against a file migrated from scratch), compiled into an in-memory
database once per process; at an older revision (a file a migration is due for) by running the migrations
up to that revision on an in-memory database, once per revision and process, so an older file is held to
exactly what that older program wrote.

The file is read through a read-only connection (``mode=ro``: WAL content is read, nothing is ever written
and no journal is rolled back), so a refused file stays byte for byte as it was.
"""

from __future__ import annotations

import os
import re
import sqlite3
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path
from urllib.parse import quote

from tournament_desk.domain.errors import Message, msg

# Statistics SQLite's ANALYZE writes: numbers for the query planner, never code.
_STATISTICS = frozenset({"sqlite_stat1", "sqlite_stat2", "sqlite_stat3", "sqlite_stat4"})
_IDENTITY = ("alembic_version", "meta")  # a file without these is no tournament file (database.py says so)

# What SQLite reads as one piece whatever it holds (a string, a quoted identifier, a comment), and the
# punctuation that gives a CREATE statement its structure.
_PIECE = re.compile(
    r"'(?:[^']|'')*'"  # a string
    r'|"(?:[^"]|"")*"|`(?:[^`]|``)*`|\[[^\]]*\]'  # a quoted identifier
    r"|--[^\n]*|/\*.*?(?:\*/|$)"  # a comment
    r"|[(),]",
    re.DOTALL,
)
_VERBATIM = re.compile(
    r"""('(?:[^']|'')*')|("(?:[^"]|"")*"|`(?:[^`]|``)*`|\[[^\]]*\])|(--[^\n]*|/\*.*?(?:\*/|$))""", re.DOTALL
)
_NAME = re.compile(r"[^\W\d][\w$]*")
_SPECIAL = re.compile(r"['\"`\[]|--|/\*")

# A clause (or a whole CREATE INDEX) in a comparable form: plain SQL folded to lower case, its spacing
# normalised and plain quoted names unquoted; strings and unusual quoted names kept exactly as written, each
# its own element.
Clause = tuple[str, ...]


def _plain(text: str) -> str:
    text = " ".join(text.lower().split())
    for mark in "(),":
        text = text.replace(" " + mark, mark).replace(mark + " ", mark)
    return text


def canonical(text: str) -> Clause:
    """``text`` (a clause, or a whole statement) in its comparable form."""
    if not _SPECIAL.search(text):
        plain = _plain(text)
        return (plain,) if plain else ()
    parts: list[str] = []
    run: list[str] = []
    position = 0
    for found in _VERBATIM.finditer(text):
        run.append(text[position : found.start()])
        position = found.end()
        string, quoted, _comment = found.groups()
        if string is not None or (quoted is not None and not _NAME.fullmatch(_unquote(quoted))):
            plain = _plain("".join(run))
            parts.extend((plain,) if plain else ())
            parts.append(string if string is not None else '"' + _unquote(quoted).replace('"', '""') + '"')
            run = []
        else:
            run.append(f" {_unquote(quoted)} " if quoted is not None else " ")
    run.append(text[position:])
    plain = _plain("".join(run))
    parts.extend((plain,) if plain else ())
    return tuple(parts)


def _unquote(quoted: str) -> str:
    first = quoted[0]
    return quoted[1:-1] if first == "[" else quoted[1:-1].replace(first * 2, first)


@dataclass(frozen=True)
class Statement:
    """A ``CREATE TABLE`` split for comparison: what comes before the column list, its top-level clauses
    (columns and constraints) as a multiset, and what follows it (``WITHOUT ROWID``, ``STRICT``)."""

    head: Clause
    clauses: Counter[Clause]
    tail: Clause


def split_statement(sql: str) -> Statement:
    """Split at the column list's own parentheses and its top-level commas (not those inside a string, a
    quoted name, a comment or nested parentheses)."""
    cuts: list[int] = []  # the opening parenthesis, each top-level comma, the closing parenthesis
    depth = 0
    for found in _PIECE.finditer(sql):
        piece = found.group()
        if piece == "(":
            depth += 1
            if depth == 1 and not cuts:
                cuts.append(found.start())
        elif piece == ")":
            depth -= 1
            if depth == 0 and cuts:
                cuts.append(found.start())
                break
        elif piece == "," and depth == 1 and cuts:
            cuts.append(found.start())
    if not cuts:
        return Statement(canonical(sql), Counter(), ())
    bounds = [*cuts, len(sql)] if depth else cuts
    clauses = Counter(canonical(sql[a + 1 : b]) for a, b in pairwise(bounds))
    tail = canonical(sql[cuts[-1] + 1 :]) if not depth else ()
    return Statement(canonical(sql[: cuts[0]]), clauses, tail)


def clause_text(clause: Clause, limit: int = 80) -> str:
    text = " ".join(clause)
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class Column:
    type: str
    notnull: bool
    default: str | None
    pk: int
    hidden: int

    def describe(self) -> str:
        words = [self.type or "(no type)"]
        if self.notnull:
            words.append("NOT NULL")
        if self.default is not None:
            words.append(f"DEFAULT {self.default}")
        if self.pk:
            words.append("PRIMARY KEY")
        if self.hidden in (2, 3):
            words.append("GENERATED")
        elif self.hidden:
            words.append("HIDDEN")
        return " ".join(words)


@dataclass(frozen=True)
class TableShape:
    columns: dict[str, Column]
    foreign_keys: frozenset[tuple[object, ...]]
    statement: Statement
    auto_indexes: Counter[tuple[object, ...]]  # the indexes of its UNIQUE and PRIMARY KEY constraints


@dataclass(frozen=True)
class IndexShape:
    table: str
    statement: Clause


@dataclass(frozen=True)
class Shape:
    """A database's schema as this check compares it."""

    tables: dict[str, TableShape]
    indexes: dict[str, IndexShape]  # indexes created with CREATE INDEX, by name
    others: tuple[tuple[str, str, str], ...]  # (type, name, table) of every trigger, view or other object


def read_shape(connection: sqlite3.Connection) -> Shape:
    """The schema of the database on ``connection`` (only read: nothing is executed but SELECTs of the
    schema and the schema pragmas, whose table-valued forms take the names as parameters)."""
    master = connection.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
    table_names = sorted(
        str(name) for kind, name, _, _ in master if kind == "table" and name not in _STATISTICS
    )
    columns: dict[str, dict[str, Column]] = {t: {} for t in table_names}
    for table, name, type_, notnull, default, pk, hidden in connection.execute(
        'SELECT m.name, p.name, p.type, p."notnull", p.dflt_value, p.pk, p.hidden '
        "FROM sqlite_master AS m JOIN pragma_table_xinfo(m.name) AS p WHERE m.type = 'table'"
    ):
        if table in columns:
            columns[table][str(name)] = Column(str(type_), bool(notnull), default, int(pk), int(hidden))
    keys: dict[str, dict[int, list[tuple[int, str, str, str, str, str, str]]]] = {t: {} for t in table_names}
    for table, id_, seq, target, source, to, on_update, on_delete, match in connection.execute(
        'SELECT m.name, p.id, p.seq, p."table", p."from", p."to", p.on_update, p.on_delete, p."match" '
        "FROM sqlite_master AS m JOIN pragma_foreign_key_list(m.name) AS p WHERE m.type = 'table'"
    ):
        if table in keys:
            row = (
                int(seq),
                str(target).lower(),
                str(source),
                str(to),
                str(on_update),
                str(on_delete),
                str(match),
            )
            keys[table].setdefault(int(id_), []).append(row)
    autos: dict[str, dict[str, list[object]]] = {t: {} for t in table_names}
    for table, index, unique, origin, partial, column, collation, descending in connection.execute(
        'SELECT m.name, l.name, l."unique", l.origin, l.partial, x.name, x.coll, x."desc" '
        "FROM sqlite_master AS m JOIN pragma_index_list(m.name) AS l JOIN pragma_index_xinfo(l.name) AS x "
        "WHERE m.type = 'table' AND l.origin != 'c' AND x.\"key\" ORDER BY m.name, l.name, x.seqno"
    ):
        if table in autos:
            autos[table].setdefault(str(index), [unique, origin, partial]).append(
                (column, collation, descending)
            )
    sql_of = {str(name): str(sql or "") for kind, name, _, sql in master if kind == "table"}
    tables = {
        t: TableShape(
            columns[t],
            frozenset(tuple(sorted(rows)) for rows in keys[t].values()),
            split_statement(sql_of[t]),
            Counter(tuple(described) for described in autos[t].values()),
        )
        for t in table_names
    }
    indexes = {
        str(name): IndexShape(str(table), canonical(str(sql)))
        for kind, name, table, sql in master
        if kind == "index" and sql is not None
    }
    others = tuple(
        sorted(
            (str(kind), str(name), str(table))
            for kind, name, table, _ in master
            if kind not in ("table", "index")
        )
    )
    return Shape(tables, indexes, others)


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


def _statements_from_models() -> Iterable[str]:
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
    from tournament_desk.storage.database import head_revision

    if revision == head_revision():
        connection = sqlite3.connect(":memory:")
        try:
            for statement in _statements_from_models():
                connection.execute(statement)
            return read_shape(connection)
        finally:
            connection.close()
    return migrated_shape(revision)


def migrated_shape(revision: str) -> Shape:
    """The schema an empty database has after the migrations up to ``revision`` (Alembic, in memory)."""
    from alembic import command
    from sqlalchemy import create_engine

    from tournament_desk.storage.database import _alembic_config

    engine = create_engine("sqlite://")
    try:
        with engine.begin() as connection:
            cfg = _alembic_config()
            cfg.attributes["connection"] = connection
            command.upgrade(cfg, revision)
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
