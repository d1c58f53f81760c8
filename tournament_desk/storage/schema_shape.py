"""A SQLite database's schema as the schema guard (``schema_guard``) compares it, read from the database itself.

What is read, and why:

- ``sqlite_master``: only tables and indexes count as the schema; anything else (a trigger, a view) is listed
  for the guard to refuse. SQLite's own statistics tables (``sqlite_stat1``/``sqlite_stat4``, written by
  ``ANALYZE``) are left out: numbers the query planner reads, never code.
- for each table its columns as ``PRAGMA table_xinfo`` gives them (name, declared type, NOT NULL, default,
  primary key, generated/hidden), its foreign keys (``PRAGMA foreign_key_list``), and its ``CREATE TABLE`` text
  split into its clauses, normalised (case, quoting, spacing, comments) as a multiset: the pragmas give the
  director a precise sentence, the clauses catch what no pragma shows (``ON CONFLICT``, ``CHECK``, ``COLLATE``,
  ``WITHOUT ROWID``). Clauses are a multiset because Alembic's batch mode writes a rebuilt table's constraints
  in no fixed order.
- indexes: those written with ``CREATE INDEX`` by name and normalised text; the automatic ones of UNIQUE and
  PRIMARY KEY constraints by their columns (their numbering follows the constraints' order).
"""

from __future__ import annotations

import re
import sqlite3
from collections import Counter
from dataclasses import dataclass
from itertools import pairwise

# Statistics SQLite's ANALYZE writes: numbers for the query planner, never code.
_STATISTICS = frozenset({"sqlite_stat1", "sqlite_stat2", "sqlite_stat3", "sqlite_stat4"})


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
    columns = _columns(connection, table_names)
    keys = _foreign_keys(connection, table_names)
    autos = _auto_indexes(connection, table_names)
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


def _columns(connection: sqlite3.Connection, table_names: list[str]) -> dict[str, dict[str, Column]]:
    columns: dict[str, dict[str, Column]] = {t: {} for t in table_names}
    for table, name, type_, notnull, default, pk, hidden in connection.execute(
        'SELECT m.name, p.name, p.type, p."notnull", p.dflt_value, p.pk, p.hidden '
        "FROM sqlite_master AS m JOIN pragma_table_xinfo(m.name) AS p WHERE m.type = 'table'"
    ):
        if table in columns:
            columns[table][str(name)] = Column(str(type_), bool(notnull), default, int(pk), int(hidden))
    return columns


def _foreign_keys(
    connection: sqlite3.Connection, table_names: list[str]
) -> dict[str, dict[int, list[tuple[int, str, str, str, str, str, str]]]]:
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
    return keys


def _auto_indexes(
    connection: sqlite3.Connection, table_names: list[str]
) -> dict[str, dict[str, list[object]]]:
    """The indexes of each table's UNIQUE and PRIMARY KEY constraints, by their columns."""
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
    return autos
