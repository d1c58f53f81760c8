"""Migration 0014 (the chain of stages): a groups → knockout file of the previous release (schema 0013) opens,
gets its chain written, and plays its knockout on to the final exactly as an event that was never downgraded."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.storage.conftest import migrate
from tournament_desk.services.bracket import bracket_view
from tournament_desk.services.desk import Desk
from tournament_desk.services.entrants import add_entrant, draw
from tournament_desk.services.event import create_tournament, event_info
from tournament_desk.services.groups import draw_knockout
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import pair_next_round, round_view
from tournament_desk.services.standings import current_standings
from tournament_desk.storage import revisions
from tournament_desk.storage.opening import open_database

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)

NAMES = [f"队{i:02d}" for i in range(1, 17)]
STRENGTH = {name: i for i, name in enumerate(NAMES)}  # the lower number is the stronger


def play_round(desk: Desk, round_no: int) -> None:
    """The stronger side wins each table; in the knockout an upset on equal levels now and then (on stage)."""
    view = round_view(desk, round_no)
    for t in view.tables:
        if t.kind.has_result:
            continue
        home_better = STRENGTH[t.home] < STRENGTH[t.away]
        if round_no >= 4 and t.table == 2:  # the knockout's table 2: equal levels, the weaker side on stage
            record_result(desk, round_no, t.table, "J", "J", on_stage="away" if home_better else "home")
            continue
        margin = str(3 + (STRENGTH[t.home] + STRENGTH[t.away]) % 6)
        home, away = (str(int(margin) + 3), "3") if home_better else ("3", str(int(margin) + 3))
        record_result(desk, round_no, t.table, home, away)


def start(path: Path) -> None:
    """16 teams in four groups (a knockout of 8 with a third-place match): groups played, the knockout drawn, its
    first round played."""
    with create_tournament(path, name="升级杯", format="groups-knockout", third_place=True) as desk:
        for name in NAMES:
            add_entrant(desk, name)
        draw(desk, order=NAMES)
        for round_no in (1, 2, 3):
            pair_next_round(desk)
            play_round(desk, round_no)
        draw_knockout(desk, seed=24)
        pair_next_round(desk)
        play_round(desk, 4)


def finish(path: Path) -> dict[str, Any]:
    """The knockout played on to the final; what the event shows then."""
    with Desk.open(path) as desk:
        info = event_info(desk)
        assert (info.format, info.stage_formats) == ("groups-knockout", ("groups-knockout", "knockout"))
        for round_no in (5, 6):
            pair_next_round(desk)
            play_round(desk, round_no)
        standings = current_standings(desk)
        bracket = bracket_view(desk)
        assert bracket is not None
        return {
            "after_round": standings.after_round,
            "stage": standings.stage,
            "rows": [(r.rank, r.entrant.name, r.placing, r.group, r.qualified) for r in standings.rows],
            "bracket": [
                [(c.table, c.home, c.away, c.winner, c.on_stage, c.third_place) for c in cells]
                for cells in bracket.rounds
            ],
            "tables": [
                [(t.table, t.home, t.away, t.winner, t.on_stage) for t in round_view(desk, r).tables]
                for r in range(1, 7)
            ],
        }


def columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}


def test_a_groups_knockout_file_of_the_previous_release_plays_on_to_the_final(tmp_path: Path) -> None:
    old, fresh = tmp_path / "old.tdesk", tmp_path / "fresh.tdesk"
    start(fresh)
    shutil.copy(fresh, old)
    migrate(old, "0013", down=True)
    with sqlite3.connect(old) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone() == ("0013",)
        assert "stages_json" not in columns(conn, "tournament")
        assert not {"home_games", "away_games"} & columns(conn, "match")
        # What the previous release wrote is all there: two stages, the knockout's first round played.
        assert conn.execute("SELECT number, format FROM stage ORDER BY number").fetchall() == [
            (1, "groups-knockout"),
            (2, "knockout"),
        ]
        assert conn.execute(
            "SELECT count(*) FROM match WHERE round_no = 4 AND kind = 'played'"
        ).fetchone() == (4,)
        assert conn.execute("SELECT count(*) FROM match WHERE on_stage IS NOT NULL").fetchone() == (1,)

    open_database(old).close()  # migrates (after a backup)
    with sqlite3.connect(old) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone() == (
            revisions.head_revision(),
        )
        (chain,) = conn.execute("SELECT stages_json FROM tournament").fetchone()
        (written,) = sqlite3.connect(fresh).execute("SELECT stages_json FROM tournament").fetchone()
    assert (
        json.loads(chain)
        == json.loads(written)
        == [
            {"format": "groups-knockout", "advance": {"rule": "qualifiers"}},
            {"format": "knockout", "advance": {"rule": "everyone"}},
        ]
    )

    upgraded, never = finish(old), finish(fresh)
    assert upgraded == never
    # The event ran to its end: 1, 2, 3, 4 (a third-place match), 5–8, then the groups' others 9–16.
    assert upgraded["stage"] == "knockout" and upgraded["after_round"] == 6
    placings = [p for _, _, p, _, _ in upgraded["rows"]]
    assert placings == ["1", "2", "3", "4", *["5–8"] * 4, *["9–16"] * 8]
    assert sum(1 for cells in upgraded["tables"][3:] for t in cells if t[4] is not None) == 3  # on stage


def test_a_single_stage_file_gets_a_chain_of_one(tmp_path: Path) -> None:
    path = tmp_path / "rr.tdesk"
    with create_tournament(path, name="循环赛", format="round-robin") as desk:
        for name in NAMES[:4]:
            add_entrant(desk, name)
        pair_next_round(desk)
        play_round(desk, 1)
    migrate(path, "0013", down=True)
    open_database(path).close()
    with sqlite3.connect(path) as conn:
        (chain,) = conn.execute("SELECT stages_json FROM tournament").fetchone()
    assert json.loads(chain) == [{"format": "round-robin", "advance": {"rule": "everyone"}}]
    with Desk.open(path) as desk:
        assert pair_next_round(desk).round == 2
