"""The desk an action works on (services/desk.py): opening an event, the station, the event's entrants by name."""

from __future__ import annotations

import pytest

from tests.services.conftest import at_station
from tournament_desk.domain.errors import BadInput
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk, default_station, entrant_by_name, names_by_id, paired_rounds
from tournament_desk.services.entrants import add_entrant
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def test_the_station_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TDESK_STATION", "裁判台")
    assert default_station() == "裁判台"


def test_another_station_sees_the_event_and_is_named_in_the_trail(four: Desk) -> None:
    with at_station(four, "B站") as other:
        add_entrant(other, "戊")
    assert audit_trail(four)[-1].station == "B站"
    with four.db.transaction() as session:
        assert "戊" in names_by_id(session).values()


def test_an_entrant_is_found_by_name_or_refused(four: Desk) -> None:
    with four.db.transaction() as session:
        found = entrant_by_name(session, "丙")
        assert names_by_id(session)[found.id] == "丙"
        with pytest.raises(BadInput, match="no entrant called '戊'"):
            entrant_by_name(session, "戊")


def test_paired_rounds_counts_the_rounds_paired(four: Desk) -> None:
    with four.db.transaction() as session:
        assert paired_rounds(session) == 0
    pair_next_round(four)
    with four.db.transaction() as session:
        assert paired_rounds(session) == 1
