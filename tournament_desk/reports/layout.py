"""Shared PDF layout: A4 pages with a header and a "page x of y" footer, fitted text, cutting lines and QR
codes. The ruled table the documents are made of is ``reports.grid``.

Every report is drawn on the reportlab canvas directly. Text that does not fit its room is first set smaller,
then cut with an ellipsis, so a 200-character name never breaks a page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, TypeVar

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.pagesizes import A4, landscape
from reportlab.pdfgen.canvas import Canvas

from tournament_desk.reports.fonts import cjk_font, text_width
from tournament_desk.reports.model import EventHeader

PORTRAIT = A4
LANDSCAPE = landscape(A4)
MARGIN = 36.0
HEADER_H = 74.0  # from the top edge of the paper to the top of the content
FOOTER_H = 50.0  # from the bottom edge of the paper to the bottom of the content

INK = HexColor("#1b2430")
MUTED = HexColor("#5f6b7a")
RULE = HexColor("#8a97a8")
HEAD_FILL = HexColor("#1f4e79")
ZEBRA = HexColor("#e9f0f7")
ACCENT = HexColor("#a61b1b")
GOLD = HexColor("#b8860b")

Align = Literal["l", "c", "r"]
T = TypeVar("T")
PAD = 3.0


def num(value: float | None) -> str:
    """A score as printed: 7.5 → "7.5", 7.0 → "7", fractional VP averages to two decimals."""
    if value is None:
        return ""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def fit(text: str, width: float, size: float, min_ratio: float = 0.78) -> tuple[str, float]:
    """Make ``text`` fit ``width``: a smaller size down to ``min_ratio``, then an ellipsis."""
    wide = text_width(text, size)
    if wide <= width:
        return text, size
    smaller = size * width / wide
    if smaller >= size * min_ratio:
        return text, smaller
    size *= min_ratio
    lo, hi = 0, len(text)
    while lo < hi:  # the longest start of the text that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid] + "…", size) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…", size


def draw_text(
    c: Canvas,
    x: float,
    y: float,
    text: str,
    size: float,
    *,
    align: Align = "l",
    bold: bool = False,
    color: Color = INK,
    spacing: float = 0.0,
) -> None:
    """One line of text at baseline ``y``; ``x`` is the left edge, centre or right edge by ``align``.

    ``spacing`` spreads the characters apart (a title like 荣誉证书) without putting spaces in the text.
    """
    c.setFillColor(color)
    width = text_width(text, size) + spacing * max(0, len(text) - 1)
    if align == "c":
        x -= width / 2
    elif align == "r":
        x -= width
    t = c.beginText(x, y)
    t.setFont(cjk_font(), size)
    if spacing:
        t.setCharSpace(spacing)
    if not bold:
        t.textOut(text)
        c.drawText(t)
        return
    # The font has a single weight: a thin outline stroked round the glyphs reads as bold. The render
    # mode is graphics state that outlives the text object, hence the save/restore around it.
    c.saveState()
    c.setStrokeColor(color)
    c.setLineWidth(size * 0.035)
    t.setTextRenderMode(2)
    t.textOut(text)
    c.drawText(t)
    c.restoreState()


def draw_fitted(
    c: Canvas,
    x: float,
    y: float,
    width: float,
    text: str,
    size: float,
    *,
    align: Align = "l",
    bold: bool = False,
    color: Color = INK,
) -> None:
    """Like draw_text, within ``width`` (``x`` is always the cell's left edge)."""
    text, size = fit(text, width, size)
    if align == "c":
        x += width / 2
    elif align == "r":
        x += width
    draw_text(c, x, y, text, size, align=align, bold=bold, color=color)


Painter = Callable[[Canvas], None]


@dataclass(frozen=True)
class Page:
    title: str  # Chinese, large
    sub: str  # English, small beside it
    right: str  # round and date, at the top right
    paint: Painter


DRAFT = "草稿 DRAFT"


def watermark(c: Canvas, pagesize: tuple[float, float], text: str = DRAFT) -> None:
    """Large pale diagonal text across the page, e.g. on the pairing of a round not yet published."""
    w, h = pagesize
    c.saveState()
    c.translate(w / 2, h / 2)
    c.rotate(35)
    draw_text(c, 0, -30, text, 96, align="c", color=Color(0.75, 0.1, 0.1, alpha=0.12))
    c.restoreState()


class Document:
    """The pages of one report, drawn in one pass with a common header and a "page x of y" footer."""

    def __init__(
        self, event: EventHeader, *, pagesize: tuple[float, float] = PORTRAIT, draft: bool = False
    ) -> None:
        self.event = event
        self.pagesize = pagesize
        self.draft = draft
        self.pages: list[Page] = []

    @property
    def width(self) -> float:
        return self.pagesize[0] - 2 * MARGIN

    @property
    def top(self) -> float:
        return self.pagesize[1] - HEADER_H

    @property
    def height(self) -> float:
        return self.top - FOOTER_H

    def add(self, page: Page) -> None:
        self.pages.append(page)

    def save(self, path: Path, *, title: str) -> None:
        c = new_canvas(path, self.pagesize, title=f"{self.event.name} {title}")
        total = len(self.pages)
        for number, page in enumerate(self.pages, start=1):
            self._header(c, page)
            page.paint(c)
            if self.draft:  # last, over the shaded rows; it is translucent
                watermark(c, self.pagesize)
            footer(c, self.event, number, total, self.pagesize)
            c.showPage()
        c.save()

    def _header(self, c: Canvas, page: Page) -> None:
        w, h = self.pagesize
        draw_fitted(c, MARGIN, h - 34, self.width * 0.68, self.event.name, 10, color=MUTED)
        draw_text(c, w - MARGIN, h - 34, page.right, 10, align="r", color=MUTED)
        draw_text(c, MARGIN, h - 58, page.title, 17, bold=True)
        draw_text(c, MARGIN + text_width(page.title, 17) + 8, h - 58, page.sub, 9, color=MUTED)
        c.setStrokeColor(HEAD_FILL)
        c.setLineWidth(1.4)
        c.line(MARGIN, h - 65, w - MARGIN, h - 65)


def new_canvas(path: Path, pagesize: tuple[float, float], *, title: str) -> Canvas:
    font = cjk_font()
    c = Canvas(str(path), pagesize=pagesize, initialFontName=font, initialFontSize=10, pageCompression=1)
    c.setTitle(title)
    c.setAuthor("Tournament Desk 赛事编排台")
    c.setCreator("Tournament Desk")
    return c


def footer(c: Canvas, event: EventHeader, number: int, total: int, pagesize: tuple[float, float]) -> None:
    w, _ = pagesize
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.line(MARGIN, 40, w - MARGIN, 40)
    printed = event.printed_at.strftime("%Y-%m-%d %H:%M")
    draw_text(c, MARGIN, 28, f"打印时间 Printed {printed}", 8, color=MUTED)
    draw_text(c, w / 2, 28, f"第 {number} 页 / 共 {total} 页   Page {number} of {total}", 8, align="c")
    draw_text(c, w - MARGIN, 28, "赛事编排台 Tournament Desk", 8, align="r", color=MUTED)


def chunks(items: Sequence[T], size: int) -> list[Sequence[T]]:
    return [items[i : i + size] for i in range(0, len(items), size)] or [items[:0]]


def wrap(text: str, width: float, size: float) -> list[str]:
    """Break ``text`` into lines no wider than ``width``: anywhere in Chinese, at spaces in Latin words."""
    lines: list[str] = []
    line = ""
    for ch in text:
        if text_width(line + ch, size) <= width:
            line += ch
            continue
        cut = line.rfind(" ") if ch.isascii() and ch != " " and line[-1:].isascii() else -1
        if cut > 0:
            lines.append(line[:cut])
            line = line[cut + 1 :] + ch
        else:
            lines.append(line)
            line = ch.lstrip()
    if line:
        lines.append(line)
    return lines


def cut_lines(
    c: Canvas, pagesize: tuple[float, float], *, across: bool, down: bool, dash: tuple[float, float] = (4, 3)
) -> None:
    """Dashed lines to cut a sheet into halves (``across``) and / or down the middle (``down``)."""
    w, h = pagesize
    c.saveState()
    c.setStrokeColor(RULE)
    c.setLineWidth(0.6)
    c.setDash(*dash)
    if across:
        c.line(0, h / 2, w, h / 2)
    if down:
        c.line(w / 2, 0, w / 2, h)
    c.restoreState()


def draw_qr(c: Canvas, url: str, x: float, y: float, size: float) -> None:
    """``url`` as a QR code (reportlab's own, error correction M, a one-module quiet zone) in the square
    with lower-left corner (x, y). The quiet zone is white even on a tinted background."""
    widget = QrCodeWidget(url, barLevel="M", barBorder=1)
    x0, y0, x1, y1 = widget.getBounds()
    drawing = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), -x0, -y0])
    drawing.add(widget)
    c.saveState()
    c.setFillColor(white)
    c.rect(x, y, size, size, stroke=0, fill=1)
    renderPDF.draw(drawing, c, x, y)
    c.restoreState()
