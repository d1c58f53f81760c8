"""The cross-tables (交叉表): a Swiss event's (every entrant's opponent, seat and result in each round, in
ranking order) and a round robin's (rules.md §7.3, its main sheet).

A round robin's rows and columns follow the draw (Berger) numbers; each cell holds the row entrant's result
against the column entrant (its level first, then its VP and MP, or its points in a win/draw/loss event), two
lines per meeting in a double round robin; the figures of the ranking chain and the rank stand at the right.
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
from tournament_desk.domain.table_state import TableState, table_words
from tournament_desk.i18n import render
from tournament_desk.reports.grid import Column, Grid, Note, grid_pages
from tournament_desk.reports.layout import LANDSCAPE, MARGIN, MUTED, Document, Page, draw_text, num
from tournament_desk.reports.model import CrossCell, CrossTableData, Meeting, RoundRobinGridData
from tournament_desk.reports.standings import figure_column
from tournament_desk.reports.words import STATE_MARKS, entrant_name

DIAGONAL = HexColor("#c9d3df")
KINDS = {"forfeit": "弃权", "late": "迟交", "ruling": "判负"}
LEGEND = Note(
    "每格：对手；座位（主 = 主队南北，客 = 客队东西）与 场分 / 标准分；弃权、迟交、判负另注。"
    "  Each cell: opponent; seat (主 home NS, 客 away EW) and MP / VP."
)
GRID_LEGEND = (
    "每格：本行队对本列队的结果（本队级数 : 对方级数，标准分 / 场分；胜平负赛制为积分）；弃权、判负、注销另注。",
    "Each cell: the row entrant's result against the column entrant (its level first; VP / MP, or points).",
)
TEAM_LEGEND = (
    "每格：本行队对本列队的团体赛结果（本队胜局 : 对方胜局，积分：胜 3 负 1，弃权 3 : 0）；弃权、判负、注销另注。",
    "Each cell: the row team's match against the column team (its pair games won first; points: win 3, loss 1).",
)
TEAM_NOTE = Note(
    "每格：对手；座位（主 / 客）、胜局 本队 : 对方 与 积分；弃权、迟交、判负另注。"
    "  Each cell: opponent; seat (主 home, 客 away), pair games won : lost and points."
)


def shade_diagonal(c: Canvas, grid: Grid, top: float, first: int, n: int) -> None:
    """Shade the cells where an entrant meets itself (columns ``first``… of a grid at (MARGIN, ``top``)),
    over the zebra rows, under nothing."""
    c.saveState()
    c.setFillColor(DIAGONAL)
    left0 = MARGIN + sum(grid.widths[:first])
    for i in range(n):
        x = left0 + sum(grid.widths[first : first + i])
        y = top - grid.header_h - (i + 1) * grid.row_h
        c.rect(x + 0.5, y + 0.5, grid.widths[first + i] - 1, grid.row_h - 1, stroke=0, fill=1)
    c.restoreState()


# --- a Swiss event's -----------------------------------------------------------------------------------------


def cell_text(cell: CrossCell | None, *, team: bool = False) -> str:
    """A Swiss cell: the opponent, then the seat and MP / VP; a team match of pairs (``team``) its pair games
    won (3:2) and its points, a forfeit or bye its points only (team matches have no VP)."""
    if cell is None:
        return "—"
    figures = "—" if cell.mp is None else f"{num(cell.mp)} 分" if team else f"{num(cell.mp)} / {num(cell.vp)}"
    if cell.opponent is None:
        return f"轮空 Bye\n{figures}"
    seat = "主" if cell.home else "客"
    result = figures
    if cell.games is not None and cell.mp is not None:
        result = f"{cell.games[0]}:{cell.games[1]}  {figures}"
    note = KINDS.get(cell.kind, "")
    return f"{cell.opponent}\n{seat}  {result}{'  ' + note if note else ''}"


def _columns(rounds: int, figures: Sequence[str]) -> list[Column]:
    cols = [Column("名次", "Rank", 0.6, "c"), Column("队名", "Name", 2.4)]
    if rounds <= 7:
        cols.append(Column("单位", "Unit", 1.8))
    cols += [Column(f"第 {n} 轮", f"Round {n}", 2.0, "c") for n in range(1, rounds + 1)]
    cols += [replace(figure_column(k), weight=0.8) for k in figures]
    return cols


def _team_matches(data: CrossTableData) -> bool:
    """Whether the cells are team matches of pairs: the standings count their pair games."""
    return "games_won" in data.columns


def build_crosstable(path: Path, data: CrossTableData) -> None:
    doc = Document(data.event, pagesize=LANDSCAPE)
    with_unit = data.rounds <= 7
    team = _team_matches(data)
    grid = Grid(_columns(data.rounds, data.columns), doc.width, size=8.5, row_h=25, header_h=28)
    rows = []
    for r in data.rows:
        cells = data.cells.get(r.entrant.name, {})
        row = [str(r.rank), entrant_name(r.entrant)]
        if with_unit:
            row.append(r.entrant.unit or "")
        row += [cell_text(cells.get(n), team=team) for n in range(1, data.rounds + 1)]
        row += [figure_text(r, k) for k in data.columns]
        rows.append(tuple(row))
    right = f"第 {data.after_round} 轮后  After round {data.after_round}"
    note = TEAM_NOTE if team else LEGEND
    grid_pages(doc, grid, rows, ("交叉表", "Cross-table", right), note=note)
    doc.save(path, title="交叉表")


# --- a round robin's -----------------------------------------------------------------------------------------


def meeting_note(m: Meeting) -> str:
    """What a meeting a withdrawal decided (or will decide), or an annulled one, is — as ``domain.table_state``
    words a table, from the row entrant's side (本队, 对手); "" for any other."""
    side, withdrawal = m.against
    if not withdrawal and m.state != ResultState.ANNULLED:
        return ""
    me, them = ("本队", "对手") if m.home else ("对手", "本队")
    said = table_words(TableState(m.state, side, withdrawal), me, them)
    return render(said, "zh") if said is not None else ""


def meeting_text(m: Meeting, win_draw_loss: bool) -> str:
    """One meeting in a cell: levels (a team match's pair games won) on the first line, the figures (or a
    mark) on the second; a team match or a win/draw/loss event shows its points only. A meeting not played —
    still to come, or decided by a withdrawal (annulled, forfeited) — shows its seat and round, then what it is
    (or will be)."""
    seat = "主" if m.home else "客"
    note = meeting_note(m)
    if m.state == ResultState.PENDING:
        return f"{seat} 第{m.round}轮"
    if m.games is not None:
        first = f"{m.games[0]}:{m.games[1]}"
    elif m.levels:
        first = f"{format_level(m.levels[0])}:{format_level(m.levels[1])}"
    elif note:  # not played: what it is, over its figures; or (none) its seat and round
        first = note if m.vp is not None and m.mp is not None else f"{seat} 第{m.round}轮"
    else:
        first = STATE_MARKS.get(m.state, "")
    if m.vp is None or m.mp is None:
        return f"{first}\n{note}"
    second = num(m.mp) if win_draw_loss else f"{num(m.vp)} / {num(m.mp)}"
    if note and (m.levels or m.games):
        second += " " + note
    elif (m.levels or m.games) and m.state in STATE_MARKS:
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


def _grid_rows(data: RoundRobinGridData) -> list[tuple[str, ...]]:
    ranked: dict[str, StandingRow] = {r.entrant.name: r for r in data.rows}
    rows = []
    for i, name in enumerate(data.order, start=1):
        row = ranked[name]
        cells = [
            "" if other == name else meeting_cell(data.meetings.get((name, other), ()), data.win_draw_loss)
            for other in data.order
        ]
        rows.append(
            (
                str(i),
                entrant_name(row.entrant),
                *cells,
                *(figure_text(row, k) for k in data.columns),
                str(row.rank),
            )
        )
    return rows


def build_roundrobin_grid(path: Path, data: RoundRobinGridData) -> None:
    n = len(data.order)
    doc = Document(data.event, pagesize=LANDSCAPE)
    columns = [Column("号", "No.", 0.45, "c"), Column("队名", "Name", 2.2)]
    columns += [Column(str(i), "", 1.25, "c") for i in range(1, n + 1)]
    columns += [replace(figure_column(k), weight=0.8) for k in data.columns]
    columns.append(Column("名次", "Rank", 0.6, "c", bold=True))
    row_h = max(16.0, min(34.0, (doc.height - 40) / max(n, 1)))
    size = 8.5 if n <= 10 else 7.5 if n <= 16 else 6.5
    grid = Grid(columns, doc.width, size=size, row_h=row_h, header_h=26)
    rows = _grid_rows(data)

    def paint(c: Canvas) -> None:
        bottom = grid.draw(c, MARGIN, doc.top, rows, strong=())
        shade_diagonal(c, grid, doc.top, 2, n)
        rests = "；".join(
            f"{name} 第{'、'.join(map(str, rounds))}轮" for name, rounds in data.rests.items() if rounds
        )
        legend = TEAM_LEGEND if data.team_games else GRID_LEGEND
        lines = [*legend, f"轮休 Rests: {rests}"] if rests else list(legend)
        for i, line in enumerate(lines):
            draw_text(c, MARGIN, bottom - 12 - 10 * i, line, 7.5, color=MUTED)

    right = f"第 {data.after_round} 轮后  After round {data.after_round}"
    doc.add(Page("循环赛交叉表", "Round-robin cross-table", right, paint))
    doc.save(path, title="循环赛交叉表")
