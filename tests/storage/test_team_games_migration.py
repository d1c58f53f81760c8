"""Migration 0015 (team matches of pairs): a file of the previous release (schema 0014) opens, gains the empty
``pair_game`` and ``team_lineup`` tables and keeps every result it held; the schema guard accepts exactly the new
schema (and still refuses a file holding more); the tables' own rules hold."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from tests.storage.conftest import migrate
from tests.storage.test_schema_guard import sha, tamper
from tournament_desk.domain.team_match import PairGame
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results import team_views as tv
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.results.team_sheets import record_games
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.standings import current_standings
from tournament_desk.storage import models as m
from tournament_desk.storage import revisions, schema_guard
from tournament_desk.storage.errors import NotATournament, SameMoment
from tournament_desk.storage.opening import open_database

pytestmark = pytest.mark.slow  # each builds and migrates an event


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def swiss(path: Path) -> list[tuple[object, ...]]:
    """A Swiss event of four pairs with round 1 played; its standings."""
    with create_tournament(path, name="升级赛", rounds=3) as desk:
        for name in ("甲", "乙", "丙", "丁"):
            es.add_entrant(desk, name)
        es.draw(desk, order=["甲", "乙", "丙", "丁"])
        pair_next_round(desk)
        record_result(desk, 1, 1, "J", "8")
        record_result(desk, 1, 2, "9", "9")
        return [(r.rank, r.entrant.name, r.mp, r.vp) for r in current_standings(desk).rows]


def test_a_file_of_the_previous_release_migrates_and_keeps_its_results(tmp_path: Path) -> None:
    path = tmp_path / "old.tdesk"
    before = swiss(path)
    migrate(path, "0014", down=True)
    assert not {"pair_game", "team_lineup"} & tables(path)
    assert schema_guard.inspect_file(path, revisions.known_revisions()) == schema_guard.Inspection(
        "0014", None
    )

    open_database(path).close()  # migrates (after a backup)
    assert {"pair_game", "team_lineup"} <= tables(path)
    assert schema_guard.inspect_file(path, revisions.known_revisions()) == schema_guard.Inspection(
        revisions.head_revision(), None
    )
    with Desk.open(path) as desk:
        assert [(r.rank, r.entrant.name, r.mp, r.vp) for r in current_standings(desk).rows] == before
        with desk.db.transaction() as session:
            assert session.scalars(select(m.PairGame)).all() == []
        pair_next_round(desk)  # the event plays on


def team_event(path: Path) -> None:
    with create_tournament(path, name="团体赛", format="round-robin", scoring="team-match", pairs=3) as desk:
        for name in ("甲队", "乙队", "丙队", "丁队"):
            es.add_entrant(desk, name)
        es.draw(desk, order=["甲队", "乙队", "丙队", "丁队"])
        pair_next_round(desk)
        record_games(desk, 1, 1, [PairGame(1, 9, 7), PairGame(2, 7, 9), PairGame(3, absent="away")])


def test_a_file_with_extra_objects_on_the_new_tables_is_still_refused(tmp_path: Path) -> None:
    path = tmp_path / "team.tdesk"
    team_event(path)
    tamper(
        path, ["CREATE TRIGGER g AFTER INSERT ON pair_game BEGIN UPDATE pair_game SET absent = 'home'; END"]
    )
    before = sha(path)
    with pytest.raises(NotATournament, match="it holds a trigger 'g' on table 'pair_game'"):
        open_database(path)
    assert sha(path) == before


def test_the_pair_game_table_keeps_its_rules(tmp_path: Path) -> None:
    path = tmp_path / "team.tdesk"
    team_event(path)
    with Desk.open(path) as desk:
        assert tv.team_sheet(desk, 1, 1).home_won == 2
        # game 1 again (the unique key: reported as a clash of two stations), no game 10, no level 16, …
        for fields in ({"game_no": 1}, {"game_no": 10}, {"game_no": 4, "home_level": 16, "away_level": 2},
                       {"game_no": 4, "declarer": "north"}, {"game_no": 4, "absent": "north"}):  # fmt: skip
            with pytest.raises((IntegrityError, SameMoment)), desk.db.transaction(write=True) as session:
                session.add(m.PairGame(match_id=1, **fields))
        with desk.db.transaction(write=True) as session:  # a match deleted takes its games with it
            session.delete(session.get(m.Match, 1))
        with desk.db.transaction() as session:
            assert session.scalars(select(m.PairGame)).all() == []
