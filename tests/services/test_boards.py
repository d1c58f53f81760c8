"""Duplicate events through the services: board sets, board results, the stored outcome, audit and undo."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from tests.domain.test_duplicate import MATCH
from tests.services.conftest import Events
from tournament_desk.domain.duplicate import DEFAULT_BOARDS, Board, Penalty, RoomResult
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.rules import PointStep
from tournament_desk.domain.scoring import Outcome
from tournament_desk.services import board_sets as bsets
from tournament_desk.services import boards as bs
from tournament_desk.services import deductions as ds
from tournament_desk.services import entrants as es
from tournament_desk.services import forfeits as fs
from tournament_desk.services import results as rs
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament, event_info, update_rules
from tournament_desk.services.rounds import pair_next_round, round_view
from tournament_desk.services.standings import current_standings

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)

TEAMS = ["甲队", "乙队", "丙队", "丁队"]


@pytest.fixture
def desk(events: Events) -> Iterator[Desk]:
    d = events.create(name="复式测试", scoring="duplicate", rounds=3)
    for i, name in enumerate(TEAMS):
        es.add_entrant(d, name, unit=f"单位{i}", players=f"{name}1,{name}2,{name}3,{name}4")
    es.draw(d, order=TEAMS)
    yield d
    d.close()


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


def test_a_duplicate_event_is_for_teams_and_starts_with_the_default_boards(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="teams of four"):
        create_tournament(tmp_path / "p.tdesk", name="x", scoring="duplicate", entrants="pairs")
    assert not (tmp_path / "p.tdesk").exists()
    with create_tournament(tmp_path / "t.tdesk", name="x", scoring="duplicate") as d:
        assert event_info(d).entrants_kind == "teams"
        assert bsets.board_sets(d).default == DEFAULT_BOARDS
    with create_tournament(tmp_path / "l.tdesk", name="x") as d, pytest.raises(BadInput, match="levels"):
        bsets.board_sets(d)


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


def test_board_sets_per_round_are_fixed_by_the_first_result(desk: Desk) -> None:
    three = [Board(1, 9, "S", "S"), Board(2, 10, "E", "NT"), Board(3, 14, "W", "H")]
    assert bsets.set_board_set(desk, three, round_no=2) == [2]
    pair_next_round(desk)
    assert bsets.board_set(desk, 1) == DEFAULT_BOARDS  # frozen as the default when paired
    bs.record_board(desk, 1, 1, 1, open_points=0)
    with pytest.raises(BadInput, match="already has board results"):
        bsets.set_board_set(desk, three, round_no=1)
    with pytest.raises(BadInput, match="no round 4"):
        bsets.set_board_set(desk, three, round_no=4)
    # Without a round: the default and every round not yet played (round 2's own set), not round 1.
    two = [Board(1, 12, "N", "C"), Board(2, 13, "W", "D")]
    assert bsets.set_board_set(desk, two) == [0, 2]
    sets = bsets.board_sets(desk)
    assert sets.default == tuple(two) and sets.rounds[2] == tuple(two) and sets.rounds[1] == DEFAULT_BOARDS
    assert sets.played == {1}
    assert [a.round for a in audit_trail(desk) if a.action == "boards"] == [2, None, 2]


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


def test_a_duplicate_table_is_not_cleared_wholesale(desk: Desk) -> None:
    pair_next_round(desk)
    enter_match(desk, 1, 1)
    with pytest.raises(BadInput, match="one by one"):
        rs.clear_result(desk, 1, 1)
