"""The schema's revisions: the migration scripts (``migrations/versions``), read without Alembic to know the head
and every known revision, and run with Alembic when a database is created or migrated.

Opening a file needs only the head revision; reading it from the scripts' text spares every command the import of
Alembic (and of every migration script) unless a migration is actually due. tests/cli/test_import_floor.py checks
that this agrees with Alembic's own reading.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from alembic.config import Config
    from sqlalchemy.engine import Connection

MIGRATIONS = Path(__file__).with_name("migrations")
_REVISION = re.compile(r'^revision = "([^"]+)"$', re.MULTILINE)
_DOWN_REVISION = re.compile(r'^down_revision = (?:None|"([^"]+)")$', re.MULTILINE)


def alembic_config() -> Config:
    from alembic.config import Config  # only when a database is created or migrated

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


def upgrade(connection: Connection, revision: str = "head") -> None:
    """Run the migrations up to ``revision`` on ``connection`` (inside its transaction)."""
    from alembic import command

    cfg = alembic_config()
    cfg.attributes["connection"] = connection
    command.upgrade(cfg, revision)


def revision_graph(versions: Path, pattern: str) -> dict[str, str | None]:
    """Each migration script's revision and the one it revises, read from the text of the scripts in ``versions``
    whose names match ``pattern`` (a tournament file's and a series file's migrations are read alike)."""
    graph: dict[str, str | None] = {}
    for script in sorted(versions.glob(pattern)):
        text = script.read_text(encoding="utf-8")
        revision, down = _REVISION.search(text), _DOWN_REVISION.search(text)
        if revision is None or down is None:
            raise RuntimeError(f"cannot read the revision of the migration script {script.name}")
        graph[revision.group(1)] = down.group(1)
    return graph


def single_head(graph: dict[str, str | None], what: str) -> str:
    """The one revision no other revises (``what`` names the scripts in the error when there is not one)."""
    heads = set(graph) - {down for down in graph.values() if down is not None}
    if len(heads) != 1:
        raise RuntimeError(f"{what} have {len(heads)} heads, not one")
    return heads.pop()


@cache
def _revisions() -> dict[str, str | None]:
    return revision_graph(MIGRATIONS / "versions", "[0-9]*.py")


def head_revision() -> str:
    return single_head(_revisions(), "the migration scripts")


def known_revisions() -> set[str]:
    """Every revision this version's migrations know (a file at another one is from a newer version)."""
    return set(_revisions())
