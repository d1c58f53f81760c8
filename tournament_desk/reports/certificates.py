"""Certificates (荣誉证书) for the top places: one landscape A4 page each, in large Chinese type."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from tournament_desk.reports.layout import (
    ACCENT,
    GOLD,
    INK,
    LANDSCAPE,
    MUTED,
    draw_fitted,
    draw_text,
    new_canvas,
)
from tournament_desk.reports.model import StandingsData

W, H = LANDSCAPE
TOP_PLACES = 8
TEXT_W = W - 200


def chinese_date(day: date) -> str:
    return f"{day.year} 年 {day.month} 月 {day.day} 日"


def _frame(c: Canvas) -> None:
    c.setStrokeColor(ACCENT)
    c.setLineWidth(5)
    c.rect(22, 22, W - 44, H - 44, stroke=1, fill=0)
    c.setStrokeColor(GOLD)
    c.setLineWidth(1.2)
    c.rect(33, 33, W - 66, H - 66, stroke=1, fill=0)
    for x, y in ((33, 33), (W - 33, 33), (33, H - 33), (W - 33, H - 33)):
        c.setFillColor(GOLD)
        c.circle(x, y, 4, stroke=0, fill=1)


def _centred(c: Canvas, y: float, text: str, size: float, *, bold: bool = False, color: Color = INK) -> None:
    draw_fitted(c, 100, y, TEXT_W, text, size, align="c", bold=bold, color=color)


def _certificate(
    c: Canvas, event: str, rank: int | str, name: str, unit: str | None, players: str, day: str
) -> None:
    _frame(c)
    draw_text(c, W / 2, H - 118, "荣誉证书", 52, align="c", bold=True, color=ACCENT, spacing=26)
    _centred(c, H - 142, "CERTIFICATE  OF  HONOUR", 11, color=GOLD)
    _centred(c, H - 210, name, 34, bold=True, color=INK)
    if unit:
        _centred(c, H - 242, f"单位：{unit}", 15, color=INK)
    if players:
        _centred(c, H - 266, f"队员：{players}", 14, color=INK)
    _centred(c, H - 318, f"在 {event} 中荣获", 18, color=INK)
    _centred(c, H - 392, f"第 {rank} 名", 50, bold=True, color=ACCENT)
    _centred(c, H - 432, "特发此证，以资鼓励。", 14, color=INK)
    draw_text(c, W - 300, 112, "裁判长 Chief referee", 11, color=MUTED)
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.6)
    c.line(W - 190, 110, W - 80, 110)
    draw_text(c, W - 80, 78, day, 13, align="r", color=INK)


def build_certificates(path: Path, data: StandingsData, *, top: int = TOP_PLACES) -> None:
    """One page per entrant ranked ``top`` or better (shared ranks all get theirs); a knockout's rows carry
    their placing ("3–4"), which the certificate then names."""
    c = new_canvas(path, LANDSCAPE, title=f"{data.event.name} 荣誉证书")
    day = chinese_date(data.event.ends_on or data.event.printed_at.date())
    for row in data.rows:
        if row.rank > top:
            break
        entrant = data.entrants.get(row.entrant.name)
        players = "、".join(entrant.players) if entrant else ""
        place = row.placing or row.rank
        _certificate(c, data.event.name, place, row.entrant.name, row.entrant.unit, players, day)
        c.showPage()
    c.save()
