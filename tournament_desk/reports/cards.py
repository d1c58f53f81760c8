"""Entry cards (录分卡, issue 23): one card per entrant, eight to an A4 page with cutting lines.

A card is the entrant's credential for the phones: its QR code (the server's ``/c/CODE`` address) and the code
in a typeable short form, with what it is for and what to do when it is lost. Whoever holds the card can enter
and confirm that entrant's results, so the card says to keep it to oneself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from tournament_desk.reports.layout import (
    ACCENT,
    HEAD_FILL,
    MUTED,
    PORTRAIT,
    RULE,
    chunks,
    draw_fitted,
    draw_qr,
    draw_text,
    footer,
    new_canvas,
)
from tournament_desk.reports.model import EventHeader

W, H = PORTRAIT
COLUMNS, ROWS = 2, 4
TOP, BOTTOM, SIDE = 40.0, 48.0, 22.0
CARD_W = (W - 2 * SIDE) / COLUMNS
CARD_H = (H - TOP - BOTTOM) / ROWS
PAD = 12.0
QR = 104.0  # about 37 mm: read at arm's length by an old phone in a dim hall
TINT = HexColor("#f3f6fa")


@dataclass(frozen=True)
class CardData:
    name: str
    unit: str | None
    players: tuple[str, ...]
    draw_no: int | None
    code: str  # as printed, ABCDE-FGHJK
    url: str | None  # the QR code's address (None: no server address given: the code alone)


@dataclass(frozen=True)
class EntryCardsData:
    event: EventHeader
    cards: Sequence[CardData]


def _card(c: Canvas, card: CardData, event: EventHeader, x: float, y: float) -> None:
    top = y + CARD_H
    c.setFillColor(TINT)
    c.roundRect(x + 6, y + 6, CARD_W - 12, CARD_H - 12, 8, stroke=0, fill=1)
    left, width = x + PAD + 4, CARD_W - 2 * PAD - 8
    draw_fitted(c, left, top - PAD - 14, width - 60, event.name, 9, color=MUTED)
    draw_text(c, left, top - PAD - 33, "录分卡", 17, bold=True, color=HEAD_FILL, spacing=2)
    draw_text(c, left + 64, top - PAD - 33, "Entry card", 9, color=MUTED)
    if card.draw_no is not None:
        draw_text(
            c, x + CARD_W - PAD - 4, top - PAD - 14, f"抽签号 {card.draw_no}", 9, align="r", color=MUTED
        )
    text_w = width - (QR + 10 if card.url else 0)
    draw_fitted(c, left, top - PAD - 58, text_w, card.name, 16, bold=True)
    line = top - PAD - 74
    if card.unit:
        draw_fitted(c, left, line, text_w, card.unit, 9, color=MUTED)
        line -= 13
    if card.players:
        draw_fitted(c, left, line, text_w, "、".join(card.players), 9, color=MUTED)
    if card.url:
        draw_qr(c, card.url, x + CARD_W - PAD - 4 - QR, y + PAD + 34, QR)
    draw_text(c, left, y + PAD + 64, "代码 Code", 8, color=MUTED)
    draw_text(c, left, y + PAD + 44, card.code, 17, bold=True, spacing=1.2)
    how = "扫码，在手机上录入和确认本方成绩" if card.url else "在赛场网址的“我的赛桌”输入代码"
    draw_fitted(c, left, y + PAD + 26, width, how + "；勿给他人拍照；遗失请找裁判长补发。", 7.5, color=ACCENT)
    draw_fitted(c, left, y + PAD + 15, width,
                "Scan to enter and confirm your own results. Keep it to yourself; a lost card is reissued "
                "by the director.", 6.5, color=MUTED)  # fmt: skip


def build_entry_cards(path: Path, data: EntryCardsData) -> None:
    c = new_canvas(path, PORTRAIT, title=f"{data.event.name} · 录分卡")
    pages = chunks(list(data.cards), COLUMNS * ROWS)
    for number, page in enumerate(pages, start=1):
        c.setStrokeColor(RULE)
        c.setLineWidth(0.4)
        c.setDash(3, 3)  # cutting lines
        for col in range(1, COLUMNS):
            c.line(SIDE + col * CARD_W, BOTTOM, SIDE + col * CARD_W, H - TOP)
        for row in range(0, ROWS + 1):
            c.line(SIDE, BOTTOM + row * CARD_H, W - SIDE, BOTTOM + row * CARD_H)
        c.setDash()
        for i, card in enumerate(page):
            col, row = i % COLUMNS, i // COLUMNS
            _card(c, card, data.event, SIDE + col * CARD_W, H - TOP - (row + 1) * CARD_H)
        draw_text(c, W / 2, H - 26, f"{data.event.name} · 录分卡 Entry cards · 沿虚线剪开 Cut along the dashed lines",
                  8, align="c", color=MUTED)  # fmt: skip
        footer(c, data.event, number, len(pages), PORTRAIT)
        c.showPage()
    c.save()
