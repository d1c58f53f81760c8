"""The event workbook of every format but a Mitchell movement's (``reports.excel.mitchell``): entrants, one
sheet per round, the standings, the format's own sheets (a round robin's cross-table, each group, the bracket
and the knockout's placing) and the audit trail.
"""

from __future__ import annotations

import math
from pathlib import Path

from tournament_desk.domain.levels import format_level
from tournament_desk.domain.results import figure, group_figures
from tournament_desk.domain.standings import StandingRow
from tournament_desk.i18n import tr
from tournament_desk.reports.crosstable import meeting_text
from tournament_desk.reports.excel.sheets import Cell, finish_workbook, start_workbook, write_sheet
from tournament_desk.reports.excel.team_games import pair_game_rows, team_round_rows
from tournament_desk.reports.group_tables import GROUP_FIGURE_COLUMNS, group_mark, lots_needed
from tournament_desk.reports.model import (
    BracketData,
    GroupTableData,
    RoundData,
    RoundRobinGridData,
    StandingsData,
    WorkbookData,
)
from tournament_desk.reports.standings import decided_by, decided_text
from tournament_desk.reports.words import RELAXED, STATE_MARKS, rest_or_bye, table_note


def zh(text: str) -> str:
    """The printed word for a state: the same catalogue as every other message."""
    return tr(text, "zh")


ROUND_HEADERS = (
    "桌号 Table",
    "主队（南北） Home / NS",
    "客队（东西） Away / EW",
    "主队级数 Home level",
    "客队级数 Away level",
    "结果 Result",
    "主队场分 Home MP",
    "客队场分 Away MP",
    "主队标准分 Home VP",
    "客队标准分 Away VP",
    "备注 Note",
)
STANDING_HEADERS = (
    "名次 Rank",
    "队名 Name",
    "单位 Unit",
    "场分 MP",
    "标准分 VP",
    "对手分 Opp. MP",
    "已赛 Played",
    "扣分 Deducted",
    "状态 Status",
)


def round_rows(rnd: RoundData) -> list[list[Cell]]:
    rows: list[list[Cell]] = []
    for t in rnd.tables:
        home_mp, away_mp, home_vp, away_vp = t.result or (None, None, None, None)
        relaxed = "、".join(RELAXED.get(r, r) for r in t.relaxed)
        # What the table is (domain.table_state), then the pairing rules it broke.
        note = "；".join(filter(None, (table_note(t, " "), relaxed)))
        rows.append(
            [
                t.table,
                t.home,
                t.away,
                format_level(t.home_level) if t.home_level else None,
                format_level(t.away_level) if t.away_level else None,
                zh(t.kind),
                home_mp,
                away_mp,
                home_vp,
                away_vp,
                note or None,
            ]
        )
    if rnd.bye is not None:  # a rest scores nothing; a bye its award
        label, words = rest_or_bye(rnd.bye_state, rnd.bye_award, " ")
        mp, vp = (rnd.bye_award or (0.0, 0.0)) if rnd.bye_state.scores else (None, None)
        rows.append([None, rnd.bye, words, None, None, label, mp, None, vp, None, None])
    return rows


XMP_HEADER = "级分 XMP"  # duplicate events: the last column of each round (home team's) and of the standings
FIGURE_HEADERS = {
    "mp": "场分 MP",
    "vp": "标准分 VP",
    "opp_mp": "对手分 Opp. MP",
    "points": "积分 Points",
    "h2h": "相互间 H2H",
    "level_diff": "级差 Level diff.",
    "games_won": "胜局 Games won",
    "games_lost": "负局 Games lost",
    "game_ratio": "得失局率 Game ratio",
    "xmp": XMP_HEADER,
    "group": "组别 Group",
    "placing": "名次 Placing",
}


DECIDED_BY_HEADER = "排名依据 Decided by"


def figure_cell(row: StandingRow, key: str) -> Cell:
    """A figure as a cell: a number, except an unbeaten game ratio, written "∞" (Excel has no infinity)."""
    value = figure(row, key)
    return "∞" if isinstance(value, float) and math.isinf(value) else value


def standing_headers(data: StandingsData) -> tuple[str, ...]:
    """Rank, name, unit, the format's figures, played, deducted, status; the scoring mode's figures last; the
    tie-break that separated equal points where the chain has a head-to-head step."""
    own = [k for k in data.columns if k != "xmp"]
    extra = [FIGURE_HEADERS.get(k, k) for k in data.columns if k == "xmp"]
    extra += [DECIDED_BY_HEADER] if decided_by(data) else []
    return (*STANDING_HEADERS[:3], *(FIGURE_HEADERS.get(k, k) for k in own), *STANDING_HEADERS[6:], *extra)


def standing_rows(data: StandingsData) -> list[list[Cell]]:
    """One row per entrant; an entrant whose figures mean nothing here (``no_figures``) keeps its placing only."""
    own = [k for k in data.columns if k != "xmp"]
    extra = [k for k in data.columns if k == "xmp"]
    decided = decided_by(data)
    rows: list[list[Cell]] = []
    for r in data.rows:
        blank = r.entrant.name in data.no_figures

        def shown(key: str, row: StandingRow = r, blank: bool = blank) -> Cell:
            return None if blank and key != "placing" else figure_cell(row, key)

        rows.append(
            [
                r.rank,
                r.entrant.name,
                r.entrant.unit,
                *(shown(k) for k in own),
                None if blank else r.played,
                -r.deducted if r.deducted else None,  # as printed and shown: -0.5
                "退赛" if r.entrant.withdrawn else None,
                *(shown(k) for k in extra),
                *((decided_text(data, r) or None,) if decided else ()),
            ]
        )
    return rows


def grid_rows(grid: RoundRobinGridData) -> tuple[list[str], list[list[Cell]]]:
    """The round-robin cross-table as a sheet: one row per entrant, one column per opponent (draw order)."""
    headers = ["号 No.", "队名 Name", *(str(i) for i in range(1, len(grid.order) + 1))]
    headers += [FIGURE_HEADERS.get(k, k) for k in grid.columns] + ["名次 Rank"]
    ranked = {r.entrant.name: r for r in grid.rows}
    rows: list[list[Cell]] = []
    for i, name in enumerate(grid.order, start=1):
        cells: list[Cell] = [
            "—"
            if other == name
            else " | ".join(
                meeting_text(m, grid.win_draw_loss).replace("\n", " ").strip()
                for m in grid.meetings.get((name, other), ())
            )
            for other in grid.order
        ]
        row = ranked[name]
        rows.append([i, name, *cells, *(figure_cell(row, k) for k in grid.columns), row.rank])
    return headers, rows


GROUP_MARKS = ("名次 Rank", "出线 Qualified")


def group_figure_headers(keys: tuple[str, ...]) -> list[str]:
    """The group ranking's printed figures headed as the printed group tables head them (积分, 小分; a team
    match: 积分, 胜局, 负局, 得失局率)."""
    columns = [GROUP_FIGURE_COLUMNS.get(k) for k in keys]
    return [
        f"{c.title} {c.sub}" if c is not None else FIGURE_HEADERS.get(k, k)
        for k, c in zip(keys, columns, strict=True)
    ]


def group_rows(
    group: GroupTableData, figures: tuple[str, ...] = ("points", "level_diff")
) -> tuple[list[str], list[list[Cell]]]:
    """One group as a sheet: the results grid in Berger order (each cell the row entrant's levels first,
    then its points), then the group ranking's figures (``reports.group_tables.group_figures``: points and
    小分, or a team match's points and games), rank and the qualifier's mark."""
    keys = group_figures(figures)
    headers = ["号 No.", "队名 Name", *(str(i) for i in range(1, len(group.members) + 1))]
    headers += [*group_figure_headers(keys), *GROUP_MARKS]
    ranked = {r.entrant.name: r for r in group.rows}
    lots = lots_needed(group)
    rows: list[list[Cell]] = []
    for i, name in enumerate(group.members, start=1):
        cells: list[Cell] = []
        for other in group.members:
            cell = group.cells.get((name, other))
            if other == name:
                cells.append("—")
            elif cell is None or cell.points is None:
                cells.append(None)
            else:
                mark = STATE_MARKS.get(cell.state, "")
                cells.append(" ".join(p for p in (cell.levels, f"({cell.points:g})", mark) if p))
        row = ranked.get(name)
        if row is None:
            rows.append([i, name, *cells, *(None for _ in keys), None, None])
            continue
        mark = group_mark(row.qualified, name in lots)
        rows.append([i, name, *cells, *(figure_cell(row, k) for k in keys), row.rank, mark or None])
    return headers, rows


BRACKET_HEADERS = (
    "轮次 Round",
    "赛轮 Event round",
    "桌号 Table",
    "主队 Home",
    "客队 Away",
    "级数 Levels",
    "胜者 Winner",
    "备注 Note",
)


def bracket_rows(bracket: BracketData) -> list[list[Cell]]:
    """The bracket round by round: each match with its table, sides, levels and winner (byes noted)."""
    rows: list[list[Cell]] = []
    for k, matches in enumerate(bracket.rounds):
        zh_title, en_title = bracket.round_titles[k] if k < len(bracket.round_titles) else (str(k + 1), "")
        for mt in matches:
            notes = []
            title = f"{zh_title} {en_title}".strip()
            if mt.third_place:
                title = "三四名决赛 Third place"
            if mt.home is None or mt.away is None:
                notes.append("轮空 Bye" if k == 0 else "不战而胜 Walkover")
            if mt.on_stage in ("home", "away") and mt.levels:
                notes.append("台上 On stage: " + ("主队" if mt.on_stage == "home" else "客队"))
            if mt.state is not None and mt.state in STATE_MARKS:
                notes.append(STATE_MARKS[mt.state])
            rows.append(
                [
                    title,
                    mt.round or None,
                    mt.table,
                    "轮空 Bye" if mt.home is None else (mt.home or None),
                    "轮空 Bye" if mt.away is None else (mt.away or None),
                    mt.levels or None,
                    mt.winner if mt.decided else None,
                    "；".join(notes) or None,
                ]
            )
    return rows


PLACING_HEADERS = ("名次 Placing", "队名 Name", "组别 Group", "单位 Unit")


def xmp_round_rows(rnd: RoundData) -> list[list[Cell]]:
    """A duplicate round: each table's row ends with the home team's XMP (the bye row, last, has none)."""
    rows = round_rows(rnd)
    xmp: list[Cell] = [t.xmp for t in rnd.tables]
    return [[*row, xmp[i] if i < len(xmp) else None] for i, row in enumerate(rows)]


def build_workbook(path: Path, data: WorkbookData) -> None:
    wb = start_workbook(data, "参赛队")
    duplicate = "xmp" in data.standings.columns  # each round's sheet ends with the home team's XMP
    for rnd in data.rounds:
        if data.team_matches is not None:  # team matches of pairs: the games won and the points
            write_sheet(wb.create_sheet(f"第{rnd.round}轮"), *team_round_rows(rnd, data.team_matches))
        elif duplicate:
            write_sheet(
                wb.create_sheet(f"第{rnd.round}轮"), (*ROUND_HEADERS, XMP_HEADER), xmp_round_rows(rnd)
            )
        else:
            write_sheet(wb.create_sheet(f"第{rnd.round}轮"), ROUND_HEADERS, round_rows(rnd))
    headers = standing_headers(data.standings)
    write_sheet(
        wb.create_sheet(f"第{data.standings.after_round}轮后名次"), headers, standing_rows(data.standings)
    )
    if data.grid is not None:
        write_sheet(wb.create_sheet("交叉表", 1), *grid_rows(data.grid))
    index = 1  # groups then knockout: the group sheets and the bracket right after the entrants
    if data.groups is not None:
        for group in data.groups.groups:
            write_sheet(wb.create_sheet(f"{group.name}组", index), *group_rows(group, data.groups.figures))
            index += 1
    if data.bracket is not None:
        write_sheet(wb.create_sheet("对阵图", index), BRACKET_HEADERS, bracket_rows(data.bracket))
        placing = [[p.placing, p.name, p.group, p.unit] for p in data.bracket.placing]
        write_sheet(wb.create_sheet("淘汰赛名次", index + 1), PLACING_HEADERS, placing)
    if data.team_matches is not None:  # every pair game, after the standings
        write_sheet(wb.create_sheet("对局"), *pair_game_rows(data.team_matches))
    finish_workbook(wb, data, path)
