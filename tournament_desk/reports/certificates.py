"""Certificates (荣誉证书) for the top places: one landscape A4 page each, in large Chinese type.

Every format's certificate is the same page; a Mitchell movement's names the direction ("南北方向第 1 名")
with its English under it. The organiser line (主办单位), when the director gives one (``EventHeader.organiser``),
stands at the foot of the page opposite the chief referee's signature.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from tournament_desk.reports.directions import DIRECTIONS, direction_title
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
from tournament_desk.reports.model import EntrantData, EventHeader, MitchellResultsData, StandingsData

W, H = LANDSCAPE
TOP_PLACES = 8
DIRECTION_PLACES = 3  # a Mitchell movement: each direction's top three
TEXT_W = W - 200


@dataclass(frozen=True)
class Award:
    """What one certificate says: who, and the place in words ("第 1 名"); ``english`` under the place."""

    name: str
    unit: str | None
    players: str
    place: str
    place_size: float = 50
    english: str = ""


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


def paint_certificate(c: Canvas, event: str, award: Award, day: str, organiser: str | None = None) -> None:
    _frame(c)
    draw_text(c, W / 2, H - 118, "荣誉证书", 52, align="c", bold=True, color=ACCENT, spacing=26)
    _centred(c, H - 142, "CERTIFICATE  OF  HONOUR", 11, color=GOLD)
    _centred(c, H - 210, award.name, 34, bold=True)
    if award.unit:
        _centred(c, H - 242, f"单位：{award.unit}", 15)
    if award.players:
        _centred(c, H - 266, f"队员：{award.players}", 14)
    _centred(c, H - 318, f"在 {event} 中荣获", 18)
    _centred(c, H - 392, award.place, award.place_size, bold=True, color=ACCENT)
    if award.english:
        _centred(c, H - 418, award.english, 11, color=GOLD)
    _centred(c, H - 446 if award.english else H - 432, "特发此证，以资鼓励。", 14)
    draw_text(c, W - 300, 112, "裁判长 Chief referee", 11, color=MUTED)
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.6)
    c.line(W - 190, 110, W - 80, 110)
    draw_text(c, W - 80, 78, day, 13, align="r")
    if organiser:
        draw_fitted(c, 80, 112, W - 300 - 80 - 24, f"主办单位：{organiser}", 13)


def _players(entrants: dict[str, EntrantData], name: str) -> str:
    entrant = entrants.get(name)
    return "、".join(entrant.players) if entrant else ""


def _print(path: Path, event: EventHeader, awards: list[Award]) -> None:
    c = new_canvas(path, LANDSCAPE, title=f"{event.name} 荣誉证书")
    day = chinese_date(event.ends_on or event.printed_at.date())
    for award in awards:
        paint_certificate(c, event.name, award, day, event.organiser)
        c.showPage()
    c.save()


def build_certificates(path: Path, data: StandingsData, *, top: int = TOP_PLACES) -> None:
    """One page per entrant ranked ``top`` or better (shared ranks all get theirs); a knockout's rows carry
    their placing ("3–4"), which the certificate then names."""
    awards = []
    for row in data.rows:
        if row.rank > top:
            break
        name = row.entrant.name
        place = f"第 {row.placing or row.rank} 名"
        awards.append(Award(name, row.entrant.unit, _players(data.entrants, name), place))
    _print(path, data.event, awards)


def build_direction_certificates(
    path: Path, data: MitchellResultsData, *, top: int = DIRECTION_PLACES
) -> None:
    """Each direction's top places (shared ranks all get theirs): "南北方向第 1 名", one landscape page each."""
    awards = []
    for d in data.directions:
        for r in d.rows:
            if r.rank > top:
                break
            name = r.entrant.name
            place = f"{direction_title(d.direction)}第 {r.rank} 名"
            english = f"{DIRECTIONS[d.direction][1]}, place {r.rank}"
            awards.append(Award(name, r.entrant.unit, _players(data.entrants, name), place, 46, english))
    _print(path, data.event, awards)
