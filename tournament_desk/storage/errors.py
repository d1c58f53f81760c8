"""What can stand between the director and the tournament file, as the sentence the director can act on.

A damaged file or one from a newer version is the director's to replace (exit status 2); the system standing in
the way (read-only, disk full, locked by another program, a server that cannot be reached) is not (exit status 1).
``explain`` turns a database error into one of these; every action is one transaction, so each sentence can say
that nothing was changed.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.exc import IntegrityError

from tournament_desk.domain.errors import BadInput, TournamentError
from tournament_desk.storage.backups import newest_backups
from tournament_desk.storage.holders import describe, file_holders

BUSY_SECONDS = 5  # how long the window waits for another program's lock (the CLI waits longer: --wait)


class StorageError(BadInput):
    """The file cannot be used as a tournament: damaged, or from a newer version (exit status 2)."""


class NotATournament(StorageError):
    """The file is missing, is not a tournament, or would be overwritten."""


class FileTrouble(TournamentError):
    """The system stood in the way (read-only, disk full, locked by another program): exit status 1.

    Every action is one transaction, so nothing was changed; the sentence says what the director can do.
    """


class FileInUse(FileTrouble):
    """Another program held the file longer than this one would wait: trying again later may well work."""

    transient = True


class SameMoment(FileTrouble):
    """Another station made the same change in the same instant: looking again and retrying works."""

    transient = True


# What a server's driver says when it cannot be reached or refuses the login.
_UNREACHABLE = (
    "connection refused", "could not connect", "connection failed", "does not exist", "authentication failed",
    "no password supplied", "could not translate host name", "timeout expired",
)  # fmt: skip


def explain(exc: BaseException, path: Path | None, seconds: float = BUSY_SECONDS) -> TournamentError | None:
    """The sentence for a database error the director can act on (None: not one of those).

    ``seconds``: how long this connection waited for another program's lock before giving up."""
    orig = getattr(exc, "orig", None) or exc
    text = str(orig).lower()
    found = _system_trouble(orig, text, path)
    if found is not None:
        return found
    if "locked" in text or "busy" in text:
        return _in_use(path, seconds)
    if path is None and any(sign in text for sign in _UNREACHABLE):
        return FileTrouble(
            "The database server cannot be reached or refused the login ({detail}). Check the server's address, "
            "the database name, the user and the password; nothing was changed.",
            detail=str(orig).strip().splitlines()[0][:160] if str(orig).strip() else type(orig).__name__,
        )
    if "unable to open" in text:
        return FileTrouble(
            "'{path}' cannot be opened: check that it still exists and that you may read and write it.",
            path=_where(path),
        )
    if isinstance(exc, IntegrityError) and "unique" in text:
        return SameMoment(
            "Another station made the same change at the same moment; nothing was changed here. Look again and "
            "retry."
        )
    if "malformed" in text or "not a database" in text:
        return StorageError(
            "'{path}' is damaged and cannot be read; open a backup copy (the newest: {backups}).",
            path=_where(path),
            backups=newest_backups(path) if path is not None else "—",
        )
    return None


def _where(path: Path | None) -> str:
    return str(path) if path is not None else "the database"


def _system_trouble(orig: BaseException, text: str, path: Path | None) -> FileTrouble | None:
    """A file or folder that cannot be written, or a full disk."""
    if isinstance(orig, PermissionError) or "readonly" in text or "read-only" in text:
        return FileTrouble(
            "'{path}' cannot be written: the file or its folder is read-only. Make it writable, or copy it to a "
            "folder you can write to, and try again; nothing was changed.",
            path=_where(path),
        )
    if "disk is full" in text or "no space" in text or "disk i/o error" in text:
        return FileTrouble(
            "The disk that holds '{path}' is full (or failed to write). Free some space and try again; nothing "
            "was changed.",
            path=_where(path),
        )
    return None


def _in_use(path: Path | None, seconds: float) -> FileInUse:
    """Another program held the lock longer than this connection waited: named, where it can be found."""
    holders = describe(file_holders(path)) if path is not None else ""
    if holders:
        return FileInUse(
            "'{path}' is in use by {holders}, which did not let go within {seconds} seconds. Close that "
            "program (or let it finish), then try again; nothing was changed.",
            path=_where(path),
            holders=holders,
            seconds=f"{seconds:g}",
        )
    return FileInUse(
        "'{path}' is in use by another program or window, which did not let go within {seconds} seconds. "
        "Close it, or wait a moment, and try again; nothing was changed.",
        path=_where(path),
        seconds=f"{seconds:g}",
    )
