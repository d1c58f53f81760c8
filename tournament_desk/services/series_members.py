"""Reading a member event of a series (rules.md §13) without changing it: its name, whether it is over, and each
entrant's final places from the event's own standings (``services.standings.current_standings``: a knockout's
placing, a round robin's or Swiss table, the groups then the knockout, a Mitchell direction's ranking).

A file is opened through a read-only connection (SQLite ``mode=ro``): nothing is written, no journal rolled back,
no migration run. A file of an older revision is copied into memory and the copy migrated there. A server's
database is read in a read-only transaction and must be at this program's revision (it is upgraded by opening it
in Tournament Desk, which this reading never does).
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import NullPool, StaticPool

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.series import shared_places
from tournament_desk.domain.series_names import entrant_key
from tournament_desk.domain.standings import StandingRow
from tournament_desk.services.desk import Desk, tournament
from tournament_desk.services.logins import completed
from tournament_desk.services.players_registry import uid_aliases
from tournament_desk.services.stages import current_stage, event_chain
from tournament_desk.services.standings import current_standings
from tournament_desk.storage import models as m
from tournament_desk.storage.database import Database
from tournament_desk.storage.engine import make_engine
from tournament_desk.storage.errors import BUSY_SECONDS, NotATournament, StorageError, explain, server_name
from tournament_desk.storage.models import APP_MARKER
from tournament_desk.storage.revisions import head_revision, known_revisions, upgrade
from tournament_desk.storage.schema_guard import inspect_file, read_only
from tournament_desk.storage.series.models import SERIES_MARKER

_PLACING = re.compile(r"^(\d+)(?:\s*[–—-]\s*(\d+))?$")
READER = "series"  # the station name of a reading desk (it writes nothing, so it is never recorded)


@dataclass(frozen=True)
class MemberPlace:
    """One entrant's final places ``first``–``last`` in a member event; ``pool``: the ranking they are places
    of (a Mitchell direction), "" for the whole event."""

    name: str
    unit: str
    first: int
    last: int
    pool: str = ""


@dataclass(frozen=True)
class MemberRead:
    name: str
    final: bool  # every round played and in: the places are final
    after_round: int  # the standings' round (0: no round complete yet, no places)
    places: tuple[MemberPlace, ...]
    fingerprint: str  # changes when the name, the places or whether they are final change


def read_member(source: str, *, is_url: bool, busy_seconds: float = BUSY_SECONDS) -> MemberRead:
    """Read a member event; raises a ``TournamentError`` (one sentence) when it cannot be read as one."""
    opener = _open_url if is_url else _open_file
    with opener(source, busy_seconds) as desk, desk.db.transaction() as session:
        t = tournament(session)
        stage = current_stage(session)
        last_stage = stage.number >= len(event_chain(session))
        standings = current_standings(desk)
        final = (
            standings.complete
            and last_stage
            and t.rounds_planned is not None
            and standings.after_round >= t.rounds_planned
        )
        places = final_places(standings.rows) if standings.after_round > 0 else ()
        return MemberRead(t.name, final, standings.after_round, places, fingerprint(t.name, final, places))


def final_places(rows: Sequence[StandingRow]) -> tuple[MemberPlace, ...]:
    """Each row's places: its placing where the format gives one ("3–4"), else its rank with the rows sharing it;
    within its direction where the format ranks by direction (Mitchell)."""
    pools: dict[str, list[StandingRow]] = {}
    for r in rows:
        pools.setdefault(r.direction or "", []).append(r)
    out: list[MemberPlace] = []
    for pool, members in pools.items():
        ranges = shared_places([r.rank for r in members])
        for r, (first, last) in zip(members, ranges, strict=True):
            found = _PLACING.match(r.placing or "")
            if found is not None:
                first = int(found.group(1))
                last = int(found.group(2) or first)
            out.append(MemberPlace(r.entrant.name, r.entrant.unit or "", first, max(first, last), pool))
    return tuple(out)


def member_players(
    source: str, *, is_url: bool, busy_seconds: float = BUSY_SECONDS
) -> list[tuple[str, frozenset[str]]]:
    """Each entrant of a member event (its key, ``series_names.entrant_key``) with its players' uids, the uids
    the registry of players on this computer merged into another record counted as that record's (issue 30).
    Read like ``read_member``: nothing is written."""
    aliases = uid_aliases()
    query = (
        select(m.Entrant.name, m.Entrant.unit, m.Player.uid)
        .join(m.EntrantPlayer, m.EntrantPlayer.entrant_id == m.Entrant.id)
        .join(m.Player, m.Player.id == m.EntrantPlayer.player_id)
        .order_by(m.Entrant.id, m.EntrantPlayer.position)
    )
    teams: dict[str, set[str]] = {}
    opener = _open_url if is_url else _open_file
    with opener(source, busy_seconds) as desk, desk.db.transaction() as session:
        for name, unit, uid in session.execute(query):
            teams.setdefault(entrant_key(name, unit), set()).add(aliases.get(uid, uid))
    return [(key, frozenset(uids)) for key, uids in teams.items()]


def fingerprint(name: str, final: bool, places: Sequence[MemberPlace]) -> str:
    text = json.dumps(
        [name, final, sorted((p.pool, p.first, p.last, p.name, p.unit) for p in places)], ensure_ascii=False
    )
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def refuse_series_file(path: Path) -> None:
    """A series file given where a tournament belongs gets its own sentence."""
    try:
        connection = read_only(path, 0)
        try:
            marker = connection.execute("SELECT value FROM meta WHERE key = 'application'").fetchone()
        finally:
            connection.close()
    except sqlite3.Error:
        return
    if marker is not None and marker[0] == SERIES_MARKER:
        raise NotATournament(
            "'{path}' is a series file, not a tournament: a series adds tournament files.", path=str(path)
        )


def _listen(engine: Engine, busy_seconds: float) -> Engine:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # BEGIN comes from the listener below: one read, one moment
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout={int(busy_seconds * 1000)}")
        cursor.close()

    def on_begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN")

    event.listen(engine, "connect", on_connect)
    event.listen(engine, "begin", on_begin)
    return engine


@contextmanager
def _reading(engine: Engine, path: Path | None) -> Iterator[Desk]:
    desk = Desk(Database(engine, path), READER)
    try:
        yield desk
    finally:
        desk.close()


@contextmanager
def _open_file(source: str, busy_seconds: float) -> Iterator[Desk]:
    path = Path(source)
    if not path.is_file():
        raise NotATournament("There is no tournament file at '{path}'.", path=source)
    with path.open("rb") as fh:
        if fh.read(16) != b"SQLite format 3\x00":
            raise NotATournament("'{path}' is not a Tournament Desk file.", path=source)
    try:
        inspection = inspect_file(path, known_revisions(), busy_seconds)
    except sqlite3.Error as exc:
        raise _trouble(exc, path, busy_seconds) from exc
    if inspection is None:
        refuse_series_file(path)
        raise NotATournament(
            "'{path}' is not a Tournament Desk file, or one saved by a newer version.", path=source
        )
    if inspection.finding is not None:
        raise NotATournament(
            "'{path}' is not a tournament file this program wrote: {found}. Nothing was opened or changed.",
            path=source,
            found=inspection.finding,
        )
    connect: Callable[[], sqlite3.Connection] = lambda: read_only(path, busy_seconds)  # noqa: E731
    if inspection.revision == head_revision():
        engine = _listen(create_engine("sqlite://", creator=connect, poolclass=NullPool), busy_seconds)
    else:
        engine = _migrated_copy(path, busy_seconds)
    try:
        with _reading(engine, path) as desk:
            yield desk
    except (sqlite3.Error, SQLAlchemyError) as exc:
        raise _trouble(exc, path, busy_seconds) from exc


def _migrated_copy(path: Path, busy_seconds: float) -> Engine:
    """An older file, copied into memory and migrated there: read with what this program can do, unchanged."""
    memory = sqlite3.connect(":memory:", check_same_thread=False)
    try:
        source = read_only(path, busy_seconds)
        try:
            source.backup(memory)
        finally:
            source.close()
    except sqlite3.Error as exc:
        memory.close()
        raise _trouble(exc, path, busy_seconds) from exc
    engine = _listen(create_engine("sqlite://", creator=lambda: memory, poolclass=StaticPool), busy_seconds)
    try:
        with engine.begin() as connection:
            upgrade(connection)
    except (sqlite3.Error, SQLAlchemyError) as exc:
        engine.dispose()
        raise _trouble(exc, path, busy_seconds) from exc
    return engine


def _trouble(exc: BaseException, path: Path, busy_seconds: float) -> BadInput:
    found = explain(exc, path, busy_seconds)
    if found is not None and isinstance(found, BadInput):
        return found
    return StorageError(
        "'{path}' cannot be read now (damaged, or a change to it was cut off): open it in Tournament Desk first.",
        path=str(path),
    )


@contextmanager
def _open_url(url: str, busy_seconds: float) -> Iterator[Desk]:
    # The series file keeps no password: libpq's password file, else the one the window remembered in the
    # keyring for this login (as for any --db), else the server refuses and the member is named unreadable.
    engine = make_engine(completed(url), busy_seconds)
    where = server_name(engine.url)
    try:
        with engine.connect() as connection:
            versions = connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalars().all()
            marker = connection.exec_driver_sql("SELECT value FROM meta WHERE key = 'application'").scalar()
    except SQLAlchemyError as exc:
        engine.dispose()
        trouble = explain(exc, None, busy_seconds, server=where)
        if trouble is not None:
            raise trouble from exc
        raise NotATournament("'{path}' is not a Tournament Desk file.", path=where) from exc
    if marker != APP_MARKER or len(versions) != 1:
        engine.dispose()
        raise NotATournament("'{path}' is not a Tournament Desk file.", path=where)
    if versions[0] != head_revision():
        engine.dispose()
        raise StorageError(
            "The event at '{server}' was saved by another version of Tournament Desk; open it in this version "
            "first.",
            server=where,
        )
    with _reading(engine, None) as desk:
        yield desk
