"""reports/excel/workbook.py ``group_rows``: a group's sheet prints the group ranking's own figures (rules.md §7.4;
a team match, §5.8: points, games won and lost, the game ratio), as the printed group tables do."""

from __future__ import annotations

import math

from tournament_desk.domain.results import ResultState
from tournament_desk.domain.standings import StandingEntrant, StandingRow
from tournament_desk.reports.excel.workbook import group_rows
from tournament_desk.reports.model import GroupCellData, GroupTableData

TEAM_FIGURES = ("points", "h2h", "games_won", "games_lost", "game_ratio")


def group(**games: tuple[int, int]) -> GroupTableData:
    """Group A of two teams, 甲 having beaten 乙 2 : 1 in pair games (3 points to 1)."""
    rows = []
    for rank, name in enumerate(("甲", "乙"), start=1):
        won, lost = games[name]
        row = StandingRow(rank, StandingEntrant(rank, name, None, rank), 4.0 - 2 * rank, 0.0, 0.0, 1, 0.0, None,
                          level_diff=0, group="A", qualified=rank == 1, games_won=won, games_lost=lost,
                          game_ratio=won / lost if lost else math.inf)  # fmt: skip
        rows.append(row)
    cells = {
        ("甲", "乙"): GroupCellData("2 : 1", 3.0),
        ("乙", "甲"): GroupCellData("1 : 2", 1.0, ResultState.PLAYED),
    }
    return GroupTableData("A", ("甲", "乙"), tuple(rows), cells, True)


def test_a_team_match_group_sheet_has_points_games_and_ratio() -> None:
    headers, rows = group_rows(group(甲=(2, 1), 乙=(1, 2)), TEAM_FIGURES)
    assert headers == ["号 No.", "队名 Name", "1", "2", "积分 Points", "胜局 Won", "负局 Lost", "得失局率 Ratio",
                       "名次 Rank", "出线 Qualified"]  # fmt: skip
    assert rows[0][4:] == [2.0, 2, 1, 2.0, 1, "出线"]
    assert rows[1][4:8] == [0.0, 1, 2, 0.5]
    unbeaten = group_rows(group(甲=(3, 0), 乙=(0, 3)), TEAM_FIGURES)[1]
    assert unbeaten[0][7] == "∞"  # Excel has no infinity


def test_a_level_group_sheet_keeps_points_and_level_difference() -> None:
    headers, rows = group_rows(group(甲=(0, 0), 乙=(0, 0)), ("points", "h2h", "level_diff"))
    assert headers[4:] == ["积分 Points", "小分 Level diff.", "名次 Rank", "出线 Qualified"]
    assert rows[0][4:6] == [2.0, 0]
