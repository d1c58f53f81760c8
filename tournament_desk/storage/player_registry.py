"""The registry of players on this computer (issue 30): every person the director has met, across events.

One SQLite file in the user-data folder (``userdata.data_dir() / "players.sqlite"``), through SQLAlchemy like the
tournament files: a transaction per change, so two windows remembering players at once cannot tear it, and a
registry of thousands of people is read in milliseconds. It is a side file, not an event: its small schema is
created by the models (no Alembic) and marked with ``PRAGMA user_version``; a file marked by a newer version is
refused rather than changed.

``known_player`` is a person (``uid``: the same uid as the ``player`` rows of every event linked to them);
``known_spelling`` each other way the director confirmed they are written (a unit's short name, a typo), so that
the next sign-up sheet that writes them so links them without asking; ``known_merge`` the registry's journal of
two records found to be one person (the record merged away keeps its uid there, so events linked to it still
find the person); ``known_event`` the events a person was remembered from.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

from sqlalchemy import ForeignKey, Integer, MetaData, String, UniqueConstraint, create_engine, event
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from tournament_desk.domain.errors import BadInput
from tournament_desk.storage.models import NAMING
from tournament_desk.userdata import data_dir

FILE_NAME = "players.sqlite"
VERSION = 2  # 2: known_merge and known_event (a file of version 1 gains them when next opened)


class RegistryBase(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class KnownPlayer(RegistryBase):
    __tablename__ = "known_player"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    uid: Mapped[str] = mapped_column(String(32), unique=True)
    name: Mapped[str] = mapped_column(String(200))
    unit: Mapped[str | None] = mapped_column(String(200))
    ident: Mapped[str | None] = mapped_column(String(40))
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]


class KnownSpelling(RegistryBase):
    __tablename__ = "known_spelling"
    __table_args__ = (UniqueConstraint("player_id", "name", "unit"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("known_player.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(200))
    unit: Mapped[str | None] = mapped_column(String(200))


class KnownMerge(RegistryBase):
    """The registry's own journal of merges: the record ``uid`` (as it was: name, unit, ident) became part of
    ``player_id``, when, at which station, why. Events linked to ``uid`` still find their person through it."""

    __tablename__ = "known_merge"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("known_player.id", ondelete="CASCADE"))
    uid: Mapped[str] = mapped_column(String(32), unique=True)
    name: Mapped[str] = mapped_column(String(200))
    unit: Mapped[str | None] = mapped_column(String(200))
    ident: Mapped[str | None] = mapped_column(String(40))
    at: Mapped[datetime]
    station: Mapped[str] = mapped_column(String(100))
    reason: Mapped[str | None] = mapped_column(String(500))


class KnownEvent(RegistryBase):
    """An event a person was remembered from (its name as it was then)."""

    __tablename__ = "known_event"
    __table_args__ = (UniqueConstraint("player_id", "name"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("known_player.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(200))


def registry_path() -> Path:
    return data_dir() / FILE_NAME


def _version(path: Path) -> int:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
        return int(connection.execute("PRAGMA user_version").fetchone()[0])


@contextmanager
def registry_session(*, write: bool = False, path: Path | None = None) -> Iterator[Session | None]:
    """One transaction on the registry; ``None`` to a reader when there is no registry yet (nothing is created
    by reading). A writer creates the file and its tables on first use."""
    path = path or registry_path()
    if not path.exists() and not write:
        yield None
        return
    found = VERSION
    if path.exists():
        try:
            found = _version(path)
        except sqlite3.DatabaseError:
            raise BadInput("'{path}' is not a players' registry.", path=str(path)) from None
        if found > VERSION:
            raise BadInput("The players' registry '{path}' was written by a newer version of the program.",
                           path=str(path))  # fmt: skip
    path.parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(f"sqlite:///{path}")

    @event.listens_for(engine, "connect")
    def _pragmas(connection: sqlite3.Connection, _record: object) -> None:
        connection.execute("PRAGMA foreign_keys = ON")

    try:
        if write or (path.exists() and found < VERSION):  # created, or an older file given its new tables
            with engine.begin() as connection:
                RegistryBase.metadata.create_all(connection)
                connection.exec_driver_sql(f"PRAGMA user_version = {VERSION}")
        with Session(engine, expire_on_commit=False) as session, session.begin():
            yield session
    finally:
        engine.dispose()
