"""models/results: a round's tables with levels typed home then away, deductions, sources and states."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from tournament_desk.domain.results import ResultState
from tournament_desk.gui.models.common import PROBLEM_COLOUR
from tournament_desk.gui.models.results import ResultsModel, source_data, source_marks, state_text
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.rounds import round_view

EDIT = Qt.ItemDataRole.EditRole


@pytest.fixture
def model(demo_session: DeskSession, qtmodeltester: ModelTester) -> ResultsModel:
    m = ResultsModel()
    m.set_round(round_view(demo_session.desk, 2), sources={1: "disputed"})
    qtmodeltester.check(m)
    return m


@pytest.mark.slow
def test_played_tables_show_levels_vp_and_mp(model: ResultsModel) -> None:
    assert model.rowCount() == 6
    for col in (model.COL_HOME_LEVEL, model.COL_AWAY_LEVEL):
        assert model.data(model.index(1, col)) != ""
    assert " : " in model.data(model.index(1, model.COL_VP))
    assert " : " in model.data(model.index(1, model.COL_MP))
    assert model.data(model.index(1, model.COL_STATE)) == "entered"
    assert model.data(model.index(1, model.COL_SOURCE)) == "desk"
    assert model.data(model.index(1, 0), Qt.ItemDataRole.UserRole) == model.rows[1].table


def test_a_disputed_source_is_red_with_its_explanation(model: ResultsModel) -> None:
    index = model.index(0, model.COL_SOURCE)
    assert model.data(index) == "table ≠"
    assert model.data(index, Qt.ItemDataRole.ForegroundRole) == PROBLEM_COLOUR
    assert "Ctrl+D" in model.data(index, Qt.ItemDataRole.ToolTipRole)


def test_home_level_waits_for_the_away_level_then_both_are_entered(model: ResultsModel, qtbot: QtBot) -> None:
    table = model.rows[2].table
    assert model.setData(model.index(2, model.COL_HOME_LEVEL), "Q", EDIT)
    assert model.data(model.index(2, model.COL_HOME_LEVEL)) == "Q"
    assert model.data(model.index(2, model.COL_STATE)) == "type the away level, then Enter"
    with qtbot.waitSignal(model.levels_entered) as entered:
        assert model.setData(model.index(2, model.COL_AWAY_LEVEL), "过A", EDIT)
    assert entered.args == [table, 12, 15]


def test_only_the_level_columns_take_edits_and_a_bad_level_says_why(
    model: ResultsModel, qtbot: QtBot
) -> None:
    assert not model.setData(model.index(0, model.COL_VP), "3", EDIT)
    assert not model.setData(model.index(0, model.COL_HOME_LEVEL), "Q", Qt.ItemDataRole.DisplayRole)
    with qtbot.waitSignal(model.refused) as refused:
        assert not model.setData(model.index(0, model.COL_AWAY_LEVEL), "", EDIT)
    assert "A level is missing" in refused.args[0]


def test_deductions_mark_the_state_and_the_tooltip(model: ResultsModel, qtbot: QtBot) -> None:
    home = model.rows[3].home
    with qtbot.waitSignal(model.dataChanged):
        model.set_deductions({home: 1.5})
    state = model.index(3, model.COL_STATE)
    assert model.data(state) == f"entered · −1.5 MP {home}"
    assert model.data(state, Qt.ItemDataRole.ForegroundRole) == PROBLEM_COLOUR
    assert model.data(state, Qt.ItemDataRole.ToolTipRole) == f"1.5 MP deducted from {home} in this round."
    assert model.data(model.index(4, model.COL_STATE), Qt.ItemDataRole.ToolTipRole) is None
    with qtbot.assertNotEmitted(model.dataChanged):
        model.set_deductions({home: 1.5})


@pytest.mark.slow
def test_a_decided_or_locked_table_says_so_in_its_marks(model: ResultsModel) -> None:
    row = model.rows[0]
    model.rows[0] = type(row)(**{**row.__dict__, "kind": ResultState.FORFEIT, "side": "home", "locked": True})
    assert ResultsModel.marks(model.rows[0]) == [
        "Locked: kept as it was when the round was re-paired.",
        "forfeit: home",
    ]
    assert model.data(model.index(0, model.COL_TABLE), Qt.ItemDataRole.DecorationRole) is not None


@pytest.mark.parametrize(
    ("kind", "side", "text"),
    [(ResultState.PENDING, None, "missing"), (ResultState.RULING, "both", "loss by ruling: both sides"),
     (ResultState.LATE, "away", "late scoresheet: away"), (ResultState.ANNULLED, None, "annulled (withdrawal)")],
)  # fmt: skip
def test_state_text(kind: ResultState, side: str | None, text: str) -> None:
    assert state_text(kind, side) == text


def test_source_marks_default_to_open_or_desk() -> None:
    assert source_marks(None, True) == ("", "")
    assert source_marks(None, False)[0] == "desk"
    assert source_marks("confirmed", False)[0] == "table ✓"
    assert source_marks("unknown", False) == ("", "")
    assert source_data("pending", False, Qt.ItemDataRole.ForegroundRole) is None
    assert source_data("pending", False, Qt.ItemDataRole.DisplayRole) == "table ✎"
