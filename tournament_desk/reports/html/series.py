"""A series' or a sports meet's standings as one static page (issue 30): a self-contained .html file with the
players' pages' style (``reports.html.pages``), to post on a club's website or open on a phone. No script, no
server; every name escaped.

The same rows and words as the printed sheet (``reports.series_data``): rank, name and unit, each event's place
and points (dropped ones in brackets, pale), the total; the rule in words, and the events with their status (one
in progress, changed, missing or unreadable named at the top).
"""

from __future__ import annotations

from html import escape

from tournament_desk.reports.html.pages import STYLE
from tournament_desk.reports.series import titles
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

SERIES_STYLE = """
.wide{overflow-x:auto}.sub{color:#667;font-size:.8em;font-weight:400}.drop{color:#889}.unranked{color:#889}
.rule{color:#445;font-size:.9em}td.c,th.c{text-align:center;white-space:nowrap}.total{font-weight:700;text-align:right}
footer{color:#889;font-size:.8em;margin-top:18px}
"""


def _head(zh: str, en: str, css: str = "") -> str:
    cls = f' class="{css}"' if css else ""
    return f'<th{cls}>{escape(zh)}<br><span class="sub">{escape(en)}</span></th>'


def _table(data: SeriesData) -> str:
    zh, en = name_title(data)
    heads = _head("名次", "Rank", "c") + _head(zh, en)
    if not data.per_unit:
        heads += _head("单位", "Unit")
    heads += "".join(_head(f"第{e.number}站", e.name, "c") for e in data.events)
    heads += _head("参赛", "Played", "c") + _head("总分", "Total", "c")
    body = []
    for r in data.rows:
        who = (
            f"<td>{escape(r.unit)}</td>"
            if data.per_unit
            else f"<td>{escape(r.name)}</td><td>{escape(r.unit)}</td>"
        )
        cells = "".join(
            f'<td class="c{"" if e is None or e.counted else " drop"}">{escape(cell_text(e))}</td>'
            for e in r.events
        )
        cls = ' class="unranked"' if r.rank is None else ""
        body.append(
            f'<tr{cls}><td class="c">{rank_text(r.rank)}</td>{who}{cells}<td class="c">{r.played}</td>'
            f'<td class="total">{escape(figure(r.points))}</td></tr>'
        )
    return f'<div class="wide"><table><tr>{heads}</tr>{"".join(body)}</table></div>'


def _events(data: SeriesData) -> str:
    items = "".join(
        f"<li>第{e.number}站 {escape(e.name)}：{escape(status_text(e))}"
        + (f"（{escape(e.problem)}）" if e.problem else "")
        + "</li>"
        for e in data.events
    )
    return f'<h2>参赛事 <span class="sub">Events</span></h2><ol class="rule">{items}</ol>'


def series_html(data: SeriesData) -> str:
    """The whole page (one file)."""
    zh, en = titles(data)
    warning = warning_text(data)
    note = f'<div class="note">{escape(warning)}</div>' if warning else ""
    printed = data.printed_at.strftime("%Y-%m-%d %H:%M")
    body = (
        f'<h1>{escape(data.name)}</h1><h2>{escape(zh)} <span class="sub">{escape(en)}</span></h2>{note}'
        f'<p class="rule">{escape(rule_words(data.rule))}<br>{escape(rule_words_en(data.rule))}</p>'
        f'{_table(data)}<p class="rule">{escape(legend(data))}</p>{_events(data)}'
        f"<footer>截至 {printed} · 赛事编排台 Tournament Desk</footer>"
    )
    return (
        '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{escape(data.name)} {escape(zh)}</title><style>{STYLE}{SERIES_STYLE}</style></head>"
        f"<body>{body}</body></html>"
    )
