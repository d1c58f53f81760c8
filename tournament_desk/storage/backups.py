"""Copies of a tournament file in its backup folder (``userdata.backup_folder``: one subfolder per tournament
file, in the user's data folder, so the folder a director mails or copies holds just the tournament)."""

from __future__ import annotations

import sqlite3
from datetime import datetime
from pathlib import Path

from tournament_desk.userdata import backup_folder


def backup_sqlite(source: Path, target: Path) -> None:
    """Copy ``source`` to ``target`` with SQLite's backup API (a consistent copy while others read it)."""
    src = sqlite3.connect(source)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()


def checked_copy(path: Path, label: str) -> Path | None:
    """Copy ``path`` into its backup folder as ``NAME-LABEL-STAMP.tdesk``; None when the folder cannot be
    written (no reason to stop the director: the caller says so).

    Written under a temporary name and renamed once complete and checked, so a backup named like a good one is
    always good."""
    folder = backup_folder(path)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    target = folder / f"{path.stem}-{label}-{stamp}{path.suffix or '.tdesk'}"
    partial = target.with_name(f".{target.name}.partial")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        backup_sqlite(path, partial)
        check = sqlite3.connect(partial)
        try:
            ok = check.execute("PRAGMA quick_check").fetchone() == ("ok",)
        finally:
            check.close()
        if not ok:
            raise sqlite3.DatabaseError("the copy did not check out")
        partial.replace(target)
    except (OSError, sqlite3.Error):
        partial.unlink(missing_ok=True)
        return None
    return target


def before_upgrade(path: Path, revision: str) -> None:
    """The copy taken before a migration, so a failed migration never costs a director the event."""
    folder = backup_folder(path)
    folder.mkdir(parents=True, exist_ok=True)
    backup_sqlite(path, folder / f"{path.stem}-before-upgrade-{revision}{path.suffix}")


def newest_backup(path: Path) -> Path | None:
    """The newest complete backup of ``path``, for a sentence that sends the director to it (None: none)."""
    folder = backup_folder(path)
    try:
        found = [p for p in folder.glob(f"{path.stem}-*") if p.is_file()] if folder.is_dir() else []
        return max(found, key=lambda p: p.stat().st_mtime, default=None)
    except OSError:
        return None
