"""Groups then knockout (SPEC §7.4): the group tables (小组积分表), the knockout bracket (对阵图) drawn as a tree
on A4 landscape, and the final placing (名次 1, 2, 3–4, 5–8, …).

The group tables stack one block per group (results grid, points, 小分, rank, qualifiers in bold with 出线) as
many to a page as fit. The bracket draws one box per match (home above away, the levels at the right, the
winner in bold) joined by connector lines from round to round, the round names above the columns, the
champion at the right and a third-place match under the final. A knockout of up to 32 fits one page; a larger
one is split into parts of 16 first-round matches each, then a page from the round those parts end in to
the final.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from tournament_desk.domain.results import ResultState, signed
from tournament_desk.reports.fonts import text_width
from tournament_desk.reports.layout import (
    ACCENT,
    GOLD,
    HEAD_FILL,
    INK,
    LANDSCAPE,
    MARGIN,
    MUTED,
    PORTRAIT,
    RULE,
    Column,
    Document,
    Grid,
    Page,
    Painter,
    chunks,
    draw_fitted,
    draw_text,
    num,
    wrap,
)
from tournament_desk.reports.model import (
    BracketData,
    BracketMatch,
    GroupCellData,
    GroupStageData,
    GroupTableData,
    PlacingRow,
)

DIAGONAL = HexColor("#c9d3df")
WIN_FILL = HexColor("#fdf3d8")  # the winner's line of a bracket box
STRIP_FILL = HexColor("#dfe7f0")  # the table number strip at the left of a box
STATE_MARKS = {
    ResultState.FORFEIT: "弃权",
    ResultState.LATE: "迟交",
    ResultState.RULING: "判负",
    ResultState.ANNULLED: "注销",
}
QUALIFIED = "出线"
LOT = "待摸牌"

# --- the group tables ------------------------------------------------------------------------------------

GROUP_LEGEND = (
    "每格：本行队对本列队的级数（本队在前）与积分（胜 3 平 1 负 0）；小分 = 各场级差之和；粗体并标“出线”者进入"
    "淘汰赛；“待摸牌”：各项均相同，须由裁判长记录摸牌结果。",
    "Each cell: the row entrant's levels first, then its points (win 3, draw 1, loss 0). 小分 = level "
    "difference. Bold with 出线: qualified for the knockout; 待摸牌: tied on everything, a lot must be drawn.",
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


def group_columns(n: int) -> list[Column]:
    """The columns of a group table of ``n`` entrants: number, name, a column per opponent, the figures."""
    columns = [Column("号", "No.", 0.45, "c"), Column("队名", "Name", 2.4)]
    columns += [Column(str(i), "", 1.15, "c") for i in range(1, n + 1)]
    columns += [
        Column("积分", "Points", 0.7, "r"),
        Column("小分", "Level diff.", 0.75, "r"),
        Column("名次", "Rank", 0.6, "c", bold=True),
        Column("出线", "Qualified", 0.8, "c"),
    ]
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


def group_block(group: GroupTableData, width: float) -> GroupBlock:
    """A group's table laid out ``width`` wide: its rows as printed and the qualified ones marked."""
    n = len(group.members)
    grid = Grid(group_columns(n), width, size=8.5 if n <= 5 else 7.5, row_h=24, header_h=24)
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
            rows.append((str(i + 1), name, *cells, "", "", "", ""))
            continue
        withdrawn = "（退赛）" if row.entrant.withdrawn else ""
        mark = group_mark(row.qualified, name in lots)
        if row.qualified:
            strong.add(i)
        rows.append(
            (
                str(i + 1),
                name + withdrawn,
                *cells,
                num(row.mp),
                signed(row.level_diff or 0),
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
    n = len(g.members)
    c.saveState()
    c.setFillColor(DIAGONAL)
    left0 = MARGIN + sum(block.grid.widths[:2])
    for i in range(n):
        x = left0 + sum(block.grid.widths[2 : 2 + i])
        y = grid_top - block.grid.header_h - (i + 1) * block.grid.row_h
        c.rect(x + 0.5, y + 0.5, block.grid.widths[2 + i] - 1, block.grid.row_h - 1, stroke=0, fill=1)
    c.restoreState()
    # The qualifiers' mark in the accent colour over the black one, and a lot still to draw likewise.
    mark_x = MARGIN + sum(block.grid.widths[:-1])
    mark_w = block.grid.widths[-1]
    for i, row in enumerate(block.rows):
        if row[-1]:
            mid = grid_top - block.grid.header_h - (i + 0.5) * block.grid.row_h
            c.setFillColor(white if i % 2 == 0 else HexColor("#e9f0f7"))
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
    blocks = [group_block(g, doc.width) for g in data.groups]
    notes = [part for text in (*GROUP_LEGEND, *_summary(data)) for part in wrap(text, doc.width, 7.5)]
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


# --- the bracket -----------------------------------------------------------------------------------------

LEAVES_PER_PAGE = 16  # first-round matches on one page: a knockout of 32 fits, 64 and more are split
MAX_COL_W = 200.0
TITLES_H = 26.0  # the round names above the columns
LAST_COLUMN = 0.8  # the champion's column, as a share of a round's
LEGEND_H = 22.0
BRACKET_LEGEND = (
    "每框：主队在上、客队在下，右侧为所达级数；粗体为胜者；级数相同时台上一方获胜（标“台上”）；左侧色条为桌号；"
    "A1 = A 组第 1 名；轮空者直接晋级。",
    "Each box: home above, away below, the levels at the right; the winner in bold; on equal levels the side "
    "on stage (台上) wins; the strip at the left is the table; A1 = winner of group A; a bye goes through.",
)


@dataclass(frozen=True)
class _Part:
    """One bracket page: rounds ``first``…``last`` over first-round positions ``lo``…``hi`` (the leaves
    are the matches of round ``first`` under them)."""

    first: int
    last: int
    lo: int  # positions of the matches in round ``first`` on this page (1-based, inclusive)
    hi: int


def bracket_parts(size: int, leaves: int = LEAVES_PER_PAGE) -> list[_Part]:
    """How a knockout of ``size`` is split over pages: whole when it has at most ``leaves`` first-round
    matches; else one page per block of ``leaves`` of them up to the round they meet in, then that round to
    the final."""
    total = size.bit_length() - 1
    first_matches = size // 2
    if first_matches <= leaves:
        return [_Part(1, total, 1, first_matches)]
    join = leaves.bit_length()  # the round whose match has ``leaves`` first-round matches under it
    parts = [_Part(1, join, lo, lo + leaves - 1) for lo in range(1, first_matches + 1, leaves)]
    return [*parts, _Part(join, total, 1, size // 2**join)]


@dataclass(frozen=True)
class _Geometry:
    x0: float
    col_w: float
    box_w: float
    box_h: float
    top: float  # the top of the first slot
    slot: float  # height per leaf
    size: float  # the font size of the names

    def x(self, column: int) -> float:
        return self.x0 + column * self.col_w


def _split_levels(levels: str) -> tuple[str, str]:
    if " : " in levels:
        home, away = levels.split(" : ", 1)
        return home.strip(), away.strip()
    return "", ""


def _side_text(name: str | None, first_round: bool) -> tuple[str, bool]:
    """What a line of a box shows, and whether it is muted: a bye, nobody, or blank for not known yet."""
    if name is None:
        return ("轮空 Bye" if first_round else "—"), True
    return name, False


def _draw_box(
    c: Canvas, m: BracketMatch, x: float, y_mid: float, g: _Geometry, origins: dict[str, str], first: bool
) -> None:
    w, h, size = g.box_w, g.box_h, g.size
    bottom = y_mid - h / 2
    line_h = h / 2
    strip = max(11.0, size * 1.5)
    level_w = size * 2.3
    c.setFillColor(white)
    c.setStrokeColor(RULE)
    c.setLineWidth(0.6)
    c.rect(x, bottom, w, h, stroke=1, fill=1)
    c.setFillColor(STRIP_FILL)
    c.rect(x, bottom, strip, h, stroke=0, fill=1)
    if m.table is not None:
        draw_fitted(
            c, x + 1, y_mid - 0.36 * size * 0.8, strip - 2, str(m.table), size * 0.8, align="c", color=MUTED
        )
    home_level, away_level = _split_levels(m.levels)
    mark = STATE_MARKS.get(m.state) if m.state is not None else None
    sides = (("home", m.home, home_level), ("away", m.away, away_level))
    for row, (side, name, level) in enumerate(sides):
        row_bottom = bottom + (1 - row) * line_h
        base = row_bottom + line_h / 2 - 0.36 * size
        won = m.decided and name is not None and name != "" and name == m.winner
        lost = bool(m.decided and name and not won and m.winner is not None)
        if won:
            c.setFillColor(WIN_FILL)
            c.rect(x + strip, row_bottom, w - strip, line_h, stroke=0, fill=1)
        text, muted = _side_text(name, first)
        right = x + w - 3
        shown_level = level or (mark if lost and mark else "")
        if shown_level:
            draw_fitted(c, right - level_w, base, level_w, shown_level, size, align="r",
                        bold=won, color=ACCENT if shown_level == mark else INK)  # fmt: skip
        right -= min(level_w, max(size * 1.2, text_width(shown_level, size))) + 3
        if m.on_stage == side and level:
            stage_size = size * 0.72
            draw_text(c, right, base, "台上", stage_size, align="r", color=ACCENT)
            right -= text_width("台上", stage_size) + 2
        origin = origins.get(name or "", "") if first else ""
        if origin:
            origin_size = size * 0.72
            draw_text(c, right, base, origin, origin_size, align="r", color=MUTED)
            right -= text_width(origin, origin_size) + 3
        left = x + strip + 3
        if text:
            color: Color = MUTED if muted or lost else INK
            draw_fitted(c, left, base, right - left, text, size, bold=won, color=color)
    c.setStrokeColor(RULE)
    c.setLineWidth(0.4)
    c.line(x + strip, y_mid, x + w, y_mid)
    c.setStrokeColor(INK)
    c.setLineWidth(0.8)
    c.rect(x, bottom, w, h, stroke=1, fill=0)


def _leaf_range(part: _Part, k: int, position: int) -> tuple[int, int]:
    """The leaves (positions in round ``part.first``) under the match at round ``k``, ``position``."""
    span = 2 ** (k - part.first)
    return (position - 1) * span + 1, position * span


def _matches_on(part: _Part, main: Sequence[Sequence[BracketMatch]], k: int) -> list[BracketMatch]:
    found = []
    for m in main[k - 1]:
        lo, hi = _leaf_range(part, k, m.position)
        if lo >= part.lo and hi <= part.hi:
            found.append(m)
    return found


def _geometry(doc: Document, part: _Part, columns: int) -> _Geometry:
    leaves = part.hi - part.lo + 1
    avail = doc.height - TITLES_H - LEGEND_H
    slot = avail / leaves
    box_h = min(slot * 0.88, 46.0)
    size = max(6.5, min(10.5, box_h / 2 * 0.7))
    # The last column (the champion, or where a part goes on) is narrower than a round's.
    col_w = min(MAX_COL_W, doc.width / (columns - 1 + LAST_COLUMN))
    gap = max(14.0, min(26.0, col_w * 0.12))
    x0 = MARGIN + (doc.width - (columns - 1 + LAST_COLUMN) * col_w) / 2
    return _Geometry(x0, col_w, col_w - gap, box_h, doc.top - TITLES_H, slot, size)


def _connector(c: Canvas, x_from: float, y_from: float, x_to: float, y_to: float, strong: bool) -> None:
    mid = (x_from + x_to) / 2
    c.setStrokeColor(HEAD_FILL if strong else RULE)
    c.setLineWidth(1.3 if strong else 0.7)
    path = c.beginPath()
    path.moveTo(x_from, y_from)
    path.lineTo(mid, y_from)
    path.lineTo(mid, y_to)
    path.lineTo(x_to, y_to)
    c.drawPath(path, stroke=1, fill=0)


def _podium(
    c: Canvas, data: BracketData, x: float, y: float, g: _Geometry, final: BracketMatch | None
) -> None:
    """The champion box at the right of the final, with the runner-up and third place under it."""
    w = min(g.box_w, g.col_w * LAST_COLUMN)
    size = max(g.size, 9.0)
    h = size * 3.4
    c.setFillColor(WIN_FILL)
    c.setStrokeColor(GOLD)
    c.setLineWidth(1.4)
    c.rect(x, y - h / 2, w, h, stroke=1, fill=1)
    draw_text(c, x + w / 2, y + h / 2 - size * 1.25, "冠军  Champion", size * 0.8, align="c", color=GOLD)
    champion = final.winner if final is not None and final.decided and final.winner else ""
    if champion:
        draw_fitted(
            c,
            x + 4,
            y - h / 2 + size * 0.75,
            w - 8,
            champion,
            size * 1.25,
            align="c",
            bold=True,
            color=ACCENT,
        )
    lines = []
    if final is not None and final.decided and final.winner:
        runner = next((s for s in (final.home, final.away) if s and s != final.winner), None)
        if runner:
            lines.append(("亚军 Runner-up", runner))
    third = next((m for m in data.rounds[-1] if m.third_place), None) if data.rounds else None
    if third is not None and third.decided and third.winner:
        lines.append(("季军 Third", third.winner))
    yy = y - h / 2 - size * 1.6
    for label, name in lines:
        draw_text(c, x, yy, label, size * 0.75, color=MUTED)
        draw_fitted(c, x + text_width(label, size * 0.75) + 6, yy, w - text_width(label, size * 0.75) - 6, name,
                    size, bold=True)  # fmt: skip
        yy -= size * 1.6


def _paint_part(c: Canvas, doc: Document, data: BracketData, part: _Part, parts: int, index: int) -> None:
    main = [[m for m in rnd if not m.third_place] for rnd in data.rounds]
    total = len(main)
    with_final = part.last == total
    columns = part.last - part.first + 2  # and the champion's column, or room to say where the part goes on
    g = _geometry(doc, part, columns)
    centres: dict[tuple[int, int], float] = {}
    for k in range(part.first, part.last + 1):
        for m in _matches_on(part, main, k):
            lo, hi = _leaf_range(part, k, m.position)
            first_leaf, last_leaf = lo - part.lo, hi - part.lo
            centres[(k, m.position)] = g.top - ((first_leaf + last_leaf) / 2 + 0.5) * g.slot
    # Round names above the columns.
    for k in range(part.first, part.last + 1):
        x = g.x(k - part.first) + g.box_w / 2
        zh, en = data.round_titles[k - 1] if k - 1 < len(data.round_titles) else (f"第 {k} 轮", f"Round {k}")
        draw_text(c, x, doc.top - 11, zh, 10, align="c", bold=True, color=HEAD_FILL)
        event_round = next((m.round for m in main[k - 1] if m.round), 0)
        sub = f"{en} · R{event_round}" if event_round else en
        draw_text(c, x, doc.top - 21, sub, 7, align="c", color=MUTED)
    if with_final:
        x = g.x(columns - 1) + min(g.box_w, g.col_w * LAST_COLUMN) / 2
        draw_text(c, x, doc.top - 11, "冠军", 10, align="c", bold=True, color=GOLD)
        draw_text(c, x, doc.top - 21, "Champion", 7, align="c", color=MUTED)
    # Connectors first, the boxes over them.
    for k in range(part.first + 1, part.last + 1):
        for m in _matches_on(part, main, k):
            x_to = g.x(k - part.first)
            y_to = centres[(k, m.position)]
            for child_pos in (2 * m.position - 1, 2 * m.position):
                y_from = centres.get((k - 1, child_pos))
                if y_from is None:
                    continue
                child = main[k - 2][child_pos - 1]
                strong = child.decided and child.winner is not None
                _connector(c, g.x(k - 1 - part.first) + g.box_w, y_from, x_to, y_to, strong)
    final = main[-1][0] if with_final and main[-1] else None
    if final is not None:
        y = centres[(total, final.position)]
        strong = final.decided and final.winner is not None
        _connector(c, g.x(columns - 2) + g.box_w, y, g.x(columns - 1), y, strong)
    for k in range(part.first, part.last + 1):
        for m in _matches_on(part, main, k):
            _draw_box(c, m, g.x(k - part.first), centres[(k, m.position)], g, data.origins, k == 1)
    if final is not None:
        y = centres[(total, final.position)]
        _podium(c, data, g.x(columns - 1), y, g, final)
        third = next((m for m in data.rounds[-1] if m.third_place), None)
        if third is not None:
            x = g.x(columns - 2)
            y3 = max(doc.top - doc.height + LEGEND_H + g.box_h, y - max(3.2 * g.box_h, 80.0))
            y3 = min(y3, y - 1.6 * g.box_h)
            draw_text(c, x, y3 + g.box_h / 2 + 4, "三四名决赛  Third-place match", max(7.0, g.size * 0.85),
                      bold=True, color=HEAD_FILL)  # fmt: skip
            _draw_box(c, third, x, y3, g, data.origins, False)
    elif parts > 1:  # a part that ends before the final: say where its winner goes on
        for m in _matches_on(part, main, part.last):
            y = centres[(part.last, m.position)]
            x = g.x(part.last - part.first) + g.box_w + 4
            draw_text(c, x, y - 3, f"→ 第 {parts} 部分", 8, color=MUTED)
            draw_text(c, x, y - 12, f"see part {parts}", 6.5, color=MUTED)
    y = doc.top - doc.height + 12
    for line in BRACKET_LEGEND:
        draw_fitted(c, MARGIN, y, doc.width, line, 7, color=MUTED)
        y -= 9


def _bracket_pages(doc: Document, data: BracketData) -> None:
    parts = bracket_parts(data.size)
    right = f"{data.size} 强淘汰赛  Knockout of {data.size}"
    for i, part in enumerate(parts):
        sub = "Knockout bracket"
        if len(parts) > 1:
            first_round = data.round_titles[part.first - 1][0] if data.round_titles else ""
            last_round = data.round_titles[part.last - 1][0] if data.round_titles else ""
            sub += f" · 第 {i + 1} 部分 / 共 {len(parts)}（{first_round}–{last_round}）  part {i + 1} of {len(parts)}"

        def paint(c: Canvas, part: _Part = part, i: int = i) -> None:
            _paint_part(c, doc, data, part, len(parts), i)

        doc.add(Page("对阵图", sub, right, paint))


# --- the final placing -----------------------------------------------------------------------------------

PLACING_NOTE = (
    "名次 1、2、3–4、5–8 …：同一轮被淘汰者并列；小组赛未出线者并列其后。"
    "  Placing: entrants out in the same round share it; those out in the groups share the places after them."
)


def _placing_rows(rows: Sequence[PlacingRow], players: bool) -> list[tuple[str, ...]]:
    out = []
    for r in rows:
        row: tuple[str, ...] = (r.placing, r.name, r.group or "", r.unit or "")
        if players:
            row += ("、".join(r.players),)
        out.append(row)
    return out


def _placing_pages(doc: Document, data: BracketData, title: tuple[str, str], right: str) -> None:
    """The placing list: one grid on a portrait page (with the players), two side by side on landscape."""
    wide = doc.pagesize[0] > doc.pagesize[1]
    columns = [
        Column("名次", "Placing", 0.8, "c", bold=True),
        Column("队名", "Name", 3.0),
        Column("组别", "Group", 0.7, "c"),
        Column("单位", "Unit", 2.2),
    ]
    if not wide:
        columns.append(Column("队员", "Players", 3.2))
    gutter = 18.0
    width = (doc.width - gutter) / 2 if wide else doc.width
    grid = Grid(columns, width, size=9.5, row_h=17)
    per_grid = grid.rows_per_page(doc.height - 18)
    rows = _placing_rows(data.placing, players=not wide)
    medals = {0, 1, 2, 3}  # the top lines in bold when they hold places 1–4
    per_page = per_grid * (2 if wide else 1)
    pages = chunks(rows, per_page)

    def painter(chunk: Sequence[tuple[str, ...]], start: int, last: bool) -> Painter:
        def paint(c: Canvas) -> None:
            halves = [chunk[:per_grid], chunk[per_grid:]] if wide else [chunk]
            bottom = doc.top
            for h, half in enumerate(halves):
                if not half and h:
                    continue
                strong = {
                    i for i, row in enumerate(half)
                    if start + h * per_grid + i in medals and row[0].split("–")[0] in {"1", "2", "3", "4"}
                }  # fmt: skip
                bottom = min(
                    bottom, grid.draw(c, MARGIN + h * (width + gutter), doc.top, half, strong=strong)
                )
            if last:
                for i, line in enumerate(wrap(PLACING_NOTE, doc.width, 7.5)):
                    draw_text(c, MARGIN, bottom - 12 - 10 * i, line, 7.5, color=MUTED)

        return paint

    for i, chunk in enumerate(pages):
        doc.add(Page(title[0], title[1], right, painter(chunk, i * per_page, i == len(pages) - 1)))


def build_bracket(path: Path, data: BracketData) -> None:
    """The bracket tree (A4 landscape), then the final placing as far as the results go."""
    doc = Document(data.event, pagesize=LANDSCAPE)
    _bracket_pages(doc, data)
    title = ("最终名次", "Final placing") if data.complete else ("名次", "Placing so far")
    _placing_pages(doc, data, title, f"{data.size} 强淘汰赛  Knockout of {data.size}")
    doc.save(path, title="对阵图")


def build_placing(path: Path, data: BracketData, right: str) -> None:
    """The final placing alone (the ranking of a groups-then-knockout event), A4 portrait with the players."""
    doc = Document(data.event, pagesize=PORTRAIT)
    title = ("最终名次", "Final placing") if data.complete else ("名次", "Placing so far")
    _placing_pages(doc, data, title, right)
    doc.save(path, title=title[0])
