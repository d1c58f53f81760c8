"""Undo that lives in the event (issues 14, 18): each station's journal of steps, written with the step,
undone only while nobody changed the table since, kept across reopening the file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import func, select

from tournament_desk.domain.errors import BadInput
from tournament_desk.i18n import render
from tournament_desk.services import entrants as es
from tournament_desk.services import undo
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results import boards as bs
from tournament_desk.services.results import deductions as ds
from tournament_desk.services.results import forfeits as fs
from tournament_desk.services.results import levels as rs
from tournament_desk.services.results.table import ChangedElsewhere
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.storage import models as m


@pytest.fixture
def event(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "undo.tdesk"
    with create_tournament(path, name="撤销", rounds=3) as desk:
        for i in range(6):
            es.add_entrant(desk, f"队{i + 1}", unit=f"U{i}")
        pair_next_round(desk)
    yield path


@pytest.fixture
def desk(event: Path) -> Iterator[Desk]:
    with Desk.open(event, station="A站") as d:
        yield d


def levels(desk: Desk, table: int) -> tuple[object, object, object]:
    state = rs.table_state(desk, 1, table)
    return state["kind"], state["home_level"], state["away_level"]


def enter(desk: Desk, table: int, home: str, away: str) -> rs.ResultView:
    what = undo.label("levels", home=home, away=away)
    return undo.record(desk, "table", 1, table, what, rs.record_result, home, away)


@pytest.mark.slow
def test_a_result_is_undone_and_redone(desk: Desk) -> None:
    view = enter(desk, 1, "A", "2")
    assert view.kind == "played" and levels(desk, 1) == ("played", "A", "2")
    step = undo.undo_last(desk)
    assert (step.kind, step.round, step.table) == ("table", 1, 1)
    assert render(step.text, "en") == "round 1 table 1: A : 2"
    assert render(step.text, "zh") == "第 1 轮第 1 桌：A : 2"
    assert levels(desk, 1) == ("pending", None, None)
    undo.redo_last(desk)
    assert levels(desk, 1) == ("played", "A", "2")
    trail = audit_trail(desk, round_no=1, table_no=1)
    assert [(e.action, e.reason) for e in trail][-3:] == [("result", None), ("restore", "undo"),
                                                           ("restore", "redo")]  # fmt: skip


@pytest.mark.slow
def test_a_forfeit_is_undone_and_redone(desk: Desk) -> None:
    enter(desk, 2, "K", "9")
    undo.record(desk, "table", 1, 2, undo.label("forfeit", who="队3"), fs.forfeit, "home", reason="迟到")
    assert levels(desk, 2)[0] == "forfeit"
    undo.undo_last(desk)
    assert levels(desk, 2) == ("played", "K", "9")  # back to the result before the forfeit, not to nothing
    undo.redo_last(desk)
    assert levels(desk, 2)[0] == "forfeit"
    assert rs.table_state(desk, 1, 2)["side"] == "home"


@pytest.mark.slow
def test_a_deduction_is_undone_and_redone(desk: Desk) -> None:
    done = undo.record_deduction(desk, 1, "队1", 0.5, reason="手机响")
    assert [d.id for d in ds.list_deductions(desk)] == [done.id]
    step = undo.undo_last(desk)
    assert render(step.text, "en") == "round 1: deduct 0.5 MP from 队1"
    assert ds.list_deductions(desk) == []
    undo.redo_last(desk)
    again = ds.list_deductions(desk)
    assert [(d.name, d.mp, d.reason) for d in again] == [("队1", 0.5, "手机响")]
    undo.undo_last(desk)  # the deduction made again (a new row) is the one taken back
    assert ds.list_deductions(desk) == []


@pytest.mark.slow
def test_a_deduction_taken_back_elsewhere_is_not_undone(event: Path) -> None:
    with Desk.open(event, station="A站") as a, Desk.open(event, station="B站") as b:
        done = undo.record_deduction(a, 1, "队2", 0.5, reason="迟到")
        ds.remove_deduction(b, done.id, reason="误扣")
        with pytest.raises(ChangedElsewhere, match="B站"):
            undo.undo_last(a)
        assert len(undo.history(a).undo) == 0  # overtaken: off the list


@pytest.mark.slow
def test_a_duplicate_sheet_is_undone_and_redone(tmp_path: Path) -> None:
    with create_tournament(tmp_path / "dup.tdesk", name="复式", scoring="duplicate", rounds=3) as desk:
        teams = ["甲队", "乙队", "丙队", "丁队"]
        for i, name in enumerate(teams):
            es.add_entrant(desk, name, unit=f"单位{i}", players=f"{name}1,{name}2,{name}3,{name}4")
        es.draw(desk, order=teams)
        pair_next_round(desk)
        bs.record_board(desk, 1, 1, 1, open_points=40)
        what = undo.label("board", board=1, points=80)
        undo.record(desk, "sheet", 1, 1, what, bs.record_board, 1, closed_points=80)
        what = undo.label("penalty", board=1, points=20, side="NS")
        undo.record(desk, "sheet", 1, 1, what, bs.set_penalty, 1, "open", "NS", 20)
        full = bs.sheet_state(desk, 1, 1)
        assert full["boards"] == [[1, "closed", 80, 0, 0], [1, "open", 40, 20, 0]]
        history = undo.history(desk)
        assert render(history.undo[0].text, "zh") == "第 1 轮第 1 桌第 1 副：罚给南北 20 分"
        undo.undo_last(desk)
        undo.undo_last(desk)
        assert bs.sheet_state(desk, 1, 1)["boards"] == [[1, "open", 40, 0, 0]]
        undo.redo_last(desk)
        undo.redo_last(desk)
        assert bs.sheet_state(desk, 1, 1) == full


@pytest.mark.slow
def test_undo_is_refused_after_another_station_changed_the_table(event: Path) -> None:
    with Desk.open(event, station="A站") as a, Desk.open(event, station="B站") as b:
        enter(a, 3, "Q", "9")
        rs.record_result(b, 1, 3, "Q", "J", reason="B站核对记分表")
        with pytest.raises(ChangedElsewhere) as refused:
            undo.undo_last(a)
        assert "B站" in str(refused.value) and "table 3" in str(refused.value)
        assert levels(a, 3) == ("played", "Q", "J")  # B's correction stands
        assert "taken off this station's undo list" in str(refused.value)
        history = undo.history(a)
        # The step leaves the list, so the next Ctrl+Z reaches the step before instead of the same refusal.
        assert [s.table for s in history.undo] == [] and history.redo == ()
        assert undo.history(b).undo == ()  # each station has its own journal
        with pytest.raises(BadInput, match="nothing to undo"):
            undo.undo_last(b)


@pytest.mark.slow
def test_redo_is_refused_after_another_station_changed_the_table(event: Path) -> None:
    with Desk.open(event, station="A站") as a, Desk.open(event, station="B站") as b:
        enter(a, 1, "J", "9")
        undo.undo_last(a)
        rs.record_result(b, 1, 1, "K", "10")
        with pytest.raises(ChangedElsewhere, match="B站"):
            undo.redo_last(a)
        assert levels(a, 1) == ("played", "K", "10")
        assert len(undo.history(a).redo) == 0  # overtaken: off the list


@pytest.mark.slow
def test_an_overtaken_step_leaves_the_list_and_the_one_before_is_undone_next(event: Path) -> None:
    with Desk.open(event, station="A站") as a, Desk.open(event, station="B站") as b:
        enter(a, 1, "J", "9")
        enter(a, 3, "Q", "9")
        rs.record_result(b, 1, 3, "Q", "J", reason="B站核对记分表")
        with pytest.raises(undo.StepOvertaken):
            undo.undo_last(a)
        assert levels(a, 3) == ("played", "Q", "J")
        undo.undo_last(a)  # table 1, which nobody else touched
        assert levels(a, 1)[1:] == (None, None)
        assert levels(a, 3) == ("played", "Q", "J")


@pytest.mark.slow
def test_the_history_survives_closing_and_reopening(event: Path) -> None:
    with Desk.open(event, station="A站") as a:
        enter(a, 1, "A", "2")
        enter(a, 2, "10", "9")
    with Desk.open(event, station="A站") as a:
        history = undo.history(a)
        assert [render(s.text, "en") for s in history.undo] == ["round 1 table 2: 10 : 9",
                                                                 "round 1 table 1: A : 2"]  # fmt: skip
        undo.undo_last(a)
        assert levels(a, 2) == ("pending", None, None) and levels(a, 1)[0] == "played"
    with Desk.open(event, station="A站") as a:
        assert [s.table for s in undo.history(a).redo] == [2]
        undo.redo_last(a)
        assert levels(a, 2) == ("played", "10", "9")


@pytest.mark.slow
def test_a_new_step_after_undo_discards_the_redo_tail(desk: Desk) -> None:
    enter(desk, 1, "A", "2")
    enter(desk, 2, "K", "9")
    undo.undo_last(desk)
    assert len(undo.history(desk).redo) == 1
    enter(desk, 3, "J", "9")
    history = undo.history(desk)
    assert history.redo == () and [s.table for s in history.undo] == [3, 1]
    with pytest.raises(BadInput, match="nothing to redo"):
        undo.redo_last(desk)


def test_a_refused_step_leaves_no_journal_entry(desk: Desk) -> None:
    with pytest.raises(BadInput):
        enter(desk, 1, "Z", "2")  # not a level
    assert undo.history(desk).undo == ()
    with pytest.raises(BadInput):
        enter(desk, 9, "A", "2")  # no table 9
    assert undo.history(desk).undo == ()


@pytest.mark.slow
def test_the_journal_keeps_the_newest_steps_of_each_station(
    desk: Desk, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(undo, "KEEP", 5)
    for n in range(8):
        enter(desk, 1 + n % 3, "A", str(2 + n))
    history = undo.history(desk)
    assert len(history.undo) == 5
    assert [render(s.text, "en").rsplit(" ", 1)[1] for s in history.undo] == ["9", "8", "7", "6", "5"]
    with desk.db.transaction() as session:
        assert session.scalar(select(func.count()).select_from(m.UndoStep)) == 5
    for _ in range(5):
        undo.undo_last(desk)
    with pytest.raises(BadInput, match="nothing to undo"):
        undo.undo_last(desk)
