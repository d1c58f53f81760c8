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
    LoginRefused,
    NotATournament,
    SameMoment,
    ServerRefused,
    ServerUnreachable,
    StorageError,
    during_action,
    explain,
    server_name,
)
from tournament_desk.userdata import backup_folder


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
    assert type(on_server) is ServerUnreachable and on_server.transient and on_server.exit_code == 2
    assert str(on_server).startswith("The server 10.0.0.9:5432 cannot be reached")
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
    assert found.exit_code == 2 and "damaged" in str(found) and "no backup copy" in str(found)
    assert "—" not in str(found)


def test_a_damaged_file_names_its_newest_backup_in_words(tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    folder = backup_folder(path)
    folder.mkdir(parents=True)
    (folder / "e-old.tdesk").write_bytes(b"x")
    found = explain(wrapped("database disk image is malformed"), path)
    assert found is not None and str(found).endswith(
        f"open its newest backup copy instead: '{folder / 'e-old.tdesk'}'."
    )


@pytest.mark.parametrize(
    ("driver", "kind", "says"),
    [
        ('connection to server at "db.hall" (10.0.0.9), port 5432 failed: FATAL:  password authentication '
         'failed for user "desk"', LoginRefused, "refused the login: wrong password"),
        ('connection to server at "10.0.0.9", port 5432 failed: fe_sendauth: no password supplied',
         LoginRefused, "refused the login"),
        ('connection to server at "10.0.0.9", port 5432 failed: FATAL:  database "cup" does not exist',
         ServerRefused, "has no such database"),
        ("consuming input failed: server closed the connection unexpectedly", ServerUnreachable,
         "cannot be reached"),
        ("terminating connection due to administrator command", ServerUnreachable, "cannot be reached"),
    ],
)  # fmt: skip
def test_a_server_says_what_failed_and_names_itself(driver: str, kind: type, says: str) -> None:
    found = explain(wrapped(driver), None, server="db.hall:5432/cup")
    assert type(found) is kind and found.exit_code == 2 and says in str(found)
    assert str(found).startswith("The server db.hall:5432/cup ")
    assert found.transient == (kind is ServerUnreachable)


def test_a_server_lost_during_an_action_says_the_entry_was_not_stored() -> None:
    found = explain(wrapped("server closed the connection unexpectedly"), None, server="h:5432/cup")
    assert found is not None
    said = str(during_action(found, "h:5432/cup"))
    assert said == (
        "The server h:5432/cup cannot be reached; what you typed last was NOT stored: type it again when it is back."
    )
    refused = explain(wrapped('database "cup" does not exist'), None, server="h:5432/cup")
    assert refused is not None and during_action(refused, "h:5432/cup") is refused


def test_a_server_is_named_without_its_password() -> None:
    assert server_name("postgresql+psycopg://desk:s3cret@db.hall:5433/cup") == "db.hall:5433/cup"
    assert server_name("postgresql+psycopg://desk@db.hall/cup") == "db.hall/cup"


def test_any_other_error_is_left_alone() -> None:
    assert explain(wrapped("no such table: foo"), Path("/x/e.tdesk")) is None
    assert explain(ValueError("something else"), None) is None
