"""The event itself (services/event.py): creating it, its rules, what it says of itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.rules import Award
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament, event_info, update_rules
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def test_rules_change_only_before_round_one(seven: Desk) -> None:
    rules = event_info(seven).rules
    changed = type(rules)(**{**rules.__dict__, "forfeit_win": Award(3, 13)})
    update_rules(seven, changed, reason="本赛规程")
    assert event_info(seven).rules.forfeit_win == Award(3, 13)
    pair_next_round(seven)
    with pytest.raises(BadInput, match="cannot change"):
        update_rules(seven, rules)


def test_database_url_instead_of_a_file(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'via-url.db'}"
    with create_tournament(None, url=url, name="URL") as d:
        es.add_entrant(d, "甲")
    with Desk.open(url=url) as d:
        assert [e.name for e in es.list_entrants(d)] == ["甲"]
