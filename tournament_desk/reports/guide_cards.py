"""A Mitchell movement's guide cards (桌位卡, rules.md §7.5): its pairing sheet, and with each table's QR code its
paper for table entry. They cover the whole movement.

One card per table, cut from an A4 sheet (four to a portrait page, or two to a landscape page when the movement
has too many rounds for a quarter): the NS pair that stays, then round by round the EW pair that arrives and from
which table, the boards played and where they come from, and where the EW pair and the boards go next; the bye
stand, a relay table and a sit-out (轮空, an odd number of pairs) are named in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from tournament_desk.reports.directions import pair_label
from tournament_desk.reports.fonts import text_width
from tournament_desk.reports.grid import Column, Grid
from tournament_desk.reports.layout import (
    ACCENT,
    HEAD_FILL,
    LANDSCAPE,
    MUTED,
    PORTRAIT,
    chunks,
    cut_lines,
    draw_fitted,
    draw_qr,
    draw_text,
    new_canvas,
    wrap,
)
from tournament_desk.reports.model import GuideCardData, GuideCardRow, GuideCardsData

BYE_STAND = 0
BYE_STAND_WORDS = "休息台"
SIT_OUT_WORDS = "轮空 Sit-out"  # the round the NS pair meets the phantom (an odd number of pairs)


def boards_text(boards: Sequence[int]) -> str:
    """ "3–4" for a run of boards, "5" for one."""
    if not boards:
        return ""
    return str(boards[0]) if len(boards) == 1 else f"{boards[0]}–{boards[-1]}"


def where(table: int | None, *, none: str = "—") -> str:
    """A table in a guide card's words: "第 3 桌", the bye stand, or ``none`` (nothing comes or goes)."""
    if table is None:
        return none
    return BYE_STAND_WORDS if table == BYE_STAND else f"第 {table} 桌"


CARD_PAD = 16.0
CARD_HEAD = 62.0  # the table number, the title and the NS pair above the grid
CARD_LEGEND = 30.0
QUARTER_ROUNDS = 15  # up to this many rounds a card fits a quarter of a portrait page
CARD_QR = 60.0  # the table-entry QR code of one round, bottom right of the card
GUIDE_COLUMNS = (
    Column("轮", "Round", 0.55, "c", bold=True),
    Column("东西对", "EW pair arrives", 2.4),
    Column("东西来自", "EW from", 0.95, "c"),
    Column("牌号", "Boards", 0.85, "c", bold=True),
    Column("牌来自", "Boards from", 0.95, "c"),
    Column("东西去", "EW goes to", 0.95, "c"),
    Column("牌交给", "Boards go to", 0.95, "c"),
)
GUIDE_LEGEND = (
    "南北对全程坐本桌。每轮结束后，东西对去“东西去”栏的桌，本桌打过的牌交给“牌交给”栏的桌。"
    "“—”：第一轮按抽签入座，或最后一轮。",
    "NS stay at this table. After each round the EW pair moves to the table under 'EW goes to' and the boards "
    "go to the table under 'Boards go to'; '—': round 1 (seated by the draw) or the last round.",
)


def _skip_note(data: GuideCardsData, table: int, row: GuideCardRow) -> bool:
    """A skip (even tables): the EW pair moves two tables up instead of one after this round."""
    if data.even != "skip" or row.ew_to is None:
        return False
    return row.ew_to != table % data.tables + 1


def guide_rows(data: GuideCardsData, card: GuideCardData) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for r in card.rows:
        if r.sit_out:  # nobody arrives: the NS pair sits out, the boards rest here and move on as usual
            rows.append((str(r.round), SIT_OUT_WORDS, "—", f"{boards_text(r.boards)} 不打", where(r.boards_from),
                         "—", where(r.boards_to)))  # fmt: skip
            continue
        ew_to = f"跳 {r.ew_to} 桌" if _skip_note(data, card.table, r) else where(r.ew_to)
        rows.append(
            (
                str(r.round),
                pair_label("EW", r.ew_pair, r.ew),
                where(r.ew_from),
                boards_text(r.boards),
                where(r.boards_from),
                ew_to,
                where(r.boards_to),
            )
        )
    return rows


def card_notes(data: GuideCardsData, card: GuideCardData) -> list[str]:
    notes = []
    for r in card.rows:
        if r.sit_out:
            notes.append(
                f"第 {r.round} 轮本桌轮空：南北对休息，这组牌本轮不打，照常交给{where(r.boards_to, none='下一桌')}。"
                f"  Round {r.round}: sit-out, the NS pair rests; the boards are not played and move on."
            )
    share = next((r.shares_with for r in card.rows if r.shares_with), None)
    if share:
        notes.append(
            f"本桌与第 {share} 桌共用同一组牌（传牌）：两桌同时打，打完一副即传给对方。"
            f"  Relay: shares its boards with table {share}."
        )
    if any(BYE_STAND in (r.boards_from, r.boards_to) for r in card.rows):
        notes.append(
            "休息台：两桌之间的空桌，放本轮不打的一组牌。  Bye stand: the side table holding the boards that rest."
        )
    if any(_skip_note(data, card.table, r) for r in card.rows):
        notes.append(
            "跳 N 桌：这一轮后东西对跳过一桌，去第 N 桌（以免重打同一组牌）。  跳 (skip): EW move two tables up."
        )
    return notes


def _card_heading(c: Canvas, data: GuideCardsData, card: GuideCardData, left: float, right: float,
                  top: float) -> None:  # fmt: skip
    """The table number, the title, the event and the movement, and the NS pair that stays."""
    width = right - left
    number = f"第 {card.table} 桌"
    draw_text(c, left, top - 22, number, 22, bold=True)
    draw_text(c, left + text_width(number, 22) + 10, top - 11, "桌位卡", 11, bold=True, color=HEAD_FILL)
    draw_text(c, left + text_width(number, 22) + 10, top - 22, f"Table {card.table} guide card", 7.5,
              color=MUTED)  # fmt: skip
    info = f"{data.tables} 桌 · {data.rounds} 轮 · 每轮 {data.boards_per_round} 副"
    title_end = left + text_width(number, 22) + 10 + text_width(f"Table {card.table} guide card", 7.5)
    room = max(40.0, right - title_end - 8)
    draw_fitted(c, right - room, top - 9, room, data.event.name, 8, align="r", color=MUTED)
    draw_fitted(c, right - room, top - 20, room, info, 7.5, align="r", color=MUTED)
    ns = card.rows[0] if card.rows else None
    if ns is not None:
        c.setFillColor(HEAD_FILL)
        c.rect(left, top - 44, width, 16, stroke=0, fill=1)
        label = "南北对 NS（全程不动 stays）："
        draw_text(c, left + 4, top - 40, label, 8.5, color=white)
        draw_fitted(c, left + 8 + text_width(label, 8.5), top - 40.5, width - 12 - text_width(label, 8.5),
                    pair_label("NS", ns.ns_pair, ns.ns), 10, bold=True, color=white)  # fmt: skip


def _paint_card(
    c: Canvas,
    data: GuideCardsData,
    card: GuideCardData,
    x: float,
    y: float,
    w: float,
    h: float,
    code: tuple[int, str] | None = None,
) -> None:
    """One guide card in the box with lower-left corner (x, y); ``code``: (round, entry address) printed as
    a QR code in the bottom right corner, the notes and legend wrapped beside it."""
    left, right, top = x + CARD_PAD, x + w - CARD_PAD, y + h - CARD_PAD
    width = right - left
    text_width_ = width - CARD_QR - 8 if code else width
    _card_heading(c, data, card, left, right, top)
    notes = [line for note in card_notes(data, card) for line in wrap(note, text_width_, 6.8)]
    legend = [line for text in GUIDE_LEGEND for line in wrap(text, text_width_, 6.3)]
    grid_top = top - CARD_HEAD + 10
    bottom = y + CARD_PAD + 8.5 * (len(notes) + len(legend))
    if code is not None:
        bottom = max(bottom, y + CARD_PAD + CARD_QR + 16)
        draw_qr(c, code[1], right - CARD_QR, y + CARD_PAD, CARD_QR)
        draw_text(c, right, y + CARD_PAD + CARD_QR + 9, f"第 {code[0]} 轮扫码查看", 7, align="r", bold=True)
        draw_text(c, right, y + CARD_PAD + CARD_QR + 2, f"Round {code[0]}: scan to enter", 5.5, align="r",
                  color=MUTED)  # fmt: skip
    rows = guide_rows(data, card)
    row_h = min(24.0, (grid_top - bottom - 6 - 24) / max(1, len(rows)))
    grid = Grid(GUIDE_COLUMNS, width, size=min(8.5, max(6.0, row_h * 0.5)), row_h=row_h, header_h=24)
    end = grid.draw(c, left, grid_top, rows)
    yy = end - 10
    for line in notes:
        draw_text(c, left, yy, line, 6.8, color=ACCENT)
        yy -= 8.5
    for line in legend:
        draw_text(c, left, yy, line, 6.3, color=MUTED)
        yy -= 8.5


def build_guide_cards(
    path: Path,
    data: GuideCardsData,
    *,
    live_urls: Mapping[int, str] | None = None,
    live_round: int | None = None,
) -> None:
    """Every table's guide card: four to a portrait page (two to a landscape one for long movements).

    ``live_urls`` (table → the LAN server's entry address of round ``live_round``): each card carries its
    table's address for that round as a QR code (a token is per table and round, so the cards of a later
    round are printed again, or their codes); None prints none."""
    quarter = data.rounds <= QUARTER_ROUNDS
    pagesize = PORTRAIT if quarter else LANDSCAPE
    w, h = pagesize
    per_page = 4 if quarter else 2
    c = new_canvas(path, pagesize, title=f"{data.event.name} 桌位卡")
    pages = chunks(data.cards, per_page)
    for number, chunk in enumerate(pages, start=1):
        for i, card in enumerate(chunk):
            if quarter:
                x, y, cw, ch = (i % 2) * w / 2, h / 2 - (i // 2) * h / 2, w / 2, h / 2
            else:
                x, y, cw, ch = i * w / 2, 0.0, w / 2, h
            url = (live_urls or {}).get(card.table)
            code = (live_round or 0, url) if url else None
            _paint_card(c, data, card, x, y, cw, ch, code)
        cut_lines(c, pagesize, across=quarter, down=True)
        draw_text(c, w - 6, 5, f"{number} / {len(pages)}", 6, align="r", color=MUTED)
        c.showPage()
    c.save()
