"""storage.opening: creating a tournament database, and opening one only when it is a tournament this version
can read (an older one migrated after a backup, a cut-off change rolled back and said, WAL left)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import create_engine, select, text

from tests.postgres import Cluster
from tests.storage.conftest import old_file
from tournament_desk.storage import models as m
from tournament_desk.storage.database import Database
from tournament_desk.storage.errors import NotATournament, StorageError
from tournament_desk.storage.opening import create_database, open_database
from tournament_desk.storage.revisions import head_revision
from tournament_desk.userdata import backup_folder


@pytest.fixture
def where(tmp_path: Path, store: str, request: pytest.FixtureRequest) -> dict[str, object]:
    """A new event's place on the test's store: a file, or a fresh database on the server."""
    if store == "postgres":
        return {"url": request.getfixturevalue("postgres").fresh_url()}
    return {"path": tmp_path / "e.tdesk"}


@pytest.fixture
def closing() -> Iterator[list[Database]]:
    opened: list[Database] = []
    yield opened
    for database in opened:
        database.close()


def version(database: Database) -> str | None:
    with database.engine.connect() as conn:
        return conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()


@pytest.mark.both_stores
def test_a_created_event_opens_at_the_head_with_its_rows(
    where: dict[str, object], closing: list[Database]
) -> None:
    created = create_database(**where)  # type: ignore[arg-type]
    closing.append(created)
    with created.transaction(write=True) as s:
        s.add(m.Entrant(name="甲队", created_at=datetime(2026, 1, 1)))
    created.close()
    opened = open_database(**where)  # type: ignore[arg-type]
    closing.append(opened)
    assert version(opened) == head_revision()
    with opened.transaction() as s:
        assert s.scalars(select(m.Entrant.name)).all() == ["甲队"]


@pytest.mark.system
def test_a_server_database_that_is_not_empty_is_refused_and_kept(postgres: Cluster) -> None:
    url = postgres.fresh_url()
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(text("CREATE TABLE theirs (x INTEGER)"))
        with pytest.raises(NotATournament, match="not empty"):
            create_database(url=url)
        with pytest.raises(NotATournament, match="not a Tournament Desk file"):
            open_database(url=url)
        with engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM theirs")).scalar() == 0
    finally:
        engine.dispose()


def test_create_needs_an_existing_folder(tmp_path: Path) -> None:
    with pytest.raises(NotATournament, match="does not exist"):
        create_database(tmp_path / "no-such-folder" / "e.tdesk")
    assert not (tmp_path / "no-such-folder").exists()


@pytest.mark.slow
def test_an_older_file_is_backed_up_at_its_revision_then_migrated(
    tmp_path: Path, closing: list[Database]
) -> None:
    path = tmp_path / "old.tdesk"
    with old_file(path, "0005"):
        pass
    opened = open_database(path)
    closing.append(opened)
    assert version(opened) == head_revision()
    backup = backup_folder(path) / "old-before-upgrade-0005.tdesk"
    kept = sqlite3.connect(backup)
    try:
        assert kept.execute("SELECT version_num FROM alembic_version").fetchone() == ("0005",)
    finally:
        kept.close()


@pytest.mark.slow
def test_a_file_another_tool_left_in_wal_mode_is_one_file_again(
    tmp_path: Path, closing: list[Database]
) -> None:
    path = tmp_path / "e.tdesk"
    create_database(path).close()
    other = sqlite3.connect(path)
    other.execute("PRAGMA journal_mode=WAL")
    other.execute("INSERT INTO meta VALUES ('note', 'written in WAL')")
    other.commit()
    other.close()
    opened = open_database(path)
    closing.append(opened)
    assert not path.with_name(path.name + "-wal").exists()
    with opened.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "delete"
        assert conn.execute(text("SELECT value FROM meta WHERE key = 'note'")).scalar() == "written in WAL"


def test_a_cut_off_change_is_rolled_back_and_said(tmp_path: Path, closing: list[Database]) -> None:
    path = tmp_path / "e.tdesk"
    create_database(path).close()
    cut_off = (
        "import os, sqlite3, sys\n"
        "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "c.execute('PRAGMA cache_size=5')\n"
        "c.execute('BEGIN IMMEDIATE')\n"
        "for i in range(3000):\n"
        "    c.execute(\"INSERT INTO audit (at, station, action, reason) VALUES ('2026-01-01', 'x', 'x', ?)\","
        " ('填充' * 50,))\n"
        "os.kill(os.getpid(), 9)\n"
    )
    subprocess.run([sys.executable, "-c", cut_off, str(path)], check=False, timeout=60)
    assert path.with_name(path.name + "-journal").stat().st_size > 0
    opened = open_database(path)
    closing.append(opened)
    assert opened.rolled_back
    with opened.transaction() as s:
        assert s.scalar(select(m.Audit.id)) is None


@pytest.mark.slow
def test_an_intact_file_is_not_said_to_be_rolled_back(tmp_path: Path, closing: list[Database]) -> None:
    path = tmp_path / "e.tdesk"
    create_database(path).close()
    opened = open_database(path, busy_seconds=1.5)
    closing.append(opened)
    assert not opened.rolled_back and opened.busy_seconds == 1.5


def test_a_file_at_two_revisions_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    create_database(path).close()
    other = sqlite3.connect(path)
    other.execute("INSERT INTO alembic_version VALUES ('0001')")
    other.commit()
    other.close()
    with pytest.raises(StorageError, match="newer version"):
        open_database(path)
