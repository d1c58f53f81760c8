"""Pictures to share (issue 30): a list as a phone-shaped page, for the players' WeChat group.

A picture is one narrow page ``PAGE_W`` points wide (1080 pixels at ``SCALE`` pixels a point, the width a phone
shows without zooming) and as tall as its rows need: the event's name on a coloured band, the title and the
time, the list in the printed sheets' ruled grid (``reports.grid``, the same embedded CJK font), and at the foot
the address the players scan for the live page, as a QR code. A long list is split into several pictures of at
most ``MAX_ROWS`` rows, shared out evenly and numbered 1/3, 2/3, 3/3 — each one readable on its own.

What each picture shows is ``reports.picture_sheets``'s (fed the plain data of ``reports.model``); this module
lays it out and writes the PDF, one page a picture, which ``services.output.pictures`` rasterises into PNGs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

from reportlab.lib.colors import black, white
from reportlab.pdfgen.canvas import Canvas

from tournament_desk.reports.grid import Column, Grid
from tournament_desk.reports.layout import (
    ACCENT,
    HEAD_FILL,
    INK,
    MUTED,
    PAD,
    RULE,
    ZEBRA,
    draw_fitted,
    draw_qr,
    draw_text,
    new_canvas,
    wrap,
)
from tournament_desk.reports.model import EventHeader

PIXELS = 1080  # the picture's width in pixels
PAGE_W = 360.0  # in points: rendered at SCALE pixels a point
SCALE = PIXELS / PAGE_W
SIDE = 14.0  # the margin left and right
MAX_ROWS = 60  # rows in one picture at most: a longer list is split into several
BAND_LINE = 19.0  # one line of the event's name on the band
TITLE_H = 50.0
LEAD_LINE = 21.0
SECTION_H = 24.0
NOTE_SIZE = 8.5
NOTE_LINE = 11.5
QR_SIZE = 78.0  # 234 pixels: a phone camera reads it from a screenshot or another screen
FOOT_H = 30.0


@dataclass(frozen=True)
class Section:
    """A part of the list under its own heading ("" for none): a group, a direction, a knockout round."""

    heading: str
    rows: tuple[tuple[str, ...], ...]
    muted: frozenset[int] = frozenset()  # rows printed pale (an entrant that has withdrawn)


@dataclass(frozen=True)
class PictureData:
    """One picture's content before it is split: the heading, the list (its columns and sections), the notes
    under it, and the address of the live page (None: no QR code)."""

    event: EventHeader
    title: str  # Chinese, large: 第 5 轮后名次
    sub: str  # English, small under it
    right: str  # at the right of the title: the round, or the entrant's place
    columns: tuple[Column, ...]
    sections: tuple[Section, ...]
    notes: tuple[str, ...] = ()
    warning: str = ""  # in red above the notes (results still missing)
    lead: tuple[tuple[str, str], ...] = ()  # label and value lines above the list (an entrant's card)
    url: str | None = None
    qr_caption: str = ""  # beside the QR code: what the address opens
    size: float = 12.0  # the list's type size
    row_h: float = 24.0
    kind: str = "picture"  # the file's title
    # The column whose cells are "name\nunit": the name in the list's size, the second line smaller and pale.
    stacked: int | None = None


@dataclass(frozen=True)
class Part:
    """One picture of a split list: its sections (a section cut in two is continued in the next part)."""

    number: int
    total: int
    sections: tuple[Section, ...]
    first: bool
    last: bool


@dataclass(frozen=True)
class Plan:
    """A part laid out: its page height and the heights of its blocks, top to bottom."""

    part: Part
    height: float
    band_lines: list[str] = field(default_factory=list)
    note_lines: list[str] = field(default_factory=list)


def split(sections: Sequence[Section], most: int = MAX_ROWS) -> list[Part]:
    """The list in parts of at most ``most`` rows, shared out evenly (130 rows: 44, 43, 43), each section's
    rows kept in order; a section cut at a part's end goes on in the next under its heading marked 续."""
    flat = [(s, i) for s in sections for i in range(len(s.rows))]
    total = max(1, -(-len(flat) // most))
    size, extra = divmod(len(flat), total)
    parts: list[Part] = []
    start = 0
    for n in range(total):
        count = size + (1 if n < extra else 0)
        chunk = flat[start : start + count]
        parts.append(Part(n + 1, total, _regroup(chunk, sections, start == 0), n == 0, n == total - 1))
        start += count
    if not flat:  # nothing to list: one picture saying so (its sections are empty)
        parts = [Part(1, 1, tuple(sections[:1]), True, True)]
    return parts


def _regroup(
    chunk: list[tuple[Section, int]], sections: Sequence[Section], first: bool
) -> tuple[Section, ...]:
    out: list[Section] = []
    for section in sections:
        picked = [i for s, i in chunk if s is section]
        if not picked:
            continue
        heading = section.heading
        if picked[0] > 0 and heading:
            heading = f"{heading}（续）"
        rows = tuple(section.rows[i] for i in picked)
        muted = frozenset(k for k, i in enumerate(picked) if i in section.muted)
        out.append(Section(heading, rows, muted))
    return tuple(out)


def _grid(data: PictureData) -> Grid:
    return Grid(data.columns, PAGE_W - 2 * SIDE, size=data.size, row_h=data.row_h, header_h=28)


def _band_lines(data: PictureData) -> list[str]:
    lines = wrap(data.event.name, PAGE_W - 2 * SIDE, 15)
    if len(lines) > 2:  # a very long name: two lines, the second cut with an ellipsis when drawn
        lines = [lines[0], "".join(lines[1:])]
    return lines or [""]


def _note_lines(data: PictureData) -> list[str]:
    return [line for note in data.notes for line in wrap(note, PAGE_W - 2 * SIDE, NOTE_SIZE)]


def plan(data: PictureData, part: Part) -> Plan:
    """The height a part needs: the band, the title, the lead lines, its sections, the notes, the foot."""
    grid = _grid(data)
    band = _band_lines(data)
    notes = _note_lines(data) if part.last else []
    height = 14 + len(band) * BAND_LINE + 10 + TITLE_H
    height += len(data.lead) * LEAD_LINE + (10 if data.lead else 0)
    for section in part.sections or (Section("", ()),):
        height += (SECTION_H if section.heading else 0) + grid.height(len(section.rows)) + 12
    if not any(s.rows for s in part.sections):
        height += 24  # "nothing yet" under the empty grid
    height += (NOTE_LINE if part.last and data.warning else 0) + len(notes) * NOTE_LINE + 6
    height += (QR_SIZE + 10 if data.url else 0) + FOOT_H
    return Plan(part, height, band, notes)


def build_pictures(path: Path, data: PictureData, most: int = MAX_ROWS, *, first_only: bool = False) -> int:
    """Write the pictures as a PDF, one page each (``PAGE_W`` wide, as tall as it needs); returns how many
    pictures the list makes (``first_only``: only the first is drawn, e.g. to copy it)."""
    parts = split(data.sections, most)
    plans = [plan(data, part) for part in (parts[:1] if first_only else parts)]
    c = new_canvas(path, (PAGE_W, plans[0].height), title=f"{data.event.name} {data.title}")
    for p in plans:
        c.setPageSize((PAGE_W, p.height))
        _paint(c, data, p)
        c.showPage()
    c.save()
    return len(parts)


# Each ink a picture uses on each ground it is drawn on. Rasterised, its pixels are these colours and their
# anti-aliased blends, so an 8-bit palette of the blends holds a picture exactly (and a third the size of RGB).
INKS_ON_GROUNDS = (
    (INK, white), (INK, ZEBRA), (INK, HEAD_FILL), (white, HEAD_FILL), (MUTED, white), (MUTED, ZEBRA),
    (ACCENT, white), (RULE, white), (RULE, ZEBRA), (black, white), (HEAD_FILL, white),
)  # fmt: skip


def palette(steps: int = 16) -> list[tuple[int, int, int]]:
    """The picture's colours, each ink blended into its ground in ``steps`` steps (RGB, 0–255), at most 256."""
    found: dict[tuple[int, int, int], None] = {}
    for ink, ground in INKS_ON_GROUNDS:
        a, b = ink.rgb(), ground.rgb()
        for k in range(steps + 1):
            t = k / steps
            r, g, b_ = (round(255 * (a[i] * t + b[i] * (1 - t))) for i in range(3))
            found[(r, g, b_)] = None
    return list(found)[:256]


def _paint(c: Canvas, data: PictureData, p: Plan) -> None:
    c.setFillColor(white)
    c.rect(0, 0, PAGE_W, p.height, stroke=0, fill=1)
    top = _band(c, data, p)
    top = _title(c, data, p.part, top)
    top = _lead(c, data, top)
    grid = _grid(data)
    for section in p.part.sections or (Section("", ()),):
        if section.heading:
            draw_text(c, SIDE, top - 17, section.heading, 13, bold=True, color=HEAD_FILL)
            top -= SECTION_H
        top = _section(c, data, grid, top, section) - 12
    if not any(s.rows for s in p.part.sections):
        draw_text(c, PAGE_W / 2, top - 10, "暂无 Nothing yet", 11, align="c", color=MUTED)
        top -= 24
    if p.part.last and data.warning:
        draw_text(c, SIDE, top - 4, data.warning, NOTE_SIZE, color=ACCENT)
        top -= NOTE_LINE
    for line in p.note_lines:
        draw_text(c, SIDE, top - 4, line, NOTE_SIZE, color=MUTED)
        top -= NOTE_LINE
    _foot(c, data, top - 6)


def _section(c: Canvas, data: PictureData, grid: Grid, top: float, section: Section) -> float:
    """A section's grid; the stacked column's two lines drawn here, the name above its pale second line."""
    k = data.stacked
    if k is None:
        return grid.draw(c, SIDE, top, section.rows, muted=section.muted)
    rows = [(*row[:k], "", *row[k + 1 :]) for row in section.rows]
    bottom = grid.draw(c, SIDE, top, rows, muted=section.muted)
    x = SIDE + sum(grid.widths[:k]) + PAD
    width = grid.widths[k] - 2 * PAD
    small = data.size * 0.78
    for i, row in enumerate(section.rows):
        first, _, second = row[k].partition("\n")
        mid = top - grid.header_h - (i + 0.5) * grid.row_h
        pale = i in section.muted
        if not second:
            draw_fitted(c, x, mid - 0.36 * data.size, width, first, data.size, color=MUTED if pale else INK)
            continue
        draw_fitted(c, x, mid + 0.12 * data.size, width, first, data.size, color=MUTED if pale else INK)
        draw_fitted(c, x, mid - 0.2 * data.size - small, width, second, small, color=MUTED)
    return bottom


def _band(c: Canvas, data: PictureData, p: Plan) -> float:
    """The event's name in white on the coloured band across the top; returns the band's bottom."""
    height = 14 + len(p.band_lines) * BAND_LINE
    c.setFillColor(HEAD_FILL)
    c.rect(0, p.height - height, PAGE_W, height, stroke=0, fill=1)
    y = p.height - 8 - 15
    for line in p.band_lines:
        draw_fitted(c, SIDE, y, PAGE_W - 2 * SIDE, line, 15, bold=True, color=white)
        y -= BAND_LINE
    return p.height - height - 10


def _title(c: Canvas, data: PictureData, part: Part, top: float) -> float:
    """The title (and the part: 2/3) large, the English and the time under it, the round at the right."""
    numbered = f"  {part.number}/{part.total}" if part.total > 1 else ""
    right_w = 120.0
    draw_fitted(c, SIDE, top - 20, PAGE_W - 2 * SIDE - right_w, data.title + numbered, 20, bold=True)
    draw_fitted(c, PAGE_W - SIDE - right_w, top - 18, right_w, data.right, 10.5, align="r", color=INK)
    printed = data.event.printed_at.strftime("%Y-%m-%d %H:%M")
    draw_fitted(c, SIDE, top - 38, PAGE_W - 2 * SIDE - right_w, data.sub, 9, color=MUTED)
    draw_text(c, PAGE_W - SIDE, top - 38, f"截至 {printed}", 9, align="r", color=MUTED)
    return top - TITLE_H


def _lead(c: Canvas, data: PictureData, top: float) -> float:
    """An entrant's card: its lines (姓名, 单位, 队员, 名次…) above the list, label then value."""
    if not data.lead:
        return top
    label_w = 64.0
    for label, value in data.lead:
        draw_text(c, SIDE, top - 15, label, 11, color=MUTED)
        draw_fitted(c, SIDE + label_w, top - 15, PAGE_W - 2 * SIDE - label_w, value, 14, bold=True)
        top -= LEAD_LINE
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.line(SIDE, top - 4, PAGE_W - SIDE, top - 4)
    return top - 10


def _foot(c: Canvas, data: PictureData, top: float) -> None:
    """The QR code of the live page with what it opens, then the program's name."""
    if data.url:
        draw_qr(c, data.url, SIDE, top - QR_SIZE - 4, QR_SIZE)
        x = SIDE + QR_SIZE + 12
        width = PAGE_W - SIDE - x
        lines = [line for part in data.qr_caption.split("\n") for line in wrap(part, width, 11)][:3]
        y = top - 22
        for line in lines:
            draw_text(c, x, y, line, 11, color=INK)
            y -= 15
        draw_fitted(c, x, y - 2, width, unquote(data.url), 8.5, color=MUTED)
        top -= QR_SIZE + 10
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.line(SIDE, top - 6, PAGE_W - SIDE, top - 6)
    draw_text(c, PAGE_W - SIDE, top - 20, "赛事编排台 Tournament Desk", 8, align="r", color=MUTED)
