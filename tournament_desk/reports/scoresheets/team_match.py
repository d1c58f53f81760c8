"""The team-match scoresheet (团体赛记分表, rules.md §5.8, seed 004): one A4 page per team match of a round.

A team match of P pairs is P pair games at once: board i puts the i-th pair of the home line-up against the
i-th of the away line-up. The page lists the boards with the two pairs (the line-up given at the desk, else
"第k对" in registration order with the pair's names where registered), the levels each reached, the declarer
(庄家) that decides equal levels, the winner of each game and a note; then the games each team won, the team
result and its points, both captains' signatures (双方队长签字), a remark line, the hand-in rule and the rules.
What the desk has already entered is printed in the fields, so a reprint can be checked against the signed
sheet; a fresh round prints the boards blank, to be filled in at the table.

As with the other scoresheets, what every match of the round shares is drawn once as a PDF form and placed on
each page; a page adds the table, the teams, the pairs and any figures.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from tournament_desk.domain.levels import format_level
from tournament_desk.domain.results import ResultState, score_pair
from tournament_desk.reports.grid import Column, Grid
from tournament_desk.reports.layout import (
    INK,
    MARGIN,
    MUTED,
    PAD,
    RULE,
    Align,
    draw_fitted,
    draw_qr,
    draw_text,
)
from tournament_desk.reports.model import (
    EntrantData,
    PairedTable,
    PairGameLine,
    TeamMatchSheet,
    TeamSheetsData,
)
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
    signature_lines,
    table_box,
    table_number,
)
from tournament_desk.reports.words import SIDES as SIDE_WORDS
from tournament_desk.reports.words import STATE_MARKS

TITLE = "团体赛记分表"
TEAM_TOP = 732.0
TEAM_H = 70.0
GRID_TOP = 648.0
GRID_SPACE = 270.0  # the board rows may take this much, however many pairs a team sends
QR_SIZE = 58.0
SIDES = (("主队", "Home team"), ("客队", "Away team"))
SIGNATURES = ("主队队长签字 Home captain", "客队队长签字 Away captain")
HAND_IN = "比赛结束后 5 分钟内由胜队队长将记分表交记录台；逾期按弃权处理。"
HAND_IN_EN = "The winning captain hands this sheet to the scoring desk within 5 minutes of the end; a late sheet is a forfeit."
CHOICE = "主　　客"  # a blank field: circle one
COLUMNS = (
    Column("台", "Board", 0.5, "c"),
    Column("主队对", "Home pair", 2.25),
    Column("客队对", "Away pair", 2.25),
    Column("主队级数", "Home level", 0.85, "c"),
    Column("客队级数", "Away level", 0.85, "c"),
    Column("庄家（同级时）", "Declarer, equal levels", 1.25, "c"),
    Column("胜方", "Winner", 0.9, "c"),
    Column("备注", "Note", 0.95, "c"),
)
COL_HOME, COL_AWAY, COL_HL, COL_AL, COL_DECLARER, COL_WINNER, COL_NOTE = 1, 2, 3, 4, 5, 6, 7
WINNER_WORDS = {"home": "主队", "away": "客队"}
LINEUP_WORDS = ("按报名顺序 Registration order", "已报阵容 Line-up given")
STATE_NOTES = {
    ResultState.FORFEIT: "弃权 Forfeit: ",
    ResultState.LATE: "记分表迟交 Late scoresheet: ",
    ResultState.RULING: "判负 Loss by ruling: ",
}


def rules_text(pairs: int) -> tuple[str, str]:
    """How a pair game and the match are won, in Chinese and in English (rules.md §5.8)."""
    need = pairs // 2 + 1
    zh = (
        "每台一局：先过 A 者胜；均未过 A，级别高者胜；级别相同，庄家胜；一对未到场，该局判负。"
        f"{pairs} 局 {need} 胜：胜局多的队胜，得 3 分，负队得 1 分；整场弃权：对方得 3 分，弃权队 0 分。"
        "双方均未到场的一局不计胜负；两队胜局相同时各得 1 分。"
    )
    en = (
        "Each board one game: the pair that passes A first wins, else the higher level, equal levels the "
        f"declarer; a pair that does not show loses its game. Best of {pairs}: the team winning more games "
        "scores 3, the other 1; a forfeited match scores 3 : 0."
    )
    return zh, en


def grid(pairs: int) -> Grid:
    row_h = min(34.0, GRID_SPACE / pairs)
    return Grid(COLUMNS, CONTENT_W, size=min(10.0, row_h * 0.4), row_h=row_h, header_h=28)


def _static(c: Canvas, data: TeamSheetsData) -> None:
    """Everything on the page that is the same for every match of the round."""
    rnd = data.round
    draw_fitted(c, MARGIN, H - 36, CONTENT_W - BOX_W - 12, data.event.name, 11, color=MUTED)
    draw_text(c, MARGIN, H - 64, TITLE, 21, bold=True)
    draw_text(c, MARGIN + 136, H - 64, "Team match scoresheet", 10, color=MUTED)
    draft = "" if rnd.published else "    草稿（未发布） Draft"
    need = data.pairs // 2 + 1
    line = f"第 {rnd.round} 轮  Round {rnd.round}     {data.pairs} 局 {need} 胜 Best of {data.pairs}     "
    draw_text(c, MARGIN, H - 86, f"{line}{rnd.date}{draft}", 11.5)
    table_box(c)
    side_boxes(c, TEAM_TOP, TEAM_H, SIDES, ("单位 Unit", "阵容 Line-up"))
    g = grid(data.pairs)
    rows = [(str(i), "", "", "", "", "", "", "") for i in range(1, data.pairs + 1)]
    bottom = g.draw(c, MARGIN, GRID_TOP, rows)
    _result_box(c, bottom - 12)
    _remarks(c, bottom - 84)
    draw_text(c, MARGIN, bottom - 126, "双方队长签字  Both captains sign", 9.5, bold=True)
    signature_lines(c, bottom - 146, SIGNATURES, label_width=124, gap=22)
    hand_in_box(c, bottom - 180, (HAND_IN, HAND_IN_EN), (11, 7))
    texts = (*rules_text(data.pairs), level_table_text(data.rules))
    rule_notes(c, texts, bottom - 226, CONTENT_W, floor=52)


RESULT_H = 58.0
RESULT_LABELS = ("胜局 Games won  主 : 客", "积分 Points  主 : 客", "胜队 Winning team")


def _result_box(c: Canvas, top: float) -> None:
    """The team result: the games each team won, the points, the winning team (ticked)."""
    c.setStrokeColor(INK)
    c.setLineWidth(0.9)
    c.rect(MARGIN, top - RESULT_H, CONTENT_W, RESULT_H, stroke=1, fill=0)
    draw_text(c, MARGIN + 8, top - 16, "团体结果  Team result", 9.5, bold=True)
    third = CONTENT_W / 3
    for i, label in enumerate(RESULT_LABELS):
        draw_text(c, MARGIN + 8 + i * third, top - 32, label, 8, color=MUTED)
        if i < 2:
            c.setStrokeColor(RULE)
            c.line(MARGIN + 8 + i * third, top - 50, MARGIN + (i + 1) * third - 12, top - 50)
    for j, label in enumerate(("主队", "客队")):
        bx = MARGIN + 8 + 2 * third + j * 62
        c.setStrokeColor(INK)
        c.rect(bx, top - 50, 10, 10, stroke=1, fill=0)
        draw_text(c, bx + 14, top - 49, label, 9)


def _remarks(c: Canvas, top: float) -> None:
    """Two ruled lines for the referee's or captains' remarks (a late pair, a protest)."""
    draw_text(c, MARGIN, top, "备注 Remarks", 9.5)
    c.setStrokeColor(RULE)
    c.setLineWidth(0.7)
    c.line(MARGIN + 70, top - 2, W - MARGIN, top - 2)
    c.line(MARGIN, top - 22, W - MARGIN, top - 22)


# --- what each page adds ------------------------------------------------------------------------------------


def pair_text(name: str, board: int, given: bool) -> str:
    """A pair as its board lists it: the name of a line-up given; else the team's k-th pair in registration
    order ("第k对", with the pair's names where the team registered them)."""
    if given:
        return name
    label = f"第{board}对"
    return label if not name or name == label else f"{label} {name}"


def game_cells(g: PairGameLine) -> dict[int, str]:
    """What an entered game prints in the columns after the pairs ({} while it is not entered)."""
    if g.absent is not None:
        levels = {"home": ("缺席", "—"), "away": ("—", "缺席"), "both": ("缺席", "缺席")}[g.absent]
        note = f"{SIDE_WORDS.get(g.absent, '')}未到场"
        return {COL_HL: levels[0], COL_AL: levels[1], COL_DECLARER: "—",
                COL_WINNER: WINNER_WORDS.get(g.winner or "", "无"), COL_NOTE: note}  # fmt: skip
    if g.winner is None or g.home_level is None or g.away_level is None:
        return {}
    equal = g.home_level == g.away_level
    return {
        COL_HL: format_level(g.home_level),
        COL_AL: format_level(g.away_level),
        COL_DECLARER: WINNER_WORDS.get(g.declarer or "", "") if equal else "—",
        COL_WINNER: WINNER_WORDS[g.winner],
    }


def games_won(sheet: TeamMatchSheet) -> tuple[int, int, bool]:
    """The games each team has won so far, and whether every game is in."""
    winners = [g.winner for g in sheet.games]
    done = all(g.winner is not None or g.absent is not None for g in sheet.games)
    return winners.count("home"), winners.count("away"), done


def _cell(
    c: Canvas, g: Grid, row: int, col: int, text: str, *, align: Align = "c", muted: bool = False
) -> None:
    left = MARGIN + sum(g.widths[:col])
    mid = GRID_TOP - g.header_h - (row + 0.5) * g.row_h
    color = MUTED if muted else INK
    width = g.widths[col] - 2 * PAD
    draw_fitted(c, left + PAD, mid - 0.36 * g.size, width, text, g.size, align=align, color=color)


def _games(c: Canvas, data: TeamSheetsData, sheet: TeamMatchSheet | None) -> None:
    g = grid(data.pairs)
    lines = sheet.games if sheet is not None else ()
    given = sheet.lineups if sheet is not None else (False, False)
    for i in range(data.pairs):
        line = lines[i] if i < len(lines) else PairGameLine(i + 1, "", "")
        _cell(c, g, i, COL_HOME, pair_text(line.home_pair, i + 1, given[0]), align="l")
        _cell(c, g, i, COL_AWAY, pair_text(line.away_pair, i + 1, given[1]), align="l")
        filled = game_cells(line)
        if not filled:
            _cell(c, g, i, COL_DECLARER, CHOICE, muted=True)
            _cell(c, g, i, COL_WINNER, CHOICE, muted=True)
        for col, text in filled.items():
            _cell(c, g, i, col, text)


def _figures(c: Canvas, data: TeamSheetsData, table: PairedTable, sheet: TeamMatchSheet | None) -> None:
    """The team result as far as the desk has it: the games won, the points as stored, the winning team."""
    top = GRID_TOP - grid(data.pairs).height(data.pairs) - 12
    third = CONTENT_W / 3
    if sheet is not None:
        home, away, done = games_won(sheet)
        if home or away:
            text = f"{home} : {away}" + ("" if done else "（未完 so far）")
            draw_text(c, MARGIN + 14, top - 47, text, 11, bold=done)
    if table.result is not None:
        home_mp, away_mp = table.result[0], table.result[1]
        draw_text(c, MARGIN + 14 + third, top - 47, score_pair(home_mp, away_mp), 11, bold=True)
        if home_mp != away_mp:
            _tick(c, MARGIN + 8 + 2 * third + (0 if home_mp > away_mp else 62), top - 50)
        if table.kind.decided_off_the_table:
            note = STATE_NOTES.get(table.kind, STATE_MARKS.get(table.kind, "")) + SIDE_WORDS.get(
                table.side or "", ""
            )
            draw_text(c, MARGIN + 8 + third, top - 16, note, 9, bold=True)


def _tick(c: Canvas, x: float, y: float) -> None:
    """A cross in the 10-point box at (x, y): the winning team."""
    c.setStrokeColor(INK)
    c.setLineWidth(1.4)
    c.line(x + 2, y + 2, x + 8, y + 8)
    c.line(x + 2, y + 8, x + 8, y + 2)


def _team_box(c: Canvas, x: float, name: str, entrant: EntrantData | None, given: bool) -> None:
    draw_fitted(c, x + 6, TEAM_TOP - 38, TEAM_W - 12, name, 15, bold=True)
    unit = entrant.unit if entrant is not None else None
    draw_fitted(c, x + 84, TEAM_TOP - 54, TEAM_W - 90, unit or "—", 9)
    draw_fitted(c, x + 84, TEAM_TOP - 67, TEAM_W - 90, LINEUP_WORDS[given], 9)


def _entry_code(c: Canvas, url: str) -> None:
    """The match's entry QR code left of the table number box, its caption left of it."""
    x = W - MARGIN - BOX_W - 10 - QR_SIZE
    draw_qr(c, url, x, H - 98, QR_SIZE)
    draw_text(c, x - 6, H - 60, QR_CAPTION[0], 8.5, align="r", bold=True)
    draw_text(c, x - 6, H - 71, QR_CAPTION[1], 6.5, align="r", color=MUTED)


def _page(data: TeamSheetsData, table: PairedTable, url: str | None) -> Painter:
    sheet = data.matches.get(table.table)
    given = sheet.lineups if sheet is not None else (False, False)

    def paint(c: Canvas) -> None:
        if url:
            _entry_code(c, url)
        table_number(c, table.table)
        _team_box(c, MARGIN, table.home, data.entrants.get(table.home), given[0])
        _team_box(c, MARGIN + TEAM_W + TEAM_GAP, table.away, data.entrants.get(table.away), given[1])
        _games(c, data, sheet)
        _figures(c, data, table, sheet)

    return paint


def build_team_scoresheets(
    path: Path, data: TeamSheetsData, *, live_urls: Mapping[int, str] | None = None
) -> None:
    """One page per team match of the round. ``live_urls`` (table → the LAN server's entry address for this
    round): each page carries its match's address as a QR code; None prints none."""
    rnd = data.round
    urls = live_urls or {}
    # A match decided without play (a withdrawal, a forfeit) or annulled: its decision, not a sheet to fill in.
    pages = sheet_pages(rnd.tables, lambda t: [("sheet", _page(data, t, urls.get(t.table)))], team_figures)
    title = f"{data.event.name} 第 {rnd.round} 轮团体赛记分表"
    forms = {
        "sheet": lambda c: _static(c, data),
        DECIDED: decided_form(data.event, rnd, ("团体赛记分表", "Team match scoresheet")),
    }
    # A round of only a bye still prints one page saying so (without the watermark).
    print_sheets(
        path, data.event, title, forms, pages or [("sheet", None)], draft=not rnd.published and bool(pages)
    )


def team_figures(home_mp: float, away_mp: float, home_vp: float, away_vp: float) -> str:
    """What a team match decided without play awards: points (a forfeit 3 : 0), no VP (rules.md §5.8)."""
    return f"积分 Points  {score_pair(home_mp, away_mp)}"
