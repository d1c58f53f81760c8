"""storage.revisions: the head and the known revisions read from the migration scripts' text, and the
migrations run on a real file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect

from tournament_desk.storage import revisions


@pytest.fixture
def scripts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A migrations folder of the test's own scripts in place of the program's (the reading is cached)."""
    (tmp_path / "versions").mkdir()
    monkeypatch.setattr(revisions, "MIGRATIONS", tmp_path)
    revisions._revisions.cache_clear()
    yield tmp_path / "versions"
    revisions._revisions.cache_clear()


def script(folder: Path, revision: str, down: str | None) -> None:
    down_text = "None" if down is None else f'"{down}"'
    (folder / f"{revision}_x.py").write_text(
        f'"""x"""\nrevision = "{revision}"\ndown_revision = {down_text}\n', encoding="utf-8"
    )


def test_the_reading_agrees_with_alembic() -> None:
    alembic = ScriptDirectory.from_config(revisions.alembic_config())
    assert revisions.head_revision() == alembic.get_current_head()
    assert revisions.known_revisions() == {s.revision for s in alembic.walk_revisions()}


def test_the_head_is_the_revision_nothing_revises(scripts: Path) -> None:
    script(scripts, "0001", None)
    script(scripts, "0002", "0001")
    script(scripts, "0003", "0002")
    assert revisions.head_revision() == "0003"
    assert revisions.known_revisions() == {"0001", "0002", "0003"}


def test_two_heads_are_refused(scripts: Path) -> None:
    script(scripts, "0001", None)
    script(scripts, "0002", "0001")
    script(scripts, "0003", "0001")
    with pytest.raises(RuntimeError, match="2 heads"):
        revisions.head_revision()


def test_a_script_without_its_revision_is_refused(scripts: Path) -> None:
    (scripts / "0001_broken.py").write_text("revision = 1\ndown_revision = None\n", encoding="utf-8")
    with pytest.raises(RuntimeError, match=r"0001_broken\.py"):
        revisions.known_revisions()


@pytest.mark.slow
def test_upgrade_runs_the_migrations_up_to_the_revision_asked(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'e.tdesk'}")
    try:
        with engine.begin() as conn:
            revisions.upgrade(conn, "0003")
        with engine.connect() as conn:
            assert conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == "0003"
            assert "board" not in inspect(conn).get_table_names()  # the boards came with 0004
        with engine.begin() as conn:
            revisions.upgrade(conn)
        with engine.connect() as conn:
            version = conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
            assert version == revisions.head_revision()
            assert {"board", "undo_step", "live_table"} <= set(inspect(conn).get_table_names())
    finally:
        engine.dispose()
