"""A series file's models (rules.md §13): the series and its rule, its member events, the confirmed merges of
spellings, and its audit trail. One series per file; the schema is made and changed only by the migrations in
``storage/series/migrations`` (these models describe the head revision)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Integer, MetaData, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from tournament_desk.storage.models import NAMING

SERIES_MARKER = "tournament-desk-series"
SUFFIX = ".tdseries"


class SeriesBase(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class SeriesMeta(SeriesBase):
    """Key/value facts about the file (which application wrote it)."""

    __tablename__ = "meta"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class Series(SeriesBase):
    """The series and its rule (one row)."""

    __tablename__ = "series"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    points_json: Mapped[str] = mapped_column(Text)  # the points of places 1, 2, 3 … as a JSON list
    best: Mapped[int | None] = mapped_column(Integer)
    min_events: Mapped[int] = mapped_column(Integer)
    per: Mapped[str] = mapped_column(String(16))  # "entrant" or "unit"
    created_at: Mapped[datetime]


class Member(SeriesBase):
    """A member event: a tournament file (its path as given, and absolute) or a server database's URL (without a
    password), the name it had and the fingerprint of its final places when last confirmed."""

    __tablename__ = "member"
    __table_args__ = (UniqueConstraint("source"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    source: Mapped[str] = mapped_column(Text)  # the absolute path, or the URL
    is_url: Mapped[bool]
    name: Mapped[str] = mapped_column(String(200))
    fingerprint: Mapped[str] = mapped_column(String(64))
    added_at: Mapped[datetime]


class Merge(SeriesBase):
    """A confirmed merge: ``other`` counts as ``keep`` (keys of ``domain.series_names``)."""

    __tablename__ = "merge"
    __table_args__ = (UniqueConstraint("other"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    keep: Mapped[str] = mapped_column(Text)
    other: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime]


class SeriesAudit(SeriesBase):
    """Who changed the series, when, what (old and new values as JSON) and why."""

    __tablename__ = "audit"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime]
    station: Mapped[str] = mapped_column(String(100))
    action: Mapped[str] = mapped_column(String(40))
    old: Mapped[str | None] = mapped_column(Text)
    new: Mapped[str | None] = mapped_column(Text)
    reason: Mapped[str | None] = mapped_column(Text)
