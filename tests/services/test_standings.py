"""Standings after any round (services/standings.py): the last complete round, and what is refused."""

from __future__ import annotations

import gc

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.services.desk import Desk
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.standings import collector_paused, current_standings, last_complete

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def test_the_standings_follow_the_last_complete_round(four: Desk) -> None:
    pair_next_round(four)  # 甲 v 乙, 丙 v 丁
    rs.record_result(four, 1, 1, "9", "7")
    assert last_complete(four) == 0
    half = current_standings(four, 1)
    assert half.after_round == 1 and not half.complete
    rs.record_result(four, 1, 2, "7", "K")
    assert last_complete(four) == 1
    done = current_standings(four)
    assert done.after_round == 1 and done.complete and done.format == "swiss"
    winners = {r.entrant.name for r in done.rows if r.rank <= 2}
    assert winners == {"甲", "丁"}


def test_before_round_one_everyone_is_level(four: Desk) -> None:
    result = current_standings(four)
    assert result.after_round == 0
    assert sorted(r.entrant.name for r in result.rows) == ["丁", "丙", "乙", "甲"]
    assert all(r.mp == 0 and r.played == 0 for r in result.rows)


def test_standings_after_a_round_not_paired_are_refused(four: Desk) -> None:
    pair_next_round(four)
    with pytest.raises(BadInput, match="round 2 has not been paired"):
        current_standings(four, 2)


def test_a_read_leaves_the_garbage_collector_as_it_found_it(four: Desk) -> None:
    """The collector waits while the standings are worked out (services/standings.py ``collector_paused``), and is
    running again after, also when the read failed; one paused by the caller stays paused."""
    pair_next_round(four)
    assert gc.isenabled()
    current_standings(four)
    assert gc.isenabled()
    with pytest.raises(RuntimeError), collector_paused():
        assert not gc.isenabled()
        raise RuntimeError("a read that fails")
    assert gc.isenabled()
    gc.disable()
    try:
        current_standings(four)
        assert not gc.isenabled()
    finally:
        gc.enable()
