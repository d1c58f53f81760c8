"""A Mitchell movement's board recap (成绩汇总表, rules.md §7.5): its cross-table. Per direction, each pair's match
points board by board, the total, the deductions and the rank (boards in blocks of ``RECAP_BOARDS`` columns,
one landscape page each).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from tournament_desk.reports.directions import DIRECTIONS, after_round, gross, notes_below
from tournament_desk.reports.grid import Column, Grid
from tournament_desk.reports.layout import LANDSCAPE, MARGIN, Document, Page, chunks, num
from tournament_desk.reports.model import DirectionData, MitchellResultsData

RECAP_BOARDS = 20  # board columns on one landscape page
RECAP_LEGEND = (
    "每格：该对在该副牌的比赛分（同方向每胜一个结果得 2 分，相同得 1 分；少打的牌按 Neuberg 公式折算）；"
    "空格：未打或尚未录入。合计 − 扣分 = 总分。合计后的 *：对手退出、少打了牌的对，合计按同方向其他对所打的副数折算"
    "（各格之和 × 他们的副数 ÷ 本对的副数）。",
    "Each cell: the pair's match points on the board (2 per result beaten, 1 per tie; Neuberg-scaled where "
    "a board has fewer results); blank: not played or not in yet. Total − deducted = score. * after a total: "
    "the pair's opponent withdrew, so its cells are scaled up to the boards the others of its direction play.",
)
SCALED_MARK = " *"


def recap_rows(
    d: DirectionData, boards: Sequence[int], last: bool
) -> tuple[list[tuple[str, ...]], list[Column]]:
    columns = [Column("号", "Pair", 0.55, "c"), Column("对名", "Name", 2.6)]
    columns += [Column(str(b), "", 0.62, "c") for b in boards]
    if last:
        columns += [
            Column("合计", "Total", 0.85, "r"),
            Column("扣分", "Ded.", 0.65, "r"),
            Column("总分", "Score", 0.85, "r", bold=True),
            Column("名次", "Rank", 0.6, "c", bold=True),
        ]
    ranked = {r.entrant.name: r for r in d.rows}
    rows = []
    for name, pair in sorted(d.pairs.items(), key=lambda item: item[1]):
        mine = d.scores.get(name, {})
        row: tuple[str, ...] = (
            f"{DIRECTIONS[d.direction][2]}{pair}",
            name,
            *(num(mine.get(b)) for b in boards),
        )
        r = ranked.get(name)
        if last:
            if r is None:
                row += ("", "", "", "")
            else:
                scaled = abs(sum(mine.values()) - gross(r)) > 0.005  # a withdrawn opponent's boards made up
                total = num(gross(r)) + (SCALED_MARK if scaled else "")
                row += (total, num(-r.deducted) if r.deducted else "", num(r.score), str(r.rank))
        rows.append(row)
    return rows, columns


def build_board_recap(path: Path, data: MitchellResultsData) -> None:
    """Per direction: pairs × boards of match points, blocks of ``RECAP_BOARDS`` boards a page."""
    doc = Document(data.event, pagesize=LANDSCAPE)
    blocks = chunks(range(1, data.boards + 1), RECAP_BOARDS)
    for d in data.directions:
        zh, en, _ = DIRECTIONS[d.direction]
        for i, block in enumerate(blocks):
            last = i == len(blocks) - 1
            rows, columns = recap_rows(d, block, last)
            if not last:  # the same width as the last page: the board columns do not stretch
                columns += [Column("", "", 3.55 - 0.62 * (RECAP_BOARDS - len(block)))]
                rows = [(*row, "") for row in rows]
            row_h = max(12.0, min(20.0, (doc.height - 26 - 40) / max(1, len(rows))))
            grid = Grid(columns, doc.width, size=min(9.0, row_h * 0.52), row_h=row_h, header_h=26)
            part = (
                f"（第 {block[0]}–{block[-1]} 副 Boards {block[0]}–{block[-1]}）" if len(blocks) > 1 else ""
            )

            def paint(c: Canvas, grid: Grid = grid, rows: list[tuple[str, ...]] = rows) -> None:
                bottom = grid.draw(c, MARGIN, doc.top, rows)
                notes_below(c, bottom - 12, doc.width, data.complete, RECAP_LEGEND)

            doc.add(Page(f"{zh}方向成绩汇总表", f"{en} board recap{part}", after_round(data), paint))
    doc.save(path, title="成绩汇总表")
