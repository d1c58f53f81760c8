"""Where a services test keeps its events (issue 18): ``events`` creates them on the test's store — files under
``tmp_path``, or each a fresh PostgreSQL database (modules marked ``both_stores`` run on both; see
tests/conftest.py)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.postgres import Cluster
from tournament_desk.services import entrants as es
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import pair_next_round


class Events:
    def __init__(self, folder: Path, cluster: Cluster | None) -> None:
        self.folder = folder
        self.cluster = cluster
        self._numbers = itertools.count(1)

    def _where(self) -> tuple[Path | None, str | None]:
        if self.cluster is not None:
            return None, self.cluster.fresh_url()
        return self.folder / f"event-{next(self._numbers)}.tdesk", None

    def create(self, **settings: Any) -> Desk:
        """``create_tournament`` on this store."""
        path, url = self._where()
        return create_tournament(path, url=url, **settings)

    def demo(self, **settings: Any) -> Desk:
        """``create_demo`` on this store."""
        path, url = self._where()
        return create_demo(path, url=url, **settings)

    def paired(
        self, *, name: str, entrants: Sequence[str] = ("甲", "乙", "丙", "丁"), rounds: int = 3
    ) -> Desk:
        """A Swiss event of ``entrants``, drawn in that order, with round 1 paired."""
        desk = self.create(name=name, rounds=rounds)
        for entrant in entrants:
            es.add_entrant(desk, entrant)
        es.draw(desk, order=list(entrants))
        pair_next_round(desk)
        return desk

    def copy_of(self, path: Path) -> Desk:
        """A prepared tournament file, copied onto this store and opened."""
        from tournament_desk.services.transfer import move

        target, url = self._where()
        if url is not None:
            move(source_path=path, target_url=url)
            return Desk.open(url=url)
        assert target is not None
        target.write_bytes(path.read_bytes())
        return Desk.open(target)


@pytest.fixture
def events(tmp_path: Path, store: str, request: pytest.FixtureRequest) -> Events:
    return Events(tmp_path, request.getfixturevalue("postgres") if store == "postgres" else None)


def at_station(desk: Desk, name: str) -> Desk:
    """The same event opened by another station (its own connection)."""
    if desk.db.path is not None:
        return Desk.open(desk.db.path, station=name)
    return Desk.open(url=desk.db.engine.url.render_as_string(hide_password=False), station=name)


@pytest.fixture
def duplicate(events: Events) -> Iterator[Desk]:
    """A duplicate (复式) event of two teams, round 1 paired."""
    d = events.create(name="复式", scoring="duplicate", rounds=2)
    for name in ["甲队", "乙队"]:
        es.add_entrant(d, name, players="一,二,三,四")
    es.draw(d, order=["甲队", "乙队"])
    pair_next_round(d)
    yield d
    d.close()


@pytest.fixture
def mitchell(events: Events) -> Iterator[Desk]:
    """A Mitchell event of six pairs, two boards a round, round 1 paired."""
    d = events.create(name="牌套", format="mitchell", boards_per_round=2)
    names = [f"P{i}" for i in range(1, 7)]
    for name in names:
        es.add_entrant(d, name)
    es.draw(d, order=names)
    pair_next_round(d)
    yield d
    d.close()


@pytest.fixture
def four(events: Events) -> Iterator[Desk]:
    """A Swiss event of five rounds: four entrants, each of its own unit and two players, drawn in that order."""
    d = events.create(name="服务测试", rounds=5)
    for name, unit in [("甲", "A"), ("乙", "B"), ("丙", "C"), ("丁", "D")]:
        es.add_entrant(d, name, unit=unit, players="张三、李四")
    es.draw(d, order=["甲", "乙", "丙", "丁"])
    yield d
    d.close()


@pytest.fixture
def seven(events: Events) -> Iterator[Desk]:
    """A Swiss event of four rounds: seven entrants 队1…队7 of units A, A, B, B, C, C, D, not drawn."""
    d = events.create(name="草稿", rounds=4)
    for i, unit in enumerate("AABBCCD"):
        es.add_entrant(d, f"队{i + 1}", unit=unit)
    yield d
    d.close()


TEAMS = ["甲队", "乙队", "丙队", "丁队"]


@pytest.fixture
def teams(events: Events) -> Iterator[Desk]:
    """A duplicate (复式) event of three rounds: the four TEAMS, each of its own unit, drawn in that order."""
    d = events.create(name="复式测试", scoring="duplicate", rounds=3)
    for i, name in enumerate(TEAMS):
        es.add_entrant(d, name, unit=f"单位{i}", players=f"{name}1,{name}2,{name}3,{name}4")
    es.draw(d, order=TEAMS)
    yield d
    d.close()
