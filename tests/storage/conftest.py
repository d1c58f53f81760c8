"""Helpers of the storage tests: a tournament file taken to an older schema revision, as that version left it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from alembic import command
from sqlalchemy import Connection, create_engine, text

from tournament_desk.storage import revisions


@contextmanager
def at_revision(path: Path, revision: str, *, down: bool = False) -> Iterator[Connection]:
    """The file at `path` upgraded (or taken back down) to `revision`; its connection, in the same
    transaction, for rows that version would have written."""
    engine = create_engine(f"sqlite:///{path}")
    try:
        with engine.begin() as conn:
            cfg = revisions.alembic_config()
            cfg.attributes["connection"] = conn
            (command.downgrade if down else command.upgrade)(cfg, revision)
            yield conn
    finally:
        engine.dispose()


def migrate(path: Path, revision: str, *, down: bool = False) -> None:
    """The file at `path` upgraded (or taken back down) to `revision`, nothing else written."""
    with at_revision(path, revision, down=down):
        pass


@contextmanager
def old_file(path: Path, revision: str) -> Iterator[Connection]:
    """A new tournament file built by the migrations up to `revision` only, marked as ours; its connection."""
    with at_revision(path, revision) as conn:
        conn.execute(text("INSERT INTO meta VALUES ('application', 'tournament-desk')"))
        yield conn
