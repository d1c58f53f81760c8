"""Migration 0004 (duplicate boards) upgrades a file of revision 0003 and keeps its results."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text

from tests.storage.conftest import old_file
from tournament_desk.storage import revisions
from tournament_desk.storage.opening import open_database


@pytest.mark.slow
def test_a_file_at_revision_0003_gets_the_board_tables_and_keeps_its_results(tmp_path: Path) -> None:
    path = tmp_path / "event.tdesk"
    with old_file(path, "0003") as conn:
        for i, name in ((1, "东风队"), (2, "红旗队")):
            conn.execute(
                text(
                    "INSERT INTO entrant (name, players, draw_no, created_at) VALUES (:n, '', :i, '2026-01-01')"
                ),
                {"n": name, "i": i},
            )
        conn.execute(text("INSERT INTO round (number, published, paired_at) VALUES (1, 1, '2026-01-01')"))
        conn.execute(
            text(
                "INSERT INTO match (round_no, table_no, home_id, away_id, relaxed, kind, home_level, away_level,"
                " home_mp, away_mp, home_vp, away_vp) VALUES (1, 1, 1, 2, '', 'played', 12, 9, 3, 0, 13, 7)"
            )
        )
    db = open_database(path)
    with db.engine.begin() as conn:
        assert (
            conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
            == revisions.head_revision()
        )
        row = conn.execute(text("SELECT kind, home_level, home_vp, away_vp, xmp, locked FROM match")).one()
        assert tuple(row) == ("played", 12, 13, 7, None, 0)
        conn.execute(text("INSERT INTO board VALUES (0, 1, 9, 'N', 'S')"))
        conn.execute(
            text(
                "INSERT INTO board_result (match_id, board_no, room, defenders_points, penalty_ns, penalty_ew)"
                " VALUES (1, 1, 'open', 85, 0, 20)"
            )
        )
    db.close()
    with sqlite3.connect(path) as conn:
        for bad in (
            "INSERT INTO board VALUES (0, 2, 15, 'N', 'S')",
            "INSERT INTO board VALUES (0, 2, 9, 'X', 'S')",
            "INSERT INTO board_result (match_id, board_no, room, defenders_points, penalty_ns, penalty_ew)"
            " VALUES (1, 1, 'open', 90, 0, 0)",
            "INSERT INTO board_result (match_id, board_no, room, defenders_points, penalty_ns, penalty_ew)"
            " VALUES (1, 2, 'kitchen', 90, 0, 0)",
        ):
            try:
                conn.execute(bad)
            except sqlite3.IntegrityError:
                continue
            raise AssertionError(f"accepted: {bad}")
