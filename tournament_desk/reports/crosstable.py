"""The cross-table (交叉表): every entrant's opponent, seat and result in each round, in ranking order."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from tournament_desk.reports.layout import (
    LANDSCAPE,
    MARGIN,
    MUTED,
    Column,
    Document,
    Grid,
    Page,
    Painter,
    chunks,
    draw_text,
    num,
)
from tournament_desk.reports.model import CrossCell, CrossTableData

KINDS = {"forfeit": "弃权", "late": "迟交", "ruling": "判负"}
LEGEND = (
    "每格：对手；座位（主 = 主队南北，客 = 客队东西）与 场分 / 标准分；弃权、迟交、判负另注。"
    "  Each cell: opponent; seat (主 home NS, 客 away EW) and MP / VP."
)


def cell_text(cell: CrossCell | None) -> str:
    if cell is None:
        return "—"
    if cell.opponent is None:
        return f"轮空 Bye\n{num(cell.mp)} / {num(cell.vp)}"
    seat = "主" if cell.home else "客"
    result = "—" if cell.mp is None else f"{num(cell.mp)} / {num(cell.vp)}"
    note = KINDS.get(cell.kind, "")
    return f"{cell.opponent}\n{seat}  {result}{'  ' + note if note else ''}"


def _columns(rounds: int) -> list[Column]:
    cols = [Column("名次", "Rank", 0.6, "c"), Column("队名", "Name", 2.4)]
    if rounds <= 7:
        cols.append(Column("单位", "Unit", 1.8))
    cols += [Column(f"第 {n} 轮", f"Round {n}", 2.0, "c") for n in range(1, rounds + 1)]
    cols += [
        Column("场分", "MP", 0.75, "r"),
        Column("标准分", "VP", 0.85, "r"),
        Column("对手分", "Opp. MP", 0.85, "r"),
    ]
    return cols


def _painter(doc: Document, grid: Grid, rows: Sequence[Sequence[str]], last: bool) -> Painter:
    def paint(c: Canvas) -> None:
        bottom = grid.draw(c, MARGIN, doc.top, rows)
        if last:
            draw_text(c, MARGIN, bottom - 12, LEGEND, 7.5, color=MUTED)

    return paint


def build_crosstable(path: Path, data: CrossTableData) -> None:
    doc = Document(data.event, pagesize=LANDSCAPE)
    with_unit = data.rounds <= 7
    grid = Grid(_columns(data.rounds), doc.width, size=8.5, row_h=25, header_h=28)
    rows = []
    for r in data.rows:
        cells = data.cells.get(r.entrant.name, {})
        row = [str(r.rank), r.entrant.name + ("（退赛）" if r.entrant.withdrawn else "")]
        if with_unit:
            row.append(r.entrant.unit or "")
        row += [cell_text(cells.get(n)) for n in range(1, data.rounds + 1)]
        row += [num(r.mp), num(r.vp), num(r.opp_mp)]
        rows.append(tuple(row))
    right = f"第 {data.after_round} 轮后  After round {data.after_round}"
    pages = chunks(rows, grid.rows_per_page(doc.height - 16))
    for i, chunk in enumerate(pages):
        doc.add(Page("交叉表", "Cross-table", right, _painter(doc, grid, chunk, i == len(pages) - 1)))
    doc.save(path, title="交叉表")
