"""Migration 0006 gives every entrant of an older file its stored pinyin sort key."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.storage.conftest import migrate
from tournament_desk.domain.sorting import sort_key
from tournament_desk.services.entrants import add_entrant
from tournament_desk.services.event import create_tournament
from tournament_desk.storage.opening import open_database

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


def test_an_older_file_gets_its_sort_keys(tmp_path: Path) -> None:
    path = tmp_path / "old.tdesk"
    with create_tournament(path, name="排序") as desk:
        for name in ("复旦十队", "复旦二队", "重庆队"):
            add_entrant(desk, name)
    migrate(path, "0005", down=True)
    open_database(path).close()
    with sqlite3.connect(path) as conn:
        stored = dict(conn.execute("SELECT name, sort_key FROM entrant").fetchall())
    assert stored == {name: sort_key(name) for name in stored}
    assert sorted(stored, key=lambda n: stored[n]) == ["重庆队", "复旦二队", "复旦十队"]
