"""The Mitchell movement and the pairs-duplicate scoring of rules.md §7.5 (seed 002): invariants over 3–15
tables, both ways of moving an even number of tables, and a 3-table event scored by hand."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.formats.mitchell import (
    BYE_STAND,
    EvenTables,
    Movement,
    Seat,
    boards_of,
    full_rounds,
    group_of,
    movement,
    seat_pairs,
    tables_for,
)
from tournament_desk.domain.scoring_modes.mitchell_scores import (
    RankedPair,
    board_result_ns,
    rank_direction,
    score_direction,
)


@st.composite
def movements(draw: st.DrawFn) -> Movement:
    tables = draw(st.integers(min_value=3, max_value=15))
    even: EvenTables = draw(st.sampled_from(("skip", "relay")))
    whole = full_rounds(tables, even)
    rounds = draw(st.one_of(st.none(), st.integers(min_value=1, max_value=whole)))
    return movement(tables, even=even, rounds=rounds)


# --- the movement: invariants ---------------------------------------------------------------------------
@pytest.mark.slow
@given(movements())
def test_every_round_seats_every_pair_once_and_ns_stay(m: Movement) -> None:
    assert len(m.sittings) == m.rounds
    for r, row in enumerate(m.sittings, start=1):
        assert [(s.round, s.table, s.ns) for s in row] == [(r, t, t) for t in range(1, m.tables + 1)]
        assert sorted(s.ew for s in row) == list(range(1, m.tables + 1))
        groups = [s.group for s in row]
        if m.relay:  # tables 1 and T share a group; one group rests on the bye stand
            assert groups[0] == groups[-1]
            resting = m.on_bye_stand(r)
            assert resting is not None and resting not in groups
            assert sorted({*groups, resting}) == list(range(1, m.tables + 1))
            assert len(set(groups)) == m.tables - 1
        else:
            assert m.on_bye_stand(r) is None
            assert sorted(groups) == list(range(1, m.tables + 1))


@pytest.mark.slow
@given(movements())
def test_no_pair_meets_another_twice_or_plays_a_group_twice(m: Movement) -> None:
    every = [s for row in m.sittings for s in row]
    meetings = Counter((s.ns, s.ew) for s in every)
    assert max(meetings.values()) == 1
    assert max(Counter((s.ns, s.group) for s in every).values()) == 1
    assert max(Counter((s.ew, s.group) for s in every).values()) == 1


@pytest.mark.slow
@given(movements())
def test_every_group_is_played_as_often_in_each_direction(m: Movement) -> None:
    # Counted from the pairs' cards: how many times the NS pairs, and the EW pairs, play each group.
    pairs = range(1, m.tables + 1)
    ns = Counter(step.group for pair in pairs for step in m.path("NS", pair))
    ew = Counter(step.group for pair in pairs for step in m.path("EW", pair))
    assert ns == ew
    groups = range(1, m.groups + 1)
    if not m.relay:  # odd T and skip: every group is on exactly one table each round
        assert all(ns[g] == m.rounds for g in groups)
    elif m.rounds == m.full_rounds:  # relay: over the whole movement, each group once shared, once resting
        assert all(ns[g] == m.tables for g in groups)
    else:  # a relay cut short: within one table of the round count
        assert all(m.rounds - 1 <= ns[g] <= m.rounds + 1 for g in groups)
        assert sum(ns.values()) == m.rounds * m.tables


@given(st.integers(min_value=3, max_value=15), st.sampled_from(("skip", "relay")))
def test_the_whole_movement(tables: int, even: EvenTables) -> None:
    m = movement(tables, even=even)
    everyone = set(range(1, tables + 1))
    if tables % 2 or even == "relay":
        assert m.rounds == tables
        for pair in everyone:  # every EW meets every NS and both play every group
            assert {step.opponent for step in m.path("EW", pair)} == everyone
            assert {step.group for step in m.path("EW", pair)} == everyone
            assert {step.group for step in m.path("NS", pair)} == everyone
    else:  # skip: T − 1 rounds; EW j misses NS j + T/2 (the skipped table); pair j of each side misses j − 1
        assert m.rounds == tables - 1
        for j in everyone:
            skipped = (j - 1 + tables // 2) % tables + 1
            missed_group = (j - 2) % tables + 1
            assert everyone - {step.opponent for step in m.path("EW", j)} == {skipped}
            assert everyone - {step.group for step in m.path("EW", j)} == {missed_group}
            assert everyone - {step.group for step in m.path("NS", j)} == {missed_group}


@pytest.mark.slow
@given(movements())
def test_paths_and_guides_agree_with_the_movement(m: Movement) -> None:
    for pair in range(1, m.tables + 1):
        for step in m.path("EW", pair):
            s = m.sitting(step.round, step.table)
            assert (s.ew, s.ns, s.group) == (pair, step.opponent, step.group)
        assert [step.table for step in m.path("NS", pair)] == [pair] * m.rounds
    for table in range(1, m.tables + 1):
        guide = m.guide(table)
        assert [line.round for line in guide] == list(range(1, m.rounds + 1))
        for line in guide:
            assert (line.ew, line.group) == (m.sitting(line.round, table).ew, m.group_at(line.round, table))
            if line.round == 1:
                assert line.ew_from is None and line.boards_from is None
            else:
                assert line.ew_from is not None and line.boards_from is not None
                assert m.sitting(line.round - 1, line.ew_from).ew == line.ew
                if line.boards_from == BYE_STAND:
                    assert m.on_bye_stand(line.round - 1) == line.group
                else:
                    assert m.group_at(line.round - 1, line.boards_from) == line.group
            if line.round == m.rounds:
                assert line.ew_to is None and line.boards_to is None
            else:
                assert line.ew_to is not None and line.boards_to is not None
                assert m.sitting(line.round + 1, line.ew_to).ew == line.ew
                if line.boards_to == BYE_STAND:
                    assert m.on_bye_stand(line.round + 1) == line.group
                else:
                    assert m.group_at(line.round + 1, line.boards_to) == line.group
            if m.relay and table in (1, m.tables):
                assert line.shares_with == m.tables + 1 - table
            else:
                assert line.shares_with is None


def test_the_standard_movements_by_hand() -> None:
    # 5 tables: EW up one, boards down one; round 2 table 1 has EW 5 (from table 5) and group 2 (from table 2).
    five = movement(5)
    assert [(s.ew, s.group) for s in five.sittings[1]] == [(5, 2), (1, 3), (2, 4), (3, 5), (4, 1)]
    # 6 tables with a skip: after round 3 the EW pairs move up two tables.
    six = movement(6)
    assert six.rounds == 5
    assert [s.ew for s in six.sittings[2]] == [5, 6, 1, 2, 3, 4]
    assert [s.ew for s in six.sittings[3]] == [3, 4, 5, 6, 1, 2]
    assert six.guide(1)[3].ew_from == 5  # EW 3 comes from table 5, skipping table 6
    # 8 tables with a relay: groups 1–4 on tables 1–4, 5 on the bye stand, 6–8 on tables 5–7, table 8 shares 1.
    eight = movement(8, even="relay")
    assert [s.group for s in eight.sittings[0]] == [1, 2, 3, 4, 6, 7, 8, 1]
    assert eight.on_bye_stand(1) == 5
    assert [s.group for s in eight.sittings[1]] == [2, 3, 4, 5, 7, 8, 1, 2]
    assert eight.guide(4)[1].boards_from == BYE_STAND and eight.guide(5)[0].boards_to == BYE_STAND
    assert eight.guide(7)[1].boards_from == 8 and eight.guide(2)[0].boards_to == 1
    assert movement(7, even="relay").even is None  # an odd count has no skip and no relay


def test_a_short_movement_is_the_start_of_the_whole_one() -> None:
    assert movement(9, rounds=4).sittings == movement(9).sittings[:4]
    assert movement(8, rounds=6).sittings == movement(8).sittings[:6]


def test_the_draw_seats_odd_numbers_ns_and_even_ones_ew() -> None:
    assert seat_pairs([3, 1, 2, 4, 5, 6]) == {
        1: Seat("NS", 1),
        2: Seat("EW", 1),
        3: Seat("NS", 2),
        4: Seat("EW", 2),
        5: Seat("NS", 3),
        6: Seat("EW", 3),
    }
    for bad in ([1, 2, 3, 4, 5, 5], [1, 2, 3, 4], [2, 3, 4, 5, 6, 7], [1, 2, 3]):
        with pytest.raises(BadInput):
            seat_pairs(bad)


def test_an_odd_number_of_pairs_leaves_the_last_ew_seat_to_the_phantom() -> None:
    # 2T − 1 = 5 pairs: odd numbers fill NS 1–3, even ones EW 1–2; EW 3 is nobody's.
    assert seat_pairs([5, 4, 3, 2, 1]) == {
        1: Seat("NS", 1),
        2: Seat("EW", 1),
        3: Seat("NS", 2),
        4: Seat("EW", 2),
        5: Seat("NS", 3),
    }
    assert tables_for(5) == 3 and tables_for(6) == 3 and tables_for(13) == 7
    with pytest.raises(BadInput, match="between 3 and 30 tables"):
        tables_for(4)


@given(st.integers(min_value=3, max_value=15), st.sampled_from(("skip", "relay")))
def test_with_a_phantom_one_table_sits_out_each_round(tables: int, even: EvenTables) -> None:
    m = movement(tables, even=even, sit_out=True)
    assert m.phantom == tables
    out = [m.sit_out(r) for r in range(1, m.rounds + 1)]
    for r, s in enumerate(out, start=1):
        assert s is not None and s.ew == tables and s.round == r
        assert [x.table for x in m.sittings[r - 1] if x.sit_out] == [s.table]
    assert out[0] is not None and out[0].table == tables  # the phantom starts at table T
    if tables % 2:  # odd T: every NS pair sits out once, and every group misses exactly one round
        assert sorted(s.ns for s in out if s) == list(range(1, tables + 1))
        assert sorted(s.group for s in out if s) == list(range(1, tables + 1))
    ns_steps = [step for pair in range(1, tables + 1) for step in m.path("NS", pair)]
    assert sum(step.sit_out for step in ns_steps) == m.rounds
    assert all(line.sit_out == (line.ew == tables) for t in range(1, tables + 1) for line in m.guide(t))
    assert movement(tables, even=even).sit_out(1) is None


def test_a_sit_out_table_has_no_boards_to_enter() -> None:
    m = movement(7, sit_out=True)
    # Round 1: the phantom (EW 7) is at table 7; round 2 at table 1; round 3 at table 2.
    assert [m.sit_out(r).table for r in (1, 2, 3)] == [7, 1, 2]  # type: ignore[union-attr]
    with pytest.raises(BadInput, match="sits out in round 2"):
        m.check_board(2, 1, m.group_at(2, 1) * 2, 2)
    m.check_board(2, 2, m.group_at(2, 2) * 2, 2)  # another table of the round plays


def test_boards_of_a_group() -> None:
    assert list(boards_of(1, 2)) == [1, 2]
    assert list(boards_of(3, 2)) == [5, 6]
    assert list(boards_of(4, 3)) == [10, 11, 12]
    assert group_of(6, 2) == 3 and group_of(10, 3) == 4
    m = movement(7)
    m.check_board(2, 1, 3, 2)  # round 2, table 1 plays group 2: boards 3 and 4
    m.check_board(2, 1, 4, 2)


# --- bad input ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("tables", [-1, 0, 1, 2, 31, 100])
def test_tables_out_of_range(tables: int) -> None:
    with pytest.raises(BadInput, match="between 3 and 30 tables"):
        movement(tables)


def test_bad_movements_and_boards() -> None:
    with pytest.raises(BadInput, match="7 tables has 1 to 7 rounds, not 8"):
        movement(7, rounds=8)
    with pytest.raises(BadInput, match="8 tables has 1 to 7 rounds, not 8"):
        movement(8, rounds=8)
    with pytest.raises(BadInput):
        movement(8, rounds=0)
    with pytest.raises(BadInput, match="choose skip or relay"):
        movement(8, even="howell")  # type: ignore[arg-type]
    m = movement(7)
    with pytest.raises(BadInput, match="plays boards 3–4 in round 2, not board 5"):
        m.check_board(2, 1, 5, 2)
    with pytest.raises(BadInput, match="there is no table 8"):
        m.check_board(2, 8, 1, 2)
    with pytest.raises(BadInput, match="there is no round 8"):
        m.group_at(8, 1)
    with pytest.raises(BadInput):
        boards_of(1, 0)
    with pytest.raises(BadInput):
        boards_of(0, 2)


def test_a_three_table_event_worked_by_hand() -> None:
    """3 tables, one board a round (board = group), 3 rounds. The movement (checked below):

        round 1: T1 NS1–EW1 board 1, T2 NS2–EW2 board 2, T3 NS3–EW3 board 3
        round 2: T1 NS1–EW3 board 2, T2 NS2–EW1 board 3, T3 NS3–EW2 board 1
        round 3: T1 NS1–EW2 board 3, T2 NS2–EW3 board 1, T3 NS3–EW1 board 2

    Boards 1 and 3 are declared by NS, board 2 by EW. Board 3 was not played at table 1 in round 3
    (adjusted): NS1 and EW2 get the director's average, 2 (half the top of 4), and the board's other
    results are Neuberg-scaled from 2 results to 3. NS1 has a 0.5 deduction.
    """
    m = movement(3)
    seated = [[(s.ns, s.ew, s.group) for s in row] for row in m.sittings]
    assert seated == [
        [(1, 1, 1), (2, 2, 2), (3, 3, 3)],
        [(1, 3, 2), (2, 1, 3), (3, 2, 1)],
        [(1, 2, 3), (2, 3, 1), (3, 1, 2)],
    ]
    # (round, table) → (defenders' points, NS defended, penalty to NS, penalty to EW)
    played = {
        (1, 1): (60, False, 0, 0),  # board 1: NS1 −60
        (3, 2): (100, False, 0, 0),  # board 1: NS2 −100
        (2, 3): (60, False, 0, 0),  # board 1: NS3 −60
        (1, 2): (120, True, 0, 0),  # board 2: NS2 +120
        (2, 1): (80, True, 20, 0),  # board 2: NS1 80 + 20 penalty points given to NS = +100
        (3, 3): (40, True, 0, 0),  # board 2: NS3 +40
        (1, 3): (20, False, 0, 0),  # board 3: NS3 −20
        (2, 2): (80, False, 0, 0),  # board 3: NS2 −80
    }  # (3, 1): board 3 at table 1 was not played
    ns_results: dict[int, dict[int, int]] = {}
    ew_results: dict[int, dict[int, int]] = {}
    for (r, t), (points, ns_defended, to_ns, to_ew) in played.items():
        s = m.sitting(r, t)
        result = board_result_ns(points, ns_defended, to_ns, to_ew)
        ns_results.setdefault(s.group, {})[s.ns] = result
        ew_results.setdefault(s.group, {})[s.ew] = -result
    assert ns_results == {1: {1: -60, 2: -100, 3: -60}, 2: {2: 120, 1: 100, 3: 40}, 3: {3: -20, 2: -80}}

    ns = score_direction(ns_results)
    ew = score_direction(ew_results)
    # Board 1, NS: NS1 and NS3 (−60) tie with each other and beat NS2: 2 + 1 = 3 each; NS2 0.
    #          EW: EW3 (+100) beats both: 4; EW1 and EW2 (+60) tie: 1 each.
    # Board 2, NS: NS2 +120 → 4, NS1 +100 → 2, NS3 +40 → 0. EW: EW1 −40 → 4, EW3 −100 → 2, EW2 −120 → 0.
    # Board 3 (2 results, 3 expected; Neuberg (mp + 1)·3/2 − 1): NS3 −20 beats NS2: 2 → 3.5, NS2 0 → 0.5;
    #          EW1 +80: 2 → 3.5, EW3 +20: 0 → 0.5.
    assert ns == {1: {1: 3, 2: 2}, 2: {1: 0, 2: 4, 3: 0.5}, 3: {1: 3, 2: 0, 3: 3.5}}
    assert ew == {1: {1: 1, 2: 4, 3: 3.5}, 2: {1: 1, 2: 0}, 3: {1: 4, 2: 2, 3: 0.5}}
    ns[1][3] = ew[2][3] = 2.0  # the adjusted pairs' average

    ns_ranking = rank_direction({pair: list(boards.values()) for pair, boards in ns.items()}, {1: 0.5})
    ew_ranking = rank_direction({pair: list(boards.values()) for pair, boards in ew.items()})
    # NS: NS1 3 + 2 + 2 − 0.5 = 6.5, NS3 3 + 0 + 3.5 = 6.5, NS2 0 + 4 + 0.5 = 4.5. NS1 and NS3 tie on 6.5;
    # NS3's best board (3.5) beats NS1's (3): NS3 first.
    assert ns_ranking == [
        RankedPair(1, 3, 6.5, (3.5, 3.0, 0.0)),
        RankedPair(2, 1, 6.5, (3.0, 2.0, 2.0)),
        RankedPair(3, 2, 4.5, (4.0, 0.5, 0.0)),
    ]
    # EW: EW1 1 + 4 + 3.5 = 8.5, EW3 4 + 2 + 0.5 = 6.5, EW2 1 + 0 + 2 = 3. Each board's match points in a
    # direction add up to 3·2 = 6, so each direction's totals add up to 18 (before deductions).
    assert ew_ranking == [
        RankedPair(1, 1, 8.5, (4.0, 3.5, 1.0)),
        RankedPair(2, 3, 6.5, (4.0, 2.0, 0.5)),
        RankedPair(3, 2, 3.0, (2.0, 1.0, 0.0)),
    ]
    assert sum(row.total for row in ew_ranking) == 18
