"""The level scoresheet (记分表): one A4 page per table of a round, the deals to fill in, the result, the
winner (a knockout's: who goes on, no draw), the signatures and the rules."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from tournament_desk.domain.rules import RuleSet
from tournament_desk.reports.grid import Column, Grid
from tournament_desk.reports.layout import INK, MARGIN, MUTED, RULE, draw_fitted, draw_qr, draw_text, num
from tournament_desk.reports.model import EntrantData, PairedTable, ScoresheetData
from tournament_desk.reports.scoresheets.frame import (
    BOX_W,
    CONTENT_W,
    DECIDED,
    QR_CAPTION,
    TEAM_GAP,
    TEAM_W,
    H,
    Painter,
    W,
    decided_form,
    hand_in_box,
    level_table_text,
    print_sheets,
    rule_notes,
    sheet_pages,
    side_boxes,
    side_details,
    signature_lines,
    table_box,
    table_number,
)

DEALS = 13
TEAM_TOP = 732.0
TEAM_H = 88.0
DEAL_TOP = 628.0
QR_SIZE = 58.0  # the table-entry QR code beside the table number (about 20 mm: 0.6 mm a module)
HAND_IN = "比赛结束后 5 分钟内由胜方交记录台；逾期按弃权处理。"
HAND_IN_EN = "The winning side hands this sheet to the scoring desk within 5 minutes of the end; a late sheet is a forfeit."
SIDES = (("主队（南北）", "Home / NS"), ("客队（东西）", "Away / EW"))
SIGNATURES = ("主队签名 Home signature", "客队签名 Away signature")

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
    table_box(c)
    labels = ("单位 Unit", "队员 Players") + (() if data.knockout else ("赛前场分 MP before",))
    side_boxes(c, TEAM_TOP, TEAM_H, SIDES, labels)
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
    signature_lines(c, result_bottom - 34, SIGNATURES)
    hand_in_box(c, result_bottom - 84, (HAND_IN, HAND_IN_EN), (12, 7.5))
    scale = () if data.knockout else (scale_text(data.rules),)  # a knockout counts no VP or MP
    rule_notes(c, (level_table_text(data.rules), *scale), result_bottom - 134, CONTENT_W)


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


def _entrant_box(c: Canvas, x: float, name: str, entrant: EntrantData | None, mp: float | None) -> None:
    draw_fitted(c, x + 6, TEAM_TOP - 38, TEAM_W - 12, name, 15, bold=True)
    side_details(c, x, TEAM_TOP, entrant, "、".join(entrant.players) if entrant else "")
    if mp is not None:
        draw_text(c, x + 84, TEAM_TOP - 80, num(mp), 9)


def _entry_code(c: Canvas, url: str) -> None:
    """The table's entry QR code left of the table number box, its caption left of it."""
    x = W - MARGIN - BOX_W - 10 - QR_SIZE
    draw_qr(c, url, x, H - 98, QR_SIZE)
    draw_text(c, x - 6, H - 60, QR_CAPTION[0], 8.5, align="r", bold=True)
    draw_text(c, x - 6, H - 71, QR_CAPTION[1], 6.5, align="r", color=MUTED)


def _table_page(data: ScoresheetData, table: PairedTable, url: str | None) -> Painter:
    def paint(c: Canvas) -> None:
        if url:
            _entry_code(c, url)
        table_number(c, table.table)
        home_mp, away_mp = (None, None) if data.knockout else (table.home_mp, table.away_mp)
        _entrant_box(c, MARGIN, table.home, data.entrants.get(table.home), home_mp)
        _entrant_box(c, MARGIN + TEAM_W + TEAM_GAP, table.away, data.entrants.get(table.away), away_mp)

    return paint


def build_scoresheets(
    path: Path, data: ScoresheetData, *, live_urls: Mapping[int, str] | None = None
) -> None:
    """One page per table. ``live_urls`` (table → the LAN server's entry address for this round, from
    ``services.live.entry_urls``): each page carries its table's address as a QR code; None prints none."""
    rnd = data.round
    urls = live_urls or {}
    # A table decided without play (a withdrawal, a forfeit) or annulled: its decision, not a sheet to fill in.
    pages = sheet_pages(rnd.tables, lambda t: [("sheet", _table_page(data, t, urls.get(t.table)))])
    # A round of only a bye still prints one page saying so (without the watermark).
    draft = not rnd.published and bool(pages)
    title = f"{data.event.name} 第 {rnd.round} 轮记分表"
    forms = {
        "sheet": lambda c: _static(c, data),
        DECIDED: decided_form(data.event, rnd, ("记分表", "Scoresheet")),
    }
    print_sheets(path, data.event, title, forms, pages or [("sheet", None)], draft=draft)
