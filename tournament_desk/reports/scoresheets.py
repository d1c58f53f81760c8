"""Scoresheets (记分表), one A4 page per table of a round.

Everything that is the same on every table's sheet (the grid, labels, rules, the hand-in note) is drawn
once per round as a PDF form and placed on each page; a page then only adds the table number and the two
entrants. That keeps 500 sheets to a couple of seconds and the file small.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from tournament_desk.domain.rules import RuleSet
from tournament_desk.reports.layout import (
    ACCENT,
    HEAD_FILL,
    INK,
    MARGIN,
    MUTED,
    PORTRAIT,
    RULE,
    Column,
    Grid,
    draw_fitted,
    draw_text,
    footer,
    new_canvas,
    num,
    signature_lines,
    watermark,
    wrap,
)
from tournament_desk.reports.model import EntrantData, PairedTable, ScoresheetData

W, H = PORTRAIT
CONTENT_W = W - 2 * MARGIN
DEALS = 13
BOX_W = 120.0
TEAM_TOP = 732.0
TEAM_H = 88.0
TEAM_GAP = 13.0
TEAM_W = (CONTENT_W - TEAM_GAP) / 2
DEAL_TOP = 628.0
QR_SIZE = 58.0  # the table-entry QR code beside the table number (about 20 mm: 0.6 mm a module)
QR_CAPTION = ("扫码查看本桌成绩", "Scan: this table's result")  # entering needs the entry card
HAND_IN = "比赛结束后 5 分钟内由胜方交记录台；逾期按弃权处理。"
HAND_IN_EN = "The winning side hands this sheet to the scoring desk within 5 minutes of the end; a late sheet is a forfeit."

DEAL_COLUMNS = (
    Column("副", "Deal", 0.55, "c"),
    Column("庄家（圈选）", "Declarer", 1.45, "c"),
    Column("打几", "Level played", 1.0, "c"),
    Column("防家得分", "Defenders' points", 1.35, "c"),
    Column("主队级数", "Home level after", 1.3, "c"),
    Column("客队级数", "Away level after", 1.3, "c"),
    Column("备注", "Note", 1.3, "c"),
)
RESULT_COLUMNS = (
    Column("结果", "Result", 1.6),
    Column("主队", "Home / NS", 1.0, "c"),
    Column("客队", "Away / EW", 1.0, "c"),
)
RESULT_ROWS = (("终局级数  Levels reached", "", ""), ("标准分  VP", "", ""), ("场分  MP", "", ""))
KNOCKOUT_RESULT_ROWS = (
    ("终局级数  Levels reached", "", ""),
    ("台上  On stage at the end", "", ""),
    ("胜局  Games won", "", ""),
)


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


def scale_text(rules: RuleSet) -> str:
    steps = sorted(rules.mp_scale, key=lambda s: -s.min_difference)
    mp = "；".join(
        f"{'≥' if i == 0 and s.min_difference else ''}{s.min_difference} 级 {num(s.winner)}:{num(s.loser)}"
        for i, s in enumerate(steps)
    )
    cap = rules.vp_cap
    award = rules.forfeit_win
    return (
        f"级差 N → 标准分 10+N : 10−N（N ≥ {cap} 为 {10 + cap}:{10 - cap}）；场分：{mp}。"
        f"弃权：对方得 {num(award.mp)} 场分、{num(award.vp)} 标准分，弃权方 0 分。"
    )


def _static(c: Canvas, data: ScoresheetData) -> None:
    """The part of the sheet shared by every table of the round."""
    event, rnd = data.event, data.round
    draw_fitted(c, MARGIN, H - 36, CONTENT_W - BOX_W - 12, event.name, 11, color=MUTED)
    draw_text(c, MARGIN, H - 64, "记分表", 24, bold=True)
    draw_text(c, MARGIN + 80, H - 64, "Scoresheet", 11, color=MUTED)
    draft = "" if rnd.published else "    草稿（未发布） Draft"
    stage = f"{data.stage_title}     " if data.stage_title else ""
    draw_text(c, MARGIN, H - 86, f"第 {rnd.round} 轮  Round {rnd.round}     {stage}{rnd.date}{draft}", 12)
    # table number box (the number itself is drawn per page)
    c.setStrokeColor(INK)
    c.setLineWidth(1.5)
    c.rect(W - MARGIN - BOX_W, H - 98, BOX_W, 72, stroke=1, fill=0)
    draw_text(c, W - MARGIN - BOX_W / 2, H - 38, "桌号 Table", 9, align="c", color=MUTED)
    for i, (title, sub) in enumerate((("主队（南北）", "Home / NS"), ("客队（东西）", "Away / EW"))):
        x = MARGIN + i * (TEAM_W + TEAM_GAP)
        c.setFillColor(HEAD_FILL)
        c.rect(x, TEAM_TOP - 18, TEAM_W, 18, stroke=0, fill=1)
        draw_text(c, x + 6, TEAM_TOP - 13, f"{title}  {sub}", 9.5, color=white)
        c.setStrokeColor(INK)
        c.setLineWidth(0.9)
        c.rect(x, TEAM_TOP - TEAM_H, TEAM_W, TEAM_H, stroke=1, fill=0)
        labels = (
            ("单位 Unit", "队员 Players")
            if data.knockout
            else ("单位 Unit", "队员 Players", "赛前场分 MP before")
        )
        for j, label in enumerate(labels):
            draw_text(c, x + 6, TEAM_TOP - 54 - j * 13, label, 7.5, color=MUTED)
    deals = Grid(DEAL_COLUMNS, CONTENT_W, size=9, row_h=20, header_h=28)
    rows = [(str(i), "主　　客", "", "", "", "", "") for i in range(1, DEALS + 1)]
    bottom = deals.draw(c, MARGIN, DEAL_TOP, rows, muted=set(range(DEALS)))
    result = Grid(RESULT_COLUMNS, 300, size=9, row_h=24, header_h=26)
    top = bottom - 14
    result_bottom = result.draw(c, MARGIN, top, KNOCKOUT_RESULT_ROWS if data.knockout else RESULT_ROWS)
    if data.knockout:
        _knockout_winner_box(c, MARGIN + 314, top, result_bottom)
    else:
        _winner_box(c, MARGIN + 314, top, result_bottom)
    _signatures(c, result_bottom - 34)
    _notes(c, data.rules, result_bottom - 84, scale=not data.knockout)


def _winner_box(c: Canvas, x: float, top: float, bottom: float) -> None:
    width = W - MARGIN - x
    c.setStrokeColor(INK)
    c.setLineWidth(0.9)
    c.rect(x, bottom, width, top - bottom, stroke=1, fill=0)
    draw_text(c, x + 8, top - 20, "胜方 Winner", 9.5)
    for i, label in enumerate(("主队", "客队", "平局 Draw")):
        bx = x + 8 + i * 62
        c.rect(bx, top - 44, 10, 10, stroke=1, fill=0)
        draw_text(c, bx + 14, top - 43, label, 9)
    draw_text(c, x + 8, top - 70, "级差 Level difference：", 9.5)
    c.setStrokeColor(RULE)
    c.line(x + 110, top - 72, x + width - 10, top - 72)
    draw_text(c, x + 8, bottom + 8, "由记录台核算标准分与场分 The desk checks VP and MP.", 7, color=MUTED)


def _knockout_winner_box(c: Canvas, x: float, top: float, bottom: float) -> None:
    """A knockout match has no draw: the winner goes on; on equal levels the side on stage at the end wins."""
    width = W - MARGIN - x
    c.setStrokeColor(INK)
    c.setLineWidth(0.9)
    c.rect(x, bottom, width, top - bottom, stroke=1, fill=0)
    draw_text(c, x + 8, top - 20, "胜方（晋级） Winner goes on", 9.5)
    for i, label in enumerate(("主队 Home", "客队 Away")):
        bx = x + 8 + i * 84
        c.rect(bx, top - 44, 10, 10, stroke=1, fill=0)
        draw_text(c, bx + 14, top - 43, label, 9)
    draw_text(c, x + 8, top - 62, "级数相同时，比赛结束时在台上的一方获胜。", 7.5, color=MUTED)
    draw_text(c, x + 8, top - 72, "Equal levels: the side on stage at the end wins.", 7, color=MUTED)
    draw_text(c, x + 8, bottom + 8, "由记录台核对 The desk checks the result.", 7, color=MUTED)


def _signatures(c: Canvas, y: float) -> None:
    signature_lines(c, y, ("主队签名 Home signature", "客队签名 Away signature"))


def _notes(c: Canvas, rules: RuleSet, top: float, *, scale: bool = True) -> None:
    """The hand-in rule, the level table and (where the VP and MP count) the scale."""
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.2)
    c.rect(MARGIN, top - 34, CONTENT_W, 34, stroke=1, fill=0)
    draw_text(c, W / 2, top - 16, HAND_IN, 12, align="c", bold=True, color=ACCENT)
    draw_text(c, W / 2, top - 28, HAND_IN_EN, 7.5, align="c", color=ACCENT)
    y = top - 50
    for text in (level_table_text(rules), *((scale_text(rules),) if scale else ())):
        for line in wrap(text, CONTENT_W, 7.5):
            draw_text(c, MARGIN, y, line, 7.5, color=MUTED)
            y -= 10


def _entrant_box(c: Canvas, x: float, name: str, entrant: EntrantData | None, mp: float | None) -> None:
    draw_fitted(c, x + 6, TEAM_TOP - 38, TEAM_W - 12, name, 15, bold=True)
    if entrant is not None:
        draw_fitted(c, x + 84, TEAM_TOP - 54, TEAM_W - 90, entrant.unit or "—", 9)
        draw_fitted(c, x + 84, TEAM_TOP - 67, TEAM_W - 90, "、".join(entrant.players) or "—", 9)
    if mp is not None:
        draw_text(c, x + 84, TEAM_TOP - 80, num(mp), 9)


def _entry_code(c: Canvas, url: str) -> None:
    """The table's entry QR code left of the table number box, its caption left of it."""
    x = W - MARGIN - BOX_W - 10 - QR_SIZE
    draw_qr(c, url, x, H - 98, QR_SIZE)
    draw_text(c, x - 6, H - 60, QR_CAPTION[0], 8.5, align="r", bold=True)
    draw_text(c, x - 6, H - 71, QR_CAPTION[1], 6.5, align="r", color=MUTED)


def _table_page(c: Canvas, data: ScoresheetData, table: PairedTable, url: str | None = None) -> None:
    if url:
        _entry_code(c, url)
    number = str(table.table)
    size = 40 if len(number) <= 3 else 30
    draw_text(c, W - MARGIN - BOX_W / 2, H - 84, number, size, align="c", bold=True)
    home_mp, away_mp = (None, None) if data.knockout else (table.home_mp, table.away_mp)
    _entrant_box(c, MARGIN, table.home, data.entrants.get(table.home), home_mp)
    _entrant_box(c, MARGIN + TEAM_W + TEAM_GAP, table.away, data.entrants.get(table.away), away_mp)


def build_scoresheets(
    path: Path, data: ScoresheetData, *, live_urls: Mapping[int, str] | None = None
) -> None:
    """One page per table. ``live_urls`` (table → the LAN server's entry address for this round, from
    ``services.live.entry_urls``): each page carries its table's address as a QR code; None prints none."""
    rnd = data.round
    c = new_canvas(path, PORTRAIT, title=f"{data.event.name} 第 {rnd.round} 轮记分表")
    c.beginForm("sheet")
    _static(c, data)
    c.endForm()
    total = len(rnd.tables)
    for number, table in enumerate(rnd.tables, start=1):
        c.doForm("sheet")
        _table_page(c, data, table, (live_urls or {}).get(table.table))
        if not rnd.published:  # on the page, not in the form: reportlab gives forms no transparency state
            watermark(c, PORTRAIT)
        footer(c, data.event, number, total, PORTRAIT)
        c.showPage()
    if not rnd.tables:  # a round of only a bye still prints one page saying so
        c.doForm("sheet")
        footer(c, data.event, 1, 1, PORTRAIT)
        c.showPage()
    c.save()
