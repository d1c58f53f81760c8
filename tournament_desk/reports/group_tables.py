"""The group tables (小组积分表) of groups then knockout (rules.md §7.4): its cross-table. The knockout's bracket
(对阵图) is ``reports.bracket`` and its placing ``reports.placing``.

The group tables stack one block per group (results grid, the group ranking's figures, rank, qualifiers in bold
with 出线) as many to a page as fit. The figures are the ranking's own (``GroupStageData.figures``, as the
standings print them): points and 小分 in a level-scored event, points, games won and lost and the game ratio
(得失局率) where the tables are team matches of pairs (rules.md §5.8).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from tournament_desk.domain.results import ResultState, figure_text, group_figures
from tournament_desk.reports.crosstable import shade_diagonal
from tournament_desk.reports.fonts import text_width
from tournament_desk.reports.grid import Column, Grid
from tournament_desk.reports.layout import (
    ACCENT,
    HEAD_FILL,
    MARGIN,
    MUTED,
    PORTRAIT,
    ZEBRA,
    Document,
    Page,
    Painter,
    draw_fitted,
    draw_text,
    num,
    wrap,
)
from tournament_desk.reports.model import GroupCellData, GroupStageData, GroupTableData
from tournament_desk.reports.words import STATE_MARKS, entrant_name

QUALIFIED = "出线"
LOT = "待摸牌"

# The legend under the last group: what a cell holds (the games of team matches where the figures have them),
# then a sentence per figure printed, then the marks.
CELL_LEGEND = (
    "每格：本行队对本列队的级数（本队在前）与积分（胜 3 平 1 负 0）。",
    "Each cell: the row entrant's levels first, then its points (win 3, draw 1, loss 0).",
)
GAMES_CELL_LEGEND = (
    "每格：本行队对本列队的对局比分（本队在前）与积分（胜 3 负 1，弃权 3 : 0）。",
    "Each cell: the pair games the row team won first, then its points (win 3, loss 1, forfeit 3 : 0).",
)
FIGURE_LEGEND = {
    "level_diff": ("小分 = 各场级差之和。", "小分 = level difference."),
    "game_ratio": (
        "胜局、负局 = 各场所胜、所负的对局数；得失局率 = 胜局 ÷ 负局（未负一局为 ∞）。",
        "Won, lost: pair games over all matches; ratio = won ÷ lost (∞: none lost).",
    ),
}
MARKS_LEGEND = (
    "粗体并标“出线”者进入淘汰赛；“待摸牌”：各项均相同，须由裁判长记录摸牌结果。",
    "Bold with 出线: qualified for the knockout; 待摸牌: tied on everything, a lot must be drawn.",
)
TITLE_H = 22.0  # a group's title line above its grid
BLOCK_GAP = 12.0


def group_cell_text(cell: GroupCellData | None) -> str:
    """A grid cell: the levels from the row's side on the first line, the points (or a mark) on the second."""
    if cell is None or cell.state == ResultState.PENDING:
        return ""
    mark = STATE_MARKS.get(cell.state, "")
    first = cell.levels or mark
    if cell.points is None:
        return f"{first}\n" if first else ""
    second = num(cell.points) + (f" {mark}" if mark and cell.levels else "")
    return f"{first}\n{second}"


def lots_needed(group: GroupTableData) -> set[str]:
    """Who must draw cards: only once the group is over (while it plays, a tie is nothing to draw for)."""
    if not group.complete:
        return set()
    return set(group.lot_needed) | {r.entrant.name for r in group.rows if r.lot_needed}


def group_mark(row_qualified: bool | None, lot_needed: bool) -> str:
    if lot_needed:
        return LOT
    return QUALIFIED if row_qualified else ""


# The group table's own headings where they differ from the standings' (``reports.standings.FIGURE_COLUMNS``).
GROUP_FIGURE_COLUMNS = {
    "points": Column("积分", "Points", 0.7, "r"),
    "level_diff": Column("小分", "Level diff.", 0.75, "r"),
    "games_won": Column("胜局", "Won", 0.6, "r"),
    "games_lost": Column("负局", "Lost", 0.6, "r"),
    "game_ratio": Column("得失局率", "Ratio", 0.9, "r"),
}


def group_legend(figures: Sequence[str]) -> tuple[str, ...]:
    """The legend's sentences (Chinese, then English) for the figures printed."""
    shown = group_figures(figures)
    cell = GAMES_CELL_LEGEND if "game_ratio" in shown else CELL_LEGEND
    notes = [FIGURE_LEGEND[k] for k in shown if k in FIGURE_LEGEND]
    zh = cell[0] + "".join(z for z, _ in notes) + MARKS_LEGEND[0]
    en = " ".join((cell[1], *(e for _, e in notes), MARKS_LEGEND[1]))
    return zh, en


def group_columns(n: int, figures: Sequence[str] = ("points", "level_diff")) -> list[Column]:
    """The columns of a group table of ``n`` entrants: number, name, a column per opponent, the figures (as
    the standings head them, ``reports.standings.figure_column``), rank and the qualifier's mark."""
    from tournament_desk.reports.standings import figure_column

    columns = [Column("号", "No.", 0.45, "c"), Column("队名", "Name", 2.4)]
    columns += [Column(str(i), "", 1.15, "c") for i in range(1, n + 1)]
    columns += [GROUP_FIGURE_COLUMNS.get(k) or figure_column(k) for k in group_figures(figures)]
    columns += [Column("名次", "Rank", 0.6, "c", bold=True), Column("出线", "Qualified", 0.8, "c")]
    return columns


@dataclass(frozen=True)
class GroupBlock:
    """One group's table as printed (``group_block``)."""

    group: GroupTableData
    grid: Grid
    rows: list[tuple[str, ...]]
    strong: set[int]

    @property
    def height(self) -> float:
        return TITLE_H + self.grid.height(len(self.rows))


def group_block(
    group: GroupTableData, width: float, figures: Sequence[str] = ("points", "level_diff")
) -> GroupBlock:
    """A group's table laid out ``width`` wide: its rows as printed and the qualified ones marked;
    ``figures``: the group ranking's (``GroupStageData.figures``)."""
    n = len(group.members)
    keys = group_figures(figures)
    grid = Grid(group_columns(n, keys), width, size=8.5 if n <= 5 else 7.5, row_h=24, header_h=24)
    ranked = {r.entrant.name: r for r in group.rows}
    lots = lots_needed(group)
    rows: list[tuple[str, ...]] = []
    strong: set[int] = set()
    for i, name in enumerate(group.members):
        row = ranked.get(name)
        cells = [
            "" if other == name else group_cell_text(group.cells.get((name, other)))
            for other in group.members
        ]
        if row is None:  # not ranked (should not happen): the grid still shows the matches
            rows.append((str(i + 1), name, *cells, *("" for _ in keys), "", ""))
            continue
        mark = group_mark(row.qualified, name in lots)
        if row.qualified:
            strong.add(i)
        rows.append(
            (
                str(i + 1),
                entrant_name(row.entrant),
                *cells,
                *(figure_text(row, k) for k in keys),
                str(row.rank),
                mark,
            )
        )
    return GroupBlock(group, grid, rows, strong)


def _paint_block(c: Canvas, block: GroupBlock, top: float) -> float:
    """One group at ``top``: its title, the grid with the diagonal shaded; returns the bottom edge."""
    g = block.group
    draw_text(c, MARGIN, top - 16, f"{g.name} 组", 13, bold=True)
    draw_text(c, MARGIN + text_width(f"{g.name} 组", 13) + 8, top - 16, f"Group {g.name}", 8.5, color=MUTED)
    right = MARGIN + block.grid.width
    status = "已赛完 Complete" if g.complete else "比赛中 In progress"
    lots = lots_needed(g)
    if lots:
        lot = f"需摸牌 Lot needed：{'、'.join(r.entrant.name for r in g.rows if r.entrant.name in lots)}"
        draw_text(c, right, top - 16, lot, 8.5, align="r", color=ACCENT)
        right -= text_width(lot, 8.5) + 14
    draw_text(c, right, top - 16, status, 8.5, align="r", color=MUTED)
    grid_top = top - TITLE_H
    bottom = block.grid.draw(c, MARGIN, grid_top, block.rows, strong=block.strong)
    shade_diagonal(c, block.grid, grid_top, 2, len(g.members))
    # The qualifiers' mark in the accent colour over the black one, and a lot still to draw likewise.
    mark_x = MARGIN + sum(block.grid.widths[:-1])
    mark_w = block.grid.widths[-1]
    for i, row in enumerate(block.rows):
        if row[-1]:
            mid = grid_top - block.grid.header_h - (i + 0.5) * block.grid.row_h
            c.setFillColor(white if i % 2 == 0 else ZEBRA)
            c.rect(mark_x + 0.6, mid - 7, mark_w - 1.2, 14, stroke=0, fill=1)
            color = ACCENT if row[-1] == LOT else HEAD_FILL
            draw_fitted(c, mark_x + 3, mid - 3.1, mark_w - 6, row[-1], 8.5, align="c", bold=True, color=color)
    return bottom


def _summary(data: GroupStageData) -> list[str]:
    lines = []
    if data.qualifiers:
        lines.append(
            f"淘汰赛 {data.knockout_size} 强，出线 {len(data.qualifiers)} 队（按种子顺序）："
            + "、".join(data.qualifiers)
        )
    elif data.waiting_for:
        lines.append(f"淘汰赛 {data.knockout_size} 强：出线队尚未确定。 {data.waiting_for}")
    return lines


def build_group_tables(path: Path, data: GroupStageData) -> None:
    """The group tables: one block per group, as many to an A4 page as fit, the legend under the last."""
    doc = Document(data.event, pagesize=PORTRAIT)
    blocks = [group_block(g, doc.width, data.figures) for g in data.groups]
    legend = group_legend(data.figures)
    notes = [part for text in (*legend, *_summary(data)) for part in wrap(text, doc.width, 7.5)]
    legend_h = 6.0 + 10.0 * len(notes)
    pages: list[list[GroupBlock]] = [[]]
    used = 0.0
    for block in blocks:
        need = block.height + (BLOCK_GAP if pages[-1] else 0)
        if pages[-1] and used + need > doc.height - 4:
            pages.append([])
            used, need = 0.0, block.height
        pages[-1].append(block)
        used += need
    if used + legend_h > doc.height:  # the legend gets a page of its own rather than running off the paper
        pages.append([])

    def painter(chunk: list[GroupBlock], last: bool) -> Painter:
        def paint(c: Canvas) -> None:
            top = doc.top
            for block in chunk:
                top = _paint_block(c, block, top) - BLOCK_GAP
            if last:
                y = top + BLOCK_GAP - 14
                for line in notes:
                    draw_text(c, MARGIN, y, line, 7.5, color=MUTED)
                    y -= 10

        return paint

    right = f"共 {len(data.groups)} 组  {len(data.groups)} groups"
    for i, chunk in enumerate(pages):
        doc.add(Page("小组赛积分表", "Group tables", right, painter(chunk, i == len(pages) - 1)))
    doc.save(path, title="小组赛积分表")
