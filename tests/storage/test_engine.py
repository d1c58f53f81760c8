"""storage.engine: the engine of a SQLite file (foreign keys on, a wait for locks, one moment per transaction)
and the refusal of an address no engine can be made for."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from tournament_desk.domain.errors import BadInput
from tournament_desk.storage.engine import make_engine, sqlite_url
from tournament_desk.storage.errors import FileTrouble, explain


def test_sqlite_url_names_the_file(tmp_path: Path) -> None:
    assert sqlite_url(tmp_path / "e.tdesk") == f"sqlite:///{tmp_path / 'e.tdesk'}"


def test_a_sqlite_connection_has_foreign_keys_and_the_busy_wait(tmp_path: Path) -> None:
    engine = make_engine(sqlite_url(tmp_path / "e.tdesk"), busy_seconds=2.5)
    try:
        with engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 2500
    finally:
        engine.dispose()


def test_a_sqlite_transaction_is_open_from_its_first_statement(tmp_path: Path) -> None:
    engine = make_engine(sqlite_url(tmp_path / "e.tdesk"))
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
            # the driver's connection is inside a transaction though nothing was written yet
            assert conn.connection.dbapi_connection.in_transaction  # type: ignore[union-attr]
            conn.rollback()
            assert not conn.connection.dbapi_connection.in_transaction  # type: ignore[union-attr]
    finally:
        engine.dispose()


@pytest.mark.parametrize("url", ["not a url", "nosuchdialect://x/y"])
def test_an_unusable_address_is_bad_input(url: str) -> None:
    with pytest.raises(BadInput, match="not a database address"):
        make_engine(url)


def test_the_refusal_leaves_out_the_credentials() -> None:
    with pytest.raises(BadInput) as caught:
        make_engine("nosuchdialect://director:secret@host/db")
    assert "secret" not in str(caught.value)
    assert "host/db" in str(caught.value)


def test_a_server_address_makes_a_server_engine_whose_refusal_is_explained() -> None:
    with socket.socket() as s:  # a loopback port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    engine = make_engine(f"postgresql+psycopg://director@127.0.0.1:{port}/event")
    try:
        assert engine.dialect.name == "postgresql"
        with pytest.raises(OperationalError) as caught, engine.connect():
            pass
    finally:
        engine.dispose()
    trouble = explain(caught.value, None)
    assert isinstance(trouble, FileTrouble) and "cannot be reached" in str(trouble)
