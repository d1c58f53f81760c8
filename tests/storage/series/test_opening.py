"""A series file (rules.md §13): made by its own migrations, the models equal to them, reopened as it was; anything
that is no series file (a tournament file above all) refused with one sentence and left byte for byte as it was."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text

from tournament_desk.domain.errors import BadInput
from tournament_desk.i18n import render
from tournament_desk.services.event import create_tournament
from tournament_desk.storage.series.models import SERIES_MARKER, SeriesBase
from tournament_desk.storage.series.opening import (
    create_series_file,
    head_revision,
    open_series_file,
    series_revision,
)


def made(path: Path) -> Path:
    create_series_file(path).close()
    return path


def test_the_models_are_what_the_migrations_make(tmp_path: Path) -> None:
    db = create_series_file(tmp_path / "s.tdseries")
    with db.engine.begin() as conn:
        assert compare_metadata(MigrationContext.configure(conn), SeriesBase.metadata) == []
        assert (
            conn.execute(text("SELECT value FROM meta WHERE key = 'application'")).scalar() == SERIES_MARKER
        )
    db.close()


def test_a_series_file_reopens_at_the_head_revision(tmp_path: Path) -> None:
    path = made(tmp_path / "s.tdseries")
    assert series_revision(path) == head_revision()
    db = open_series_file(path)
    with db.transaction(write=True) as session:
        session.execute(text("INSERT INTO meta VALUES ('note', 'x')"))
    db.close()
    assert series_revision(path) == head_revision()


def refused(path: Path) -> str:
    before = path.read_bytes() if path.exists() else None
    with pytest.raises(BadInput) as caught:
        open_series_file(path)
    assert (path.read_bytes() if path.exists() else None) == before
    sentence = render(caught.value)
    assert sentence.count(".") >= 1 and "\n" not in sentence
    return sentence


def test_what_is_no_series_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    event = tmp_path / "e.tdesk"
    create_tournament(event, name="赛").close()
    assert "tournament file, not a series file" in refused(event)
    text_file = tmp_path / "notes.tdseries"
    text_file.write_text("hello", encoding="utf-8")
    assert "not a series file" in refused(text_file)
    assert "no series file" in refused(tmp_path / "none.tdseries")
    other = tmp_path / "other.sqlite"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.commit()
    assert "not a series file" in refused(other)


def test_a_file_holding_code_or_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = made(tmp_path / "s.tdseries")
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TRIGGER sneaky AFTER INSERT ON merge BEGIN DELETE FROM merge; END")
    assert "trigger" in refused(path)
    newer = made(tmp_path / "n.tdseries")
    with sqlite3.connect(newer) as conn:
        conn.execute("UPDATE alembic_version SET version_num = 's9999'")
    assert "newer version" in refused(newer)


def test_a_new_series_file_never_overwrites(tmp_path: Path) -> None:
    path = made(tmp_path / "s.tdseries")
    before = path.read_bytes()
    with pytest.raises(BadInput):
        create_series_file(path)
    assert path.read_bytes() == before
    with pytest.raises(BadInput):
        create_series_file(tmp_path / "no-folder" / "s.tdseries")
