"""A group table's cells, marks and figures: levels and points, forfeits, who qualified, who must draw a lot;
team matches of pairs with games won and lost and the game ratio (rules.md §5.8)."""

from __future__ import annotations

import math
from datetime import datetime
from pathlib import Path

import pytest

from tests.reports import poppler
from tournament_desk.domain.ranking import GROUP_RANKING, TEAM_RANKING
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.standings import StandingEntrant, StandingRow
from tournament_desk.reports.group_tables import (
    LOT,
    QUALIFIED,
    build_group_tables,
    group_block,
    group_cell_text,
    group_columns,
    group_legend,
    group_mark,
    lots_needed,
)
from tournament_desk.reports.model import EventHeader, GroupCellData, GroupStageData, GroupTableData


def test_a_cell_shows_levels_then_points_or_the_mark() -> None:
    assert group_cell_text(None) == ""
    assert group_cell_text(GroupCellData("", None, ResultState.PENDING)) == ""
    assert group_cell_text(GroupCellData("9 : 6", 3.0)) == "9 : 6\n3"
    assert group_cell_text(GroupCellData("", 0.0, ResultState.FORFEIT)) == "弃权\n0"
    assert group_cell_text(GroupCellData("A : 3", 3.0, ResultState.LATE)) == "A : 3\n3 迟交"
    assert group_cell_text(GroupCellData("9 : 6", None)) == "9 : 6\n"


def test_the_mark_of_a_row() -> None:
    assert group_mark(True, False) == QUALIFIED
    assert group_mark(False, False) == group_mark(None, False) == ""
    assert group_mark(True, True) == LOT


def test_lots_are_needed_only_once_the_group_is_over() -> None:
    tied = StandingRow(2, StandingEntrant(2, "乙"), 3, 0, 0, 3, 0, None, lot_needed=True)
    rows = (StandingRow(1, StandingEntrant(1, "甲"), 6, 0, 0, 3, 0, None), tied)
    over = GroupTableData("A", ("甲", "乙"), rows, {}, True, ("丙",))
    assert lots_needed(over) == {"乙", "丙"}
    playing = GroupTableData("A", ("甲", "乙"), rows, {}, False, ("丙",))
    assert lots_needed(playing) == set()


def test_a_column_for_every_opponent() -> None:
    columns = group_columns(4)
    assert [c.title for c in columns] == ["号", "队名", "1", "2", "3", "4", "积分", "小分", "名次", "出线"]


TEAM = ("甲队", "乙队", "丙队")


def team_group() -> GroupTableData:
    """A group of three teams after two team matches of three pairs: 甲队 beat 乙队 3 : 0 and 丙队 2 : 1."""
    rows = (
        StandingRow(1, StandingEntrant(1, "甲队"), 6, 0, 0, 2, 0, None, games_won=5, games_lost=1, game_ratio=5.0),
        StandingRow(2, StandingEntrant(3, "丙队"), 1, 0, 0, 1, 0, "mp", games_won=1, games_lost=2, game_ratio=0.5),
        StandingRow(3, StandingEntrant(2, "乙队"), 1, 0, 0, 1, 0, "game_ratio", games_won=0, games_lost=3,
                    game_ratio=0.0),
    )  # fmt: skip
    cells = {
        ("甲队", "乙队"): GroupCellData("3 : 0", 3.0),
        ("乙队", "甲队"): GroupCellData("0 : 3", 1.0),
        ("甲队", "丙队"): GroupCellData("2 : 1", 3.0),
        ("丙队", "甲队"): GroupCellData("1 : 2", 1.0),
    }
    return GroupTableData("A", TEAM, rows, cells, False)


def test_a_level_group_prints_points_and_level_difference() -> None:
    """The group ranking of a level-scored event shows points, head-to-head and 小分: the table prints points
    and 小分 (the head-to-head figure only decides within a tie)."""
    columns = group_columns(3, GROUP_RANKING.columns)
    assert [c.title for c in columns][-4:] == ["积分", "小分", "名次", "出线"]
    zh, en = group_legend(GROUP_RANKING.columns)
    assert "级数" in zh and "小分 = 各场级差之和" in zh and "level difference" in en and "得失局率" not in zh


def test_a_team_match_group_prints_points_games_and_the_game_ratio() -> None:
    """rules.md §5.8: a group of team matches ranks by points, head-to-head, game ratio, and shows the games won
    and lost as the standings do: no 小分 (there are no levels at the match level)."""
    block = group_block(team_group(), 500.0, TEAM_RANKING.columns)
    titles = [c.title for c in block.grid.columns]
    assert titles[-6:] == ["积分", "胜局", "负局", "得失局率", "名次", "出线"] and "小分" not in titles
    by_name = {row[1]: row[-6:] for row in block.rows}
    assert by_name["甲队"] == ("6", "5", "1", "5", "1", "")
    assert by_name["丙队"] == ("1", "1", "2", "0.5", "2", "")
    assert block.rows[0][2:5] == ("", "3 : 0\n3", "2 : 1\n3")
    zh, en = group_legend(TEAM_RANKING.columns)
    assert "对局比分" in zh and "得失局率 = 胜局 ÷ 负局" in zh and "小分" not in zh and "game ratio" not in en
    assert "ratio = won ÷ lost" in en


def test_an_unbeaten_teams_ratio_is_infinite() -> None:
    group = team_group()
    unbeaten = StandingRow(1, StandingEntrant(1, "甲队"), 6, 0, 0, 2, 0, None, games_won=6, games_lost=0,
                           game_ratio=math.inf)  # fmt: skip
    group = GroupTableData("A", TEAM, (unbeaten, *group.rows[1:]), group.cells, False)
    block = group_block(group, 500.0, TEAM_RANKING.columns)
    assert block.rows[0][-3] == "∞"


@pytest.mark.system  # pdftotext reads the PDF back
def test_the_printed_group_table_of_team_matches(tmp_path: Path) -> None:
    poppler.require_poppler()
    pdf = tmp_path / "groups.pdf"
    event = EventHeader("分组团体赛", datetime(2026, 5, 1, 9, 0))
    build_group_tables(pdf, GroupStageData(event, (team_group(),), 2, figures=TEAM_RANKING.columns))
    text = poppler.text(pdf)
    assert "胜局" in text and "负局" in text and "得失局率" in text and "小分" not in text
    assert "对局比分" in text
