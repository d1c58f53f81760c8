"""Migration 0016 (players as records, issue 30): a file of the previous release, whose entrants keep their
players as one line of names, opens with one player per entrant and position, agreeing with that line; the
schema guard accepts exactly the new schema; going back down keeps every line."""

from __future__ import annotations

import sqlite3
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import text

from tests.storage.conftest import migrate, old_file
from tournament_desk.services import entrants as es
from tournament_desk.services import players as ps
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.storage import models as m
from tournament_desk.storage import revisions, schema_guard
from tournament_desk.storage.opening import open_database

pytestmark = pytest.mark.slow  # each builds and migrates an event


def rows(path: Path, query: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        return list(conn.execute(query))


def links(path: Path) -> list[tuple[object, ...]]:
    """(entrant, position, player's name, unit, ident) in order."""
    return rows(path, "SELECT e.name, l.position, p.name, p.unit, p.ident FROM entrant_player l "
                      "JOIN entrant e ON e.id = l.entrant_id JOIN player p ON p.id = l.player_id "
                      "ORDER BY e.id, l.position")  # fmt: skip


def lines_agree(path: Path) -> None:
    """Each entrant's line of names is its players' names in order."""
    for entrant_id, line in rows(path, "SELECT id, players FROM entrant"):
        names = [r[0] for r in rows(path, "SELECT p.name FROM entrant_player l JOIN player p ON p.id = l.player_id "
                                          f"WHERE l.entrant_id = {entrant_id} ORDER BY l.position")]  # fmt: skip
        assert ",".join(map(str, names)) == line


def test_the_lines_of_the_previous_release_become_players(tmp_path: Path) -> None:
    path = tmp_path / "old.tdesk"
    with old_file(path, "0015") as conn:  # as release 0015 wrote them: names in normal form joined by ","
        for i, (name, unit, players) in enumerate(
            [("甲队", "北京大学", "张三,李四"), ("乙队", "北京大学", "张三,王五"), ("丙队", None, ""),
             ("丁队", "复旦", "赵六")], start=1):  # fmt: skip
            conn.execute(
                text("INSERT INTO entrant (id, name, unit, players, draw_no, created_at) "
                     "VALUES (:id, :name, :unit, :players, :id, '2026-11-01 09:00:00')"),
                {"id": i, "name": name, "unit": unit, "players": players},
            )  # fmt: skip
    open_database(path).close()  # migrates (after a backup)
    assert schema_guard.inspect_file(path, revisions.known_revisions()) == schema_guard.Inspection(
        revisions.head_revision(), None
    )
    assert links(path) == [
        ("甲队", 1, "张三", "北京大学", None),
        ("甲队", 2, "李四", "北京大学", None),
        ("乙队", 1, "张三", "北京大学", None),  # the same name and unit in another entrant: another person
        ("乙队", 2, "王五", "北京大学", None),
        ("丁队", 1, "赵六", "复旦", None),
    ]
    uids = [str(r[0]) for r in rows(path, "SELECT uid FROM player")]
    assert len(set(uids)) == 5 and all(len(u) == 32 for u in uids)
    lines_agree(path)
    with Desk.open(path) as desk:  # the event goes on: a player kept by a correction keeps their record
        before = {p.name: p.uid for p in ps.list_players(desk) if p.entrant == "甲队"}
        es.update_entrant(desk, 1, name="甲队", unit="北京大学", players="张三,李斯")
        after = {p.name: p.uid for p in ps.list_players(desk) if p.entrant == "甲队"}
    assert after["张三"] == before["张三"] and "李四" not in after
    lines_agree(path)


def test_going_back_down_keeps_every_line_and_coming_up_again_rebuilds_the_players(tmp_path: Path) -> None:
    path = tmp_path / "new.tdesk"
    with create_tournament(path, name="升级赛", rounds=3) as desk:
        es.add_entrant(desk, "甲队", unit="北京大学", players="张三、李四")
        es.add_entrant(desk, "乙队", unit="复旦", players="王五,赵六")
        ps.set_ident(desk, 1, "1234")
        with desk.db.transaction(write=True) as session:  # a proposal the director refused
            session.add(m.PlayerApart(player_id=2, known_uid="f" * 32, created_at=datetime(2026, 11, 27)))
    assert rows(path, "SELECT player_id, known_uid FROM player_apart") == [(2, "f" * 32)]
    lines = rows(path, "SELECT name, players FROM entrant ORDER BY id")
    migrate(path, "0015", down=True)
    tables = {r[0] for r in rows(path, "SELECT name FROM sqlite_master")}
    assert not {"player", "entrant_player", "player_apart"} & tables
    assert schema_guard.inspect_file(path, revisions.known_revisions()) == schema_guard.Inspection(
        "0015", None
    )
    assert rows(path, "SELECT name, players FROM entrant ORDER BY id") == lines == [
        ("甲队", "张三,李四"), ("乙队", "王五,赵六")]  # fmt: skip
    open_database(path).close()
    assert [r[:3] for r in links(path)] == [("甲队", 1, "张三"), ("甲队", 2, "李四"), ("乙队", 1, "王五"),
                                            ("乙队", 2, "赵六")]  # fmt: skip
    lines_agree(path)
    with Desk.open(path) as desk:  # new players after the migrated ones: their ids follow on
        es.add_entrant(desk, "丙队", players="钱七")
        assert [p.id for p in ps.list_players(desk) if p.entrant == "丙队"] == [5]
