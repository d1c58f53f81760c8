"""Duplicate boards (rules.md §6, §7.2) worked out by hand, and the invariants that hold for any board."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament_desk.domain.duplicate import (
    DEFAULT_BOARDS,
    Board,
    Penalty,
    RoomResult,
    XmpRecord,
    check_board_set,
    effective_points,
    home_points_difference,
    match_xmp,
    ns_score,
    parse_board,
    parse_penalty,
    parse_points,
    parse_seat,
    parse_trump,
    points_to_levels,
    running_xmp,
    score_board,
    score_boards,
    score_match,
    xmp_totals,
)
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.rules import (
    DEFAULT_POINTS_TABLE,
    PointStep,
    RuleSet,
    parse_points_table,
    preset_rules,
)
from tournament_desk.domain.scoring import Outcome

RULES = preset_rules("two-deck-80-by-40")  # §6: 0 → +3; 5–35 → +2; 40–75 → +1; 80–115 → 0; 120–155 → −1;
#                                            160–195 → −2; every further 40 → one more level to the defenders
POINTS_RULES = replace(RULES, duplicate_conversion="points-table")

# One match, board by board (default boards: 1 9 N ♠, 2 10 E ♥, 3 J S ♦, 4 Q W ♣, 5 K N NT, 6 A E ♠).
# The home team sits NS in the open room and EW in the closed room.
MATCH = {
    # Board 1, N declares (the home team declares in the open room, the away team in the closed room).
    #   open:   EW (away) defend and take 0 points → declarer +3 → NS +3          (the 0-point board)
    #   closed: EW (home) defend and take 85 → they take the stage: 0 → NS 0
    #   XMP home = NS open − NS closed = 3 − 0 = +3
    (1, "open"): RoomResult(0),
    (1, "closed"): RoomResult(85),
    # Board 2, E declares (the away team declares in the open room, the home team in the closed room).
    #   open:   NS (home) defend and take 185 → 160–195: defenders up 2, change −2 → NS = −(−2) = +2
    #   closed: NS (away) defend and take 40 → declarer (home, EW) +1 → NS = −1
    #   XMP = 2 − (−1) = +3                                                         (the 180+-point board)
    (2, "open"): RoomResult(185),
    (2, "closed"): RoomResult(40),
    # Board 3, S declares; penalties go to the side they were awarded to.
    #   open:   EW (away) defend, 60 points, 20 penalty points awarded to EW (the defenders): 60 + 20 = 80
    #           → take the stage: 0 → NS 0 (without the penalty 60 would have been +1)
    #   closed: EW (home) defend, 100 points, 30 penalty points awarded to NS (the declarers): 100 − 30 = 70
    #           → declarer +1 → NS +1
    #   XMP = 0 − 1 = −1
    (3, "open"): RoomResult(60, to_ew=20),
    (3, "closed"): RoomResult(100, to_ns=30),
    # Board 4, W declares: 120 in both rooms → NS defend and go up 1 in both: NS +1, +1 → XMP 0
    (4, "open"): RoomResult(120),
    (4, "closed"): RoomResult(120),
    # Board 5, N declares: open EW (away) 35 → +2 → NS +2; closed EW (home) 5 → +2 → NS +2 → XMP 0
    (5, "open"): RoomResult(35),
    (5, "closed"): RoomResult(5),
    # Board 6, E declares: open NS (home) defend, 10 → declarer (away) +2 → NS −2;
    #   closed NS (away) defend, 130 → defenders up 1, change −1 → NS +1 → XMP = −2 − 1 = −3
    (6, "open"): RoomResult(10),
    (6, "closed"): RoomResult(130),
}
EXPECTED = {1: (3, 0, 3), 2: (2, -1, 3), 3: (0, 1, -1), 4: (1, 1, 0), 5: (2, 2, 0), 6: (-2, 1, -3)}


def test_a_match_worked_by_hand() -> None:
    scores = score_boards(DEFAULT_BOARDS, MATCH, RULES)
    assert {s.board.number: (s.open_ns, s.closed_ns, s.xmp) for s in scores} == EXPECTED
    # 3 + 3 − 1 + 0 + 0 − 3 = +2 levels to the home team → VP 12 : 8 (§5.1), MP 2.5 : 0.5 (§5.2)
    assert match_xmp(scores) == 2
    assert score_match(2, RULES) == Outcome(2.5, 0.5, 12, 8)


def test_the_same_match_by_the_conversion_table() -> None:
    """级分换算表, default 20 points a level, from the home team's point difference between the rooms.

    Board 1 (N): home declares in the open room (away took 0), defends in the closed room (took 85): +85 → +4
    Board 2 (E): home defends in the open room (185), away in the closed room (40): +145 → +7
    Board 3 (S): away took 60 + 20 = 80 in the open room, home 100 − 30 = 70 in the closed: −10 → 0
    Board 4 (W): 120 − 120 = 0 → 0
    Board 5 (N): away 35 in the open room, home 5 in the closed: −30 → −1
    Board 6 (E): home 10 in the open room, away 130 in the closed: −120 → −6
    Total 4 + 7 + 0 + 0 − 1 − 6 = +4 → 14 : 6 VP, 3 : 0 MP.
    """
    scores = score_boards(DEFAULT_BOARDS, MATCH, POINTS_RULES)
    assert [s.xmp for s in scores] == [4, 7, 0, 0, -1, -6]
    assert match_xmp(scores) == 4
    assert score_match(4, POINTS_RULES) == Outcome(3.0, 0.0, 14, 6)
    # The rooms' level scores are still shown beside the points.
    assert [s.open_ns for s in scores] == [e[0] for e in EXPECTED.values()]


def test_penalties_are_added_to_the_side_they_were_given_to() -> None:
    ns_declares = Board(1, 9, "N", "S")
    # To the defenders (EW): added to their points.
    assert effective_points(ns_declares, RoomResult(60, to_ew=20)) == 80
    # To the declarers (NS): taken off the defenders' points …
    assert effective_points(ns_declares, RoomResult(60, to_ns=20)) == 40
    # … never below 0: the declarers then score as for a 0-point board (+3).
    assert effective_points(ns_declares, RoomResult(10, to_ns=40)) == 0
    assert ns_score(ns_declares, RoomResult(10, to_ns=40), RULES) == 3
    # Awarded to both sides in one room: both apply.
    assert effective_points(ns_declares, RoomResult(100, to_ns=10, to_ew=40)) == 130
    ew_declares = Board(2, 10, "E", "H")
    assert effective_points(ew_declares, RoomResult(60, to_ns=20)) == 80  # NS defend here
    assert effective_points(ew_declares, RoomResult(60, to_ew=20)) == 40


def test_a_board_waits_for_both_rooms() -> None:
    board = DEFAULT_BOARDS[0]
    half = score_board(board, RoomResult(0), None, RULES)
    assert (half.open_ns, half.closed_ns, half.xmp) == (3, None, None)
    scores = score_boards(DEFAULT_BOARDS, {(1, "open"): RoomResult(0), (1, "closed"): RoomResult(85)}, RULES)
    assert match_xmp(scores) is None
    assert running_xmp(scores) == 3


def test_points_table_steps() -> None:
    assert DEFAULT_POINTS_TABLE[:3] == (PointStep(20, 1), PointStep(40, 2), PointStep(60, 3))
    assert [points_to_levels(d, DEFAULT_POINTS_TABLE) for d in (0, 15, 20, 39, 40, -45, 400, 990)] == [
        0, 0, 1, 1, 2, -2, 20, 20,
    ]  # fmt: skip
    table = parse_points_table("30:1, 70：2；120:3")
    assert table == (PointStep(30, 1), PointStep(70, 2), PointStep(120, 3))
    assert points_to_levels(-75, table) == -2
    for bad in ("", "20:1 10:2", "20:2 40:1", "22:1", "20-1"):
        with pytest.raises(BadInput):
            parse_points_table(bad)


def test_rule_sets_round_trip_and_old_ones_get_the_defaults() -> None:
    rules = replace(POINTS_RULES, points_table=(PointStep(25, 1), PointStep(50, 3)))
    assert RuleSet.from_dict(rules.to_dict()) == rules
    old = RULES.to_dict()
    del old["duplicate_conversion"], old["points_table"]
    assert RuleSet.from_dict(old) == RULES


def test_parsing_what_the_desk_types() -> None:
    assert parse_board("1:9:S:S") == Board(1, 9, "S", "S")
    assert parse_board("2:10:E:NT") == Board(2, 10, "E", "NT")
    assert parse_board("3:q:北:♥") == Board(3, 12, "N", "H")
    assert parse_board("６：Ａ：西：无主") == Board(6, 14, "W", "NT")
    assert [parse_seat(s) for s in "NESW东南西北"] == ["N", "E", "S", "W", "E", "S", "W", "N"]
    assert [parse_trump(t) for t in ("♠", "h", "方块", "♣", "无主", "NT")] == ["S", "H", "D", "C", "NT", "NT"]
    assert parse_points(" 85 ") == 85 and parse_points("０") == 0
    assert parse_penalty("open:NS:20") == Penalty("open", "NS", 20)
    assert parse_penalty("闭室:东西:10") == Penalty("closed", "EW", 10)
    for bad in ("1:9:S", "0:9:S:S", "1:过A:S:S", "1:9:X:S", "1:9:S:Z", "x"):
        with pytest.raises(BadInput):
            parse_board(bad)
    for bad in ("103", "-5", "abc", ""):
        with pytest.raises(BadInput):
            parse_points(bad)
    for bad in ("open:NS:0", "open:NS", "side:NS:10", "open:NE:10", "open:NS:12"):
        with pytest.raises(BadInput):
            parse_penalty(bad)


def test_board_sets() -> None:
    assert [(b.number, b.level, b.declarer, b.trump) for b in DEFAULT_BOARDS] == [
        (1, 9, "N", "S"), (2, 10, "E", "H"), (3, 11, "S", "D"), (4, 12, "W", "C"), (5, 13, "N", "NT"),
        (6, 14, "E", "S"),
    ]  # fmt: skip
    assert check_board_set([Board(2, 9, "N", "S"), Board(1, 9, "E", "H")])[0].number == 1
    with pytest.raises(BadInput, match="twice"):
        check_board_set([Board(1, 9, "N", "S"), Board(1, 10, "E", "H")])
    with pytest.raises(BadInput, match="at least one"):
        check_board_set([])


def test_xmp_totals_follow_the_stored_outcome() -> None:
    records = [
        XmpRecord(1, 1, 2, 5, "played", None),
        XmpRecord(1, 3, 4, 2, "late", "home"),  # the home side was late: only the away side keeps −2
        XmpRecord(2, 1, 3, -1, "played", None),
        XmpRecord(2, 2, 4, None, "forfeit", "away"),
        XmpRecord(3, 1, 4, 9, "played", None),
    ]
    assert xmp_totals([1, 2, 3, 4], records) == {1: 13, 2: -5, 3: 1, 4: -11}
    assert xmp_totals([1, 2, 3, 4], records, after_round=2) == {1: 4, 2: -5, 3: 1, 4: -2}


points = st.integers(0, 60).map(lambda k: 5 * k)
penalty = st.sampled_from([0, 0, 0, 10, 20, 40, 80])
room = st.builds(RoomResult, points, penalty, penalty)
boards = st.builds(
    Board,
    st.integers(1, 6),
    st.integers(2, 14),
    st.sampled_from(["N", "E", "S", "W"]),
    st.sampled_from(["S", "H", "D", "C", "NT"]),
)


@pytest.mark.slow
@given(boards, room, room, st.sampled_from([RULES, POINTS_RULES, preset_rules("two-deck-80-by-20")]))
def test_swapping_the_rooms_gives_the_other_team_the_same_result(
    board: Board, open_room: RoomResult, closed_room: RoomResult, rules: RuleSet
) -> None:
    """The away team sees the match from the other room: its XMP is the home team's negated."""
    there = score_board(board, open_room, closed_room, rules)
    back = score_board(board, closed_room, open_room, rules)
    assert there.xmp == -(back.xmp or 0)
    assert (board.declaring_pair == "NS") == (ns_score(board, RoomResult(0), rules) > 0)
    assert home_points_difference(board, open_room, closed_room) == -home_points_difference(
        board, closed_room, open_room
    )


@given(st.integers(-40, 40))
def test_a_match_score_adds_to_twenty_and_three(xmp: int) -> None:
    o = score_match(xmp, RULES)
    assert o.home_vp + o.away_vp == 20 and o.home_mp + o.away_mp == 3
    assert (o.home_vp > o.away_vp) == (xmp > 0)
