"""A first entry or a correction, in the services (SPEC §12, issue 23 item 4), so every face can say it: ``correct``
False — the table (board) must hold no result yet, or exactly this one (then nothing changes and nothing is
audited); a different result refuses with ``AlreadyRecorded``, naming it, the station and the time, and nothing
is written. True — a correction (a table or board with nothing to correct refuses). None — as before: whatever is
there is replaced (the window's pages guard a stale read with ``expected=``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.scoring import Outcome
from tournament_desk.i18n import render
from tournament_desk.services import boards as bs
from tournament_desk.services import entrants as es
from tournament_desk.services import forfeits as fs
from tournament_desk.services import pair_boards as pb
from tournament_desk.services import results as rs
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.table_results import AlreadyRecorded, ResultView

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def at_station(desk: Desk, name: str) -> Desk:
    """The same event opened by another station (its own connection)."""
    if desk.db.path is not None:
        return Desk.open(desk.db.path, station=name)
    return Desk.open(url=desk.db.engine.url.render_as_string(hide_password=False), station=name)


@pytest.fixture
def desk(events: Events) -> Iterator[Desk]:
    d = events.create(name="更正", rounds=3)
    for name in ["甲", "乙", "丙", "丁"]:
        es.add_entrant(d, name)
    es.draw(d, order=["甲", "乙", "丙", "丁"])
    pair_next_round(d)
    yield d
    d.close()


def test_a_first_entry_on_a_table_holding_another_result_is_refused_naming_it(desk: Desk) -> None:
    with at_station(desk, "A站") as a, at_station(desk, "B站") as b:
        rs.record_result(a, 1, 1, "Q", "9", correct=False)
        trail = audit_trail(desk)
        with pytest.raises(AlreadyRecorded) as refused:
            rs.record_result(b, 1, 1, "K", "9", correct=False)
        said = render(refused.value, "en")
        assert said.startswith(
            "Round 1 table 1 (甲 – 乙) already has a result: Q : 9, entered at station A站 at "
        )
        assert said.endswith(". Nothing was changed.")
        assert render(refused.value, "zh").startswith("第 1 轮第 1 桌（甲 – 乙）已有成绩：Q : 9，由 A站 于 ")
        assert audit_trail(desk) == trail
        assert rs.table_state(desk, 1, 1)["home_level"] == "Q"


def test_the_same_result_again_changes_nothing(desk: Desk) -> None:
    first = rs.record_result(desk, 1, 1, "Q", "9", correct=False)
    trail = audit_trail(desk)
    assert rs.record_result(desk, 1, 1, "12", "9", correct=False) == first
    assert rs.record_result(desk, 1, 1, "Q", "9", correct=True) == first
    assert audit_trail(desk) == trail
    assert rs.holds_result(desk, 1, 1, "圈", "9") == first
    assert rs.holds_result(desk, 1, 1, "K", "9") is None and rs.holds_result(desk, 1, 2, "Q", "9") is None


def test_a_correction_replaces_and_needs_a_result_to_correct(desk: Desk) -> None:
    with pytest.raises(BadInput, match="has no result yet, so there is nothing to correct") as refused:
        rs.record_result(desk, 1, 2, "Q", "9", correct=True)
    assert not isinstance(refused.value, AlreadyRecorded)
    rs.record_result(desk, 1, 1, "Q", "9")
    done = rs.record_result(desk, 1, 1, "K", "9", correct=True, reason="记分表看错")
    assert done.outcome == Outcome(3.0, 0.0, 14, 6)
    last = audit_trail(desk)[-1]
    assert (last.action, last.reason) == ("result", "记分表看错")
    assert (last.old["home_level"], last.new["home_level"]) == ("Q", "K")


def test_without_correct_a_second_entry_replaces_the_first_as_before(desk: Desk) -> None:
    rs.record_result(desk, 1, 1, "Q", "9")
    assert rs.record_result(desk, 1, 1, "K", "9").outcome.home_vp == 14
    assert [e.action for e in audit_trail(desk, round_no=1, table_no=1)] == ["result", "result"]


def test_decisions_are_named_in_the_refusal(desk: Desk) -> None:
    fs.forfeit(desk, 1, 1, "both")
    fs.rule_loss(desk, 1, 2, "away")
    with pytest.raises(AlreadyRecorded, match="already has a result: a forfeit by both sides"):
        rs.record_result(desk, 1, 1, "Q", "9", correct=False)
    with pytest.raises(AlreadyRecorded, match=r"\(丙 – 丁\) already has a result: a loss by ruling for 丁"):
        rs.record_result(desk, 1, 2, "Q", "9", correct=False)


def test_an_import_with_one_differing_row_writes_nothing_and_identical_rows_nothing_either(
    desk: Desk, tmp_path: Path
) -> None:
    rs.record_result(desk, 1, 1, "Q", "9")
    sheet = tmp_path / "r.csv"
    sheet.write_text("round,table,home,away\n1,1,K,9\n1,2,8,10\n", encoding="utf-8")
    trail = audit_trail(desk)
    with pytest.raises(
        AlreadyRecorded, match=r"Nothing was imported: row 2: round 1 table 1 already has Q : 9 "
    ):
        rs.import_results(desk, sheet, correct=False)
    assert audit_trail(desk) == trail and rs.table_state(desk, 1, 2)["kind"] == "pending"
    same = tmp_path / "same.csv"
    same.write_text("round,table,home,away\n1,1,Q,9\n", encoding="utf-8")
    assert rs.import_results(desk, same, correct=False) == []
    assert audit_trail(desk) == trail
    done = rs.import_results(desk, sheet, correct=True, reason="更正")
    assert [(v.table, v.kind) for v in done] == [(1, "played"), (2, "played")]


@pytest.fixture
def duplicate(events: Events) -> Iterator[Desk]:
    d = events.create(name="复式", scoring="duplicate", rounds=2)
    for name in ["甲队", "乙队"]:
        es.add_entrant(d, name, players="一,二,三,四")
    es.draw(d, order=["甲队", "乙队"])
    pair_next_round(d)
    yield d
    d.close()


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


@pytest.fixture
def mitchell(events: Events) -> Iterator[Desk]:
    d = events.create(name="牌套", format="mitchell", boards_per_round=2)
    names = [f"P{i}" for i in range(1, 7)]
    for name in names:
        es.add_entrant(d, name)
    es.draw(d, order=names)
    pair_next_round(d)
    yield d
    d.close()


def test_mitchell_boards_same_again_refused_when_different(mitchell: Desk, tmp_path: Path) -> None:
    with at_station(mitchell, "A站") as a, at_station(mitchell, "B站") as b:
        pb.record_pair_board(a, 1, 1, 1, 60, penalty=("EW", 10))
        trail = audit_trail(mitchell)
        pb.record_pair_board(b, 1, 1, 1, 60, penalty=("EW", 10))
        assert audit_trail(mitchell) == trail
        with pytest.raises(
            AlreadyRecorded, match=r"board 1 already has a result: 60 \(\+10 EW\), entered at station A站"
        ):
            pb.record_pair_board(b, 1, 1, 1, 65)
        with pytest.raises(BadInput, match="board 2 has no result yet"):
            pb.record_pair_board(b, 1, 1, 2, 65, correct=True)
        pb.record_pair_board(b, 1, 1, 1, 65, correct=True, reason="记错")
    sheet = tmp_path / "m.csv"
    sheet.write_text("round,table,board,points\n1,1,1,65\n1,1,2,40\n", encoding="utf-8")
    assert pb.import_pair_boards(mitchell, sheet) == 1  # board 1 as it is; board 2 new
    sheet.write_text("round,table,board,points\n1,1,1,70\n", encoding="utf-8")
    with pytest.raises(AlreadyRecorded, match="row 2: round 1 table 1 board 1 already has 65"):
        pb.import_pair_boards(mitchell, sheet)
    assert pb.import_pair_boards(mitchell, sheet, correct=True, reason="更正") == 1


def test_the_result_view_is_what_the_faces_print(desk: Desk) -> None:
    view = rs.record_result(desk, 1, 2, "10", "8", correct=False)
    assert view == ResultView(1, 2, "丙", "丁", view.kind, Outcome(2.5, 0.5, 12, 8))
