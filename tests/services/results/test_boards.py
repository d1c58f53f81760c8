"""Duplicate events through the services: board sets, board results, the stored outcome, audit and undo."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.domain.test_duplicate import MATCH
from tests.services.conftest import TEAMS, Events, at_station
from tournament_desk.domain.duplicate import Penalty, RoomResult
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.rules import PointStep
from tournament_desk.domain.scoring import Outcome
from tournament_desk.i18n import render
from tournament_desk.services import entrants as es
from tournament_desk.services import undo as us
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import event_info, update_rules
from tournament_desk.services.results import boards as bs
from tournament_desk.services.results import deductions as ds
from tournament_desk.services.results import forfeits as fs
from tournament_desk.services.results import levels as rs
from tournament_desk.services.results.table import AlreadyRecorded, ChangedElsewhere
from tournament_desk.services.rounds import pair_next_round, round_view
from tournament_desk.services.standings import current_standings
from tournament_desk.services.undo import label

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.fixture
def desk(teams: Desk) -> Desk:
    return teams


def enter_match(desk: Desk, round_no: int, table: int) -> bs.BoardSheet:
    """The hand-worked match of tests/domain/test_duplicate.py (XMP +2), penalties included."""
    sheet = None
    for board in range(1, 7):
        open_room, closed_room = MATCH[(board, "open")], MATCH[(board, "closed")]
        penalties = [
            Penalty(room, side, points)  # type: ignore[arg-type]
            for room, r in (("open", open_room), ("closed", closed_room))
            for side, points in (("NS", r.to_ns), ("EW", r.to_ew))
            if points
        ]
        sheet = bs.record_board(desk, round_no, table, board, open_points=open_room.points,
                                closed_points=closed_room.points, penalties=penalties)  # fmt: skip
    assert sheet is not None
    return sheet


@pytest.mark.slow
def test_a_match_is_pending_until_every_board_of_both_rooms_is_in(desk: Desk) -> None:
    pair_next_round(desk)  # 甲 v 乙 (table 1), 丙 v 丁 (table 2)
    sheet = bs.record_board(desk, 1, 1, 1, open_points=0)
    assert (sheet.kind, sheet.outcome, sheet.xmp, sheet.missing) == ("pending", None, None, 11)
    sheet = enter_match(desk, 1, 1)
    assert [s.xmp for s in sheet.scores] == [3, 3, -1, 0, 0, -3]
    assert (sheet.kind, sheet.xmp, sheet.outcome) == ("played", 2, Outcome(2.5, 0.5, 12, 8))
    t1 = round_view(desk, 1).tables[0]
    assert (t1.kind, t1.xmp, t1.outcome) == ("played", 2, Outcome(2.5, 0.5, 12, 8))
    # A correction (board 6, closed room 130 → 90: NS 0, XMP −2) changes the stored outcome: +3 → 13 : 7
    sheet = bs.record_board(desk, 1, 1, 6, closed_points=90)
    assert (sheet.xmp, sheet.outcome) == (3, Outcome(3.0, 0.0, 13, 7))
    trail = [a for a in audit_trail(desk, round_no=1, table_no=1) if a.action == "board"]
    assert len(trail) == 8
    last = trail[-1]
    assert last.old["closed"] == [130, 0, 0] and last.new["closed"] == [90, 0, 0]
    assert (last.old["xmp"], last.new["xmp"], last.old["home_vp"], last.new["home_vp"]) == (2, 3, 12, 13)


@pytest.mark.slow
def test_penalties_are_kept_replaced_or_taken_back(desk: Desk) -> None:
    pair_next_round(desk)
    bs.record_board(desk, 1, 1, 3, open_points=60, penalties=[Penalty("open", "EW", 20)])
    sheet = bs.record_board(desk, 1, 1, 3, open_points=65)  # no penalties given: the room keeps them
    assert sheet.entries[(3, "open")] == RoomResult(65, 0, 20)
    sheet = bs.set_penalty(desk, 1, 1, 3, "open", "NS", 10)
    assert sheet.entries[(3, "open")].to_ns == 10 and sheet.entries[(3, "open")].to_ew == 20
    sheet = bs.set_penalty(desk, 1, 1, 3, "open", "EW", 0)
    assert (sheet.entries[(3, "open")].to_ns, sheet.entries[(3, "open")].to_ew) == (10, 0)
    with pytest.raises(BadInput, match="no defenders' points in the closed room"):
        bs.set_penalty(desk, 1, 1, 3, "closed", "NS", 10)
    # A full entry of the board replaces its penalties.
    sheet = bs.record_board(desk, 1, 1, 3, open_points=60, closed_points=100, penalties=[])
    assert sheet.entries[(3, "open")] == RoomResult(60)


@pytest.mark.slow
def test_what_is_refused(desk: Desk) -> None:
    with pytest.raises(BadInput, match="not been paired"):
        bs.record_board(desk, 1, 1, 1, open_points=0)
    pair_next_round(desk)
    for kwargs, pattern in (
        ({"open_points": 103}, "steps of 5"),
        ({"open_points": -5}, "steps of 5"),
        ({}, "open room, the closed room or both"),
    ):
        with pytest.raises(BadInput, match=pattern):
            bs.record_board(desk, 1, 1, 1, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(BadInput, match="there is no board 7"):
        bs.record_board(desk, 1, 1, 7, open_points=0)
    with pytest.raises(BadInput, match="duplicate boards"):
        rs.record_result(desk, 1, 1, "9", "10")
    assert not [a for a in audit_trail(desk) if a.action in ("board", "result")]


@pytest.mark.slow
def test_late_scoresheet_forfeit_ruling_and_deduction_read_the_boards(desk: Desk) -> None:
    pair_next_round(desk)
    enter_match(desk, 1, 1)  # 甲 (home) +2: 12 : 8 VP, 2.5 : 0.5 MP
    view = fs.forfeit(desk, 1, 1, "home", late=True)  # 甲's sheet was late: 乙 keeps what it played
    assert (view.kind, view.outcome) == ("late", Outcome(0.0, 0.5, 0.0, 8))
    # A board corrected afterwards keeps the table late, with the new figures for the other side.
    sheet = bs.record_board(desk, 1, 1, 6, closed_points=90)  # home +3: 13 : 7
    assert (sheet.kind, sheet.outcome) == ("late", Outcome(0.0, 0.0, 0.0, 7))
    with pytest.raises(BadInput, match="no played result to keep"):
        fs.forfeit(desk, 1, 2, "away", late=True)
    fs.forfeit(desk, 1, 2, "away", reason="迟到 15 分钟")  # 丙 2.5 MP 12 VP, 丁 0
    ds.deduct(desk, 1, "丙队", 0.5, reason="离座")
    rows = {r.entrant.name: r for r in current_standings(desk).rows}
    assert {n: (r.mp, r.vp, r.xmp) for n, r in rows.items()} == {
        "甲队": (0.0, 0.0, 0),  # late: keeps none of its +3
        "乙队": (0.0, 7.0, -3),
        "丙队": (2.0, 12.0, 0),
        "丁队": (0.0, 0.0, 0),
    }
    view = fs.rule_loss(desk, 1, 1, "away")  # the fixed 12 VP award to 甲
    assert (view.kind, view.outcome) == ("ruling", Outcome(2.5, 0.0, 12, 0.0))


@pytest.mark.slow
def test_undo_puts_the_whole_sheet_back(desk: Desk) -> None:
    pair_next_round(desk)
    before = bs.sheet_state(desk, 1, 1)
    enter_match(desk, 1, 1)
    after = bs.sheet_state(desk, 1, 1)
    bs.restore_sheet(desk, 1, 1, before, reason="undo")
    sheet = bs.board_sheet(desk, 1, 1)
    assert (sheet.entries, sheet.kind, sheet.outcome, sheet.xmp) == ({}, "pending", None, None)
    bs.restore_sheet(desk, 1, 1, after, reason="redo")
    assert bs.board_sheet(desk, 1, 1).outcome == Outcome(2.5, 0.5, 12, 8)
    assert [a.reason for a in audit_trail(desk) if a.action == "restore"] == ["undo", "redo"]


@pytest.mark.slow
def test_import_is_all_rows_or_none(desk: Desk, tmp_path: Path) -> None:
    pair_next_round(desk)
    good = tmp_path / "boards.csv"
    lines = ["轮,桌,副,开室,闭室,罚分"]
    for board in range(1, 7):
        o, c = MATCH[(board, "open")], MATCH[(board, "closed")]
        pen = " ".join(
            f"{room}:{side}:{p}"
            for room, r in (("open", o), ("closed", c))
            for side, p in (("NS", r.to_ns), ("EW", r.to_ew))
            if p
        )
        lines.append(f"1,1,{board},{o.points},{c.points},{pen}")
    bad = tmp_path / "bad.csv"
    bad.write_text("\n".join([*lines, "1,2,1,85,99,", "1,2,8,0,0,", "1,1,1,0,85,"]) + "\n", encoding="utf-8")
    with pytest.raises(BadInput) as info:
        bs.import_board_results(desk, bad)
    text = str(info.value)
    assert "row 8" in text and "row 9" in text and "row 10: it repeats row 2" in text
    assert bs.board_sheet(desk, 1, 1).entries == {}
    good.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (sheet,) = bs.import_board_results(desk, good)
    assert (sheet.xmp, sheet.outcome) == (2, Outcome(2.5, 0.5, 12, 8))


@pytest.mark.slow
def test_the_conversion_table_is_a_rule_set_option(desk: Desk) -> None:
    rules = event_info(desk).rules
    with pytest.raises(BadInput, match="grow"):
        update_rules(desk, replace(rules, points_table=(PointStep(40, 2), PointStep(20, 1))))
    update_rules(desk, replace(rules, duplicate_conversion="points-table"), reason="级分换算表")
    pair_next_round(desk)
    sheet = enter_match(desk, 1, 1)
    assert (sheet.xmp, sheet.outcome) == (4, Outcome(3.0, 0.0, 14, 6))  # worked in test_duplicate.py
    with pytest.raises(BadInput, match="cannot change"):
        update_rules(desk, rules)


@pytest.mark.slow
def test_a_bye_and_a_withdrawal_work_as_in_the_swiss_core(events: Events) -> None:
    with events.create(name="五队", scoring="duplicate", rounds=3) as desk:
        names = [*TEAMS, "戊队"]
        for name in names:
            es.add_entrant(desk, name, players=f"{name}1,{name}2,{name}3,{name}4")
        es.draw(desk, order=names)
        view = pair_next_round(desk)
        assert view.bye == "戊队" and view.bye_award == (2.5, 12)
        for t in view.tables:
            enter_match(desk, 1, t.table)  # the home team +2 at both tables
        view = pair_next_round(desk)
        leaving = view.tables[0].home
        es.withdraw(
            desk, leaving, reason="家中有事"
        )  # its paired table becomes a forfeit, 12 VP to the opponent
        table = round_view(desk, 2).tables[0]
        assert (table.kind, table.side, table.outcome) == ("forfeit", "home", Outcome(0.0, 2.5, 0.0, 12))
        rows = {r.entrant.name: r for r in current_standings(desk, after_round=2).rows}
        assert rows["戊队"].vp == 12 and rows["戊队"].xmp == 0  # a bye adds VP, no levels
        assert rows["甲队"].xmp == 2 and rows["乙队"].xmp == -2


@pytest.mark.slow
def test_a_duplicate_table_is_not_cleared_wholesale(desk: Desk) -> None:
    pair_next_round(desk)
    enter_match(desk, 1, 1)
    with pytest.raises(BadInput, match="one by one"):
        rs.clear_result(desk, 1, 1)


@pytest.mark.slow
def test_duplicate_boards_are_compared_board_by_board(duplicate: Desk) -> None:
    with at_station(duplicate, "A站") as a, at_station(duplicate, "B站") as b:
        bs.record_board(a, 1, 1, 1, open_points=40, closed_points=85, penalties=[], correct=False)
        bs.record_board(b, 1, 1, 2, open_points=60, penalties=[], correct=False)  # the table's last entry: B
        trail = audit_trail(duplicate)
        same = bs.record_board(b, 1, 1, 1, open_points=40, penalties=[], correct=False)
        assert same.entries[(1, "closed")].points == 85 and audit_trail(duplicate) == trail
        with pytest.raises(AlreadyRecorded) as refused:
            bs.record_board(b, 1, 1, 1, open_points=45, penalties=[], correct=False)
        assert render(refused.value, "en").startswith(
            "Round 1 table 1 (甲队 – 乙队) board 1 already has a result: open room 40, closed room 85, entered at "
            "station A站 at "  # the board's own entry, not the table's last
        )
        bs.record_board(b, 1, 1, 2, closed_points=70, penalties=[], correct=False)  # a room not yet entered
        with pytest.raises(BadInput, match="board 3 has no result yet"):
            bs.record_board(b, 1, 1, 3, open_points=45, penalties=[], correct=True)
        bs.record_board(b, 1, 1, 1, open_points=45, penalties=[], correct=True, reason="看错")
        assert bs.board_sheet(duplicate, 1, 1).entries[(1, "open")].points == 45


def test_a_duplicate_sheet_with_one_differing_board_is_refused_whole(duplicate: Desk, tmp_path: Path) -> None:
    bs.record_board(duplicate, 1, 1, 1, open_points=40, closed_points=85)
    sheet = tmp_path / "b.csv"
    sheet.write_text("round,table,board,open,closed\n1,1,2,40,60\n1,1,1,40,80\n", encoding="utf-8")
    trail = audit_trail(duplicate)
    with pytest.raises(
        AlreadyRecorded, match="row 3: round 1 table 1 board 1 already has open room 40, closed"
    ):
        bs.import_board_results(duplicate, sheet, correct=False)
    assert audit_trail(duplicate) == trail
    assert (2, "open") not in bs.board_sheet(duplicate, 1, 1).entries  # row 2 was rolled back


# A board write that expects the board as the director saw it (issue 23): ``record_board(expected=)`` (per
# room named, ``[points, penalty to NS, penalty to EW]`` or None) and ``record_pair_board(expected=)``
# (``{"points", "penalty_ns", "penalty_ew"}``) are compared inside the write's transaction: a stale one is refused
# with ``ChangedElsewhere`` naming the station and time, and nothing is written.


# --- duplicate boards -----------------------------------------------------------------------------------
@pytest.mark.slow
def test_a_stale_room_is_refused_naming_the_station_and_nothing_is_written(duplicate: Desk) -> None:
    with at_station(duplicate, "A站") as a, at_station(duplicate, "B站") as b:
        bs.record_board(a, 1, 1, 1, open_points=40, penalties=[Penalty("open", "EW", 10)])
        trail = audit_trail(duplicate)
        before = bs.board_sheet(duplicate, 1, 1).entries
        for stale in (None, [45, 0, 10], [40, 0, 0]):  # B saw nothing, other points, other penalties
            with pytest.raises(ChangedElsewhere) as refused:
                bs.record_board(b, 1, 1, 1, open_points=60, expected={"open": stale})
            said = render(refused.value, "en")
            assert said.startswith("Round 1 table 1 was changed at station A站 at ")
            assert said.endswith("Nothing was changed.")
            assert audit_trail(duplicate) == trail
            assert bs.board_sheet(duplicate, 1, 1).entries == before


@pytest.mark.slow
def test_the_room_as_stored_passes(duplicate: Desk) -> None:
    with at_station(duplicate, "A站") as a, at_station(duplicate, "B站") as b:
        sheet = bs.record_board(b, 1, 1, 1, open_points=40, expected={"open": None})  # nothing there yet
        assert sheet.entries[(1, "open")].points == 40
        bs.record_board(a, 1, 1, 1, open_points=45, penalties=[Penalty("open", "NS", 20)])
        sheet = bs.record_board(b, 1, 1, 1, open_points=50, expected={"open": [45, 20, 0]}, reason="看错")
        assert (sheet.entries[(1, "open")].points, sheet.entries[(1, "open")].to_ns) == (50, 20)
        assert audit_trail(duplicate)[-1].station == "B站"


@pytest.mark.slow
def test_rooms_not_named_are_not_compared(duplicate: Desk) -> None:
    with at_station(duplicate, "A站") as a, at_station(duplicate, "B站") as b:
        bs.record_board(a, 1, 1, 1, open_points=40)
        bs.record_board(a, 1, 1, 1, closed_points=85)  # B saw only the open room: the closed one changed
        sheet = bs.record_board(b, 1, 1, 1, open_points=55, expected={"open": [40, 0, 0]})
        assert (sheet.entries[(1, "open")].points, sheet.entries[(1, "closed")].points) == (55, 85)
        bs.record_board(a, 1, 1, 2, open_points=70)  # another board of the table: not this board's rooms
        bs.record_board(b, 1, 1, 1, closed_points=80, expected={"closed": [85, 0, 0]})
        trail = audit_trail(duplicate)
        with pytest.raises(ChangedElsewhere):  # both named: the open room is stale
            bs.record_board(b, 1, 1, 1, closed_points=90, expected={"open": [40, 0, 0], "closed": [80, 0, 0]})
        assert audit_trail(duplicate) == trail


@pytest.mark.slow
def test_expected_is_compared_before_the_correct_checks_and_in_an_undo_step(duplicate: Desk) -> None:
    with at_station(duplicate, "A站") as a, at_station(duplicate, "B站") as b:
        bs.record_board(a, 1, 1, 1, open_points=40)
        with pytest.raises(ChangedElsewhere):  # not AlreadyRecorded: the board changed since B looked
            bs.record_board(b, 1, 1, 1, open_points=45, correct=False, expected={"open": None})
        trail = audit_trail(duplicate)
        what = label("board", board=1, points=45)
        with pytest.raises(ChangedElsewhere):  # the window's way: an undoable step of the station
            us.record(b, "sheet", 1, 1, what, bs.record_board, 1, open_points=45, expected={"open": None})
        assert audit_trail(duplicate) == trail
        assert us.history(b).undo == ()
        us.record(b, "sheet", 1, 1, what, bs.record_board, 1, open_points=45, expected={"open": [40, 0, 0]})
        assert bs.board_sheet(duplicate, 1, 1).entries[(1, "open")].points == 45
        assert len(us.history(b).undo) == 1


def test_a_penalty_expects_its_room_too(duplicate: Desk) -> None:
    with at_station(duplicate, "A站") as a, at_station(duplicate, "B站") as b:
        bs.record_board(a, 1, 1, 1, open_points=40)
        bs.record_board(a, 1, 1, 1, open_points=45)
        trail = audit_trail(duplicate)
        with pytest.raises(ChangedElsewhere):
            bs.set_penalty(b, 1, 1, 1, "open", "NS", 10, expected={"open": [40, 0, 0]})
        assert audit_trail(duplicate) == trail
        sheet = bs.set_penalty(b, 1, 1, 1, "open", "NS", 10, expected={"open": [45, 0, 0]})
        assert sheet.entries[(1, "open")].to_ns == 10
