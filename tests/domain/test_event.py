"""The event as plain data: who is active in a round, and what pairing knows of each entrant."""

from __future__ import annotations

from tournament_desk.domain.event import EventData
from tournament_desk.domain.standings import Deduction, MatchRecord, StandingEntrant


def three_rounds() -> EventData:
    """Four entrants; 4 withdrew after round 1; 3 had the bye of round 2; one deduction for 1."""
    entrants = [StandingEntrant(i, f"队{i}", draw_no=i) for i in range(1, 5)]
    return EventData(
        entrants=entrants,
        units={1: "甲", 2: "乙", 3: "甲", 4: None},
        withdrawn_after={1: None, 2: None, 3: None, 4: 1},
        matches=[
            MatchRecord(1, 1, 2, 3.0, 0.0, 17, 3),
            MatchRecord(1, 3, 4, 1.5, 1.5, 10, 10),
            MatchRecord(2, 2, 1, 1.5, 1.5, 10, 10),
            MatchRecord(2, 3, None, 3.0, 0.0, 12, 0),
        ],
        deductions=[Deduction(2, 1, 0.5)],
        pairings=[(1, 2), (3, 4), (2, 1)],
        byes={3},
        bye_holders={2: 3},
    )


def test_a_withdrawn_entrant_is_active_up_to_the_round_it_left_after() -> None:
    event = three_rounds()
    assert [e.id for e in event.active_in(1)] == [1, 2, 3, 4]
    assert [e.id for e in event.active_in(2)] == [1, 2, 3]


def test_pairing_entrants_carry_totals_opponents_sides_and_byes() -> None:
    by_id = {p.id: p for p in three_rounds().pairing_entrants(3)}
    assert set(by_id) == {1, 2, 3}  # 4 has withdrawn
    one, two, three = by_id[1], by_id[2], by_id[3]
    assert (one.mp, one.vp) == (4.0, 27)  # 3 + 1.5 less the 0.5 deducted
    assert one.opponents == frozenset({2}) and (one.home_count, one.away_count) == (1, 1)
    assert two.opponents == frozenset({1}) and (two.home_count, two.away_count) == (1, 1)
    assert (three.had_bye, three.byes, three.bye_count) == (True, 1, 1)
    assert three.opponents == frozenset({4})  # met even though 4 has since withdrawn
    assert (three.unit, one.unit) == ("甲", "甲")
    assert (one.had_bye, one.byes) == (False, 0)
