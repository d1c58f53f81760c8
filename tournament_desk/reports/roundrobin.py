"""The round-robin cross-table (交叉表, SPEC §7.3): the main sheet of a round robin.

Rows and columns follow the draw (Berger) numbers; each cell holds the row entrant's result against the
column entrant (its level first, then its VP and MP, or its points in a win/draw/loss event), two lines per
meeting in a double round robin; the figures of the ranking chain and the rank stand at the right.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from tournament_desk.domain.levels import format_level
from tournament_desk.domain.results import ResultState, figure_text
from tournament_desk.domain.standings import StandingRow
from tournament_desk.reports.layout import (
    LANDSCAPE,
    MARGIN,
    MUTED,
    Column,
    Document,
    Grid,
    Page,
    draw_text,
    num,
)
from tournament_desk.reports.model import Meeting, RoundRobinGridData
from tournament_desk.reports.standings import figure_column

DIAGONAL = HexColor("#c9d3df")
STATE_MARKS = {
    ResultState.FORFEIT: "弃权",
    ResultState.LATE: "迟交",
    ResultState.RULING: "判负",
    ResultState.ANNULLED: "注销",
}
LEGEND = (
    "每格：本行队对本列队的结果（本队级数 : 对方级数，标准分 / 场分；胜平负赛制为积分）；弃权、判负、注销另注。",
    "Each cell: the row entrant's result against the column entrant (its level first; VP / MP, or points).",
)


def meeting_text(m: Meeting, win_draw_loss: bool) -> str:
    """One meeting in a cell: levels on the first line, the figures (or a mark) on the second."""
    seat = "主" if m.home else "客"
    if m.state == ResultState.PENDING:
        return f"{seat} 第{m.round}轮"
    first = (
        f"{format_level(m.levels[0])}:{format_level(m.levels[1])}"
        if m.levels
        else STATE_MARKS.get(m.state, "")
    )
    if m.vp is None or m.mp is None:
        return f"{first}\n"
    second = num(m.mp) if win_draw_loss else f"{num(m.vp)} / {num(m.mp)}"
    if m.levels and m.state in STATE_MARKS:
        second += " " + STATE_MARKS[m.state]
    return f"{first}\n{second}"


def meeting_cell(meetings: Sequence[Meeting], win_draw_loss: bool) -> str:
    """The text of a cross-table cell: the row entrant's meetings with the column entrant."""
    if not meetings:
        return ""
    texts = [meeting_text(m, win_draw_loss) for m in meetings]
    if len(texts) == 1:
        return texts[0]
    # Double round robin: each meeting on one line.
    return "\n".join(t.replace("\n", " ") for t in texts)


def build_roundrobin_grid(path: Path, data: RoundRobinGridData) -> None:
    n = len(data.order)
    doc = Document(data.event, pagesize=LANDSCAPE)
    ranked: dict[str, StandingRow] = {r.entrant.name: r for r in data.rows}
    columns = [Column("号", "No.", 0.45, "c"), Column("队名", "Name", 2.2)]
    columns += [Column(str(i), "", 1.25, "c") for i in range(1, n + 1)]
    columns += [replace(figure_column(k), weight=0.8) for k in data.columns]
    columns.append(Column("名次", "Rank", 0.6, "c", bold=True))
    row_h = max(16.0, min(34.0, (doc.height - 40) / max(n, 1)))
    size = 8.5 if n <= 10 else 7.5 if n <= 16 else 6.5
    grid = Grid(columns, doc.width, size=size, row_h=row_h, header_h=26)
    rows = []
    for i, name in enumerate(data.order, start=1):
        row = ranked[name]
        withdrawn = "（退赛）" if row.entrant.withdrawn else ""
        cells = [
            "" if other == name else meeting_cell(data.meetings.get((name, other), ()), data.win_draw_loss)
            for other in data.order
        ]
        rows.append(
            (str(i), name + withdrawn, *cells, *(figure_text(row, k) for k in data.columns), str(row.rank))
        )

    def paint(c: Canvas) -> None:
        top = doc.top
        bottom = grid.draw(c, MARGIN, top, rows, strong=())
        # Shade the diagonal (an entrant does not meet itself), over the zebra rows, under nothing.
        c.saveState()
        c.setFillColor(DIAGONAL)
        left0 = MARGIN + sum(grid.widths[:2])
        for i in range(n):
            x = left0 + sum(grid.widths[2 : 2 + i])
            y = top - grid.header_h - (i + 1) * grid.row_h
            c.rect(x + 0.5, y + 0.5, grid.widths[2 + i] - 1, grid.row_h - 1, stroke=0, fill=1)
        c.restoreState()
        rests = "；".join(
            f"{name} 第{'、'.join(map(str, rounds))}轮" for name, rounds in data.rests.items() if rounds
        )
        lines = [*LEGEND, f"轮休 Rests: {rests}"] if rests else list(LEGEND)
        for i, line in enumerate(lines):
            draw_text(c, MARGIN, bottom - 12 - 10 * i, line, 7.5, color=MUTED)

    right = f"第 {data.after_round} 轮后  After round {data.after_round}"
    doc.add(Page("循环赛交叉表", "Round-robin cross-table", right, paint))
    doc.save(path, title="循环赛交叉表")
