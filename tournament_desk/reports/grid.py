"""The ruled table every list is printed in, and the pages of a long one.

Rows have a fixed height, so a report knows how many pages it needs before it draws the first one: the footer
can say "page 3 of 27" in one pass, and a 2000-row list draws in a fraction of a second (platypus tables cost
far more per cell).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from tournament_desk.reports.layout import (
    HEAD_FILL,
    INK,
    MARGIN,
    MUTED,
    PAD,
    RULE,
    ZEBRA,
    Align,
    Document,
    Page,
    Painter,
    chunks,
    draw_fitted,
    draw_text,
    wrap,
)


@dataclass(frozen=True)
class Column:
    title: str
    sub: str = ""  # English, in small type under the Chinese title
    weight: float = 1.0  # share of the table's width
    align: Align = "l"
    bold: bool = False


class Grid:
    """A ruled table with a shaded header row, alternate row shading and fixed row height."""

    def __init__(
        self,
        columns: Sequence[Column],
        width: float,
        *,
        size: float = 10.0,
        row_h: float = 18.0,
        header_h: float = 26.0,
    ) -> None:
        total = sum(col.weight for col in columns)
        self.columns = list(columns)
        self.widths = [width * col.weight / total for col in columns]
        self.width = width
        self.size = size
        self.row_h = row_h
        self.header_h = header_h

    def rows_per_page(self, height: float) -> int:
        return max(1, int((height - self.header_h) // self.row_h))

    def height(self, rows: int) -> float:
        return self.header_h + rows * self.row_h

    def draw(
        self,
        c: Canvas,
        x: float,
        top: float,
        rows: Sequence[Sequence[str]],
        *,
        muted: Collection[int] = (),
        strong: Collection[int] = (),
    ) -> float:
        """Draw the header and ``rows`` with the top-left corner at (x, top); return the bottom edge."""
        bottom = top - self.height(len(rows))
        c.setFillColor(HEAD_FILL)
        c.rect(x, top - self.header_h, self.width, self.header_h, stroke=0, fill=1)
        c.setFillColor(ZEBRA)
        for i in range(1, len(rows), 2):
            c.rect(x, top - self.header_h - (i + 1) * self.row_h, self.width, self.row_h, stroke=0, fill=1)
        self._draw_header(c, x, top)
        base = 0.36 * self.size
        for i, row in enumerate(rows):
            mid = top - self.header_h - (i + 0.5) * self.row_h
            color = MUTED if i in muted else INK
            left = x
            for text, w, col in zip(row, self.widths, self.columns, strict=False):
                if "\n" in text:  # two lines in a smaller size, e.g. a cross-table cell
                    first, second = text.split("\n", 1)
                    small = self.size * 0.9
                    for y, line in ((mid + 0.12 * small, first), (mid - 1.0 * small, second)):
                        draw_fitted(c, left + PAD, y, w - 2 * PAD, line, small, align=col.align, color=color)
                elif text:
                    draw_fitted(
                        c, left + PAD, mid - base, w - 2 * PAD, text, self.size,
                        align=col.align, color=color, bold=col.bold or i in strong,
                    )  # fmt: skip
                left += w
        self._draw_rules(c, x, top, bottom, len(rows))
        return bottom

    def _draw_header(self, c: Canvas, x: float, top: float) -> None:
        size = min(self.size, 10.0)
        left = x
        for col, w in zip(self.columns, self.widths, strict=True):
            if col.sub and self.header_h >= 2.2 * size:
                y_title = top - self.header_h / 2 + 0.15 * size
                draw_fitted(c, left + PAD, y_title, w - 2 * PAD, col.title, size, align="c", color=white)
                draw_fitted(
                    c, left + PAD, y_title - 0.95 * size, w - 2 * PAD, col.sub, size * 0.68,
                    align="c", color=white,
                )  # fmt: skip
            else:
                y_title = top - self.header_h / 2 - 0.36 * size
                draw_fitted(c, left + PAD, y_title, w - 2 * PAD, col.title, size, align="c", color=white)
            left += w

    def _draw_rules(self, c: Canvas, x: float, top: float, bottom: float, count: int) -> None:
        c.setStrokeColor(RULE)
        c.setLineWidth(0.4)
        lines = [(x, top - self.header_h - i * self.row_h) for i in range(1, count)]
        segments = [(x0, y, x0 + self.width, y) for x0, y in lines]
        left = x
        for w in self.widths[:-1]:
            left += w
            segments.append((left, top, left, bottom))
        c.lines(segments)
        c.setStrokeColor(INK)
        c.setLineWidth(0.9)
        c.rect(x, bottom, self.width, top - bottom, stroke=1, fill=0)
        c.line(x, top - self.header_h, x + self.width, top - self.header_h)


@dataclass(frozen=True)
class Note:
    """The line under a list's grid: on its last page, or on every page (``every_page``); ``wrapped``: broken
    into lines the page's width (else one line)."""

    text: str
    color: Color = MUTED
    every_page: bool = False
    wrapped: bool = False


def _grid_painter(
    doc: Document, grid: Grid, rows: Sequence[Sequence[str]], muted: set[int], note: Note | None
) -> Painter:
    def paint(c: Canvas) -> None:
        bottom = grid.draw(c, MARGIN, doc.top, rows, muted=muted)
        if note is None:
            return
        lines = wrap(note.text, doc.width, 7.5) if note.wrapped else [note.text]
        for i, line in enumerate(lines):
            draw_text(c, MARGIN, bottom - 12 - 10 * i, line, 7.5, color=note.color)

    return paint


def grid_pages(
    doc: Document,
    grid: Grid,
    rows: Sequence[Sequence[str]],
    heading: tuple[str, str, str],
    *,
    note: Note | None = None,
    muted: Collection[int] = (),
    room: float = 16.0,
) -> None:
    """Add the pages of a list to ``doc``: as many rows a page as fit above ``room`` (kept for the note),
    each page headed (title, English, right); ``muted``: the rows (of all) printed pale."""
    per_page = grid.rows_per_page(doc.height - room)
    pages = chunks(rows, per_page)
    for index, chunk in enumerate(pages):
        start = index * per_page
        pale = {i - start for i in muted if start <= i < start + per_page}
        shown = note if note is not None and (note.every_page or index == len(pages) - 1) else None
        doc.add(Page(*heading, _grid_painter(doc, grid, chunk, pale, shown)))
