"""Duplicate scoresheets (复式扑克牌比赛记分表, seed 001): one A4 page per table and room.

The home team sits North-South in the open room and East-West in the closed room; each team's first two
players are taken as the pair of the open room and the next two as the pair of the closed room. A page lists
the round's boards (level, declarer, trump) with blank fields for the defenders' points and penalties and the
two pairs' level scores, totals, signature lines and the five-minute hand-in rule. What the desk has already
entered is printed in the fields, so a reprint can be checked against the signed sheet.

As with the level scoresheets, everything shared by the tables of a round (one form per room) is drawn once
and placed on each page; a page adds only the table, the teams and any figures.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from tournament_desk.domain.duplicate import (
    TRUMP_NAMES,
    TRUMP_SYMBOLS,
    Board,
    Room,
    RoomResult,
    effective_points,
    ns_score,
)
from tournament_desk.domain.levels import format_level
from tournament_desk.domain.results import ResultState, score_pair, signed
from tournament_desk.domain.rules import RuleSet
from tournament_desk.reports.fonts import text_width
from tournament_desk.reports.grid import Column, Grid
from tournament_desk.reports.layout import (
    ACCENT,
    INK,
    MARGIN,
    MUTED,
    PAD,
    RULE,
    draw_fitted,
    draw_qr,
    draw_text,
)
from tournament_desk.reports.model import DuplicateSheetData, EntrantData, PairedTable
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

TEAM_TOP = 736.0
TEAM_H = 76.0
GRID_TOP = 644.0
GRID_SPACE = 330.0  # height the board rows and the total may take
QR_SIZE = 64.0  # the table-entry QR code, bottom right beside the notes (always below the hand-in box)
QR_BOTTOM = 48.0
TITLE = "复式扑克牌比赛记分表"
ROOMS: dict[Room, tuple[str, str]] = {"open": ("开室", "Open room"), "closed": ("闭室", "Closed room")}
SEATS = {"N": "北 N", "E": "东 E", "S": "南 S", "W": "西 W"}
HAND_IN = "比赛结束后 5 分钟内由胜方将记分表交记录台；未按时交表，责任方按弃权记分。"
HAND_IN_EN = (
    "The winners hand this sheet to the scoring desk within 5 minutes of the end of the round; "
    "a late sheet is a forfeit for the side responsible."
)
SIDES = (("南北", "North-South"), ("东西", "East-West"))
SIGNATURES = ("南北签名 NS signature", "东西签名 EW signature")
COLUMNS = (
    Column("副", "Board", 0.6, "c"),
    Column("级数", "Level", 0.7, "c"),
    Column("庄家", "Declarer", 0.85, "c"),
    Column("主牌", "Trump", 0.95, "c"),
    Column("防家得分", "Defenders' points", 1.35, "c"),
    Column("罚分（给哪方）", "Penalty (to side)", 1.6, "c"),
    Column("南北级分", "NS levels", 1.1, "c"),
    Column("东西级分", "EW levels", 1.1, "c"),
)
COL_POINTS, COL_PENALTY, COL_NS, COL_EW = 4, 5, 6, 7


def scoring_text(rules: RuleSet) -> str:
    text = (
        "计分：防家得分加上判给防家的罚分、减去判给庄家的罚分（不低于 0），按升级表换算为级数；"
        "南北坐庄时南北级分为庄家升级数，东西坐庄时取其负数（东西级分 = −南北级分）。"
        "主队每副 X.M.P = 开室南北级分 − 闭室南北级分；各副之和为级差 → 标准分 10+N : 10−N → 场分 3 / 2.5 / 2 / 1.5。"
    )
    if rules.duplicate_conversion == "points-table":
        steps = "；".join(f"{s.min_difference} 分 {s.levels} 级" for s in rules.points_table[:6])
        more = "……" if len(rules.points_table) > 6 else ""
        text += f"本赛事按级分换算表：两室分差（主队视角）{steps}{more}。"
    return text


def _grid(boards: int) -> Grid:
    row_h = min(24.0, (GRID_SPACE - 28) / (boards + 1))
    return Grid(COLUMNS, CONTENT_W, size=min(10.0, row_h * 0.45), row_h=row_h, header_h=28)


def _board_row(b: Board) -> tuple[str, ...]:
    trump = f"{TRUMP_SYMBOLS[b.trump]} {TRUMP_NAMES[b.trump]}" if b.trump != "NT" else TRUMP_NAMES[b.trump]
    return (str(b.number), format_level(b.level), SEATS[b.declarer], trump, "", "", "", "")


def _static(c: Canvas, data: DuplicateSheetData, room: Room, *, codes: bool = False) -> None:
    """Everything on the page of ``room`` that is the same for every table of the round."""
    rnd = data.round
    draw_fitted(c, MARGIN, H - 36, CONTENT_W - BOX_W - 12, data.event.name, 11, color=MUTED)
    draw_text(c, MARGIN, H - 64, TITLE, 21, bold=True)
    draw_text(c, MARGIN + 226, H - 64, "Duplicate scoresheet", 10, color=MUTED)
    draft = "    草稿（未发布） Draft" if not rnd.published else ""
    line = f"第 {rnd.round} 轮  Round {rnd.round}     {rnd.date}{draft}"
    draw_text(c, MARGIN, H - 88, line, 11.5)
    zh, en = ROOMS[room]
    # The room, ending clear of the table number's box (闭室 Closed room is the wider) and of the round's line.
    left = max(MARGIN + 290, MARGIN + text_width(line, 11.5) + 16)
    right = W - MARGIN - BOX_W - 14
    draw_fitted(c, left, H - 88, right - left, f"{zh} {en}", 14, align="r", bold=True, color=ACCENT)
    table_box(c)
    side_boxes(c, TEAM_TOP, TEAM_H, SIDES, ("单位 Unit", "本室队员 Pair"))
    grid = _grid(len(data.boards))
    rows = [_board_row(b) for b in data.boards] + [("合计", "Total", "", "", "", "", "", "")]
    bottom = grid.draw(c, MARGIN, GRID_TOP, rows, strong={len(rows) - 1})
    _result_box(c, bottom - 12)
    signature_lines(c, bottom - 92, SIGNATURES, label_width=112, gap=24)
    hand_in_box(c, bottom - 136, (HAND_IN, HAND_IN_EN), (11, 7))
    width = CONTENT_W - QR_SIZE - 12 if codes else CONTENT_W  # leave the bottom right to the QR code
    texts = (scoring_text(data.rules), level_table_text(data.rules))
    rule_notes(c, texts, bottom - 184, width, floor=52)  # clear of the footer


def _result_box(c: Canvas, top: float) -> None:
    """The match result the desk fills in from both rooms' sheets."""
    height = 58.0
    c.setStrokeColor(INK)
    c.setLineWidth(0.9)
    c.rect(MARGIN, top - height, CONTENT_W, height, stroke=1, fill=0)
    draw_text(c, MARGIN + 8, top - 16, "本桌结果（两室合计，记录台核算）  Match result, both rooms", 9.5)
    labels = ("主队 X.M.P  Home XMP", "标准分 VP 主 : 客", "场分 MP 主 : 客")
    third = CONTENT_W / 3
    for i, label in enumerate(labels):
        draw_text(c, MARGIN + 8 + i * third, top - 34, label, 8, color=MUTED)
        c.setStrokeColor(RULE)
        c.line(MARGIN + 8 + i * third, top - 50, MARGIN + (i + 1) * third - 12, top - 50)


def pair_of(entrant: EntrantData | None, room: Room) -> str:
    """The pair a team sends to ``room``: its first two players to the open room, the next two to the closed."""
    if entrant is None:
        return ""
    players = entrant.players[:2] if room == "open" else entrant.players[2:4]
    return "、".join(players)


def _team_box(c: Canvas, x: float, name: str, home: bool, entrant: EntrantData | None, room: Room) -> None:
    tag = "主队 Home" if home else "客队 Away"
    draw_fitted(c, x + 6, TEAM_TOP - 38, TEAM_W - 76, name, 15, bold=True)
    draw_text(c, x + TEAM_W - 6, TEAM_TOP - 36, tag, 8.5, align="r", color=MUTED)
    side_details(c, x, TEAM_TOP, entrant, pair_of(entrant, room))


def _cell(c: Canvas, grid: Grid, row: int, col: int, text: str) -> None:
    left = MARGIN + sum(grid.widths[:col])
    mid = GRID_TOP - grid.header_h - (row + 0.5) * grid.row_h
    width = grid.widths[col] - 2 * PAD
    draw_fitted(c, left + PAD, mid - 0.36 * grid.size, width, text, grid.size, align="c")


STATE_NOTES = {
    ResultState.FORFEIT: "弃权 Forfeit: ",
    ResultState.LATE: "记分表迟交 Late scoresheet: ",
    ResultState.RULING: "判负 Loss by ruling: ",
}
SIDE_NAMES = {"home": "主队 home", "away": "客队 away", "both": "双方 both"}


def _penalty_text(result: RoomResult) -> str:
    parts = [f"{p} 给{side}" for side, p in (("南北", result.to_ns), ("东西", result.to_ew)) if p]
    return "，".join(parts)


def _figures(c: Canvas, data: DuplicateSheetData, table: PairedTable, room: Room) -> None:
    """The desk's entries for this table and room, the room's total, and the match result when complete."""
    entries = data.entries.get(table.table, {})
    if not entries:
        return
    grid = _grid(len(data.boards))
    total: int | None = 0
    for i, board in enumerate(data.boards):
        result = entries.get((board.number, room))
        if result is None:
            total = None
            continue
        points = str(result.points)
        if effective_points(board, result) != result.points:
            points += f"（计 {effective_points(board, result)}）"
        ns = ns_score(board, result, data.rules)
        for col, text in ((COL_POINTS, points), (COL_PENALTY, _penalty_text(result)),
                          (COL_NS, signed(ns)), (COL_EW, signed(-ns))):  # fmt: skip
            _cell(c, grid, i, col, text)
        total = None if total is None else total + ns
    if total is not None:
        _cell(c, grid, len(data.boards), COL_NS, signed(total))
        _cell(c, grid, len(data.boards), COL_EW, signed(-total))
    # The stored result, as the standings count it (a late scoresheet or ruling is not what the boards gave).
    if table.result is not None:
        home_mp, away_mp, home_vp, away_vp = table.result
        top = GRID_TOP - grid.height(len(data.boards) + 1) - 12
        third = CONTENT_W / 3
        figures = (signed(table.xmp), score_pair(home_vp, away_vp), score_pair(home_mp, away_mp))
        for i, text in enumerate(figures):
            draw_text(c, MARGIN + 14 + i * third, top - 47, text, 11, bold=True)
        if table.kind.decided_off_the_table:
            draw_text(
                c, MARGIN + 14, top - 62, STATE_NOTES[table.kind] + SIDE_NAMES.get(table.side or "", ""), 9
            )


def _entry_code(c: Canvas, url: str) -> None:
    x = W - MARGIN - QR_SIZE
    draw_qr(c, url, x, QR_BOTTOM, QR_SIZE)
    draw_text(c, x + QR_SIZE, QR_BOTTOM + QR_SIZE + 12, QR_CAPTION[0], 8, align="r", bold=True)
    draw_text(c, x + QR_SIZE, QR_BOTTOM + QR_SIZE + 3, QR_CAPTION[1], 6, align="r", color=MUTED)


def _form(data: DuplicateSheetData, room: Room, codes: bool) -> Painter:
    return lambda c: _static(c, data, room, codes=codes)


def _page(data: DuplicateSheetData, table: PairedTable, room: Room, url: str | None = None) -> Painter:
    def paint(c: Canvas) -> None:
        if url:
            _entry_code(c, url)
        table_number(c, table.table)
        ns, ew = (table.home, table.away) if room == "open" else (table.away, table.home)
        _team_box(c, MARGIN, ns, ns == table.home, data.entrants.get(ns), room)
        _team_box(c, MARGIN + TEAM_W + TEAM_GAP, ew, ew == table.home, data.entrants.get(ew), room)
        _figures(c, data, table, room)

    return paint


def build_duplicate_scoresheets(
    path: Path, data: DuplicateSheetData, *, live_urls: Mapping[int, str] | None = None
) -> None:
    """Two pages per table (open and closed room; one page with its decision for a table not played).
    ``live_urls`` (table → the LAN server's entry address for this round): each page carries its table's address
    as a QR code; None prints none."""
    rnd = data.round
    urls = live_urls or {}
    codes = bool(live_urls)
    forms: dict[str, Painter] = {room: _form(data, room, codes) for room in ROOMS}
    forms[DECIDED] = decided_form(data.event, rnd, (TITLE, "Duplicate scoresheet"))
    # A table decided without play (a withdrawal, a forfeit) or annulled: one page with its decision.
    pages = sheet_pages(
        rnd.tables, lambda t: [(room, _page(data, t, room, urls.get(t.table))) for room in ROOMS]
    )
    title = f"{data.event.name} 第 {rnd.round} 轮复式记分表"
    # A round of only a bye still prints one page saying so.
    print_sheets(path, data.event, title, forms, pages or [("open", None)], draft=not rnd.published)
