"""Automatic backups a director can use (issue 15): list them, restore one, keep a sensible number.

Backups are taken before every pairing and every bulk or irreversible action (an import, a withdrawal, a
restore), written under a temporary name and checked before they get their own name
(``storage.database.Database.backup``). The newest ``KEEP`` of a tournament's backups are kept, and the
oldest removed as new ones arrive; a backup taken before an upgrade of the file is never removed.

A backup holds data, never code (issue 23): one whose schema is not exactly this program's (a trigger, a view,
a table or column it does not write: ``storage.schema_guard``) is refused before anything is written, and the
event stays as it was.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from tournament_desk.domain.errors import BadInput, Message, msg
from tournament_desk.services.desk import Desk, audit
from tournament_desk.storage.revisions import known_revisions
from tournament_desk.storage.schema_guard import inspect_connection, read_only
from tournament_desk.userdata import backup_folder

KEEP = 30
_ROUND = re.compile(r"-before-round-(\d+)-")
_STAMP = re.compile(r"-\d{8}-\d{6}-\d{6}$")
_UPGRADE = re.compile(r"before-upgrade-(.+)")
# What a backup was taken before, by its label (the part of its file name after the tournament's).
_WHAT: dict[str, Message] = {
    "before-import": msg("Before an import"),
    "before-withdrawal": msg("Before a withdrawal"),
    "before-reinstatement": msg("Before a withdrawal was taken back"),
    "before-restore": msg("Before restoring a backup"),
}


def backup_words(label: str) -> Message:
    """What a backup was taken before, as the window and ``tdesk backups`` say it ("before-round-4": Before
    pairing round 4); a label this program does not write, as it is."""
    if (found := re.fullmatch(r"before-round-(\d+)", label)) is not None:
        return msg("Before pairing round {round}", round=int(found[1]))
    if (upgrade := _UPGRADE.fullmatch(label)) is not None:
        return msg("Before the file was upgraded ({revision})", revision=upgrade[1])
    return _WHAT.get(label) or Message("{label}", {"label": label})


@dataclass(frozen=True)
class BackupInfo:
    path: Path
    at: datetime
    label: str  # what it was taken before: "before-round-3", "before-import", …
    round: int | None  # the round it was taken before pairing, where it says
    size: int  # bytes
    checked: bool  # SQLite's quick_check passes on the copy

    @property
    def what(self) -> Message:
        """What it was taken before, in words (``backup_words``)."""
        return backup_words(self.label)


def _check(path: Path) -> bool:
    try:
        connection = read_only(path, 0)
        try:
            return bool(connection.execute("PRAGMA quick_check").fetchone() == ("ok",))
        finally:
            connection.close()
    except sqlite3.Error:
        return False


def _revision(path: Path) -> str | None:
    try:
        connection = read_only(path, 0)
        try:
            row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
        finally:
            connection.close()
    except sqlite3.Error:
        return None
    return str(row[0]) if row else None


def _check_schema(connection: sqlite3.Connection, backup: Path) -> None:
    """Refuse a backup whose schema is not exactly this program's at its revision (``schema_guard``)."""
    try:
        inspection = inspect_connection(connection, known_revisions())
    except sqlite3.Error as exc:
        raise BadInput("The backup '{path}' is damaged; choose another.", path=str(backup)) from exc
    if inspection is None:
        raise BadInput("The backup '{path}' is not a Tournament Desk file; choose another.", path=str(backup))
    if inspection.finding is not None:
        raise BadInput(
            "The backup '{path}' is not a tournament file this program wrote: {found}. Nothing was restored.",
            path=str(backup),
            found=inspection.finding,
        )


def _backups_of(tournament: Path) -> list[Path]:
    folder = backup_folder(tournament)
    if not folder.is_dir():
        return []
    found = [p for p in folder.glob(f"{tournament.stem}-*") if p.is_file() and not p.name.startswith(".")]
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


def list_backups(desk: Desk) -> list[BackupInfo]:
    """The tournament's automatic backups, newest first, each checked."""
    path = desk.db.path
    if path is None:
        raise BadInput("An event on a database server has no backup files; the server keeps its own.")
    infos = []
    for backup in _backups_of(path):
        label = _STAMP.sub("", backup.stem.removeprefix(f"{path.stem}-"))
        found = _ROUND.search(backup.name)
        infos.append(
            BackupInfo(
                backup,
                datetime.fromtimestamp(backup.stat().st_mtime).replace(microsecond=0),
                label,
                int(found.group(1)) if found else None,
                backup.stat().st_size,
                _check(backup),
            )
        )
    return infos


def prune_backups(tournament: Path, keep: int = KEEP) -> list[Path]:
    """Remove all but the newest ``keep`` backups (never those taken before an upgrade); returns the removed."""
    removed = []
    for old in _backups_of(tournament)[keep:]:
        if "-before-upgrade-" in old.name:
            continue
        old.unlink(missing_ok=True)
        removed.append(old)
    return removed


def take_backup(desk: Desk, label: str) -> Path | None:
    """A backup before a bulk or irreversible action; None when it could not be written (see the caller)."""
    taken = desk.db.backup(label)
    if taken is not None and desk.db.path is not None:
        prune_backups(desk.db.path)
    return taken


def restore_backup(desk: Desk, backup: Path, *, reason: str | None = None) -> Path | None:
    """Put the tournament back as ``backup`` has it; the current state is backed up first (and returned).

    The copy goes through SQLite's backup API into the open database, so the file is never half-written;
    the restore itself is then written to the (restored) audit trail.
    """
    path = desk.db.path
    if path is None:
        raise BadInput("An event on a database server has no backup files; the server keeps its own.")
    backup = Path(backup)
    if not backup.is_file():
        raise BadInput("There is no backup at '{path}'.", path=str(backup))
    if not _check(backup):
        raise BadInput("The backup '{path}' is damaged; choose another.", path=str(backup))
    written = _revision(backup)
    if written is not None and written != _revision(path):
        raise BadInput(
            "The backup '{path}' was written before the file was upgraded; open it as a file of its own instead.",
            path=str(backup),
        )
    source = read_only(backup, desk.db.busy_seconds)
    try:
        _check_schema(source, backup)  # before anything is written, on the connection that copies it
        current = take_backup(desk, "before-restore")
        raw = desk.db.engine.raw_connection()
        try:
            target = raw.driver_connection
            assert isinstance(target, sqlite3.Connection)
            source.backup(target)
        finally:
            raw.close()
    finally:
        source.close()
    desk.db.engine.dispose()  # every pooled connection sees the restored file from now on
    with desk.db.transaction(write=True) as session:
        audit(session, desk, "restore-backup", new={"backup": backup.name, "kept": current.name if current else None},
              reason=reason)  # fmt: skip
    return current
