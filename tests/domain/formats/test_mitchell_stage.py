"""Mitchell as a format (rules.md §7.5): settings, the seating by draw, the boards of a table, a withdrawal."""

from __future__ import annotations

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats.base import TableFact, Withdrawal
from tournament_desk.domain.formats.mitchell_stage import Mitchell, declarer_of
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.standings import StandingEntrant


def pairs(count: int, **settings: object) -> EventData:
    entrants = [StandingEntrant(i, f"对{i}", draw_no=i) for i in range(1, count + 1)]
    ids = range(1, count + 1)
    return EventData(entrants, dict.fromkeys(ids), dict.fromkeys(ids), [], [], [], set(),
                     settings={"boards_per_round": 2, **settings})  # fmt: skip


def test_declarers_as_set_then_round_the_table() -> None:
    assert [declarer_of({}, b) for b in range(1, 6)] == ["N", "E", "S", "W", "N"]
    assert [declarer_of({"declarers": "WW"}, b) for b in (1, 2, 3)] == ["W", "W", "S"]


def test_settings_are_checked() -> None:
    m = Mitchell()
    assert m.check_settings({"boards_per_round": "3"}, "pairs") == {
        "boards_per_round": 3,
        "even": "skip",
        "rounds": None,
    }
    for settings, kind, says in (
        ({"boards_per_round": 2}, "teams", "played by pairs"),
        ({}, "pairs", "--boards-per-round"),
        ({"boards_per_round": 0}, "pairs", "1 to"),
        ({"boards_per_round": 2, "even": "hop"}, "pairs", "skip or relay"),
    ):
        with pytest.raises(BadInput, match=says):
            m.check_settings(settings, kind)


def test_odd_draw_numbers_sit_north_south_and_even_ones_east_west() -> None:
    seats = Mitchell().seats(pairs(6))
    assert seats == {1: ("NS", 1), 2: ("EW", 1), 3: ("NS", 2), 4: ("EW", 2), 5: ("NS", 3), 6: ("EW", 3)}
    with pytest.raises(BadInput, match="between 3 and 30 tables"):
        Mitchell().seats(pairs(4))


def test_an_odd_number_of_pairs_plays_with_a_sit_out() -> None:
    # 5 pairs: 3 tables, EW 3 is the phantom. It starts at table 3 (NS 3 = draw 5 sits out), then moves up
    # one table a round: table 1 (NS 1 = draw 1) in round 2, table 2 (NS 2 = draw 3) in round 3.
    data = pairs(5)
    assert Mitchell().seats(data) == {1: ("NS", 1), 2: ("EW", 1), 3: ("NS", 2), 4: ("EW", 2), 5: ("NS", 3)}
    assert Mitchell().planned_rounds(5, {}) == 3
    planned = Mitchell().plan_round(data, 1, RuleSet())
    assert planned.settings is not None and planned.settings["tables"] == 3
    assert [(t.table, t.home, t.away) for t in planned.tables] == [(1, 1, 2), (2, 3, 4)]
    assert (planned.bye, planned.bye_state) == (5, ResultState.REST)
    seated = pairs(5, **planned.settings)
    r2, r3 = (Mitchell().plan_round(seated, r, RuleSet()) for r in (2, 3))
    assert [(t.table, t.home, t.away) for t in r2.tables] == [(2, 3, 2), (3, 5, 4)] and r2.bye == 1
    assert [(t.table, t.home, t.away) for t in r3.tables] == [(1, 1, 4), (3, 5, 2)] and r3.bye == 3


def withdrawn_ew3() -> EventData:
    """3 tables, one board a round (board = group: declarers N, E, S), EW 3 (draw 6) withdrawn after round 1.

    The movement: round 1 NS1–EW1 b1, NS2–EW2 b2, NS3–EW3 b3; round 2 NS1–EW3 b2 (not played), NS2–EW1 b3,
    NS3–EW2 b1; round 3 NS1–EW2 b3, NS2–EW3 b1 (not played), NS3–EW1 b2.
    """
    data = pairs(6, tables=3, seats={str(i): ["NS" if i % 2 else "EW", (i + 1) // 2] for i in range(1, 7)})
    data.settings = {**data.settings, "boards_per_round": 1}
    data.entrants[5] = StandingEntrant(6, "对6", draw_no=6, withdrawn=True)
    data.withdrawn_after[6] = 1
    played, annulled = ResultState.PLAYED.value, ResultState.ANNULLED.value
    data.schedule = [(1, 1, 2, played), (1, 3, 4, played), (1, 5, 6, played),
                     (2, 1, 6, annulled), (2, 3, 2, played), (2, 5, 4, played),
                     (3, 1, 4, played), (3, 3, 6, annulled), (3, 5, 2, played)]  # fmt: skip
    # (round, table, board, defenders' points, penalties): NS defends board 2 only (E declares).
    data.board_results = [(1, 1, 1, 60, 0, 0), (1, 2, 2, 80, 0, 0), (1, 3, 3, 20, 0, 0),
                          (2, 2, 3, 40, 0, 0), (2, 3, 1, 100, 0, 0),
                          (3, 1, 3, 60, 0, 0), (3, 3, 2, 30, 0, 0)]  # fmt: skip
    return data


def test_a_pair_whose_opponent_withdrew_is_scaled_to_the_boards_the_others_play() -> None:
    """Worked by hand (rules.md §7.5). NS results: b1 NS1 −60, NS3 −100; b2 NS2 +80, NS3 +30; b3 NS3 −20,
    NS2 −40, NS1 −60. Match points 2/1; boards 1 and 2 have 2 results against 3 on board 3, so Neuberg
    (mp + 1)·3/2 − 1 turns 2 into 3.5 and 0 into 0.5:
      NS1 (draw 1): b1 3.5 + b3 0 = 3.5 on 2 boards; its round-2 opponent withdrew: 3.5 × 3/2 = 5.25
      NS2 (draw 3): b2 3.5 + b3 2 = 5.5 on 2 boards; its round-3 opponent withdrew: 5.5 × 3/2 = 8.25
      NS3 (draw 5): b1 0.5 + b2 0.5 + b3 4 = 5.0 on 3 boards, as it stands
    Unscaled NS1 (3.5) would rank below NS3 (5.0), only for having played fewer boards.
    EW: b1 EW1 +60 → 0.5, EW2 +100 → 3.5; b2 EW2 −80 → 0.5, EW1 −30 → 3.5; b3 EW3 +20 → 0, EW1 +40 → 2,
    EW2 +60 → 4. EW1 6.0, EW2 8.0, EW3 (withdrawn itself: not scaled) 0.
    """
    data = withdrawn_ew3()
    assert Mitchell().missed_boards(data) == {1: 1, 3: 1}
    assert Mitchell().missed_boards(data, 2) == {1: 1}
    rows = Mitchell().rank(data, RuleSet()).rows
    ns = [(r.rank, r.entrant.id, r.score) for r in rows if r.direction == "NS"]
    ew = [(r.rank, r.entrant.id, r.score) for r in rows if r.direction == "EW"]
    assert ns == [(1, 3, 8.25), (2, 1, 5.25), (3, 5, 5.0)]
    assert ew == [(1, 4, 8.0), (2, 2, 6.0), (3, 6, 0.0)]
    # After round 2 only NS1 has lost a round; boards 1–3 have 2, 1 and 2 results (board 2 scaled to 2).
    after2 = {r.entrant.id: r.score for r in Mitchell().rank(data, RuleSet(), after_round=2).rows}
    # b1: NS1 −60 beats NS3 −100 (2, 0); b2: NS2 alone, 0 → (0 + 1)·2/1 − 1 = 1; b3: NS2 −40 loses to
    # NS3 −20 (0, 2). NS1: 2 on 1 board, scaled × 2/1 = 4; NS2: 1 + 0 = 1; NS3: 0 + 2 = 2.
    assert (after2[1], after2[3], after2[5]) == (4.0, 1.0, 2.0)


def test_round_one_stores_the_seats_and_every_table_plays_its_boards() -> None:
    data = pairs(6)
    planned = Mitchell().plan_round(data, 1, RuleSet())
    assert planned.settings is not None and planned.settings["tables"] == 3
    assert [(t.home, t.away) for t in planned.tables] == [(1, 2), (3, 4), (5, 6)]
    assert list(Mitchell().boards(data, 1, 1)) == [1, 2]
    assert Mitchell().planned_rounds(6, {}) == 3 and Mitchell().planned_rounds(2, {}) is None
    with pytest.raises(BadInput, match="All 3 rounds"):
        Mitchell().plan_round(data, 4, RuleSet())
    with pytest.raises(BadInput, match="board by board"):
        Mitchell().table_outcome(9, 9, RuleSet())


def test_a_withdrawn_pairs_later_tables_are_not_played() -> None:
    data = pairs(6)
    tables = (TableFact(1, 1, 1, 2, ResultState.PLAYED), TableFact(2, 1, 1, 6, ResultState.PENDING))
    plan = Mitchell().withdraw(data, Withdrawal(1, 1, tables), RuleSet())
    assert set(plan.changes) == {(2, 1)} and plan.changes[(2, 1)].state is ResultState.ANNULLED
