"""Forfeits and rulings (services/results/forfeits.py): a late scoresheet, a loss by ruling."""

from __future__ import annotations

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.services.desk import Desk
from tournament_desk.services.results import forfeits as fs
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def test_late_scoresheet_keeps_the_other_sides_result(four: Desk) -> None:
    pair_next_round(four)
    with pytest.raises(BadInput, match="no played result to keep"):
        fs.forfeit(four, 1, 1, "home", late=True)
    rs.record_result(four, 1, 1, "Q", "9")  # 甲 13:7, 3:0
    view = fs.forfeit(four, 1, 1, "home", late=True, reason="记分表迟交 8 分钟")
    assert (view.outcome.home_mp, view.outcome.home_vp, view.outcome.away_mp, view.outcome.away_vp) == (
        0,
        0,
        0,
        7,
    )


def test_loss_by_ruling_with_the_fixed_award(four: Desk) -> None:
    pair_next_round(four)
    view = fs.rule_loss(four, 1, 2, "away", reason="传递非法信息")
    assert view.kind == "ruling"
    assert (view.outcome.home_mp, view.outcome.home_vp, view.outcome.away_mp, view.outcome.away_vp) == (
        2.5,
        12,
        0,
        0,
    )
