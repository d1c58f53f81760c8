"""models/knockout: the knockout table typed level by level, the side on stage asked only for equal levels."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from tournament_desk.domain.results import ResultState
from tournament_desk.gui.models.knockout import WINNER, KnockoutModel, KnockoutRow, parse_side, side_text

EDIT = Qt.ItemDataRole.EditRole


def model(*rows: KnockoutRow) -> KnockoutModel:
    m = KnockoutModel()
    m.set_rows(list(rows) or [KnockoutRow(1, "甲", "乙", ResultState.PENDING, None, None, None, None, None)])
    return m


@pytest.mark.parametrize(("text", "side"), [("主", "home"), (" H ", "home"), ("2", "away"), ("客队", "away"),
                                            ("x", None), (None, None)])  # fmt: skip
def test_parse_side_reads_chinese_letters_and_numbers(text: object, side: str | None) -> None:
    assert parse_side(text) == side


def test_side_text_of_no_side_is_empty() -> None:
    assert side_text(None) == "" and side_text("away") == "away"


def test_different_levels_are_entered_without_a_side(qtbot: QtBot, qtmodeltester: ModelTester) -> None:
    m = model()
    qtmodeltester.check(m)
    assert m.setData(m.index(0, m.COL_HOME_LEVEL), "K", EDIT)
    assert m.data(m.index(0, m.COL_STATE)) == "type the away level, then Enter"
    with qtbot.waitSignal(m.entered) as entered:
        assert m.setData(m.index(0, m.COL_AWAY_LEVEL), "9", EDIT)
    assert entered.args == [1, 13, 9, ""]


def test_equal_levels_wait_for_the_side_on_stage(qtbot: QtBot) -> None:
    m = model()
    m.setData(m.index(0, m.COL_HOME_LEVEL), "A", EDIT)
    with qtbot.assertNotEmitted(m.entered):
        assert m.setData(m.index(0, m.COL_AWAY_LEVEL), "14", EDIT)
    assert m.data(m.index(0, m.COL_AWAY_LEVEL)) == "A"
    assert "who was on stage" in m.data(m.index(0, m.COL_STATE))
    with qtbot.waitSignal(m.refused) as refused:
        assert not m.setData(m.index(0, m.COL_ON_STAGE), "?", EDIT)
    assert "home (主) or away (客)" in refused.args[0]
    with qtbot.waitSignal(m.entered) as entered:
        assert m.setData(m.index(0, m.COL_ON_STAGE), "客", EDIT)
    assert entered.args == [1, 14, 14, "away"]


def test_the_away_level_before_the_home_level_is_refused(qtbot: QtBot) -> None:
    m = model()
    with qtbot.waitSignal(m.refused) as refused:
        assert not m.setData(m.index(0, m.COL_AWAY_LEVEL), "5", EDIT)
    assert refused.args == ["Type the home level first."]


def test_a_side_on_stage_for_different_levels_or_missing_levels_is_refused(qtbot: QtBot) -> None:
    m = model(KnockoutRow(1, "甲", "乙", ResultState.PLAYED, None, 10, 8, None, "home"))
    with qtbot.waitSignal(m.refused) as refused:
        assert not m.setData(m.index(0, m.COL_ON_STAGE), "主", EDIT)
    assert "levels differ" in refused.args[0]
    m = model()
    with qtbot.waitSignal(m.refused) as refused:
        assert not m.setData(m.index(0, m.COL_ON_STAGE), "主", EDIT)
    assert refused.args == ["Type both levels first."]


def test_a_bad_level_is_refused_with_the_reason(qtbot: QtBot) -> None:
    m = model()
    with qtbot.waitSignal(m.refused) as refused:
        assert not m.setData(m.index(0, m.COL_HOME_LEVEL), "Z", EDIT)
    assert "'Z' is not a level" in refused.args[0]
    assert not m.setData(m.index(0, m.COL_WINNER), "甲", EDIT)


def test_a_decided_table_names_and_tints_the_winner() -> None:
    m = model(KnockoutRow(2, "甲", "乙", ResultState.PLAYED, None, 9, 9, "away", "away"))
    assert m.data(m.index(0, m.COL_WINNER)) == "乙"
    assert m.data(m.index(0, m.COL_ON_STAGE)) == "away"
    assert m.data(m.index(0, m.COL_AWAY), Qt.ItemDataRole.BackgroundRole).color() == WINNER
    assert m.data(m.index(0, m.COL_HOME), Qt.ItemDataRole.BackgroundRole) is None
    assert m.data(m.index(0, m.COL_WINNER), Qt.ItemDataRole.FontRole).bold()
