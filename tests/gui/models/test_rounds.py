"""models/rounds: a round's pairing and a round robin's schedule as tables, on real event files."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester

from tournament_desk.domain.results import ResultState
from tournament_desk.gui.models.rounds import (
    CURRENT_COLOUR,
    RoundModel,
    ScheduleModel,
    result_text,
    rule_text,
)
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.entrants import add_entrant, draw
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import pair_next_round, round_view, schedule_view

DISPLAY = Qt.ItemDataRole.DisplayRole


def test_a_played_round_shows_every_table_its_mp_before_and_the_levels(
    qtmodeltester: ModelTester, demo_session: DeskSession
) -> None:
    view = round_view(demo_session.desk, 2)
    model = RoundModel()
    mp_before = {t.home: 3.0 for t in view.tables}
    model.set_round(view, mp_before)
    qtmodeltester.check(model)
    assert model.rowCount() == len(view.tables) == 6  # 12 entrants: no bye
    first = view.tables[0]
    assert model.data(model.index(0, RoundModel.COL_TABLE)) == str(first.table)
    assert model.data(model.index(0, RoundModel.COL_HOME)) == first.home
    assert model.data(model.index(0, RoundModel.COL_HOME_MP)) == "3"
    assert model.data(model.index(0, RoundModel.COL_AWAY_MP)) == "0"
    assert " : " in model.data(model.index(0, RoundModel.COL_RESULT))
    assert model.headerData(1, Qt.Orientation.Horizontal) == "Home / NS"


def test_a_bye_row_shows_its_award_and_has_no_away_mp(empty_session: DeskSession) -> None:
    desk = empty_session.desk
    for name in "甲乙丙":
        add_entrant(desk, name)
    draw(desk, seed=3)
    view = pair_next_round(desk)
    assert view.bye is not None
    model = RoundModel()
    model.set_round(view, {})
    last = model.rowCount() - 1
    assert model.data(model.index(last, RoundModel.COL_TABLE)) == "Bye"
    assert model.data(model.index(last, RoundModel.COL_HOME)) == view.bye
    assert model.data(model.index(last, RoundModel.COL_AWAY_MP)) == ""
    assert model.data(model.index(last, RoundModel.COL_RESULT)).startswith("bye: ")


def test_relaxed_rules_are_marked_and_explained_in_the_tooltip(demo_session: DeskSession) -> None:
    view = round_view(demo_session.desk, 1)
    model = RoundModel()
    model.set_round(view, {})
    row = model.rows[0]
    model.rows[0] = type(row)(**{**row.__dict__, "relaxed": ("same-unit", "rematch"), "locked": True})
    marks = model.data(model.index(0, RoundModel.COL_MARKS))
    assert marks.split("  ") == ["locked", "⚠ same unit", "⚠ rematch"]
    tip = model.data(model.index(0, RoundModel.COL_MARKS), Qt.ItemDataRole.ToolTipRole)
    assert tip == rule_text("same-unit") + "\n" + rule_text("rematch")
    assert model.data(model.index(0, RoundModel.COL_MARKS), Qt.ItemDataRole.DecorationRole) is not None
    assert rule_text("unknown-rule") == "unknown-rule"


def test_result_text_of_a_forfeit_names_the_side(demo_session: DeskSession) -> None:
    table = round_view(demo_session.desk, 1).tables[0]
    forfeit = type(table)(**{**table.__dict__, "kind": ResultState.FORFEIT, "side": "away"})
    pending = type(table)(**{**table.__dict__, "kind": ResultState.PENDING})
    assert result_text(forfeit) == "forfeit (away)"
    assert result_text(pending) == ""


def test_a_table_decided_by_a_withdrawal_reads_as_the_sheets_and_tdesk_say(demo_session: DeskSession) -> None:
    """Issue 27: the window's words for a withdrawal are the printed sheet's (``domain.table_state``)."""
    from tournament_desk import i18n

    table = round_view(demo_session.desk, 1).tables[0]
    gone = type(table)(**{**table.__dict__, "kind": ResultState.FORFEIT, "side": "away", "note": "withdrawn"})
    i18n.set_language("zh")
    try:
        assert result_text(gone) == "客队退赛：弃权"
    finally:
        i18n.set_language(None)


@pytest.mark.slow
def test_the_schedule_has_a_column_per_table_a_rest_column_and_marks_the_current_round(
    qtmodeltester: ModelTester, qapp: object, tmp_path: Path
) -> None:
    desk = create_tournament(tmp_path / "rr.tdesk", name="循环", format="round-robin")
    try:
        for name in "甲乙丙丁戊":
            add_entrant(desk, name)
        draw(desk, order=list("甲乙丙丁戊"))
        view = pair_next_round(desk)
        for t in view.tables:
            record_result(desk, 1, t.table, "9", "7")
        rounds = schedule_view(desk)
    finally:
        desk.close()
    assert rounds is not None
    model = ScheduleModel()
    model.set_schedule(rounds, current=2)
    qtmodeltester.check(model)
    assert model.rowCount() == 5 and model.columnCount() == 2 + 1 + 1  # round, 2 tables, rests
    assert model.headerData(1, Qt.Orientation.Horizontal) == "Table 1"
    assert model.headerData(3, Qt.Orientation.Horizontal) == "Rests"
    assert model.data(model.index(0, 1)).endswith("9 : 7")  # round 1 played
    assert "   " not in model.data(model.index(1, 1))  # round 2 not yet
    assert model.data(model.index(0, 3)) in "甲乙丙丁戊"
    assert model.data(model.index(1, 0), Qt.ItemDataRole.BackgroundRole) == CURRENT_COLOUR
    assert model.data(model.index(0, 0), Qt.ItemDataRole.BackgroundRole) is None
