"""Standings after a round (名次表) with every figure of the tiebreak chain, and the final ranking (最终名次);
a Mitchell movement's by direction (南北方向名次 / 东西方向名次): each direction on its own page(s), and for
pairs tied on the total the best board scores that separate them."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from tournament_desk.domain.results import figure_text
from tournament_desk.domain.standings import StandingRow
from tournament_desk.reports.directions import DIRECTIONS, after_round, gross, notes_below
from tournament_desk.reports.fonts import text_width
from tournament_desk.reports.grid import Column, Grid, Note, grid_pages
from tournament_desk.reports.layout import (
    ACCENT,
    HEAD_FILL,
    MARGIN,
    MUTED,
    PORTRAIT,
    Document,
    Page,
    Painter,
    draw_text,
    num,
)
from tournament_desk.reports.model import DirectionData, MitchellResultsData, StandingsData
from tournament_desk.reports.words import entrant_name

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
    "games_won": Column("胜局", "Won", 0.8, "r"),
    "games_lost": Column("负局", "Lost", 0.8, "r"),
    "game_ratio": Column("得失局率", "Ratio", 1.05, "r"),
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
    "game_ratio": ("得失局率", "game ratio"),
    "placing": ("淘汰赛名次", "the knockout's placing"),
}
PLACING = "placing"
DECIDED_BY = Column("排名依据", "Decided by", 1.35, "c")


def decided_by(data: StandingsData) -> bool:
    """Whether the standings name the tie-break that put each row below the one above: a chain with a
    head-to-head step (round robin, groups, team matches), where equal points are separated less visibly."""
    return any(key.startswith("h2h") for key in data.tiebreaks)


def decided_text(data: StandingsData, row: StandingRow) -> str:
    """The tie-break that separated the row from the one above when it was level on the first figure."""
    key = row.separated_by
    if not key or (data.tiebreaks and key == data.tiebreaks[0]):
        return ""
    return TIEBREAK_NAMES.get(key, (key, key))[0]


def _keys(data: StandingsData) -> tuple[str, ...]:
    """The figures printed, in order: the format's, with a duplicate event's XMP right after the VP (a placing
    is printed in the rank column)."""
    keys = [k for k in data.columns if k not in ("xmp", PLACING)]
    if "xmp" in data.columns:
        keys.insert(keys.index("vp") + 1 if "vp" in keys else len(keys), "xmp")
    return tuple(keys)


def figure_keys(data: StandingsData) -> tuple[str, ...]:
    """The figures the standings print, in order (the pictures to share print the same, ``picture_sheets``)."""
    return _keys(data)


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
    decided = decided_by(data)
    for r in data.rows:
        blank = r.entrant.name in data.no_figures
        rows.append(
            (
                rank_text(data, r),
                entrant_name(r.entrant),
                r.entrant.unit or "",
                *_figures(data, r),
                "" if blank else str(r.played),
                num(-r.deducted) if r.deducted else "",
                *((decided_text(data, r),) if decided else ()),
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


def _build(
    path: Path,
    data: StandingsData,
    columns: Sequence[Column],
    row_h: float,
    rows: list[tuple[str, ...]],
    title: tuple[str, str],
    file_title: str,
) -> None:
    doc = Document(data.event)
    grid = Grid(columns, doc.width, size=9.5, row_h=row_h)
    withdrawn = {i for i, r in enumerate(data.rows) if r.entrant.withdrawn}
    right = f"第 {data.after_round} 轮后  After round {data.after_round}"
    note = Note(_note(data), color=MUTED if data.complete else ACCENT)
    grid_pages(doc, grid, rows, (*title, right), note=note, muted=withdrawn)
    doc.save(path, title=file_title)


def build_standings(path: Path, data: StandingsData) -> None:
    columns = (*STANDINGS[:3], *(figure_column(k) for k in _keys(data)), *STANDINGS[3:])
    columns += (DECIDED_BY,) if decided_by(data) else ()
    title = f"第 {data.after_round} 轮后名次"
    _build(path, data, columns, 16, standings_rows(data), (title, "Standings"), title)


def build_ranking(path: Path, data: StandingsData) -> None:
    rows: list[tuple[str, ...]] = []
    for r in data.rows:
        entrant = data.entrants.get(r.entrant.name)
        players = "、".join(entrant.players) if entrant else ""
        rows.append(
            (rank_text(data, r), entrant_name(r.entrant), r.entrant.unit or "", players, *_figures(data, r))
        )
    columns = (*RANKING, *(figure_column(k) for k in _keys(data)))
    _build(path, data, columns, 18, rows, ("最终名次", "Final ranking"), "最终名次")


# --- a Mitchell movement: by direction ------------------------------------------------------------------


def tie_boards(rows: Sequence[StandingRow]) -> dict[str, str]:
    """For each pair tied with another on the score: its best board scores, as far as they separate it from
    the pairs it is tied with ("12 12 10"); a full tie shows every board."""
    shown: dict[str, str] = {}
    by_score: dict[float, list[StandingRow]] = {}
    for r in rows:
        by_score.setdefault(r.score or 0.0, []).append(r)
    for tied in by_score.values():
        if len(tied) < 2:
            continue
        depth = 0
        for a in tied:
            for b in tied:
                if a is b:
                    continue
                sa, sb = a.board_scores or (), b.board_scores or ()
                k = next((i for i, (x, y) in enumerate(zip(sa, sb, strict=False)) if x != y), None)
                depth = max(depth, (k + 1) if k is not None else max(len(sa), len(sb)))
        for r in tied:
            scores = (r.board_scores or ())[:depth]
            shown[r.entrant.name] = " ".join(num(s) for s in scores)
    return shown


DIRECTION_NOTE = (
    "排名：比赛分总分（已减扣分）；总分相同比较最高单副比赛分，多者列前，如仍相同比较次高分，依此类推；"
    "“最佳单副”一栏列出并列者比较到的各副比赛分。",
    "Ranked by total match points less deductions; pairs level on that are separated by their best single "
    "board, then the next best, and so on: 'Best boards' shows the scores compared.",
)


def _direction_columns(final: bool) -> list[Column]:
    columns = [
        Column("名次", "Rank", 0.65, "c", bold=True),
        Column("号", "Pair", 0.6, "c"),
        Column("对名", "Name", 2.6),
        Column("单位", "Unit", 1.9),
    ]
    if final:
        columns.append(Column("队员", "Players", 2.6))
    columns += [
        Column("已赛", "Rounds", 0.65, "c"),
        Column("比赛分", "MP", 0.9, "r"),
        Column("扣分", "Deducted", 0.85, "r"),
        Column("总分", "Score", 0.9, "r", bold=True),
        Column("最佳单副", "Best boards (ties)", 2.0),
    ]
    return columns


def direction_rows(data: MitchellResultsData, d: DirectionData, final: bool) -> list[tuple[str, ...]]:
    ties = tie_boards(d.rows)
    rows = []
    for r in d.rows:
        row: tuple[str, ...] = (
            str(r.rank),
            f"{DIRECTIONS[d.direction][2]}{d.pairs.get(r.entrant.name, '')}",
            entrant_name(r.entrant),
            r.entrant.unit or "",
        )
        if final:
            entrant = data.entrants.get(r.entrant.name)
            row += ("、".join(entrant.players) if entrant else "",)
        row += (
            str(r.played),
            num(gross(r)),
            num(-r.deducted) if r.deducted else "",
            num(r.score),
            ties.get(r.entrant.name, ""),
        )
        rows.append(row)
    return rows


BLOCK_TITLE_H = 24.0  # a direction's heading above its grid
BLOCK_GAP = 16.0


def _direction_blocks(
    data: MitchellResultsData, grid: Grid, height: float, final: bool
) -> list[list[tuple[str, list[tuple[str, ...]], set[int]]]]:
    """The pages of the rankings: each a list of (direction, rows, muted rows) blocks; the two directions
    share a page when they fit, a long one goes on over as many pages as it needs."""
    pages: list[list[tuple[str, list[tuple[str, ...]], set[int]]]] = [[]]
    used = 0.0
    for d in data.directions:
        rows = direction_rows(data, d, final)
        withdrawn = {i for i, r in enumerate(d.rows) if r.entrant.withdrawn}
        start = 0
        while start < len(rows) or start == 0:
            gap = BLOCK_GAP if pages[-1] else 0.0
            room = int((height - used - gap - BLOCK_TITLE_H - grid.header_h) // grid.row_h)
            if room < min(3, len(rows) - start) or room < 1:
                pages.append([])
                used, gap = 0.0, 0.0
                room = int((height - BLOCK_TITLE_H - grid.header_h) // grid.row_h)
            chunk = rows[start : start + room]
            muted = {i - start for i in withdrawn if start <= i < start + len(chunk)}
            pages[-1].append((d.direction, chunk, muted))
            used += gap + BLOCK_TITLE_H + grid.height(len(chunk))
            start += max(1, len(chunk))
            if start >= len(rows):
                break
    return [page for page in pages if page]


def _direction_painter(
    doc: Document, grid: Grid, data: MitchellResultsData,
    blocks: list[tuple[str, list[tuple[str, ...]], set[int]]], last: bool,
) -> Painter:  # fmt: skip
    def paint(c: Canvas) -> None:
        top = doc.top
        for direction, rows, muted in blocks:
            zh, en, _ = DIRECTIONS[direction]
            title = f"{zh}方向名次"
            draw_text(c, MARGIN, top - 16, title, 13, bold=True, color=HEAD_FILL)
            draw_text(c, MARGIN + text_width(title, 13) + 8, top - 16, f"{en} ranking", 8.5, color=MUTED)
            top = grid.draw(c, MARGIN, top - BLOCK_TITLE_H, rows, muted=muted) - BLOCK_GAP
        if last:
            notes_below(c, top + BLOCK_GAP - 12, doc.width, data.complete, DIRECTION_NOTE)

    return paint


def build_direction_rankings(path: Path, data: MitchellResultsData, *, final: bool = False) -> None:
    """Both directions on one document, NS first: 南北方向名次 / 东西方向名次 (one page when they fit)."""
    doc = Document(data.event, pagesize=PORTRAIT)
    grid = Grid(_direction_columns(final), doc.width, size=9.0, row_h=18 if final else 17)
    over = data.complete and data.rounds > 0 and data.after_round >= data.rounds
    right = ("最终名次 Final ranking  " if final and over else "") + after_round(data)
    pages = _direction_blocks(data, grid, doc.height - 40, final)
    for i, blocks in enumerate(pages):
        shown = list(dict.fromkeys(direction for direction, _, _ in blocks))
        title = " / ".join(f"{DIRECTIONS[d][0]}方向名次" for d in shown)
        sub = "North–South and East–West rankings" if len(shown) > 1 else f"{DIRECTIONS[shown[0]][1]} ranking"
        doc.add(Page(title, sub, right, _direction_painter(doc, grid, data, blocks, i == len(pages) - 1)))
    doc.save(path, title="南北方向名次 东西方向名次")
