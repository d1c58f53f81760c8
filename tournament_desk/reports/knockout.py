"""A knockout round's pairing sheet (对阵表, SPEC §7.6): by table, with the knockout round's name, each match's
levels, the side on stage where the levels were equal, and the winner once there is a result; the byes of the
round (who goes through without a match); then the "find your table" list.

No MP before the round: in a knockout only the winner goes on.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from tournament_desk.domain.levels import format_level
from tournament_desk.domain.sorting import name_key
from tournament_desk.reports.bracket import STATE_MARKS
from tournament_desk.reports.layout import (
    MARGIN,
    MUTED,
    Column,
    Document,
    Grid,
    Page,
    Painter,
    chunks,
    draw_text,
    wrap,
)
from tournament_desk.reports.model import KnockoutRoundData, PairedTable
from tournament_desk.reports.pairings import Seat, add_find_pages, round_label, seats

COLUMNS = (
    Column("桌号", "Table", 0.7, "c", bold=True),
    Column("主队（南北）", "Home / NS", 3.0),
    Column("客队（东西）", "Away / EW", 3.0),
    Column("级数", "Levels", 1.1, "c"),
    Column("胜者", "Winner", 2.6, bold=True),
    Column("备注", "Note", 2.0, "c"),
)
SIDES = {"home": "主队", "away": "客队", "both": "双方"}
ON_STAGE = "台上"
BYE = "轮空 Bye"
THROUGH = "直接晋级"
NOTE = (
    "淘汰赛：所达级数高者胜；级数相同时比赛结束时在台上的一方获胜（备注“台上”）；轮空者不赛，直接进入下一轮。"
    "  Knockout: the higher level wins; on equal levels the side on stage at the end wins (台上); a bye goes "
    "through to the next round without a match."
)


def levels_text(t: PairedTable) -> str:
    if t.home_level is None or t.away_level is None:
        return ""
    return f"{format_level(t.home_level)} : {format_level(t.away_level)}"


def note_text(t: PairedTable) -> str:
    """台上 and the side for a match decided on stage; the side and the mark for a forfeit or ruling."""
    if t.on_stage in SIDES and t.home_level is not None and t.home_level == t.away_level:
        return f"{ON_STAGE}：{SIDES[t.on_stage]}"
    mark = STATE_MARKS.get(t.kind)
    if mark:
        return f"{SIDES.get(t.side or '', '')}{mark}"
    return ""


def table_rows(data: KnockoutRoundData) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for t in data.round.tables:
        rows.append((str(t.table), t.home, t.away, levels_text(t), t.winner or "", note_text(t)))
    rows += [("—", name, BYE, "", name, THROUGH) for name in data.byes]
    return rows


def _painter(doc: Document, grid: Grid, rows: Sequence[Sequence[str]], last: bool) -> Painter:
    def paint(c: Canvas) -> None:
        bottom = grid.draw(c, MARGIN, doc.top, rows)
        if last:
            for i, line in enumerate(wrap(NOTE, doc.width, 7.5)):
                draw_text(c, MARGIN, bottom - 12 - 10 * i, line, 7.5, color=MUTED)

    return paint


def build_knockout_pairings(path: Path, data: KnockoutRoundData) -> None:
    rnd = data.round
    doc = Document(data.event, draft=not rnd.published)
    zh, en = data.title
    right = round_label(rnd)
    grid = Grid(COLUMNS, doc.width, size=10.5, row_h=19)
    rows = table_rows(data)
    per_page = grid.rows_per_page(doc.height - 40)
    pages = chunks(rows, per_page)
    for i, chunk in enumerate(pages):
        doc.add(Page(f"{zh}对阵表", f"{en} · pairings by table", right,
                     _painter(doc, grid, chunk, i == len(pages) - 1)))  # fmt: skip
    found = seats(rnd) + [Seat(name, "轮空", "—") for name in data.byes]
    found.sort(key=lambda s: name_key(s.name))
    add_find_pages(doc, found, right)
    doc.save(path, title=f"第 {rnd.round} 轮对阵表")
