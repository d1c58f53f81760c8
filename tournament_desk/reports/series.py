"""The standings of a series or a sports meet (系列赛总成绩 / 运动会团体总分, issue 30, rules.md §13) as a PDF.

One row per competitor (an entrant, or per unit a unit) in the series' order: its rank, name and unit, each
event's place and points (counted ones plain, dropped ones in brackets), the events it played and its total. The
rule is printed in words above the list; an event still in progress, changed since it was added, missing or
unreadable is named in red on every page, and the events with their status are listed under the standings.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from tournament_desk.reports.grid import Column, Grid
from tournament_desk.reports.layout import (
    ACCENT,
    HEAD_FILL,
    LANDSCAPE,
    MARGIN,
    MUTED,
    PORTRAIT,
    Document,
    Page,
    draw_text,
    wrap,
)
from tournament_desk.reports.model import EventHeader
from tournament_desk.reports.series_data import (
    SeriesData,
    cell_text,
    figure,
    legend,
    name_title,
    rank_text,
    rule_words,
    rule_words_en,
    status_text,
    warning_text,
)

LINE = 11.0  # a line of the rule, the warning or the legend
SMALL = 8.0
EVENTS_HEADING = 22.0
EVENT_ROW = 16.0


def titles(data: SeriesData) -> tuple[str, str]:
    return (
        ("运动会团体总分", "Meet: units' totals") if data.per_unit else ("系列赛总成绩", "Series standings")
    )


def columns(data: SeriesData) -> list[Column]:
    zh, en = name_title(data)
    cols = [Column("名次", "Rank", 0.6, "c", bold=True), Column(zh, en, 2.4)]
    if not data.per_unit:
        cols.append(Column("单位", "Unit", 1.8))
    cols += [Column(f"第{e.number}站", e.name, 1.15, "c") for e in data.events]
    cols += [Column("参赛", "Played", 0.6, "c"), Column("总分", "Total", 0.9, "r", bold=True)]
    return cols


def rows(data: SeriesData) -> list[tuple[str, ...]]:
    out = []
    for r in data.rows:
        who = (r.unit,) if data.per_unit else (r.name, r.unit)
        cells = tuple(cell_text(e) for e in r.events)
        out.append((rank_text(r.rank), *who, *cells, str(r.played), figure(r.points)))
    return out


def _pagesize(data: SeriesData) -> tuple[float, float]:
    size: tuple[float, float] = PORTRAIT if len(data.events) <= (5 if data.per_unit else 3) else LANDSCAPE
    return size


def _size(data: SeriesData) -> float:
    n = len(data.events)
    return 9.5 if n <= 6 else 8.5 if n <= 10 else 7.5 if n <= 14 else 6.5


def _events_height(data: SeriesData) -> float:
    return EVENTS_HEADING + 22 + EVENT_ROW * len(data.events) + 8


def _events_grid(width: float) -> Grid:
    cols = [
        Column("站", "No.", 0.5, "c"),
        Column("赛事", "Event", 2.6),
        Column("状态", "Status", 2.4),
        Column("文件", "File", 4.0),
    ]
    return Grid(cols, width, size=8.0, row_h=EVENT_ROW, header_h=22)


def _lines(c: Canvas, x: float, top: float, lines: Sequence[str], color: Color) -> float:
    for line in lines:
        draw_text(c, x, top - 9, line, SMALL, color=color)
        top -= LINE
    return top


def build_series(path: Path, data: SeriesData) -> None:
    """Write the series' standings to ``path`` (a PDF): as many pages as the rows need."""
    doc = Document(EventHeader(data.name, data.printed_at), pagesize=_pagesize(data))
    grid = Grid(columns(data), doc.width, size=_size(data), row_h=18, header_h=30)
    table = rows(data)
    unranked = {i for i, r in enumerate(data.rows) if r.rank is None}
    rule = wrap(rule_words(data.rule), doc.width, SMALL) + wrap(rule_words_en(data.rule), doc.width, SMALL)
    warning = wrap(warning_text(data), doc.width, SMALL)
    notes = wrap(legend(data), doc.width, SMALL)
    head_first = (len(rule) + len(warning)) * LINE + 6
    head_other = len(warning) * LINE + (6 if warning else 0)
    foot = len(notes) * LINE + 6
    first = grid.rows_per_page(doc.height - head_first - foot)
    other = grid.rows_per_page(doc.height - head_other - foot)
    chunks: list[tuple[int, list[tuple[str, ...]]]] = [(0, table[:first])]
    start = first
    while start < len(table):
        chunks.append((start, table[start : start + other]))
        start += other
    # The events under the last chunk when they fit there, else on a page of their own.
    used = grid.height(len(chunks[-1][1])) + (head_first if len(chunks) == 1 else head_other) + foot
    events_apart = used + _events_height(data) > doc.height
    zh, en = titles(data)
    right = f"共 {len(data.events)} 站  {len(data.events)} events"

    def page(index: int, begin: int, chunk: list[tuple[str, ...]], last: bool) -> Page:
        def paint(c: Canvas) -> None:
            top = doc.top
            if index == 0:
                top = _lines(c, MARGIN, top, rule, MUTED)
            top = _lines(c, MARGIN, top, warning, ACCENT) - (6 if index == 0 or warning else 0)
            muted = {i - begin for i in unranked if begin <= i < begin + len(chunk)}
            bottom = grid.draw(c, MARGIN, top, chunk, muted=muted)
            if last:
                bottom = _lines(c, MARGIN, bottom - 4, notes, MUTED)
                if not events_apart:
                    _draw_events(c, data, doc.width, bottom - 8)

        return Page(zh, en, right, paint)

    for index, (begin, chunk) in enumerate(chunks):
        doc.add(page(index, begin, chunk, index == len(chunks) - 1))
    if events_apart:
        doc.add(Page("参赛事", "Events", right, lambda c: _draw_events(c, data, doc.width, doc.top)))
    doc.save(path, title=zh)


def _draw_events(c: Canvas, data: SeriesData, width: float, top: float) -> None:
    """The member events: number, name, status (in progress, changed, missing named), where each is."""
    draw_text(c, MARGIN, top - 14, "参赛事 Events", 11, bold=True, color=HEAD_FILL)
    grid = _events_grid(width)
    lines = [
        (str(e.number), e.name, status_text(e) + (f"：{e.problem}" if e.problem else ""), e.source)
        for e in data.events
    ]
    pale = {i for i, e in enumerate(data.events) if e.status not in ("final", "in-progress")}
    grid.draw(c, MARGIN, top - EVENTS_HEADING, lines, muted=pale)
