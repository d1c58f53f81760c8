"""The demo event (services/demo.py): a filled-in tournament to try the desk on."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput
from tournament_desk.services import entrants as es
from tournament_desk.services.demo import create_demo
from tournament_desk.services.standings import current_standings

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.mark.slow
def test_demo_event(events: Events) -> None:
    with events.demo(entrants=30, units=8, played=4, seed=3) as d:
        people = es.list_entrants(d)
        assert (
            len(people) == 30 and len({e.name for e in people}) == 30 and len({e.unit for e in people}) == 8
        )
        assert all("\u4e00" <= e.name[0] <= "\u9fff" and len(e.players) == 4 for e in people)
        result = current_standings(d)
        assert result.after_round == 4 and result.complete
        assert sum(r.played for r in result.rows) == 30 * 4


def test_demo_refuses_an_existing_file(tmp_path: Path) -> None:
    path = tmp_path / "x.tdesk"
    path.write_text("keep me")
    with pytest.raises(BadInput, match="already exists"):
        create_demo(path)
    assert path.read_text() == "keep me"
