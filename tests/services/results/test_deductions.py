"""Penalty deductions (services/results/deductions.py): taking one, listing, taking it back."""

from __future__ import annotations

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.services.desk import Desk
from tournament_desk.services.results import deductions as ds
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.mark.slow
def test_a_deduction_can_be_taken_back(seven: Desk) -> None:
    pair_next_round(seven)
    done = ds.deduct(seven, 1, "队1", 0.5, reason="迟到")
    assert [d.id for d in ds.list_deductions(seven)] == [done.id]
    ds.remove_deduction(seven, done.id, reason="撤销")
    assert ds.list_deductions(seven) == []
    with pytest.raises(BadInput, match="no deduction"):
        ds.remove_deduction(seven, done.id)
