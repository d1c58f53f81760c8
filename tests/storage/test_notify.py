"""storage.notify: what a committed transaction wrote, told to the database's listeners, and on a server the
NOTIFY every other station's listening connection receives."""

from __future__ import annotations

import select
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import update

from tests.postgres import Cluster
from tournament_desk.storage import models as m
from tournament_desk.storage.database import Database
from tournament_desk.storage.notify import AuditMark, Written, listen
from tournament_desk.storage.opening import create_database

pytestmark = pytest.mark.both_stores


@pytest.fixture
def db(tmp_path: Path, store: str, request: pytest.FixtureRequest) -> Iterator[Database]:
    if store == "postgres":
        database = create_database(url=request.getfixturevalue("postgres").fresh_url())
    else:
        database = create_database(tmp_path / "e.tdesk")
    try:
        yield database
    finally:
        database.close()


def told(db: Database) -> list[Written]:
    seen: list[Written] = []
    db.on_commit.append(seen.append)
    return seen


def audit(action: str, **where: int) -> m.Audit:
    return m.Audit(at=datetime(2026, 1, 1), station="A", action=action, **where)


def test_an_empty_written_is_false() -> None:
    assert not Written()
    assert Written(tables=frozenset({"match"}))


def test_a_commit_tells_its_audit_entries_and_tables(db: Database) -> None:
    seen = told(db)
    with db.transaction(write=True) as s:
        s.add(m.Entrant(name="E1", created_at=datetime(2026, 1, 1)))
        s.add(audit("entrant.add", entrant_id=1))
        s.flush()
        s.add(audit("round.pair", round_no=1, table_no=3))
    assert len(seen) == 1
    assert seen[0].tables == {"entrant", "audit"}
    assert [(a.action, a.round_no, a.table_no, a.entrant_id) for a in seen[0].audit] == [
        ("entrant.add", None, None, 1),
        ("round.pair", 1, 3, None),
    ]
    assert all(isinstance(a, AuditMark) for a in seen[0].audit)
    assert seen[0].audit[0].id < seen[0].audit[1].id


def test_changed_and_bulk_updated_rows_name_their_tables(db: Database) -> None:
    with db.transaction(write=True) as s:
        s.add(m.Entrant(name="E1", created_at=datetime(2026, 1, 1)))
        s.add(m.Round(number=1, paired_at=datetime(2026, 1, 1)))
    seen = told(db)
    with db.transaction(write=True) as s:
        s.get(m.Entrant, 1).unit = "Club"  # type: ignore[union-attr]
        s.execute(update(m.Round).values(published=True))
    assert seen == [Written((), frozenset({"entrant", "round"}))]


def test_a_read_or_a_write_that_changed_nothing_tells_nobody(db: Database) -> None:
    with db.transaction(write=True) as s:
        s.add(m.Entrant(name="E1", created_at=datetime(2026, 1, 1)))
    seen = told(db)
    with db.transaction() as s:
        s.get(m.Entrant, 1)
    with db.transaction(write=True) as s:
        s.get(m.Entrant, 1).unit = None  # type: ignore[union-attr]  # as it was: no change
    assert seen == []


def test_a_rolled_back_transaction_tells_nobody(db: Database) -> None:
    seen = told(db)
    with pytest.raises(ZeroDivisionError), db.transaction(write=True) as s:
        s.add(audit("x"))
        s.flush()
        _ = 1 / 0
    assert seen == []
    with db.transaction(write=True) as s:
        s.add(m.Entrant(name="E2", created_at=datetime(2026, 1, 1)))
    assert seen == [Written((), frozenset({"entrant"}))]  # nothing of the rolled-back one carried over


def test_a_file_has_no_listener(tmp_path: Path) -> None:
    database = create_database(tmp_path / "e.tdesk")
    try:
        assert listen(database.engine) is None
    finally:
        database.close()


def test_a_server_notifies_the_new_audit_high_water_id(postgres: Cluster) -> None:
    writer = create_database(url=postgres.fresh_url())
    listener = listen(writer.engine)
    assert listener is not None
    try:
        with writer.transaction(write=True) as s:
            s.add(m.Entrant(name="E1", created_at=datetime(2026, 1, 1)))  # no audit entry: no NOTIFY
        with writer.transaction(write=True) as s:
            s.add_all([audit("a"), audit("b")])
        with writer.transaction() as s:
            highest = max(a.id for a in s.query(m.Audit))
        ready, _, _ = select.select([listener], [], [], 10)  # the socket a window's notifier watches
        assert ready == [listener]
        assert listener.poll() == [highest]
        assert listener.poll() == []
    finally:
        listener.close()
        writer.close()
