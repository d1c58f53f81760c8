"""The series' picture to share (reports/picture_series.py): the sheet's rows for a phone — the name over its
unit, each event's place over its points while there are few events, counted of played beyond that."""

from __future__ import annotations

from datetime import datetime

from tournament_desk.domain.series import EventScore, SeriesRule
from tournament_desk.reports.picture_series import MOST_EVENT_COLUMNS, series_picture, two_lines
from tournament_desk.reports.series_data import SeriesData, SeriesEventData, SeriesRowData


def made(events: int, per: str = "entrant") -> SeriesData:
    evs = tuple(SeriesEventData(n, f"第{n}场", "/e", "final") for n in range(1, events + 1))
    scores = tuple(EventScore(None if per == "unit" else "3–4", 4.0, n == 1) for n in range(1, events + 1))
    rows = (SeriesRowData(1, "" if per == "unit" else "东风", "北京", 4.0, scores, events, 1),)
    return SeriesData("联赛", datetime(2026, 5, 1), SeriesRule((10, 7, 5, 3), 1, 0, per), evs, rows)


def test_few_events_are_columns_of_place_over_points() -> None:
    picture = series_picture(made(3))
    assert [c.title for c in picture.columns] == ["名次", "名称 / 单位", "第1站", "第2站", "第3站", "总分"]
    assert picture.sections[0].rows == (("1", "东风\n北京", "3–4\n4", "(3–4)\n(4)", "(3–4)\n(4)", "4"),)
    assert picture.stacked == 1 and picture.warning == ""
    assert "每站一格：上为名次，下为积分" in picture.notes[1]


def test_many_events_show_counted_of_played_and_a_meet_its_units() -> None:
    picture = series_picture(made(MOST_EVENT_COLUMNS + 1))
    assert [c.title for c in picture.columns] == ["名次", "名称 / 单位", "计入/参赛", "总分"]
    assert picture.sections[0].rows[0][2] == f"1/{MOST_EVENT_COLUMNS + 1}"
    meet = series_picture(made(2, per="unit"))
    assert meet.title == "运动会团体总分" and meet.stacked is None
    assert meet.sections[0].rows == (("1", "北京", "4", "(4)", "4"),)
    assert two_lines(None) == ""
