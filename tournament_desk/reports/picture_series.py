"""A series' or a meet's standings as a picture to share (issue 30): the same rows as the printed sheet
(``reports.series``), laid out by ``reports.pictures`` as a phone-shaped page.

A phone is narrow: a name and its unit share one cell on two lines, and each event is a column only while there
are few (``MOST_EVENT_COLUMNS``); with more, the picture shows the events counted of those played and the total,
and the events themselves are listed under the list with their status.
"""

from __future__ import annotations

from tournament_desk.domain.series import EventScore
from tournament_desk.reports.grid import Column
from tournament_desk.reports.model import EventHeader
from tournament_desk.reports.picture_sheets import RANK
from tournament_desk.reports.pictures import PictureData, Section
from tournament_desk.reports.series import titles
from tournament_desk.reports.series_data import (
    SeriesData,
    cell_text,
    event_title,
    figure,
    legend,
    rank_text,
    rule_words,
    status_text,
    warning_text,
)

MOST_EVENT_COLUMNS = 4
SHORT_WARNING = "注意：有赛事未完赛、有变动或无法读取，见下。"


def two_lines(score: EventScore | None) -> str:
    """A phone's narrow cell: the place over the points ("4–5" over "2.5"), both in brackets when dropped;
    per unit the points alone."""
    if score is None or score.place is None:
        return cell_text(score)
    lines = (score.place, figure(score.points))
    return "\n".join(lines if score.counted else (f"({line})" for line in lines))


def picture_legend(data: SeriesData) -> str:
    """The sheet's legend, for cells of two lines."""
    if data.per_unit or len(data.events) > MOST_EVENT_COLUMNS:
        return legend(data)
    return legend(data).replace("每站一格：名次 · 积分", "每站一格：上为名次，下为积分")


def _columns(data: SeriesData, with_events: bool) -> tuple[Column, ...]:
    who = Column("单位", "Unit", 4.0) if data.per_unit else Column("名称 / 单位", "Name / unit", 4.0)
    cols = [RANK, who]
    if with_events:
        cols += [Column(f"第{e.number}站", "", 1.5, "c") for e in data.events]
    else:
        cols.append(Column("计入/参赛", "Counted", 1.5, "c"))
    cols.append(Column("总分", "Total", 1.3, "r", bold=True))
    return tuple(cols)


def series_picture(data: SeriesData, url: str | None = None) -> PictureData:
    """The picture of the series' standings (``url``: a published page to open from its QR code)."""
    with_events = 0 < len(data.events) <= MOST_EVENT_COLUMNS
    rows: list[tuple[str, ...]] = []
    for r in data.rows:
        who = r.unit if data.per_unit else (f"{r.name}\n{r.unit}" if r.unit else r.name)
        middle = tuple(two_lines(e) for e in r.events) if with_events else (f"{r.counted}/{r.played}",)
        rows.append((rank_text(r.rank), who, *middle, figure(r.points)))
    muted = frozenset(i for i, r in enumerate(data.rows) if r.rank is None)
    zh, en = titles(data)
    done = sum(1 for e in data.events if e.status == "final")
    events = tuple(f"{event_title(e)}：{status_text(e)}" for e in data.events)
    return PictureData(
        event=EventHeader(data.name, data.printed_at),
        title=zh,
        sub=en,
        right=f"{done}/{len(data.events)} 站已完赛",
        columns=_columns(data, with_events),
        sections=(Section("", tuple(rows), muted),),
        notes=(rule_words(data.rule), picture_legend(data), *events),
        warning=SHORT_WARNING if warning_text(data) else "",
        url=url,
        qr_caption="扫码查看完整成绩" if url else "",
        size=12.0 if with_events or not data.per_unit else 13.0,
        row_h=30.0 if not data.per_unit else 24.0,
        kind=zh,
        stacked=None if data.per_unit else 1,
    )
