"""Small events for the live-entry tests: a groups-then-knockout cup at its knockout, and a Mitchell event."""

from __future__ import annotations

import random
from pathlib import Path

from tournament_desk.services import entrants as es
from tournament_desk.services import groups
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round


def play_groups(desk: Desk, rng: random.Random) -> None:
    """Pair and play every group round (random levels), then record any lot the groups need."""
    while True:
        view = pair_next_round(desk)
        for t in view.tables:
            rs.record_result(desk, view.round, t.table, rng.randint(2, 14), rng.randint(2, 14))
        stage = groups.group_stage(desk)
        if all(g.complete for g in stage.groups):
            break
    for g in stage.groups:
        if g.lot_needed:
            groups.record_lot(desk, g.name, g.lot_needed)


def make_cup(path: Path) -> int:
    """8 teams in two groups, the groups played, the knockout drawn and its first round (2 tables) paired;
    returns that round's number."""
    with create_tournament(path, name="淘汰杯", format="groups-knockout") as desk:
        for i in range(1, 9):
            es.add_entrant(desk, f"队{i}")
        es.draw(desk, seed=1)
        play_groups(desk, random.Random(1))
        groups.draw_knockout(desk, seed=3)
        return pair_next_round(desk).round


def make_teams(path: Path) -> Desk:
    """Four teams, duplicate scoring with the default six boards; round 1 paired (2 tables)."""
    desk = create_tournament(path, name="复式", scoring="duplicate", rounds=3)
    for name in ("甲", "乙", "丙", "丁"):
        es.add_entrant(desk, name, players="张三、李四、王五、赵六")
    es.draw(desk, order=["甲", "乙", "丙", "丁"])
    pair_next_round(desk)
    return desk


def make_pairs(path: Path, tables: int = 3) -> Desk:
    """A Mitchell event of ``tables`` tables (odd), 2 boards a round, round 1 paired (left open)."""
    desk = create_tournament(path, name="牌套赛", format="mitchell", boards_per_round=2)
    for i in range(2 * tables):
        es.add_entrant(desk, f"金秋{i}队")
    es.draw(desk, seed=7)
    pair_next_round(desk)
    return desk


TEAMS = ["甲队", "乙队", "丙队", "丁队"]


def public_event(path: Path, fmt: str = "swiss", played: int = 2) -> Desk:
    """Four teams of a Swiss (or ``fmt``) event, ``played`` rounds played; round 2 turns the order round."""
    desk = create_tournament(path, name="春季升级赛", format=fmt, rounds=3) if fmt == "swiss" else (
        create_tournament(path, name="春季升级赛", format=fmt))  # fmt: skip
    for name in TEAMS:
        es.add_entrant(desk, name, players="张三、李四" if name == "甲队" else "")
    es.draw(desk, order=TEAMS)
    levels = [[("A", "2"), ("Q", "9")], [("2", "A"), ("3", "K")]]  # round 2 turns the order round
    for n in range(played):
        view = pair_next_round(desk)
        for i, t in enumerate(view.tables):
            home, away = levels[n % 2][i % 2]
            rs.record_result(desk, view.round, t.table, home, away)
    return desk
