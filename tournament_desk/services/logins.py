"""Where a database server's password comes from when it is not in the address (issue 28).

A password written into ``--db URL`` is visible to every user of the computer (``ps``), so ``tdesk`` finds it
elsewhere: libpq's password file (``PGPASSFILE`` or ``~/.pgpass``, which libpq itself reads for psycopg),
the system keyring under the entry the window's server dialog writes (``KEYRING_SERVICE``, ``keyring_key``),
or a prompt when a person is at the terminal. No Qt here: ``tdesk`` and the window share it. (``LoginRefused``,
the refusal that sends ``tdesk`` to the prompt, and ``server_name`` are the storage layer's, named here for
the command line, which reaches storage only through the services.)
"""

from __future__ import annotations

import os
from pathlib import Path

from sqlalchemy.engine import URL, make_url

from tournament_desk.storage.errors import LoginRefused, server_name

__all__ = [
    "KEYRING_SERVICE",
    "LoginRefused",
    "carries_password",
    "completed",
    "from_keyring",
    "in_password_file",
    "keyring_key",
    "server_name",
    "with_password",
]

KEYRING_SERVICE = "Tournament Desk"  # gui/dialogs/server_dialog.py stores under the same name
DEFAULT_PORT = 5432


def parsed(url: str) -> URL | None:
    """A server's address (None: not a server address, e.g. SQLite or text that does not parse)."""
    try:
        found = make_url(url)
    except Exception:  # make_engine says what is wrong with an address; here it just has no password
        return None
    return found if found.get_backend_name() == "postgresql" else None


def carries_password(url: str) -> bool:
    found = parsed(url)
    return found is not None and bool(found.password)


def keyring_key(url: URL) -> str:
    """The keyring entry of a login, as the window's server dialog writes it ("user@host:port/database")."""
    return f"{url.username or ''}@{url.host or 'localhost'}:{url.port or DEFAULT_PORT}/{url.database or ''}"


def with_password(url: str, password: str) -> str:
    """The address with the password in it, for this process only (never printed, never in argv)."""
    found = make_url(url).set(password=password)
    return found.render_as_string(hide_password=False)


def password_file() -> Path:
    """libpq's password file: ``PGPASSFILE``, else ``~/.pgpass`` (``%APPDATA%\\postgresql\\pgpass.conf``)."""
    named = os.environ.get("PGPASSFILE")
    if named:
        return Path(named)
    if os.name == "nt":
        return Path(os.environ.get("APPDATA", "~")).expanduser() / "postgresql" / "pgpass.conf"
    return Path.home() / ".pgpass"


def _fields(line: str) -> list[str]:
    """One line of the password file: host:port:database:user:password, ``\\:`` and ``\\\\`` escaped."""
    fields: list[str] = []
    current, escaped = "", False
    for char in line:
        if escaped:
            current, escaped = current + char, False
        elif char == "\\":
            escaped = True
        elif char == ":" and len(fields) < 4:
            fields.append(current)
            current = ""
        else:
            current += char
    return [*fields, current]


def in_password_file(url: URL) -> bool:
    """Whether libpq will find this login's password in its password file (it then sends it itself)."""
    want = (url.host or "localhost", str(url.port or DEFAULT_PORT), url.database or "", url.username or "")
    try:
        lines = password_file().read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return False
    for line in lines:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = _fields(line)
        if len(fields) == 5 and all(f in ("*", w) for f, w in zip(fields[:4], want, strict=True)):
            return True
    return False


def from_keyring(url: URL) -> str | None:
    """The password the window remembered for this login (None: none, or no keyring on this system)."""
    try:
        import keyring

        found = keyring.get_password(KEYRING_SERVICE, keyring_key(url))
    except Exception:  # no keyring on this system (a bare Linux desk): nothing remembered
        return None
    return str(found) if found else None


def completed(url: str) -> str:
    """``url`` with the keyring's password added when it has none and libpq's password file has none either
    (the file is libpq's to read); otherwise ``url`` as it is."""
    found = parsed(url)
    if found is None or found.password or in_password_file(found):
        return url
    remembered = from_keyring(found)
    return with_password(url, remembered) if remembered else url
