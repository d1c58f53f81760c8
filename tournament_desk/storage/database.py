"""Opening, creating, migrating and backing up a tournament database.

One tournament lives in one SQLite file (or, with a URL, in a PostgreSQL database). Opening a file checks
that it is a tournament file at all, that it is intact, that this version can read it, and that it holds data
only: its schema exactly the one this program writes, no trigger, view or anything else (``schema_guard``,
read-only, before anything is written); an older schema is migrated after a backup copy is taken, so a failed
migration never costs a director the event.
Automatic backups go to the user's data folder (``userdata.backup_folder``: one subfolder per tournament
file), not beside the file, so the folder a director mails or copies holds just the tournament.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, create_engine, event, insert, inspect, select, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DatabaseError, IntegrityError, OperationalError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from tournament_desk.domain.errors import BadInput, TournamentError
from tournament_desk.storage.holders import describe, file_holders
from tournament_desk.storage.models import APP_MARKER, Meta
from tournament_desk.storage.notify import Listener, Written, after_bulk, after_flush, finish, listen
from tournament_desk.storage.schema_guard import inspect_file
from tournament_desk.userdata import backup_folder

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).with_name("migrations")
_REVISION = re.compile(r'^revision = "([^"]+)"$', re.MULTILINE)
_DOWN_REVISION = re.compile(r'^down_revision = (?:None|"([^"]+)")$', re.MULTILINE)


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


BUSY_SECONDS = 5  # how long the window waits for another program's lock (the CLI waits longer: --wait)


def _newest_backups(path: Path, count: int = 3) -> str:
    folder = backup_folder(path)
    found = (
        sorted(folder.glob(f"{path.stem}-*"), key=lambda p: p.stat().st_mtime, reverse=True)
        if folder.is_dir()
        else []
    )
    return "; ".join(str(p) for p in found[:count]) or "—"


def explain(exc: BaseException, path: Path | None, seconds: float = BUSY_SECONDS) -> TournamentError | None:
    """The sentence for a database error the director can act on (None: not one of those).

    ``seconds``: how long this connection waited for another program's lock before giving up."""
    where = str(path) if path is not None else "the database"
    orig = getattr(exc, "orig", None) or exc
    text = str(orig).lower()
    if isinstance(orig, PermissionError) or "readonly" in text or "read-only" in text:
        return FileTrouble(
            "'{path}' cannot be written: the file or its folder is read-only. Make it writable, or copy it to a "
            "folder you can write to, and try again; nothing was changed.",
            path=where,
        )
    if "disk is full" in text or "no space" in text or "disk i/o error" in text:
        return FileTrouble(
            "The disk that holds '{path}' is full (or failed to write). Free some space and try again; nothing "
            "was changed.",
            path=where,
        )
    if "locked" in text or "busy" in text:
        holders = describe(file_holders(path)) if path is not None else ""
        if holders:
            return FileInUse(
                "'{path}' is in use by {holders}, which did not let go within {seconds} seconds. Close that "
                "program (or let it finish), then try again; nothing was changed.",
                path=where,
                holders=holders,
                seconds=f"{seconds:g}",
            )
        return FileInUse(
            "'{path}' is in use by another program or window, which did not let go within {seconds} seconds. "
            "Close it, or wait a moment, and try again; nothing was changed.",
            path=where,
            seconds=f"{seconds:g}",
        )
    if path is None and any(
        sign in text
        for sign in ("connection refused", "could not connect", "connection failed", "does not exist",
                     "authentication failed", "no password supplied", "could not translate host name",
                     "timeout expired")
    ):  # fmt: skip
        return FileTrouble(
            "The database server cannot be reached or refused the login ({detail}). Check the server's address, "
            "the database name, the user and the password; nothing was changed.",
            detail=str(orig).strip().splitlines()[0][:160] if str(orig).strip() else type(orig).__name__,
        )
    if "unable to open" in text:
        return FileTrouble(
            "'{path}' cannot be opened: check that it still exists and that you may read and write it.",
            path=where,
        )
    if isinstance(exc, IntegrityError) and "unique" in text:
        return SameMoment(
            "Another station made the same change at the same moment; nothing was changed here. Look again and "
            "retry."
        )
    if "malformed" in text or "not a database" in text:
        return StorageError(
            "'{path}' is damaged and cannot be read; open a backup copy (the newest: {backups}).",
            path=where,
            backups=_newest_backups(path) if path is not None else "—",
        )
    return None


def _alembic_config() -> Config:
    from alembic.config import Config  # only when a database is created or migrated

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


@cache
def _revisions() -> dict[str, str | None]:
    """Each migration's revision and the one it revises, read from the scripts' text.

    Opening a file needs only the head revision; reading it this way spares every command the
    import of Alembic (and of every migration script) unless a migration is actually due.
    tests/storage checks that this agrees with Alembic's own reading.
    """
    graph: dict[str, str | None] = {}
    for script in sorted((MIGRATIONS / "versions").glob("[0-9]*.py")):
        text = script.read_text(encoding="utf-8")
        revision, down = _REVISION.search(text), _DOWN_REVISION.search(text)
        if revision is None or down is None:
            raise RuntimeError(f"cannot read the revision of the migration script {script.name}")
        graph[revision.group(1)] = down.group(1)
    return graph


def head_revision() -> str:
    graph = _revisions()
    heads = set(graph) - {down for down in graph.values() if down is not None}
    if len(heads) != 1:
        raise RuntimeError(f"the migration scripts have {len(heads)} heads, not one")
    return heads.pop()


def _known_revisions() -> set[str]:
    return set(_revisions())


def known_revisions() -> set[str]:
    """Every revision this version's migrations know (a file at another one is from a newer version)."""
    return _known_revisions()


def _sqlite_pragmas(busy_seconds: float) -> Any:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        # A scoring desk shares the file with nobody else; WAL would leave -wal/-shm files that break
        # "copy the file, mail it". busy_timeout lets a second window wait rather than fail.
        cursor.execute(f"PRAGMA busy_timeout={int(busy_seconds * 1000)}")
        cursor.close()

    return on_connect


CONNECT_SECONDS = 5  # a server that does not answer is reported after this long, not waited for forever


def make_engine(url: str, busy_seconds: float = BUSY_SECONDS) -> Engine:
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    try:
        parsed = make_url(url)
        options = {"connect_timeout": CONNECT_SECONDS} if parsed.get_backend_name() == "postgresql" else {}
        engine = create_engine(parsed, connect_args=options)
    except (ArgumentError, NoSuchModuleError, ValueError) as exc:
        raise BadInput(
            "'{url}' is not a database address this program can use: write it as "
            "postgresql+psycopg://user@host:5432/database.",
            url=url.rpartition("@")[2] if "@" in url else url,
        ) from exc
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas(busy_seconds))
    return engine


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


WRITE_LOCK_KEY = 0x7D35_6B01  # PostgreSQL's advisory lock that every writing action of an event takes


class Database:
    """An open tournament database: hands out one session per user action."""

    def __init__(self, engine: Engine, path: Path | None, busy_seconds: float = BUSY_SECONDS) -> None:
        self.engine = engine
        self.path = path
        self.busy_seconds = busy_seconds  # how long an action waits for another program's lock
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        event.listen(self._sessions, "after_flush", after_flush)
        event.listen(self._sessions, "do_orm_execute", after_bulk)
        # Told what each committed (outermost) transaction wrote; services.changes makes it "what changed".
        self.on_commit: list[Callable[[Written], None]] = []
        self._open = threading.local()  # the transaction under way in this thread (nested ones join it)
        self.last_backup_failed: str | None = None  # the folder a backup could not be written to
        self.rolled_back = False  # an interrupted change was rolled back as the file opened

    @contextmanager
    def transaction(self, *, write: bool = False) -> Iterator[Session]:
        """One user action: everything inside commits together or not at all.

        ``write``: the action changes what it reads (a table's result, a round): it takes the database's
        write lock before reading, so a second station writing the same table waits, and each reads the
        other's result as its "old value" (the audit trail stays truthful; issue 15). Read-only actions do
        not, so they never queue behind each other.

        A database error the director can act on (read-only, disk full, locked, a simultaneous change at
        another station) becomes its sentence; the transaction is rolled back either way.

        Called inside another transaction of the same thread, it joins that one (one action that calls
        several services, e.g. a step and its undo journal entry, commits once or not at all).
        """
        outer: Session | None = getattr(self._open, "session", None)
        if outer is not None:
            if write and not self._open.write:
                self._lock(outer)
                self._open.write = True
            yield outer
            return
        written = Written()
        try:
            with self._sessions.begin() as session:
                if write:
                    self._lock(session)
                self._open.session, self._open.write = session, write
                try:
                    yield session
                    written = finish(session, server=self.is_server)
                finally:
                    self._open.session = None
        except (SQLAlchemyError, sqlite3.Error) as exc:
            trouble = explain(exc, self.path, self.busy_seconds)
            if trouble is None:
                raise
            raise trouble from exc
        if written:
            for told in list(self.on_commit):
                told(written)

    @property
    def is_server(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    def listen(self) -> Listener | None:
        """A connection told of every station's commits (a server only; None for a file)."""
        return listen(self.engine)

    def _lock(self, session: Session) -> None:
        if self.engine.dialect.name == "sqlite":
            # Any write statement takes SQLite's RESERVED lock; this one changes nothing.
            session.execute(text("UPDATE meta SET value = value WHERE 0"))
        elif self.engine.dialect.name == "postgresql":
            # The same on a server: one writer at a time, from before it reads until it commits
            # (a transaction-level advisory lock; read-only actions never wait for it).
            session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": WRITE_LOCK_KEY})

    def backup(self, label: str) -> Path | None:
        """Copy the database into its backup folder (``userdata.backup_folder``) with SQLite's backup API.

        Written under a temporary name and renamed once complete and checked, so a backup named like a good
        one is always good. A folder that cannot be written is no reason to stop the director: the copy is
        skipped and None returned, for the caller to say so.
        """
        if self.path is None:
            return None
        folder = backup_folder(self.path)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
        target = folder / f"{self.path.stem}-{label}-{stamp}{self.path.suffix or '.tdesk'}"
        partial = target.with_name(f".{target.name}.partial")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            backup_sqlite(self.path, partial)
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
            self.last_backup_failed = str(folder)
            return None
        return target

    def close(self) -> None:
        self.engine.dispose()


def backup_sqlite(source: Path, target: Path) -> None:
    src = sqlite3.connect(source)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()


def _upgrade(connection: Connection) -> None:
    cfg = _alembic_config()
    cfg.attributes["connection"] = connection
    from alembic import command

    command.upgrade(cfg, "head")


def create_database(path: Path | None = None, url: str | None = None) -> Database:
    """Create an empty tournament database at ``path`` (which must not exist) or ``url``."""
    if path is not None:
        if path.exists():
            raise NotATournament("'{path}' already exists; choose a new file name.", path=str(path))
        if not path.parent.exists():
            raise NotATournament("The folder '{folder}' does not exist.", folder=str(path.parent))
        url = sqlite_url(path)
    assert url is not None
    engine = make_engine(url)
    try:
        with engine.begin() as connection:
            if inspect(connection).get_table_names():
                raise NotATournament("That database is not empty; Tournament Desk needs an empty one.")
            _upgrade(connection)
            connection.execute(insert(Meta), [{"key": "application", "value": APP_MARKER}])
    except BaseException:
        engine.dispose()
        if path is not None:
            path.unlink(missing_ok=True)
        raise
    return Database(engine, path)


def open_database(
    path: Path | None = None, url: str | None = None, *, busy_seconds: float = BUSY_SECONDS
) -> Database:
    """Open an existing tournament; migrate an older schema after a backup; refuse anything else.

    ``busy_seconds``: how long each action waits for another program that holds the file (a reader keeps a
    writer from committing) before it gives up with a sentence naming that program."""
    if path is not None:
        if not path.is_file():
            raise NotATournament("There is no tournament file at '{path}'.", path=str(path))
        with path.open("rb") as fh:
            header = fh.read(16)
        if header != b"SQLite format 3\x00":
            raise NotATournament("'{path}' is not a Tournament Desk file.", path=str(path))
        url = sqlite_url(path)
    assert url is not None
    # A hot journal beside the file: the last change was cut off (a full disk, a crash) and SQLite rolls it
    # back as the file opens; the director is told.
    journal = path.with_name(path.name + "-journal") if path is not None else None
    interrupted = journal is not None and journal.is_file() and journal.stat().st_size > 0
    # The schema is checked read-only before any connection that could write opens the file; a hot journal
    # (a read-only connection cannot roll it back) has it checked after SQLite has rolled it back.
    checked = _guard(path, busy_seconds, strict=False) if path is not None else None
    engine = make_engine(url, busy_seconds)
    try:
        _check_and_migrate(engine, path, busy_seconds, checked)
        if path is not None:
            _leave_wal(engine)
    except BaseException:
        engine.dispose()
        raise
    database = Database(engine, path, busy_seconds)
    database.rolled_back = interrupted and not (
        journal is not None and journal.is_file() and journal.stat().st_size
    )
    return database


def _leave_wal(engine: Engine) -> None:
    """A file another tool switched to WAL goes back to a plain journal: the -wal and -shm files are
    checkpointed into it and removed, so the tournament stays one file to copy or mail."""
    with engine.connect() as connection:
        mode = connection.exec_driver_sql("PRAGMA journal_mode").scalar()
        if str(mode).lower() == "wal":
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
            connection.exec_driver_sql("PRAGMA journal_mode=DELETE")


def _guard(path: Path, busy_seconds: float, *, strict: bool) -> str | None:
    """Refuse a file whose schema is not exactly this program's at its revision (``schema_guard``), reading it
    through a read-only connection; returns the revision checked.

    None: not checked here, for the identity checks to speak (no tournament file, a revision from a newer
    version) or, unless ``strict``, because it could not be read read-only (a hot journal to roll back
    first, damage: checked again once the identity checks have passed)."""
    try:
        inspection = inspect_file(path, _known_revisions(), busy_seconds)
    except sqlite3.Error as exc:
        trouble = explain(exc, path, busy_seconds)
        if isinstance(trouble, FileInUse):  # waited long enough already: not once more for the next check
            raise trouble from exc
        if not strict:
            return None
        if trouble is not None:
            raise trouble from exc
        raise StorageError(
            "'{path}' is damaged and cannot be read; open a backup copy.", path=str(path)
        ) from exc
    if inspection is None:
        if strict:
            raise NotATournament("'{path}' is not a Tournament Desk file.", path=str(path))
        return None
    if inspection.finding is not None:
        raise NotATournament(
            "'{path}' is not a tournament file this program wrote: {found}. Nothing was opened or changed.",
            path=str(path),
            found=inspection.finding,
        )
    return inspection.revision


def _check_and_migrate(
    engine: Engine, path: Path | None, busy_seconds: float = BUSY_SECONDS, checked: str | None = None
) -> None:
    """``checked``: the revision at which ``_guard`` found the file's schema to be the program's."""
    where = str(path) if path is not None else "that database"
    try:
        with engine.connect() as connection:
            if engine.dialect.name == "sqlite":
                status = connection.exec_driver_sql("PRAGMA quick_check").scalar()
                if status != "ok":
                    raise StorageError(
                        "'{path}' is damaged ({detail}); open a backup copy (the newest: {backups}).",
                        path=where,
                        detail=str(status)[:200],
                        backups=_newest_backups(path) if path is not None else "—",
                    )
            tables = set(inspect(connection).get_table_names())
            if "meta" not in tables or "alembic_version" not in tables:
                raise NotATournament("'{path}' is not a Tournament Desk file.", path=where)
            marker = connection.execute(select(Meta.value).where(Meta.key == "application")).scalar()
            if marker != APP_MARKER:
                raise NotATournament("'{path}' is not a Tournament Desk file.", path=where)
            versions = connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalars().all()
            current = versions[0] if len(versions) == 1 else None
    except (DatabaseError, OperationalError) as exc:
        trouble = explain(exc, path, busy_seconds)
        if trouble is not None:
            raise trouble from exc
        raise StorageError("'{path}' is damaged and cannot be read; open a backup copy.", path=where) from exc
    if current not in _known_revisions():
        raise StorageError(
            "'{path}' was saved by a newer version of Tournament Desk; update the program to open it.",
            path=where,
        )
    if path is not None and (checked is None or checked != current):
        _guard(path, busy_seconds, strict=True)  # not checked before the identity checks (a hot journal)
    if current == head_revision():
        return
    if path is not None:
        folder = backup_folder(path)
        folder.mkdir(parents=True, exist_ok=True)
        backup_sqlite(path, folder / f"{path.stem}-before-upgrade-{current}{path.suffix}")
    with engine.begin() as connection:
        _upgrade(connection)
