"""A Mitchell movement's travellers (记分条, rules.md §7.5): its scoresheets, one per board, covering the whole movement.

Two to a page when they fit: every table that plays the board in round order with the two pairs, then the
defenders' points, penalties, the NS result and, once scored, the NS and EW match points; rows not in yet are
left blank to be filled in at the table. With an odd number of pairs the round the board rests at a sit-out
table is a muted line naming the NS pair that sits out (轮空).
"""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from tournament_desk.domain.results import signed
from tournament_desk.reports.directions import pair_label
from tournament_desk.reports.fonts import text_width
from tournament_desk.reports.grid import Column, Grid
from tournament_desk.reports.layout import (
    HEAD_FILL,
    MARGIN,
    MUTED,
    PORTRAIT,
    chunks,
    cut_lines,
    draw_fitted,
    draw_text,
    footer,
    new_canvas,
    num,
    wrap,
)
from tournament_desk.reports.model import TravellerData, TravellerLine, TravellersData

SIT_OUT_WORDS = "轮空 Sit-out (no EW pair)"  # the round the board rests at a sit-out table
SEATS = {"N": ("北", "North"), "E": ("东", "East"), "S": ("南", "South"), "W": ("西", "West")}
TRAVELLER_COLUMNS = (
    Column("轮", "Round", 0.5, "c"),
    Column("桌", "Table", 0.5, "c", bold=True),
    Column("南北对", "NS pair", 2.1),
    Column("东西对", "EW pair", 2.1),
    Column("防家得分", "Defenders' pts", 1.05, "r"),
    Column("罚分", "Penalty", 0.85, "c"),
    Column("南北结果", "NS result", 0.95, "r"),
    Column("南北比赛分", "NS MP", 0.95, "r", bold=True),
    Column("东西比赛分", "EW MP", 0.95, "r", bold=True),
)
HALF_LINES = 14  # up to this many tables a traveller fits half a portrait page
TRAVELLER_LEGEND = (
    "南北结果：南北防守时为防家得分，南北坐庄时为其负数（罚分已计入）。比赛分：同方向每胜一个结果得 2 分，"
    "相同得 1 分；少打的牌按 Neuberg 公式折算。空行由本桌填写防家得分，双方核对签名。",
    "NS result: the defenders' points when NS defended, their negative when NS declared (penalties counted). "
    "Match points: 2 for each result beaten in the same direction, 1 for each tie; Neuberg where a board has "
    "fewer results. Blank rows: the table writes in the defenders' points.",
)


def penalty_text(line: TravellerLine) -> str:
    parts = []
    if line.penalty_ns:
        parts.append(f"南北+{line.penalty_ns}")
    if line.penalty_ew:
        parts.append(f"东西+{line.penalty_ew}")
    return " ".join(parts)


def traveller_rows(t: TravellerData) -> tuple[list[tuple[str, ...]], set[int]]:
    """The rows of a traveller and the ones muted (tables not played)."""
    rows: list[tuple[str, ...]] = []
    muted = set()
    for i, line in enumerate(t.lines):
        head = (
            str(line.round),
            str(line.table),
            pair_label("NS", line.ns_pair, line.ns),
            pair_label("EW", line.ew_pair, line.ew),
        )
        if line.sit_out:  # the NS pair sits out: the board rests at this table this round
            rows.append((head[0], head[1], head[2], SIT_OUT_WORDS, "轮空", "", "", "", ""))
            muted.add(i)
        elif line.not_played:
            rows.append((*head, "不赛", "", "", "", ""))
            muted.add(i)
        elif line.points is None:
            rows.append((*head, "", "", "", "", ""))
        else:
            rows.append(
                (
                    *head,
                    str(line.points),
                    penalty_text(line),
                    signed(line.ns_result),
                    num(line.ns_mp),
                    num(line.ew_mp),
                )
            )
    return rows, muted


def declarer_text(seat: str) -> str:
    zh, en = SEATS.get(seat, (seat, seat))
    side = "南北" if seat in "NS" else "东西"
    return f"庄家 Declarer：{zh} {en}（{side}坐庄）"


def traveller_status(t: TravellerData) -> str:
    played = [line for line in t.lines if not (line.not_played or line.sit_out)]
    done = sum(1 for line in played if line.points is not None)
    if played and done == len(played):
        return f"已计分 Scored {done} / {len(played)}"
    return f"已录入 Entered {done} / {len(played)}"


def _paint_traveller(c: Canvas, data: TravellersData, t: TravellerData, y: float, h: float) -> None:
    w = PORTRAIT[0]
    left, width, top = MARGIN, w - 2 * MARGIN, y + h - 24
    title = f"第 {t.board} 副"
    draw_text(c, left, top - 24, title, 24, bold=True)
    x = left + text_width(title, 24) + 10
    draw_text(c, x, top - 11, "记分条", 12, bold=True, color=HEAD_FILL)
    draw_text(c, x, top - 23, f"Traveller, board {t.board}", 8, color=MUTED)
    draw_fitted(c, w - MARGIN - 250, top - 9, 250, data.event.name, 9, align="r", color=MUTED)
    draw_text(c, w - MARGIN, top - 22, declarer_text(t.declarer), 9.5, align="r")
    status = traveller_status(t)
    draw_text(c, w - MARGIN, top - 34, status, 8, align="r", color=MUTED)
    legend = [line for text in TRAVELLER_LEGEND for line in wrap(text, width, 7)]
    grid_top = top - 42
    bottom = y + 22 + 9 * len(legend)
    rows, muted = traveller_rows(t)
    row_h = min(22.0, (grid_top - bottom - 26) / max(1, len(rows)))
    grid = Grid(TRAVELLER_COLUMNS, width, size=min(9.5, max(6.5, row_h * 0.48)), row_h=row_h, header_h=26)
    end = grid.draw(c, left, grid_top, rows, muted=muted)
    yy = end - 11
    for line in legend:
        draw_text(c, left, yy, line, 7, color=MUTED)
        yy -= 9


def build_travellers(path: Path, data: TravellersData) -> None:
    """One traveller per board: two to a portrait page (cut across the middle), or one when it is long."""
    w, h = PORTRAIT
    longest = max((len(t.lines) for t in data.travellers), default=0)
    per_page = 2 if longest <= HALF_LINES else 1
    pages = chunks(data.travellers, per_page)
    c = new_canvas(path, PORTRAIT, title=f"{data.event.name} 记分条")
    for number, chunk in enumerate(pages, start=1):
        for i, t in enumerate(chunk):
            if per_page == 2:
                _paint_traveller(c, data, t, h / 2 - i * h / 2, h / 2)
            else:
                _paint_traveller(c, data, t, 24, h - 24)
        if per_page == 2:
            cut_lines(c, PORTRAIT, across=True, down=False)
            draw_text(c, w - 6, 5, f"{number} / {len(pages)}", 6, align="r", color=MUTED)
        else:
            footer(c, data.event, number, len(pages), PORTRAIT)
        c.showPage()
    c.save()
