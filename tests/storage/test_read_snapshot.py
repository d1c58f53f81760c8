"""A read transaction is one moment of the event (issue 25): what another desk saves while it reads is not seen
until it ends, so a printout or a page never mixes the event before and after a result. On a file the other
desk's save waits for the read to end (and then goes through); on a server it goes through at once, and the
read keeps its snapshot. A read transaction writes nothing, and a write never hides inside one."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import round_view
from tournament_desk.storage import models as m
from tournament_desk.storage.database import WriteInRead

pytestmark = pytest.mark.both_stores


@pytest.fixture
def where(tmp_path: Path, store: str, request: pytest.FixtureRequest) -> dict[str, Any]:
    """The event's place on the test's store: a file, or a fresh database on the server."""
    if store == "postgres":
        return {"url": request.getfixturevalue("postgres").fresh_url()}
    return {"path": tmp_path / "e.tdesk"}


def levels(desk: Desk) -> tuple[object, object]:
    table = round_view(desk, 1).tables[0]
    return table.home_level, table.away_level


@pytest.mark.slow
def test_a_read_sees_one_moment_while_another_desk_saves(where: dict[str, Any]) -> None:
    with (
        create_demo(where.get("path"), url=where.get("url"), entrants=8, played=1) as reader,
        Desk.open(where.get("path"), url=where.get("url"), station="B", busy_seconds=120) as writer,
    ):
        before = levels(reader)
        new = (14, 2) if before != (14, 2) else (13, 3)  # A:2, else K:3
        failed: list[BaseException] = []

        def save() -> None:
            try:
                record_result(writer, 1, 1, *new)
            except BaseException as exc:  # the thread's failure, for the test to show
                failed.append(exc)

        saving = threading.Thread(target=save)
        with reader.db.transaction():
            assert levels(reader) == before
            saving.start()
            saving.join(timeout=None if reader.db.is_server else 2)
            if not reader.db.is_server:  # the file's save waits for this read (busy_timeout), not fails
                assert saving.is_alive()
            assert levels(reader) == before  # the same moment for the read's whole life
        saving.join()
        assert failed == []
        assert levels(reader) == new  # the next read sees the save


def test_a_read_transaction_refuses_to_write(where: dict[str, Any]) -> None:
    with create_demo(where.get("path"), url=where.get("url"), entrants=4, played=0) as desk:
        with pytest.raises(WriteInRead), desk.db.transaction() as session:
            session.add(m.Meta(key="note", value="written while reading"))
        with pytest.raises(WriteInRead), desk.db.transaction():
            record_result(desk, 1, 1, "A", "2")  # a write action inside a read one
        with desk.db.transaction() as session:
            assert session.get(m.Meta, "note") is None
