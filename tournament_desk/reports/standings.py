"""Standings after a round (名次表) with every figure of the tiebreak chain, and the final ranking (最终名次)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from tournament_desk.domain.results import figure_text
from tournament_desk.domain.standings import StandingRow
from tournament_desk.reports.layout import (
    ACCENT,
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
from tournament_desk.reports.model import StandingsData

STANDINGS = (
    Column("名次", "Rank", 0.75, "c"),
    Column("队名", "Name", 3.3),
    Column("单位", "Unit", 2.6),
    Column("已赛", "Played", 0.8, "c"),
    Column("扣分", "Deducted", 0.85, "r"),
)
RANKING = (
    Column("名次", "Rank", 0.75, "c"),
    Column("队名", "Name", 2.9),
    Column("单位", "Unit", 2.4),
    Column("队员", "Players", 3.6),
)
# The figure columns by key (``StandingsData.columns``): a Swiss event shows MP, VP, opponents' score; a round
# robin its own chain; duplicate events add XMP.
FIGURE_COLUMNS = {
    "mp": Column("场分", "MP", 0.95, "r"),
    "vp": Column("标准分", "VP", 1.0, "r"),
    "opp_mp": Column("对手分", "Opp. MP", 1.05, "r"),
    "points": Column("积分", "Points", 0.95, "r"),
    "h2h": Column("相互间", "H2H", 0.95, "r"),
    "level_diff": Column("级差", "Level diff.", 0.95, "r"),
    "xmp": Column("级分", "XMP", 0.85, "r"),
    "placing": Column("名次", "Placing", 0.9, "c"),
}


def figure_column(key: str) -> Column:
    """The column of a figure; a figure this module does not know yet is headed by its key."""
    return FIGURE_COLUMNS.get(key) or Column(key, "", 0.95, "r")


TIEBREAK_NAMES = {
    "mp": ("场分", "MP"),
    "vp": ("标准分", "VP"),
    "opp_mp": ("对手分", "opponents' MP"),
    "points": ("积分", "points"),
    "h2h_vp": ("相互间标准分", "head-to-head VP"),
    "h2h_points": ("相互间积分", "head-to-head points"),
    "level_diff": ("级差", "level difference"),
    "placing": ("淘汰赛名次", "the knockout's placing"),
}
WITHDRAWN = "（退赛）"
PLACING = "placing"


def _keys(data: StandingsData) -> tuple[str, ...]:
    """The figures printed, in order: the format's, with a duplicate event's XMP right after the VP (a placing
    is printed in the rank column)."""
    keys = [k for k in data.columns if k not in ("xmp", PLACING)]
    if "xmp" in data.columns:
        keys.insert(keys.index("vp") + 1 if "vp" in keys else len(keys), "xmp")
    return tuple(keys)


def _figures(data: StandingsData, row: StandingRow) -> tuple[str, ...]:
    if row.entrant.name in data.no_figures:
        return tuple("" for _ in _keys(data))
    return tuple(figure_text(row, k) for k in _keys(data))


def rank_text(data: StandingsData, row: StandingRow) -> str:
    """The rank, or the placing ("5–8") where the format places its entrants."""
    if PLACING in data.columns and row.placing:
        return row.placing
    return str(row.rank)


def standings_rows(data: StandingsData) -> list[tuple[str, ...]]:
    rows = []
    for r in data.rows:
        blank = r.entrant.name in data.no_figures
        rows.append(
            (
                rank_text(data, r),
                r.entrant.name + (WITHDRAWN if r.entrant.withdrawn else ""),
                r.entrant.unit or "",
                *_figures(data, r),
                "" if blank else str(r.played),
                num(-r.deducted) if r.deducted else "",
            )
        )
    return rows


def _note(data: StandingsData) -> str:
    names = [TIEBREAK_NAMES.get(t, (t, t)) for t in data.tiebreaks]
    chain = " → ".join(zh for zh, _ in names)
    english = ", ".join(en for _, en in names)
    text = f"排名依据：{chain} → 并列。 Ranked by {english}; entrants equal on all share a rank."
    if not data.complete:
        text = "注意：这些轮次仍有成绩未录入。 Some results are still missing.   " + text
    return text


def _paint_rows(
    doc: Document, grid: Grid, rows: Sequence[Sequence[str]], muted: set[int], note: str, last: bool
) -> Painter:
    def paint(c: Canvas) -> None:
        bottom = grid.draw(c, MARGIN, doc.top, rows, muted=muted)
        if last:
            draw_text(c, MARGIN, bottom - 12, note, 7.5, color=ACCENT if "注意" in note else MUTED)

    return paint


def _build(
    path: Path,
    data: StandingsData,
    grid: Grid,
    rows: list[tuple[str, ...]],
    title: tuple[str, str],
    file_title: str,
) -> None:
    doc = Document(data.event)
    withdrawn = {i for i, r in enumerate(data.rows) if r.entrant.withdrawn}
    right = f"第 {data.after_round} 轮后  After round {data.after_round}"
    per_page = grid.rows_per_page(doc.height - 16)
    pages = chunks(rows, per_page)
    note = _note(data)
    for index, chunk in enumerate(pages):
        start = index * per_page
        muted = {i - start for i in withdrawn if start <= i < start + per_page}
        last = index == len(pages) - 1
        doc.add(Page(title[0], title[1], right, _paint_rows(doc, grid, chunk, muted, note, last)))
    doc.save(path, title=file_title)


def build_standings(path: Path, data: StandingsData) -> None:
    doc_width = Document(data.event).width
    columns = (*STANDINGS[:3], *(figure_column(k) for k in _keys(data)), *STANDINGS[3:])
    grid = Grid(columns, doc_width, size=9.5, row_h=16)
    rows = standings_rows(data)
    title = f"第 {data.after_round} 轮后名次"
    _build(path, data, grid, rows, (title, "Standings"), title)


def build_ranking(path: Path, data: StandingsData) -> None:
    doc_width = Document(data.event).width
    rows: list[tuple[str, ...]] = []
    for r in data.rows:
        entrant = data.entrants.get(r.entrant.name)
        players = "、".join(entrant.players) if entrant else ""
        name = r.entrant.name + (WITHDRAWN if r.entrant.withdrawn else "")
        rows.append((rank_text(data, r), name, r.entrant.unit or "", players, *_figures(data, r)))
    columns = (*RANKING, *(figure_column(k) for k in _keys(data)))
    grid = Grid(columns, doc_width, size=9.5, row_h=18)
    _build(path, data, grid, rows, ("最终名次", "Final ranking"), "最终名次")
