"""storage.errors: a database error turned into the sentence the director can act on."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError, OperationalError

from tournament_desk.storage.engine import make_engine, sqlite_url
from tournament_desk.storage.errors import (
    FileInUse,
    FileTrouble,
    NotATournament,
    SameMoment,
    StorageError,
    explain,
)


def wrapped(message: str) -> OperationalError:
    return OperationalError("SELECT 1", {}, sqlite3.OperationalError(message))


def test_a_lock_held_by_another_connection_is_file_in_use(tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE t (x INTEGER)")
    holder.execute("BEGIN EXCLUSIVE")
    engine = make_engine(sqlite_url(path), busy_seconds=0.05)
    try:
        with pytest.raises(OperationalError) as caught, engine.connect() as conn:
            conn.exec_driver_sql("SELECT * FROM t")
        found = explain(caught.value, path, 0.05)
    finally:
        engine.dispose()
        holder.close()
    assert isinstance(found, FileInUse) and found.transient
    assert str(path) in str(found) and "0.05 seconds" in str(found)


def test_a_read_only_file_is_file_trouble_not_storage_error() -> None:
    found = explain(wrapped("attempt to write a readonly database"), Path("/x/e.tdesk"))
    assert type(found) is FileTrouble
    assert "read-only" in str(found) and "/x/e.tdesk" in str(found)


def test_a_permission_error_is_read_only() -> None:
    found = explain(PermissionError("denied"), Path("/x/e.tdesk"))
    assert type(found) is FileTrouble and "read-only" in str(found)


def test_a_full_disk_is_said() -> None:
    found = explain(wrapped("database or disk is full"), Path("/x/e.tdesk"))
    assert type(found) is FileTrouble and "is full" in str(found)


def test_an_unreachable_server_is_said_only_without_a_file() -> None:
    exc = wrapped(
        'connection failed: connection to server at "10.0.0.9", port 5432 failed: Connection refused'
    )
    on_server = explain(exc, None)
    assert type(on_server) is FileTrouble and "cannot be reached" in str(on_server)
    assert "10.0.0.9" in str(on_server)
    assert explain(exc, Path("/x/e.tdesk")) is None


def test_a_file_that_cannot_be_opened() -> None:
    found = explain(wrapped("unable to open database file"), Path("/gone/e.tdesk"))
    assert type(found) is FileTrouble and "cannot be opened" in str(found) and "/gone/e.tdesk" in str(found)


def test_a_unique_clash_is_the_same_moment_at_another_station() -> None:
    exc = IntegrityError("INSERT", {}, sqlite3.IntegrityError("UNIQUE constraint failed: entrant.name"))
    found = explain(exc, None)
    assert isinstance(found, SameMoment) and found.transient


def test_a_damaged_file_is_storage_error_with_its_backups(tmp_path: Path) -> None:
    found = explain(wrapped("database disk image is malformed"), tmp_path / "e.tdesk")
    assert isinstance(found, StorageError) and not isinstance(found, NotATournament)
    assert found.exit_code == 2 and "damaged" in str(found) and "—" in str(found)


def test_any_other_error_is_left_alone() -> None:
    assert explain(wrapped("no such table: foo"), Path("/x/e.tdesk")) is None
    assert explain(ValueError("something else"), None) is None
