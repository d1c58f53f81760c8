"""The round robin as a format (SPEC §7.3): the Berger schedule by draw number, rests, withdrawals."""

from __future__ import annotations

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats.round_robin import RoundRobin, annulled_by_withdrawal, schedule_entrants
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.standings import StandingEntrant


def league(count: int, withdrawn: dict[int, int] | None = None, **settings: object) -> EventData:
    """``count`` entrants drawn in reverse id order (entrant ``count`` has draw number 1)."""
    entrants = [StandingEntrant(i, f"队{i}", draw_no=count + 1 - i) for i in range(1, count + 1)]
    gone = withdrawn or {}
    ids = range(1, count + 1)
    return EventData(entrants, dict.fromkeys(ids), {i: gone.get(i) for i in ids}, [], [], [], set(),
                     settings=settings)  # fmt: skip


def test_the_schedule_meets_everyone_once_and_rests_one_a_round_when_odd() -> None:
    rounds = RoundRobin().schedule(league(5))
    assert len(rounds) == 5
    met = [frozenset((t.home, t.away)) for r in rounds for t in r.tables]
    assert len(met) == len(set(met)) == 10
    assert sorted(r.bye for r in rounds) == [1, 2, 3, 4, 5]  # type: ignore[type-var]
    assert all(r.bye_state is ResultState.REST for r in rounds)


def test_a_double_round_robin_plays_each_pairing_twice() -> None:
    robin = RoundRobin()
    assert robin.check_settings({"double": 1}, "pairs") == {"double": True}
    assert robin.planned_rounds(4, {"double": True}) == 6 and robin.planned_rounds(4, {}) == 3
    assert robin.planned_rounds(1, {}) is None
    rounds = robin.schedule(league(4, double=True))
    met = [frozenset((t.home, t.away)) for r in rounds for t in r.tables]
    assert len(rounds) == 6 and len(set(met)) == 6 and len(met) == 12


def test_the_schedule_follows_the_draw_numbers() -> None:
    data = league(4)
    assert [e.id for e in schedule_entrants(data)] == [4, 3, 2, 1]
    data.withdrawn_after[2] = 0  # gone before round 1: not in the schedule
    assert [e.id for e in schedule_entrants(data)] == [4, 3, 1]


def test_too_few_entrants_or_rounds_past_the_end_are_refused() -> None:
    with pytest.raises(BadInput, match="at least three entrants"):
        RoundRobin().plan_round(league(2), 1, RuleSet())
    with pytest.raises(BadInput, match="All 3 rounds"):
        RoundRobin().plan_round(league(4), 4, RuleSet())


def test_a_withdrawal_before_half_annuls_and_after_half_does_not() -> None:
    data = league(4, withdrawn={1: 1})
    data.schedule = [(1, 1, 2, "played"), (1, 3, 4, "played")]
    assert annulled_by_withdrawal(data, 1, 3)  # met 1 of 3
    data.withdrawn_after[1] = 2
    data.schedule.append((2, 1, 3, "played"))
    assert not annulled_by_withdrawal(data, 1, 3)  # met 2 of 3
    assert not annulled_by_withdrawal(data, 2, 3)  # never withdrew
