"""What every scoresheet shares: the table number box, the two sides' boxes, the hand-in rule, the rules under
it, the signature lines, the table-entry QR code's caption, printing the pages, and the page of a table that is
not played (a withdrawal, a forfeit, annulled: the decision, nothing to fill in).

Everything that is the same on every table's sheet (the grid, labels, rules, the hand-in note) is drawn once
per round as a PDF form and placed on each page; a page then only adds the table number and the two sides.
That keeps 500 sheets to a couple of seconds and the file small.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from tournament_desk.domain.results import score_pair
from tournament_desk.domain.rules import RuleSet
from tournament_desk.reports.layout import (
    ACCENT,
    HEAD_FILL,
    INK,
    MARGIN,
    MUTED,
    PORTRAIT,
    draw_fitted,
    draw_text,
    footer,
    new_canvas,
    watermark,
    wrap,
)
from tournament_desk.reports.model import EntrantData, EventHeader, PairedTable, RoundData
from tournament_desk.reports.words import state_of, table_note

W, H = PORTRAIT
CONTENT_W = W - 2 * MARGIN
BOX_W = 120.0
TEAM_GAP = 13.0
TEAM_W = (CONTENT_W - TEAM_GAP) / 2
QR_CAPTION = ("扫码查看本桌成绩", "Scan: this table's result")  # entering needs the entry card

Painter = Callable[[Canvas], None]


def level_table_text(rules: RuleSet) -> str:
    parts = []
    for band in rules.level_table.bands:
        if band.high is None:
            points = f"{band.low} 分以上"
        elif band.high == band.low:
            points = f"{band.low} 分"
        else:
            points = f"{band.low}–{band.high} 分"
        if band.change > 0:
            effect = f"庄家升 {band.change} 级"
        elif band.change == 0:
            effect = "防家上台"
        else:
            effect = f"防家上台并升 {-band.change} 级"
        if band.step:
            effect += f"，每多 {band.step} 分再升 1 级"
        parts.append(f"{points} {effect}")
    return "升级表（防家得分）：" + "；".join(parts) + "。"


def table_box(c: Canvas) -> None:
    """The box at the top right the table number goes in (the number is drawn per page: ``table_number``)."""
    c.setStrokeColor(INK)
    c.setLineWidth(1.5)
    c.rect(W - MARGIN - BOX_W, H - 98, BOX_W, 72, stroke=1, fill=0)
    draw_text(c, W - MARGIN - BOX_W / 2, H - 38, "桌号 Table", 9, align="c", color=MUTED)


def table_number(c: Canvas, table: int) -> None:
    number = str(table)
    draw_text(c, W - MARGIN - BOX_W / 2, H - 84, number, 40 if len(number) <= 3 else 30, align="c", bold=True)


def side_boxes(
    c: Canvas, top: float, height: float, titles: Sequence[tuple[str, str]], labels: Sequence[str]
) -> None:
    """The two sides' boxes side by side, each headed (中文, English) with ``labels`` down its left edge."""
    for i, (title, sub) in enumerate(titles):
        x = MARGIN + i * (TEAM_W + TEAM_GAP)
        c.setFillColor(HEAD_FILL)
        c.rect(x, top - 18, TEAM_W, 18, stroke=0, fill=1)
        draw_text(c, x + 6, top - 13, f"{title}  {sub}", 9.5, color=white)
        c.setStrokeColor(INK)
        c.setLineWidth(0.9)
        c.rect(x, top - height, TEAM_W, height, stroke=1, fill=0)
        for j, label in enumerate(labels):
            draw_text(c, x + 6, top - 54 - j * 13, label, 7.5, color=MUTED)


def side_details(c: Canvas, x: float, top: float, entrant: EntrantData | None, players: str) -> None:
    """A side's unit and players beside their labels in its box."""
    if entrant is not None:
        draw_fitted(c, x + 84, top - 54, TEAM_W - 90, entrant.unit or "—", 9)
        draw_fitted(c, x + 84, top - 67, TEAM_W - 90, players or "—", 9)


def hand_in_box(c: Canvas, top: float, texts: tuple[str, str], sizes: tuple[float, float]) -> None:
    """The hand-in rule, in red across the page: Chinese in bold, English under it."""
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.2)
    c.rect(MARGIN, top - 34, CONTENT_W, 34, stroke=1, fill=0)
    draw_fitted(
        c, MARGIN + 6, top - 16, CONTENT_W - 12, texts[0], sizes[0], align="c", bold=True, color=ACCENT
    )
    draw_fitted(c, MARGIN + 6, top - 28, CONTENT_W - 12, texts[1], sizes[1], align="c", color=ACCENT)


def rule_notes(
    c: Canvas, texts: Sequence[str], y: float, width: float, *, floor: float | None = None
) -> None:
    """The scoring rules in small type from ``y`` down, each text wrapped to ``width``; no line below
    ``floor``."""
    for text in texts:
        for line in wrap(text, width, 7.5):
            if floor is not None and y < floor:
                return
            draw_text(c, MARGIN, y, line, 7.5, color=MUTED)
            y -= 10


def signature_lines(
    c: Canvas, y: float, sides: tuple[str, str], *, label_width: float = 118, gap: float = 26
) -> None:
    """The two sides' signature lines, then the desk's "received by" and "time handed in" lines below."""
    half = CONTENT_W / 2
    right = W - MARGIN
    c.setStrokeColor(INK)
    c.setLineWidth(0.7)
    for i, label in enumerate(sides):
        x = MARGIN + i * half
        draw_text(c, x, y, label, 9.5)
        c.line(x + label_width, y - 2, x + half - 14, y - 2)
    draw_text(c, MARGIN, y - gap, "记录台签收 Received by", 8.5, color=MUTED)
    c.line(MARGIN + 104, y - gap - 2, MARGIN + 230, y - gap - 2)
    draw_text(c, MARGIN + half, y - gap, "交表时间 Time handed in", 8.5, color=MUTED)
    c.line(MARGIN + half + 118, y - gap - 2, right - 14, y - gap - 2)


def print_sheets(
    path: Path,
    event: EventHeader,
    title: str,
    forms: dict[str, Painter],
    pages: Sequence[tuple[str, Painter | None]],
    *,
    draft: bool,
) -> None:
    """Draw each form once, then each page: its form, what the page adds (``None``: nothing), the DRAFT
    watermark (``draft``: on the page, not in the form, as reportlab gives forms no transparency state) and the
    footer."""
    c = new_canvas(path, PORTRAIT, title=title)
    for name, paint in forms.items():
        c.beginForm(name)
        paint(c)
        c.endForm()
    for number, (form, page) in enumerate(pages, start=1):
        c.doForm(form)
        if page is not None:
            page(c)
        if draft:
            watermark(c, PORTRAIT)
        footer(c, event, number, len(pages), PORTRAIT)
        c.showPage()
    c.save()


# --- a table not played: the decision instead of a sheet to fill in --------------------------------------

DECIDED = "decided"  # the form of a table's page when the table is not played (``decided_page``)
DECIDED_TOP = 640.0
NOTHING_TO_FILL = (
    "本桌不进行比赛，结果由记录台判定，无需填写或交表。",
    "This table is not played: the desk has decided it. Nothing to fill in or hand in.",
)


def decided_form(event: EventHeader, rnd: RoundData, title: tuple[str, str]) -> Painter:
    """What every page of a table not played shares: the heading, the table box, the two sides' boxes."""

    def paint(c: Canvas) -> None:
        draw_fitted(c, MARGIN, H - 36, CONTENT_W - BOX_W - 12, event.name, 11, color=MUTED)
        draw_text(c, MARGIN, H - 64, title[0], 21, bold=True)
        draw_text(c, MARGIN, H - 80, title[1], 10, color=MUTED)
        draft = "    草稿（未发布） Draft" if not rnd.published else ""
        draw_text(c, MARGIN, H - 98, f"第 {rnd.round} 轮  Round {rnd.round}     {rnd.date}{draft}", 11.5)
        table_box(c)
        side_boxes(c, 732.0, 70.0, (("主队（南北）", "Home / NS"), ("客队（东西）", "Away / EW")), ())
        hand_in_box(c, DECIDED_TOP - 150, NOTHING_TO_FILL, (12, 8))

    return paint


def level_figures(home_mp: float, away_mp: float, home_vp: float, away_vp: float) -> str:
    """The figures a level-scored table awards, as a decided table's page prints them."""
    return f"场分 MP  {score_pair(home_mp, away_mp)}        标准分 VP  {score_pair(home_vp, away_vp)}"


def decided_page(
    table: PairedTable, figures: Callable[[float, float, float, float], str] = level_figures
) -> Painter:
    """A table decided without play (a withdrawal, a forfeit) or annulled: its number, the two sides, and what
    the desk decided in both languages (``reports.words``), with the figures it awarded (``figures``: as the
    scoring mode counts them; a team match has points, no VP)."""
    note = table_note(table, "\n", named=True).split("\n", 1)

    def paint(c: Canvas) -> None:
        table_number(c, table.table)
        for i, name in enumerate((table.home, table.away)):
            draw_fitted(c, MARGIN + i * (TEAM_W + TEAM_GAP) + 6, 732.0 - 44, TEAM_W - 12, name, 16, bold=True)
        c.setStrokeColor(ACCENT)
        c.setLineWidth(1.5)
        c.rect(MARGIN, DECIDED_TOP - 110, CONTENT_W, 110, stroke=1, fill=0)
        draw_fitted(
            c, MARGIN + 10, DECIDED_TOP - 40, CONTENT_W - 20, note[0], 24, align="c", bold=True, color=ACCENT
        )
        if len(note) > 1:
            draw_fitted(
                c, MARGIN + 10, DECIDED_TOP - 62, CONTENT_W - 20, note[1], 13, align="c", color=ACCENT
            )
        if table.result is not None and table.kind.scores:
            said = figures(*table.result)
            draw_text(c, MARGIN + CONTENT_W / 2, DECIDED_TOP - 92, said, 12, align="c")
        elif not table.kind.scores:
            draw_text(
                c, MARGIN + CONTENT_W / 2, DECIDED_TOP - 92, "不计成绩 Counts for nobody", 12, align="c"
            )

    return paint


def sheet_pages(
    tables: Sequence[PairedTable],
    sheet: Callable[[PairedTable], list[tuple[str, Painter | None]]],
    figures: Callable[[float, float, float, float], str] = level_figures,
) -> list[tuple[str, Painter | None]]:
    """The round's pages in table order: a table played gets its ``sheet`` pages to fill in; a table decided
    without play (``TableState.at_the_table`` false) one page saying what was decided instead."""
    pages: list[tuple[str, Painter | None]] = []
    for t in tables:
        pages += sheet(t) if state_of(t).at_the_table else [(DECIDED, decided_page(t, figures))]
    return pages
