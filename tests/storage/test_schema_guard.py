"""A tournament file holds data, never code (issue 23): ``storage.schema_guard`` compares a file's schema with
the one this program writes at the file's revision, and ``open_database`` refuses any difference before it
writes anything. The expected schema is the program's own: the models at the head (checked here against the
migrations), the migrations before it (every older revision, reached from scratch or by downgrading, passes)."""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.storage.conftest import migrate
from tournament_desk.storage import revisions, schema_guard
from tournament_desk.storage.errors import NotATournament
from tournament_desk.storage.opening import create_database, open_database
from tournament_desk.userdata import backup_folder

# Each way a file can hold more (or other) than the program writes, and the words the refusal names it by.
HOSTILE = {
    "trigger": (
        ["CREATE TRIGGER t AFTER UPDATE ON match BEGIN UPDATE match SET home_vp = 20, away_vp = 0 "
         "WHERE id = new.id; END"],
        "it holds a trigger 't' on table 'match'",
    ),
    "view": (["CREATE VIEW standings_view AS SELECT * FROM match"], "it holds a view 'standings_view'"),
    "table": (["CREATE TABLE extra (x TEXT)"], "it holds a table 'extra' that this program does not write"),
    "column": (
        ["ALTER TABLE match ADD COLUMN bonus INTEGER"],
        "it holds a column 'bonus' in table 'match' that this program does not write",
    ),
    "default": (
        ["PRAGMA writable_schema = ON",
         "UPDATE sqlite_master SET sql = replace(sql, 'locked BOOLEAN DEFAULT ''0''', 'locked BOOLEAN DEFAULT "
         "''1''') WHERE name = 'match'"],
        "the column 'locked' of table 'match' is declared BOOLEAN NOT NULL DEFAULT '1' where this program "
        "writes BOOLEAN NOT NULL DEFAULT '0'",
    ),
    "index": (
        ["CREATE INDEX ix_vp ON match (home_vp)"],
        "it holds an index 'ix_vp' on table 'match' that this program does not write",
    ),
    "on-conflict": (
        ["PRAGMA writable_schema = ON",
         "UPDATE sqlite_master SET sql = replace(sql, 'UNIQUE (round_no, table_no)', "
         "'UNIQUE (round_no, table_no) ON CONFLICT REPLACE') WHERE name = 'match'"],
        "on conflict replace",
    ),
    "collation": (
        ["PRAGMA writable_schema = ON",
         "UPDATE sqlite_master SET sql = replace(sql, 'name VARCHAR(200) NOT NULL', "
         "'name VARCHAR(200) NOT NULL COLLATE NOCASE') WHERE name = 'entrant'"],
        "collate nocase",
    ),
    "generated": (
        ["ALTER TABLE match ADD COLUMN total REAL GENERATED ALWAYS AS (home_vp + away_vp) VIRTUAL"],
        "it holds a column 'total' in table 'match'",
    ),
    "virtual table": (["CREATE VIRTUAL TABLE notes USING fts5(text)"], "it holds a table 'notes'"),
}  # fmt: skip


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def new_file(tmp_path: Path, name: str = "event.tdesk") -> Path:
    path = tmp_path / name
    create_database(path).close()
    return path


def tamper(path: Path, statements: list[str]) -> None:
    connection = sqlite3.connect(path)
    try:
        for statement in statements:
            connection.execute(statement)
        connection.commit()
    finally:
        connection.close()


def inspect(path: Path) -> schema_guard.Inspection | None:
    return schema_guard.inspect_file(path, revisions.known_revisions())


# --- the expected schema is the program's own ------------------------------------------------------------------
def test_the_models_give_exactly_the_schema_the_migrations_build() -> None:
    head = revisions.head_revision()
    from_models = schema_guard.expected_shape(head)
    from_migrations = schema_guard.migrated_shape(head)
    assert schema_guard.compare(from_models, from_migrations) is None
    assert schema_guard.compare(from_migrations, from_models) is None


def test_the_written_head_schema_is_the_models() -> None:
    """``schema_head`` (what every opening compares a file with) holds exactly the models' DDL at the head: after a
    model or migration changes, tools/write_schema_head.py writes it again."""
    from tournament_desk.storage import schema_head

    assert revisions.head_revision() == schema_head.REVISION, "run tools/write_schema_head.py"
    assert tuple(schema_guard.statements_from_models()) == schema_head.STATEMENTS, (
        "run tools/write_schema_head.py"
    )


def test_the_head_schema_is_compiled_from_the_models_while_the_written_one_is_behind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A developer who added a migration and not yet run the tool still gets the models' schema, not a stale one."""
    from tournament_desk.storage import schema_head

    head = revisions.head_revision()
    written = schema_guard.expected_shape(head)
    schema_guard.expected_shape.cache_clear()
    monkeypatch.setattr(schema_head, "REVISION", "0000-stale")
    monkeypatch.setattr(schema_head, "STATEMENTS", ("CREATE TABLE stale (x INTEGER)",))
    try:
        assert schema_guard.expected_shape(head) == written
    finally:
        schema_guard.expected_shape.cache_clear()


@pytest.mark.slow
def test_a_file_at_every_revision_passes_whether_built_up_or_downgraded(tmp_path: Path) -> None:
    """Built up one revision at a time from an empty file, and taken down one at a time from a new one: each
    file is the one before it migrated by one step, as a director's file is from one version to the next."""
    full = new_file(tmp_path, "full.tdesk")
    assert inspect(full) == schema_guard.Inspection(revisions.head_revision(), None)
    chain = sorted(revisions.known_revisions())
    before: Path | None = None
    for revision in chain:
        built = tmp_path / f"up-{revision}.tdesk"
        if before is not None:
            built.write_bytes(before.read_bytes())
        migrate(built, revision)
        assert inspect(built) == schema_guard.Inspection(revision, None), revision
        before = built
    before = full
    for revision in reversed(chain):
        down = tmp_path / f"down-{revision}.tdesk"
        down.write_bytes(before.read_bytes())
        migrate(down, revision, down=True)
        assert inspect(down) == schema_guard.Inspection(revision, None), revision
        before = down


# --- a file that holds more than data is refused, unchanged ----------------------------------------------------
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_file_holding_more_than_data_is_refused_and_left_as_it_was(tmp_path: Path, kind: str) -> None:
    path = new_file(tmp_path)
    statements, named = HOSTILE[kind]
    tamper(path, statements)
    before = sha(path)
    with pytest.raises(NotATournament) as refused:
        open_database(path)
    sentence = str(refused.value)
    assert sentence.startswith(f"'{path}' is not a tournament file this program wrote: ")
    assert named in sentence and sentence.endswith("Nothing was opened or changed."), sentence
    assert sha(path) == before
    assert not path.with_name(path.name + "-journal").exists()


@pytest.mark.slow
def test_an_older_file_holding_a_trigger_is_refused_before_it_is_migrated(tmp_path: Path) -> None:
    path = new_file(tmp_path)
    migrate(path, "0008", down=True)
    tamper(path, HOSTILE["trigger"][0])
    before = sha(path)
    with pytest.raises(NotATournament, match="it holds a trigger 't'"):
        open_database(path)
    assert sha(path) == before
    folder = backup_folder(path)
    assert not folder.exists() or not list(folder.iterdir())  # not even the backup a migration takes first
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT version_num FROM alembic_version").fetchone() == ("0008",)


@pytest.mark.slow
def test_a_trigger_waiting_in_a_wal_file_is_found_and_nothing_is_checkpointed(tmp_path: Path) -> None:
    path = new_file(tmp_path)
    wal = path.with_name(path.name + "-wal")
    script = (
        "import os, sqlite3, sys\n"
        "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "c.execute('PRAGMA journal_mode=WAL')\n"
        "c.execute('PRAGMA wal_autocheckpoint=0')\n"
        f"c.execute({HOSTILE['trigger'][0][0]!r})\n"
        "os._exit(0)\n"  # no checkpoint: the trigger lives only in the -wal file
    )
    subprocess.run([sys.executable, "-c", script, str(path)], check=True, timeout=60)
    assert wal.is_file() and wal.stat().st_size > 0
    before, before_wal = sha(path), sha(wal)
    with pytest.raises(NotATournament, match="it holds a trigger 't'"):
        open_database(path)
    assert sha(path) == before and sha(wal) == before_wal


@pytest.mark.slow
def test_a_trigger_a_cut_off_change_would_bring_back_is_refused_after_the_rollback(tmp_path: Path) -> None:
    """A hot journal cannot be read read-only: SQLite rolls it back first, then the schema is checked."""
    path = new_file(tmp_path)
    tamper(path, HOSTILE["trigger"][0])
    cut_off = (
        "import os, sqlite3, sys\n"
        "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "c.execute('PRAGMA cache_size=5')\n"
        "c.execute('BEGIN IMMEDIATE')\n"
        "c.execute('DROP TRIGGER t')\n"
        "for i in range(3000):\n"
        "    c.execute(\"INSERT INTO audit (at, station, action, reason) VALUES ('2026-01-01', 'x', 'x', ?)\","
        " ('填充' * 50,))\n"
        "os.kill(os.getpid(), 9)\n"
    )
    subprocess.run([sys.executable, "-c", cut_off, str(path)], check=False, timeout=60)
    journal = path.with_name(path.name + "-journal")
    assert journal.is_file() and journal.stat().st_size > 0
    with pytest.raises(NotATournament, match="it holds a trigger 't'"):
        open_database(path)


def test_statistics_written_by_analyze_are_data_and_let_through(tmp_path: Path) -> None:
    path = new_file(tmp_path)
    tamper(path, ["ANALYZE"])
    open_database(path).close()


@pytest.mark.parametrize("name", ["赛 #1.tdesk", "50% off.tdesk", "a b[1].tdesk"])
def test_any_file_name_is_read(tmp_path: Path, name: str) -> None:
    path = new_file(tmp_path, name)
    open_database(path).close()
    tamper(path, HOSTILE["view"][0])
    with pytest.raises(NotATournament, match="it holds a view"):
        open_database(path)


def test_a_file_that_is_no_tournament_keeps_its_own_sentence(tmp_path: Path) -> None:
    path = tmp_path / "other.tdesk"
    tamper(path, ["CREATE TABLE t (x)", "CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; END"])
    with pytest.raises(NotATournament, match="is not a Tournament Desk file"):
        open_database(path)


def test_the_read_only_uri_of_any_file_name() -> None:
    assert (
        schema_guard.uri_of("/tmp/赛 #1?%.tdesk", windows=False) == "file:///tmp/%E8%B5%9B%20%231%3F%25.tdesk"
    )
    assert schema_guard.uri_of("/tmp/a\\b.tdesk", windows=False) == "file:///tmp/a%5Cb.tdesk"
    assert schema_guard.uri_of("C:\\赛事\\a.tdesk", windows=True) == "file:///C:/%E8%B5%9B%E4%BA%8B/a.tdesk"
    assert schema_guard.uri_of("\\\\server\\share\\a.tdesk", windows=True) == "file:////server/share/a.tdesk"
