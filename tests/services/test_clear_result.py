"""Clearing a table's result (a result typed for the wrong table): what it takes away and what it refuses."""

from __future__ import annotations

import pytest

from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput
from tournament_desk.services import entrants as es
from tournament_desk.services import forfeits as fs
from tournament_desk.services import results as rs
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.rounds import pair_next_round, round_view
from tournament_desk.services.standings import current_standings

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def event(events: Events) -> Desk:
    desk = events.create(name="清除", rounds=3)
    for i in range(4):
        es.add_entrant(desk, f"队{i + 1}")
    pair_next_round(desk)
    return desk


def test_a_cleared_table_has_no_result_and_leaves_the_standings(events: Events) -> None:
    desk = event(events)
    rs.record_result(desk, 1, 1, 12, 9)
    rs.record_result(desk, 1, 2, 10, 10)
    rs.clear_result(desk, 1, 1, reason="录错桌")
    table = next(t for t in round_view(desk, 1).tables if t.table == 1)
    assert (table.kind, table.home_level, table.away_level) == ("pending", None, None)
    assert audit_trail(desk)[-1].action == "clear" and audit_trail(desk)[-1].reason == "录错桌"
    assert all(
        r.mp == 0 for r in current_standings(desk, 1).rows if r.entrant.name in (table.home, table.away)
    )
    desk.close()


def test_a_forfeit_is_cleared_too_and_nothing_is_refused_silently(events: Events) -> None:
    desk = event(events)
    fs.forfeit(desk, 1, 2, "home", reason="迟到")
    rs.clear_result(desk, 1, 2)
    assert next(t for t in round_view(desk, 1).tables if t.table == 2).kind == "pending"
    with pytest.raises(BadInput, match="no result to clear"):
        rs.clear_result(desk, 1, 2)
    desk.close()


def test_a_table_decided_by_a_withdrawal_is_left_to_reinstatement(events: Events) -> None:
    desk = event(events)
    rs.record_result(desk, 1, 1, 12, 9)
    rs.record_result(desk, 1, 2, 10, 10)
    pair_next_round(desk)
    name = round_view(desk, 2).tables[0].home
    es.withdraw(desk, name, after_round=1)
    entries = len(audit_trail(desk))
    with pytest.raises(BadInput, match="reinstate"):
        rs.clear_result(desk, 2, 1)
    assert len(audit_trail(desk)) == entries
    desk.close()
