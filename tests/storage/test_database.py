import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from tests.storage.conftest import old_file
from tournament_desk.storage import revisions
from tournament_desk.storage.errors import NotATournament, StorageError
from tournament_desk.storage.models import Base
from tournament_desk.storage.opening import create_database, open_database
from tournament_desk.userdata import backup_folder, backups_dir


def new_file(tmp_path: Path) -> Path:
    path = tmp_path / "event.tdesk"
    create_database(path).close()
    return path


@pytest.mark.slow
def test_create_then_open_with_foreign_keys_on(tmp_path: Path) -> None:
    db = open_database(new_file(tmp_path))
    with db.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    db.close()


def test_a_transaction_keeps_foreign_keys(tmp_path: Path) -> None:
    """PRAGMA foreign_keys is set as the connection opens, before any BEGIN: a transaction enforces it."""
    db = open_database(new_file(tmp_path))
    with pytest.raises(IntegrityError, match="FOREIGN KEY"), db.transaction(write=True) as session:
        session.execute(text("INSERT INTO round (number, published, paired_at) VALUES (1, 1, '2026-01-01')"))
        session.execute(
            text(
                "INSERT INTO deduction (round_no, entrant_id, mp, reason, created_at) "
                "VALUES (1, 99, 1, 'x', '2026-01-01')"
            )
        )
    db.close()


@pytest.mark.slow
def test_migrations_build_exactly_the_models(tmp_path: Path) -> None:
    db = open_database(new_file(tmp_path))
    with db.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    db.close()
    assert diff == []


def test_create_refuses_an_existing_file(tmp_path: Path) -> None:
    path = new_file(tmp_path)
    before = path.read_bytes()
    with pytest.raises(NotATournament, match="already exists"):
        create_database(path)
    assert path.read_bytes() == before


def refused_unchanged(path: Path, error: type[Exception], match: str) -> None:
    """Opening the file is refused with `error`, and the file is left byte for byte as it was."""
    before = path.read_bytes()
    with pytest.raises(error, match=match):
        open_database(path)
    assert path.read_bytes() == before


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(NotATournament, match="no tournament file"):
        open_database(tmp_path / "nope.tdesk")


def test_text_file_is_not_a_tournament(tmp_path: Path) -> None:
    path = tmp_path / "notes.tdesk"
    path.write_text("比赛名单\n")
    with pytest.raises(NotATournament, match="not a Tournament Desk file"):
        open_database(path)
    assert path.read_text() == "比赛名单\n"


def test_other_sqlite_database_is_not_a_tournament(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
    refused_unchanged(path, NotATournament, "not a Tournament Desk file")


def test_corrupted_file_is_refused_unchanged(tmp_path: Path) -> None:
    path = new_file(tmp_path)
    data = bytearray(path.read_bytes())
    data[4096:8192] = b"\xde\xad\xbe\xef" * 1024  # wreck page 2 onwards, keep the header
    path.write_bytes(bytes(data))
    with pytest.raises(StorageError, match="damaged") as info:
        open_database(path)
    assert info.value.exit_code == 2
    assert path.read_bytes() == bytes(data)


def test_truncated_file_is_refused(tmp_path: Path) -> None:
    path = new_file(tmp_path)
    path.write_bytes(path.read_bytes()[:5000])
    with pytest.raises(StorageError):
        open_database(path)


def test_file_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = new_file(tmp_path)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    refused_unchanged(path, StorageError, "newer version")


@pytest.mark.slow
def test_a_file_at_revision_0001_is_backed_up_then_migrated_with_its_data(tmp_path: Path) -> None:
    path = tmp_path / "event.tdesk"
    with old_file(path, "0001") as conn:
        conn.execute(
            text(
                "INSERT INTO entrant (name, players, draw_no, created_at) VALUES ('东风队', '', 1, '2026-01-01')"
            )
        )
        conn.execute(
            text(
                "INSERT INTO entrant (name, players, draw_no, created_at) VALUES ('红旗队', '', 2, '2026-01-01')"
            )
        )
        conn.execute(text("INSERT INTO round (number, published, paired_at) VALUES (1, 1, '2026-01-01')"))
        conn.execute(
            text(
                "INSERT INTO match (round_no, table_no, home_id, away_id, relaxed, kind) VALUES (1, 1, 1, 2, '', 'pending')"
            )
        )
    db = open_database(path)
    with db.engine.connect() as conn:
        assert (
            conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
            == revisions.head_revision()
        )
        assert conn.execute(text("SELECT home_id, away_id, locked FROM match")).one() == (1, 2, 0)
        assert conn.execute(text("SELECT name FROM entrant ORDER BY id")).scalars().all() == [
            "东风队",
            "红旗队",
        ]
    db.close()
    backups = list(backup_folder(path).iterdir())
    assert [b.name for b in backups] == ["event-before-upgrade-0001.tdesk"]
    with sqlite3.connect(backups[0]) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone() == ("0001",)


def test_backup_copies_a_readable_tournament(tmp_path: Path) -> None:
    db = open_database(new_file(tmp_path))
    copy = db.backup("before-round-1")
    db.close()
    assert copy is not None and copy.parent == backup_folder(tmp_path / "event.tdesk")
    assert copy.parent.name.startswith("event-") and copy.is_relative_to(backups_dir())
    assert [p.name for p in tmp_path.iterdir()] == ["event.tdesk"]  # nothing beside the file
    open_database(copy).close()
