"""storage.transfer: an event moved between a file and a server, every row checked, the source left as it was,
and a target that failed removed again."""

from __future__ import annotations

import hashlib
import sqlite3
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import select

from tests.postgres import Cluster
from tournament_desk.storage import models as m
from tournament_desk.storage import transfer
from tournament_desk.storage.database import Database
from tournament_desk.storage.errors import NotATournament
from tournament_desk.storage.opening import create_database, open_database
from tournament_desk.storage.transfer import copy_event, move_event


def event_file(path: Path, entrants: int = 5) -> Path:
    database = create_database(path)
    try:
        fill(database, entrants)
    finally:
        database.close()
    return path


def fill(database: Database, entrants: int) -> None:
    with database.transaction(write=True) as s:
        s.add_all([m.Entrant(name=f"队{i}", created_at=datetime(2026, 1, 1)) for i in range(entrants)])
        s.add(m.Audit(at=datetime(2026, 1, 1), station="A", action="entrant.add"))


def names(database: Database) -> list[str]:
    with database.transaction() as s:
        return list(s.scalars(select(m.Entrant.name).order_by(m.Entrant.id)))


@pytest.mark.slow
def test_a_file_moves_to_a_new_file_in_batches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(transfer, "BATCH", 2)  # several INSERTs per table
    source = event_file(tmp_path / "a.tdesk")
    before = hashlib.sha256(source.read_bytes()).hexdigest()
    counts = move_event(source_path=source, target_path=tmp_path / "b.tdesk")
    assert counts["entrant"] == 5 and counts["audit"] == 1 and counts["meta"] == 1
    assert hashlib.sha256(source.read_bytes()).hexdigest() == before
    target = open_database(tmp_path / "b.tdesk")
    try:
        assert names(target) == [f"队{i}" for i in range(5)]
    finally:
        target.close()


@pytest.mark.slow
def test_copy_event_replaces_what_the_target_held(tmp_path: Path) -> None:
    source, target = create_database(tmp_path / "a.tdesk"), create_database(tmp_path / "b.tdesk")
    try:
        fill(source, 2)
        fill(target, 4)
        assert copy_event(source, target)["entrant"] == 2
        assert names(target) == names(source)
    finally:
        source.close()
        target.close()


@pytest.mark.slow
def test_a_target_file_that_fails_is_removed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(source: Database, target: Database) -> dict[str, int]:
        raise OSError("the disk went away")

    monkeypatch.setattr(transfer, "copy_event", broken)
    source = event_file(tmp_path / "a.tdesk")
    with pytest.raises(OSError, match="went away"):
        move_event(source_path=source, target_path=tmp_path / "b.tdesk")
    assert not (tmp_path / "b.tdesk").exists()


def test_a_source_holding_more_than_data_is_refused_before_the_target_is_made(tmp_path: Path) -> None:
    source = event_file(tmp_path / "a.tdesk")
    tampered = sqlite3.connect(source)
    tampered.execute("CREATE VIEW v AS SELECT * FROM entrant")
    tampered.commit()
    tampered.close()
    with pytest.raises(NotATournament, match="view 'v'"):
        move_event(source_path=source, target_path=tmp_path / "b.tdesk")
    assert not (tmp_path / "b.tdesk").exists()


@pytest.mark.system
def test_a_file_moves_to_a_server_and_back_and_new_ids_continue(tmp_path: Path, postgres: Cluster) -> None:
    url = postgres.fresh_url()
    move_event(source_path=event_file(tmp_path / "a.tdesk"), target_url=url)
    server = open_database(url=url)
    try:
        with server.transaction(write=True) as s:
            s.add(m.Entrant(name="新队", created_at=datetime(2026, 1, 2)))
        with server.transaction() as s:
            assert s.scalar(select(m.Entrant.id).where(m.Entrant.name == "新队")) == 6
    finally:
        server.close()
    counts = move_event(source_url=url, target_path=tmp_path / "back.tdesk")
    assert counts["entrant"] == 6
    back = open_database(tmp_path / "back.tdesk")
    try:
        assert names(back) == [*(f"队{i}" for i in range(5)), "新队"]
    finally:
        back.close()
