"""Fixtures the web tests share."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.events import public_event
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import pair_next_round


@pytest.fixture
def swiss(tmp_path: Path) -> Iterator[Desk]:
    """Four teams of a Swiss event, two rounds played."""
    desk = public_event(tmp_path / "s.tdesk")
    yield desk
    desk.close()


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """A Swiss event of four teams, round 1 paired (the server tests' file)."""
    path = tmp_path / "t.tdesk"
    with create_tournament(path, name="局域网", rounds=2) as desk:
        for name in ("甲", "乙", "丙", "丁"):
            es.add_entrant(desk, name)
        es.draw(desk, order=["甲", "乙", "丙", "丁"])
        pair_next_round(desk)
    return path
