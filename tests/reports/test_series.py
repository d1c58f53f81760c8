"""The series' standings as a PDF and a workbook (reports/series.py, reports/excel/series.py; issue 30): read back
with pdftotext and openpyxl, every row's figures are those of ``tdesk series standings --json``; the rule is
printed in words, an event not final is named, the CJK font embedded, and a long list goes on over pages with
every row printed once."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openpyxl import load_workbook

from tests.reports import poppler
from tests.series_events import month_series, swiss_event
from tournament_desk.cli import main
from tournament_desk.domain.series import EventScore, SeriesRule
from tournament_desk.reports.excel.series import build_series_workbook
from tournament_desk.reports.series import build_series
from tournament_desk.reports.series_data import (
    SeriesData,
    SeriesEventData,
    SeriesRowData,
    cell_text,
    figure,
    rule_words,
    warning_text,
)
from tournament_desk.services.output.series import series_data
from tournament_desk.services.series import add_events, open_series

WHEN = datetime(2026, 5, 1, 18, 30)


def cli_json(capsys: pytest.CaptureFixture[str], series: Path) -> Any:
    assert main(["series", "standings", str(series), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def printed_cell(event: Any) -> str:
    """A cell of the JSON as the sheet prints it: place · points, in brackets when not counted."""
    if event is None:
        return ""
    place, points = event["place"], float(event["points"])
    text = figure(points) if place is None else f"{place} · {figure(points)}"
    return text if event["counted"] else f"({text})"


@pytest.fixture(scope="module")
def series(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("series")
    path = month_series(folder, best=2)
    # A fourth event still in progress: counted with its standings so far, and named as not final.
    fourth = swiss_event(
        folder / "月赛4.tdesk", "月赛4", [("白杨", "天津"), ("东风", "北京桥牌协会")], play=1
    )
    with open_series(path) as desk:
        add_events(desk, [fourth])
    return path


@pytest.mark.slow
@pytest.mark.system  # pdftotext
def test_every_row_of_the_pdf_is_the_json_row(
    series: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    poppler.require_poppler()
    shown = cli_json(capsys, series)
    with open_series(series) as desk:
        data = series_data(desk)
    pdf = tmp_path / "series.pdf"
    build_series(pdf, data)
    text = poppler.text(pdf)
    assert all(embedded for _, embedded in poppler.fonts(pdf))
    lines = text.splitlines()
    for row in shown["rows"]:
        line = next(li for li in lines if li.split()[:3] == [str(row["rank"]), row["name"], row["unit"]])
        figures = [printed_cell(e) for e in row["events"] if e is not None]
        # every non-empty cell in order (pdftotext may close up "2 · 7"), then the events played and the total
        words = line.split()
        assert words[-2:] == [str(row["played"]), figure(row["points"])], line
        assert "".join(words[3:-2]) == "".join(figures).replace(" ", ""), line
    assert "积分：第1名10分，第2名7分，第3名5分，第4名3分，其后0分" in text
    assert "取最好2次成绩" in text
    assert "注意：第4站 月赛4（进行中（第1轮后））" in text
    assert "打印时间 Printed" in text


@pytest.mark.slow
def test_the_workbook_reads_back_as_the_json(
    series: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shown = cli_json(capsys, series)
    with open_series(series) as desk:
        data = series_data(desk)
    book = tmp_path / "series.xlsx"
    build_series_workbook(book, data)
    wb = load_workbook(book)
    assert wb.sheetnames == ["总成绩", "参赛事", "规则"]
    ws = wb["总成绩"]
    heads = [c.value for c in ws[1]]
    for r, row in enumerate(shown["rows"], start=2):
        got = dict(zip(heads, (c.value for c in ws[r]), strict=True))
        assert (got["名次 Rank"], got["名称 Name"], got["单位 Unit"]) == (
            row["rank"],
            row["name"],
            row["unit"],
        )
        assert got["总分 Total"] == row["points"] and got["参赛 Played"] == row["played"]
        for n, e in enumerate(row["events"], start=1):
            place, points = got[f"第{n}站名次 #{n} place"], got[f"第{n}站积分 #{n} points"]
            if e is None:
                assert (place, points) == (None, None)
            else:
                assert (place, points) == (e["place"], e["points"])
                assert got[f"第{n}站计入 #{n} counted"] == ("是" if e["counted"] else "否")
    statuses = [c.value for c in wb["参赛事"]["C"][1:]]
    assert statuses == ["已完赛", "已完赛", "已完赛", "进行中（第1轮后）"]


def synthetic(rows: int, events: int = 3, *, per: str = "entrant", best: int | None = 2) -> SeriesData:
    evs = tuple(SeriesEventData(n, f"第{n}场", f"/e/{n}.tdesk", "final") for n in range(1, events + 1))
    made = tuple(
        SeriesRowData(
            i, f"队{i:03d}" if per == "entrant" else "", f"单位{i:03d}", 100.0 - i,
            tuple(EventScore(None if per == "unit" else str(i), 10.0 - k, k < 2) for k in range(events)),
            events, min(events, 2),
        )
        for i in range(1, rows + 1)
    )  # fmt: skip
    return SeriesData("长名单", WHEN, SeriesRule((10, 7, 5, 3), best, 0, per), evs, made)


@pytest.mark.system  # pdftotext
def test_a_long_list_goes_on_over_pages_with_every_row_once(tmp_path: Path) -> None:
    pdf = tmp_path / "long.pdf"
    build_series(pdf, synthetic(130))
    pages = poppler.page_texts(pdf)
    assert len(pages) >= 3
    names = [w for p in pages for w in p.split() if w.startswith("队")]
    assert names == [f"队{i:03d}" for i in range(1, 131)]
    assert all("第 " in p and "页" in p for p in pages)  # page x of y on each


@pytest.mark.system  # pdftotext
def test_a_meet_lists_units_and_their_points(tmp_path: Path) -> None:
    pdf = tmp_path / "meet.pdf"
    build_series(pdf, synthetic(3, per="unit", best=None))
    text = poppler.text(pdf)
    assert "运动会团体总分" in text and "按单位计" in text
    first = next(li for li in text.splitlines() if "单位001" in li)
    assert first.split() == ["1", "单位001", "10", "9", "(8)", "3", "99"]


def test_the_rule_in_words() -> None:
    assert rule_words(SeriesRule((10, 7, 5, 3), 3, 2, "unit")) == (
        "积分：第1名10分，第2名7分，第3名5分，第4名3分，其后0分；名次并列者平分所占名次的积分；取最好3次成绩；"
        "至少参加2次方可排名；按单位计：各单位所有参赛队的积分相加。"
    )
    assert "各站成绩全部计入" in rule_words(SeriesRule((1,), None, 0, "entrant"))


def test_a_changed_or_missing_event_is_named() -> None:
    data = synthetic(1)
    events = (
        SeriesEventData(1, "一", "/a", "final", changed=True),
        SeriesEventData(2, "二", "/b", "missing"),
        SeriesEventData(3, "三", "/c", "final"),
    )
    said = warning_text(SeriesData(data.name, WHEN, data.rule, events, data.rows))
    assert said == "注意：第1站 一（已完赛；加入后成绩有变动）、第2站 二（文件缺失，未计入）。"
    assert warning_text(data) == ""


@given(
    st.floats(min_value=0, max_value=1000, allow_nan=False),
    st.booleans(),
    st.none() | st.text("0123456789–", min_size=1, max_size=5),
)
def test_a_cell_shows_its_points_to_two_places_and_brackets_only_the_dropped(
    points: float, counted: bool, place: str | None
) -> None:
    text = cell_text(EventScore(place, points, counted))
    assert text.startswith("(") == (not counted) and text.endswith(")") == (not counted)
    shown = text.strip("()").rpartition(" · ")[2]
    assert abs(float(shown) - points) <= 0.005 + 1e-9
    assert cell_text(None) == ""
