"""The knockout bracket (对阵图, rules.md §7.4, §7.6, §7.7) drawn as a tree on A4 landscape.

One box per match (home above away, the levels at the right, the winner in bold, the table in the strip at the
left, 台上 beside the level of the side on stage when the levels were equal) joined by connector lines from round
to round, the round names above the columns, the champion at the right and a third-place match under the final.
A knockout that goes on into another stage (knockout rounds into a round-robin final, §7.7) ends in a column
naming who goes on instead. A knockout of up to 32 fits one page; a larger one is split into parts of 16
first-round matches each, then a page from the round those parts end in to the last round. The placing follows
the tree (``reports.placing``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from tournament_desk.reports.fonts import text_width
from tournament_desk.reports.layout import (
    ACCENT,
    GOLD,
    HEAD_FILL,
    INK,
    LANDSCAPE,
    MARGIN,
    MUTED,
    RULE,
    Document,
    Page,
    draw_fitted,
    draw_text,
)
from tournament_desk.reports.model import BracketData, BracketMatch
from tournament_desk.reports.placing import placing_pages
from tournament_desk.reports.words import STATE_MARKS

WIN_FILL = HexColor("#fdf3d8")  # the winner's line of a bracket box
STRIP_FILL = HexColor("#dfe7f0")  # the table number strip at the left of a box

LEAVES_PER_PAGE = 16  # first-round matches on one page: a knockout of 32 fits, 64 and more are split
MAX_COL_W = 200.0
TITLES_H = 26.0  # the round names above the columns
LAST_COLUMN = 0.8  # the champion's column, as a share of a round's
LEGEND_H = 22.0
BRACKET_LEGEND = (
    "每框：主队在上、客队在下，右侧为所达级数；粗体为胜者；级数相同时台上一方获胜（标“台上”）；左侧色条为桌号；"
    "{origins}轮空者直接晋级。",
    "Each box: home above, away below, the levels at the right; the winner in bold; on equal levels the side "
    "on stage (台上) wins; the strip at the left is the table; {origins}a bye goes through.",
)
ORIGINS_LEGEND = ("A1 = A 组第 1 名；", "A1 = winner of group A; ")


def legend(data: BracketData) -> tuple[str, ...]:
    """The legend under the tree: group origins ("A1") are explained only where a group stage gave them."""
    zh, en = ORIGINS_LEGEND if data.origins else ("", "")
    return (BRACKET_LEGEND[0].format(origins=zh), BRACKET_LEGEND[1].format(origins=en))


@dataclass(frozen=True)
class _Part:
    """One bracket page: rounds ``first``…``last`` over first-round positions ``lo``…``hi`` (the leaves
    are the matches of round ``first`` under them)."""

    first: int
    last: int
    lo: int  # positions of the matches in round ``first`` on this page (1-based, inclusive)
    hi: int


def bracket_parts(size: int, leaves: int = LEAVES_PER_PAGE, rounds: int | None = None) -> list[_Part]:
    """How a knockout of ``size`` is split over pages: whole when it has at most ``leaves`` first-round
    matches; else one page per block of ``leaves`` of them up to the round they meet in, then that round to
    the last. ``rounds``: the rounds printed (fewer than the whole bracket's when the knockout stops before
    its final, rules.md §7.7)."""
    total = size.bit_length() - 1 if rounds is None else rounds
    first_matches = size // 2
    if first_matches <= leaves:
        return [_Part(1, total, 1, first_matches)]
    join = leaves.bit_length()  # the round whose match has ``leaves`` first-round matches under it
    parts = [_Part(1, min(join, total), lo, lo + leaves - 1) for lo in range(1, first_matches + 1, leaves)]
    if join >= total:
        return parts
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


def _titles(c: Canvas, doc: Document, data: BracketData, part: _Part, g: _Geometry, columns: int) -> None:
    """The round names above the columns, and the last column's (the champion, or where the winners go)."""
    main = _main(data)
    for k in range(part.first, part.last + 1):
        x = g.x(k - part.first) + g.box_w / 2
        zh, en = data.round_titles[k - 1] if k - 1 < len(data.round_titles) else (f"第 {k} 轮", f"Round {k}")
        draw_text(c, x, doc.top - 11, zh, 10, align="c", bold=True, color=HEAD_FILL)
        event_round = next((m.round for m in main[k - 1] if m.round), 0)
        sub = f"{en} · R{event_round}" if event_round else en
        draw_text(c, x, doc.top - 21, sub, 7, align="c", color=MUTED)
    if part.last == len(main):
        zh, en = data.goes_on_to or ("冠军", "Champion")
        x = g.x(columns - 1) + min(g.box_w, g.col_w * LAST_COLUMN) / 2
        draw_fitted(c, x - g.col_w * LAST_COLUMN / 2, doc.top - 11, g.col_w * LAST_COLUMN, zh, 10, align="c",
                    bold=True, color=GOLD)  # fmt: skip
        draw_text(c, x, doc.top - 21, en, 7, align="c", color=MUTED)


def _main(data: BracketData) -> list[list[BracketMatch]]:
    return [[m for m in rnd if not m.third_place] for rnd in data.rounds]


def _paint_part(c: Canvas, doc: Document, data: BracketData, part: _Part, parts: int, index: int) -> None:
    main = _main(data)
    total = len(main)
    columns = part.last - part.first + 2  # and the champion's column, or room to say where the part goes on
    g = _geometry(doc, part, columns)
    centres: dict[tuple[int, int], float] = {}
    for k in range(part.first, part.last + 1):
        for m in _matches_on(part, main, k):
            lo, hi = _leaf_range(part, k, m.position)
            first_leaf, last_leaf = lo - part.lo, hi - part.lo
            centres[(k, m.position)] = g.top - ((first_leaf + last_leaf) / 2 + 0.5) * g.slot
    _titles(c, doc, data, part, g, columns)
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
    last = _matches_on(part, main, part.last)
    if part.last == total:
        for m in last:
            y = centres[(total, m.position)]
            _connector(
                c, g.x(columns - 2) + g.box_w, y, g.x(columns - 1), y, m.decided and m.winner is not None
            )
    for k in range(part.first, part.last + 1):
        for m in _matches_on(part, main, k):
            _draw_box(c, m, g.x(k - part.first), centres[(k, m.position)], g, data.origins, k == 1)
    if part.last == total and data.goes_on_to is not None:
        for m in last:
            _going_on(c, m, g.x(columns - 1), centres[(total, m.position)], g)
    elif part.last == total and last:
        _final_column(c, doc, data, g, columns, last[0], centres[(total, last[0].position)])
    elif parts > 1:  # a part that ends before the final: say where its winner goes on
        for m in last:
            y = centres[(part.last, m.position)]
            x = g.x(part.last - part.first) + g.box_w + 4
            draw_text(c, x, y - 3, f"→ 第 {parts} 部分", 8, color=MUTED)
            draw_text(c, x, y - 12, f"see part {parts}", 6.5, color=MUTED)
    y = doc.top - doc.height + 12
    for line in legend(data):
        draw_fitted(c, MARGIN, y, doc.width, line, 7, color=MUTED)
        y -= 9


def _final_column(
    c: Canvas, doc: Document, data: BracketData, g: _Geometry, columns: int, final: BracketMatch, y: float
) -> None:
    """The champion right of the final, and the third-place match under the final."""
    _podium(c, data, g.x(columns - 1), y, g, final)
    third = next((m for m in data.rounds[-1] if m.third_place), None)
    if third is None:
        return
    x = g.x(columns - 2)
    y3 = max(doc.top - doc.height + LEGEND_H + g.box_h, y - max(3.2 * g.box_h, 80.0))
    y3 = min(y3, y - 1.6 * g.box_h)
    draw_text(c, x, y3 + g.box_h / 2 + 4, "三四名决赛  Third-place match", max(7.0, g.size * 0.85),
              bold=True, color=HEAD_FILL)  # fmt: skip
    _draw_box(c, third, x, y3, g, data.origins, False)


def _going_on(c: Canvas, m: BracketMatch, x: float, y: float, g: _Geometry) -> None:
    """The winner of a last-round match of a knockout that goes on into another stage, in a small box."""
    w = min(g.box_w, g.col_w * LAST_COLUMN)
    h = g.box_h / 2
    c.setFillColor(WIN_FILL if m.decided and m.winner else white)
    c.setStrokeColor(GOLD)
    c.setLineWidth(1.0)
    c.rect(x, y - h / 2, w, h, stroke=1, fill=1)
    if m.decided and m.winner:
        draw_fitted(c, x + 4, y - 0.36 * g.size, w - 8, m.winner, g.size, align="c", bold=True)


def _bracket_pages(doc: Document, data: BracketData) -> None:
    parts = bracket_parts(data.size, rounds=len(data.rounds))
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


def build_bracket(path: Path, data: BracketData) -> None:
    """The bracket tree (A4 landscape), then the placing as far as the results go."""
    doc = Document(data.event, pagesize=LANDSCAPE)
    _bracket_pages(doc, data)
    title = ("最终名次", "Final placing") if data.complete else ("名次", "Placing so far")
    placing_pages(doc, data, title, data.placing_right or f"{data.size} 强淘汰赛  Knockout of {data.size}")
    doc.save(path, title="对阵图")
