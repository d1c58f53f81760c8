"""storage.backups: consistent copies of a tournament file in its backup folder."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from tournament_desk.storage.backups import backup_sqlite, before_upgrade, checked_copy, newest_backup
from tournament_desk.userdata import backup_folder


def small_file(path: Path) -> Path:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE t (x INTEGER)")
        db.executemany("INSERT INTO t VALUES (?)", [(1,), (2,), (3,)])
    db.close()
    return path


def rows(path: Path) -> list[tuple[int, ...]]:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT x FROM t ORDER BY x").fetchall()
    finally:
        db.close()


def test_backup_sqlite_copies_every_row(tmp_path: Path) -> None:
    source = small_file(tmp_path / "a.tdesk")
    backup_sqlite(source, tmp_path / "copy.tdesk")
    assert rows(tmp_path / "copy.tdesk") == [(1,), (2,), (3,)]


def test_checked_copy_lands_in_the_backup_folder_under_its_label(tmp_path: Path) -> None:
    source = small_file(tmp_path / "cup.tdesk")
    target = checked_copy(source, "round-2")
    assert target is not None
    assert target.parent == backup_folder(source)
    assert target.name.startswith("cup-round-2-") and target.suffix == ".tdesk"
    assert rows(target) == [(1,), (2,), (3,)]
    assert not list(target.parent.glob(".*.partial"))


def test_checked_copy_of_a_file_without_suffix_gets_the_tdesk_suffix(tmp_path: Path) -> None:
    target = checked_copy(small_file(tmp_path / "plain"), "x")
    assert target is not None and target.suffix == ".tdesk"


def test_checked_copy_of_a_damaged_file_is_none_and_leaves_nothing(tmp_path: Path) -> None:
    source = tmp_path / "bad.tdesk"
    source.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    assert checked_copy(source, "x") is None
    folder = backup_folder(source)
    assert not folder.exists() or not any(folder.iterdir())


def test_before_upgrade_names_the_revision(tmp_path: Path) -> None:
    source = small_file(tmp_path / "old.tdesk")
    before_upgrade(source, "0003")
    copy = backup_folder(source) / "old-before-upgrade-0003.tdesk"
    assert rows(copy) == [(1,), (2,), (3,)]


def test_newest_backup_is_the_newest_copy(tmp_path: Path) -> None:
    source = small_file(tmp_path / "league.tdesk")
    folder = backup_folder(source)
    folder.mkdir(parents=True)
    for age, name in enumerate(["league-a.tdesk", "league-b.tdesk", "league-c.tdesk", "league-d.tdesk"]):
        (folder / name).write_bytes(b"x")
        os.utime(folder / name, (1_000_000 - age * 100, 1_000_000 - age * 100))
    assert newest_backup(source) == folder / "league-a.tdesk"


def test_newest_backup_without_any_is_none(tmp_path: Path) -> None:
    assert newest_backup(tmp_path / "never-backed-up.tdesk") is None
