"""A series' or a sports meet's standings as a workbook (issue 30, rules.md §13), like the event workbooks
(``reports.excel.sheets``): the standings (each event's place and points as numbers in columns of their own,
whether they count, the total), the events with their status, and the rule in words.

Figures are numbers, names text: a director sorts, filters and adds up in the spreadsheet without retyping.
"""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook

from tournament_desk.reports.excel.sheets import Cell, write_sheet
from tournament_desk.reports.series_data import (
    SeriesData,
    legend,
    rule_words,
    rule_words_en,
    status_text,
    warning_text,
)

STANDINGS_SHEET = "总成绩"
EVENTS_SHEET = "参赛事"
RULE_SHEET = "规则"


def standings_headers(data: SeriesData) -> list[str]:
    heads = ["名次 Rank"]
    heads += ["单位 Unit"] if data.per_unit else ["名称 Name", "单位 Unit"]
    for e in data.events:
        if not data.per_unit:
            heads.append(f"第{e.number}站名次 #{e.number} place")
        heads += [f"第{e.number}站积分 #{e.number} points", f"第{e.number}站计入 #{e.number} counted"]
    heads += ["参赛 Played", "计入 Counted", "总分 Total"]
    return heads


def standings_rows(data: SeriesData) -> list[list[Cell]]:
    rows: list[list[Cell]] = []
    for r in data.rows:
        row: list[Cell] = [r.rank]
        row += [r.unit] if data.per_unit else [r.name, r.unit]
        for e in r.events:
            if not data.per_unit:
                row.append(None if e is None else e.place)
            row += [None, None] if e is None else [e.points, "是" if e.counted else "否"]
        row += [r.played, r.counted, r.points]
        rows.append(row)
    return rows


def build_series_workbook(path: Path, data: SeriesData) -> None:
    wb = Workbook()
    wb.properties.title = data.name
    wb.properties.creator = "Tournament Desk"
    ws = wb.active
    assert ws is not None
    ws.title = STANDINGS_SHEET
    write_sheet(ws, standings_headers(data), standings_rows(data))
    events = [
        [e.number, e.name, status_text(e), e.problem or None, e.after_round or None, e.source]
        for e in data.events
    ]
    write_sheet(
        wb.create_sheet(EVENTS_SHEET),
        ("站 No.", "赛事 Event", "状态 Status", "原因 Problem", "轮次 After round", "文件 File"),
        events,
    )
    said: list[list[Cell]] = [
        ["系列赛 Series", data.name],
        ["规则", rule_words(data.rule)],
        ["Rule", rule_words_en(data.rule)],
        ["说明", legend(data)],
        ["打印时间 Printed", data.printed_at],
    ]
    if warning := warning_text(data):
        said.append(["注意", warning])
    write_sheet(wb.create_sheet(RULE_SHEET), ("项目 Item", "内容 Value"), said)
    wb.save(path)
