"""The series' static page (reports/html/series.py): one self-contained file, every name escaped, the rule in
words, dropped scores marked, an event not final named at the top."""

from __future__ import annotations

from datetime import datetime

from tournament_desk.domain.series import EventScore, SeriesRule
from tournament_desk.reports.html.series import series_html
from tournament_desk.reports.series_data import SeriesData, SeriesEventData, SeriesRowData


def test_the_page_escapes_names_and_names_what_is_not_final() -> None:
    events = (
        SeriesEventData(1, "一月<赛>", "/a", "final"),
        SeriesEventData(2, "二月", "/b", "in-progress", after_round=3),
    )
    rows = (
        SeriesRowData(1, "<script>alert(1)</script>", "A&B", 17, (EventScore("1", 10, True), EventScore("2", 7, False)), 2, 1),
    )  # fmt: skip
    page = series_html(
        SeriesData("联赛 <i>", datetime(2026, 5, 1, 9, 5), SeriesRule((10, 7), 1), events, rows)
    )
    assert page.startswith("<!doctype html>") and "<script>" not in page and "<i>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "A&amp;B" in page and "一月&lt;赛&gt;" in page
    assert '<td class="c drop">(2 · 7)</td>' in page and '<td class="c">1 · 10</td>' in page
    assert "积分：第1名10分，第2名7分，其后0分" in page and "取最好1次成绩" in page
    assert '<div class="note">注意：第2站 二月（进行中（第3轮后））。</div>' in page
    assert "截至 2026-05-01 09:05" in page
