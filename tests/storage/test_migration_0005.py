"""Migration 0005 (stages) upgrades a Swiss file made by the previous version, which then plays on unchanged."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from tests.storage.conftest import migrate
from tournament_desk.services.desk import Desk
from tournament_desk.services.entrants import add_entrant
from tournament_desk.services.event import create_tournament, event_info
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.standings import current_standings
from tournament_desk.storage import revisions
from tournament_desk.storage.opening import open_database

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


def a_file_at_0004(tmp_path: Path) -> Path:
    """A Swiss event of four entrants with round 1 played, written by schema 0004 (the previous version)."""
    path = tmp_path / "old.tdesk"
    with create_tournament(path, name="老版本比赛", rounds=3) as desk:
        for name in ("甲", "乙", "丙", "丁"):
            add_entrant(desk, name)
        pair_next_round(desk)
        record_result(desk, 1, 1, "Q", "9")
        record_result(desk, 1, 2, "8", "8")
    # Take the schema back to 0004 the way that version left it: no stage table, no rest column.
    migrate(path, "0004", down=True)
    return path


def test_a_swiss_file_from_the_previous_version_upgrades_and_plays_on(tmp_path: Path) -> None:
    path = a_file_at_0004(tmp_path)
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone() == ("0004",)
        assert not conn.execute("SELECT name FROM sqlite_master WHERE name = 'stage'").fetchall()
    untouched = tmp_path / "copy.tdesk"
    shutil.copy(path, untouched)
    db = open_database(path)  # upgrades (after a backup)
    db.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone() == (
            revisions.head_revision(),
        )
        assert conn.execute("SELECT number, format, settings_json FROM stage").fetchall() == [
            (1, "swiss", "{}")
        ]
        assert conn.execute("SELECT stage_no, bye_state FROM round").fetchall() == [(1, "bye")]
        try:
            conn.execute("UPDATE match SET kind = 'bogus' WHERE table_no = 1")
        except sqlite3.IntegrityError:
            pass
        else:
            raise AssertionError("the kind check was lost in the upgrade")
    with Desk.open(path) as desk:
        info = event_info(desk)
        assert (info.format, info.adjustable, info.scheduled) == ("swiss", True, False)
        before = [(r.entrant.name, r.mp, r.vp) for r in current_standings(desk).rows]
        assert before[0] == ("甲", 3.0, 13.0)
        view = pair_next_round(desk)
        assert len(view.tables) == 2 and view.bye is None
        for t in view.tables:
            record_result(desk, 2, t.table, "10", "9")
        assert current_standings(desk).after_round == 2
