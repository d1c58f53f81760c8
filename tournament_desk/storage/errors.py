"""What can stand between the director and the tournament file, as the sentence the director can act on.

A damaged file or one from a newer version is the director's to replace (exit status 2); the system standing in
the way (read-only, disk full, locked by another program) is not (exit status 1). A database server that refuses
the login, has no such database or cannot be reached is named with what failed (exit status 2: the address or the
password is the director's to fix); one that goes away during an action is ``ServerUnreachable``, which the window
offers to retry. ``explain`` turns a database error into one of these; every action is one transaction, so each
sentence can say that nothing was changed.
"""

from __future__ import annotations

import re
from pathlib import Path

from sqlalchemy.exc import DBAPIError, IntegrityError

from tournament_desk.domain.errors import BadInput, Message, TournamentError, msg
from tournament_desk.storage.backups import newest_backup
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


class ServerRefused(StorageError):
    """The database server answered but refused: a wrong password or user, or no such database (exit 2)."""


class LoginRefused(ServerRefused):
    """The server wants a password it was not given, or refused the one it was given (``server``: its name)."""

    def __init__(self, template: str, **params: object) -> None:
        super().__init__(template, **params)
        self.server = str(params.get("server", ""))


class ServerUnreachable(FileTrouble):
    """The database server cannot be reached, or went away during an action: once it is back, the same action
    works (the window offers Retry). Exit status 2 for ``tdesk``: the address is the director's to check."""

    exit_code = 2
    transient = True


# What a server's driver says when the connection cannot be made or was lost.
_UNREACHABLE = (
    "connection refused", "could not connect", "connection failed", "could not translate host name",
    "timeout expired", "server closed the connection", "terminating connection", "connection is lost",
    "connection is closed", "consuming input failed", "ssl syscall", "no route to host", "network is unreachable",
    "connection reset", "broken pipe", "the database system is shutting down", "the database system is starting up",
)  # fmt: skip
_WRONG_LOGIN = ("password authentication failed", "no password supplied", "authentication failed", "role ")


def explain(
    exc: BaseException, path: Path | None, seconds: float = BUSY_SECONDS, *, server: str = ""
) -> TournamentError | None:
    """The sentence for a database error the director can act on (None: not one of those).

    ``seconds``: how long this connection waited for another program's lock before giving up; ``server``:
    the database server's name for the sentence (``server_name``), when there is no file."""
    orig = getattr(exc, "orig", None) or exc
    text = str(orig).lower()
    found = _system_trouble(orig, text, path)
    if found is not None:
        return found
    if path is None:
        gone = _server_trouble(exc, text, server or _named_in(str(orig)))
        if gone is not None:
            return gone
    if "locked" in text or "busy" in text:
        return _in_use(path, seconds)
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
        return damaged(path)
    return None


def damaged(path: Path | None) -> StorageError:
    """A damaged file, and the newest backup copy to open instead (or that there is none)."""
    if path is None:
        return StorageError("The database is damaged and cannot be read; nothing was changed.")
    newest = newest_backup(path)
    if newest is None:
        return StorageError(
            "'{path}' is damaged and cannot be read, and it has no backup copy; open the copy you last mailed or "
            "saved elsewhere.",
            path=str(path),
        )
    return StorageError(
        "'{path}' is damaged and cannot be read; open its newest backup copy instead: '{backup}'.",
        path=str(path),
        backup=str(newest),
    )


def server_name(url: object) -> str:
    """ "host:port/database" of a server's URL (an ``sqlalchemy.URL`` or text), never its password."""
    from sqlalchemy.engine import make_url

    try:
        parsed = make_url(str(url)) if not hasattr(url, "host") else url
    except Exception:  # an address that does not parse is named as "the database server"
        return ""
    host = getattr(parsed, "host", None) or "localhost"
    port = getattr(parsed, "port", None)
    database = getattr(parsed, "database", None) or ""
    return f"{host}{f':{port}' if port else ''}/{database}"


def _named_in(text: str) -> str | Message:
    """The server a driver's message names ("10.0.0.9:5432"), for a sentence without the address at hand."""
    found = re.search(r'server at "([^"]+)"(?:[^,]*), port (\d+)', text) or re.search(
        r'server on socket "([^"]+)"', text
    )
    if found is None:
        return msg("at the address given")
    return ":".join(group for group in found.groups() if group)


def _server_trouble(exc: BaseException, text: str, server: str | Message) -> TournamentError | None:
    """A server that refused the login, has no such database, or cannot be reached (or went away)."""
    if 'database "' in text and "does not exist" in text:
        return ServerRefused(
            "The server {server} has no such database: check the database name; nothing was changed.",
            server=server,
        )
    if any(sign in text for sign in _WRONG_LOGIN) and ("failed" in text or "does not exist" in text):
        return LoginRefused(
            "The server {server} refused the login: wrong password or user name (or none given); nothing "
            "was changed.",
            server=server,
        )
    invalidated = isinstance(exc, DBAPIError) and exc.connection_invalidated
    if invalidated or any(sign in text for sign in _UNREACHABLE):
        return ServerUnreachable(
            "The server {server} cannot be reached: check its address and that it is running; nothing was "
            "changed.",
            server=server,
        )
    return None


def during_action(trouble: TournamentError, server: str) -> TournamentError:
    """A server lost while an action ran: the window's sentence, which says the last entry was not stored."""
    if not isinstance(trouble, ServerUnreachable):
        return trouble
    return ServerUnreachable(
        "The server {server} cannot be reached; what you typed last was NOT stored: type it again when it is "
        "back.",
        server=server or msg("at the address given"),
    )


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
