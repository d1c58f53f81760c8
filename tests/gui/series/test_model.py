"""The series' standings model (gui/series/model.py) on plain data: qtmodeltester for a series and a meet, the
columns each shows, names as typed (markup stays text), dropped scores pale, unranked rows pale."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester

from tournament_desk.domain.series import EventScore, SeriesRule
from tournament_desk.gui.models.common import MUTED_COLOUR, SORT_ROLE
from tournament_desk.gui.series.model import SeriesModel
from tournament_desk.reports.series_data import SeriesData, SeriesEventData, SeriesRowData

EVENTS = (SeriesEventData(1, "一", "/a", "final"), SeriesEventData(2, "二", "/b", "missing"))


def data(per: str) -> SeriesData:
    unit = per == "unit"
    rows = (
        SeriesRowData(1, "" if unit else "<b>东风</b>", "北京", 17, (EventScore(None if unit else "1", 10, True),
                      EventScore(None if unit else "2", 7, True)), 2, 2),
        SeriesRowData(None, "" if unit else "红旗", "上海", 3.5, (None, EventScore(None if unit else "3–4", 3.5, False)), 1, 0),
    )  # fmt: skip
    return SeriesData("联赛", datetime(2026, 5, 1), SeriesRule((10, 7, 5, 3), 1, 2, per), EVENTS, rows)


def texts(model: SeriesModel) -> list[list[str]]:
    return [[model.index(r, c).data() for c in range(model.columnCount())] for r in range(model.rowCount())]


def test_a_series_model_passes_the_model_tester(qtmodeltester: ModelTester) -> None:
    model = SeriesModel()
    qtmodeltester.check(model)  # empty
    model.set_data(data("entrant"))
    qtmodeltester.check(model)
    heads = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert heads == ["Rank", "Name", "Unit", "#1", "#2", "Played", "Total"]
    assert texts(model) == [
        ["1", "<b>东风</b>", "北京", "1 · 10", "2 · 7", "2", "17"],
        ["—", "红旗", "上海", "", "(3–4 · 3.5)", "1", "3.5"],
    ]
    assert model.headerData(3, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) == "一"
    assert model.index(1, 0).data(Qt.ItemDataRole.ForegroundRole) == MUTED_COLOUR  # not ranked
    assert model.index(0, 4).data(Qt.ItemDataRole.ForegroundRole) is None
    assert model.index(1, 0).data(SORT_ROLE) > model.index(0, 0).data(SORT_ROLE)
    model.set_data(None)
    assert model.rowCount() == 0 and model.columnCount() == 0


def test_a_meet_model_has_no_name_column(qtmodeltester: ModelTester) -> None:
    model = SeriesModel()
    model.set_data(data("unit"))
    qtmodeltester.check(model)
    assert texts(model) == [["1", "北京", "10", "7", "2", "17"], ["—", "上海", "", "(3.5)", "1", "3.5"]]
