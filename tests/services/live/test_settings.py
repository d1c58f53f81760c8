"""The live server's settings kept in the event (services/live/settings.py): frozen public standings."""

from __future__ import annotations

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.live.settings import MAX_FREEZE, freeze_rounds, set_freeze_rounds

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def test_standings_are_not_frozen_until_the_director_freezes_them(four: Desk) -> None:
    assert freeze_rounds(four) == 0
    assert set_freeze_rounds(four, 2) == 2
    assert freeze_rounds(four) == 2
    set_freeze_rounds(four, 0)
    assert freeze_rounds(four) == 0


def test_a_freeze_is_audited_once_per_change(four: Desk) -> None:
    set_freeze_rounds(four, 3)
    set_freeze_rounds(four, 3)  # the same again: nothing changes
    entries = [e for e in audit_trail(four) if e.action == "live-freeze"]
    assert len(entries) == 1 and entries[0].old == {"rounds": 0} and entries[0].new == {"rounds": 3}


@pytest.mark.parametrize("rounds", [-1, MAX_FREEZE + 1])
def test_a_freeze_out_of_range_is_refused(four: Desk, rounds: int) -> None:
    with pytest.raises(BadInput, match="0 to"):
        set_freeze_rounds(four, rounds)
    assert freeze_rounds(four) == 0
