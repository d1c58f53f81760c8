"""A group table's cells and marks: levels and points, forfeits, who qualified, who must draw a lot."""

from __future__ import annotations

from tournament_desk.domain.results import ResultState
from tournament_desk.domain.standings import StandingEntrant, StandingRow
from tournament_desk.reports.group_tables import (
    LOT,
    QUALIFIED,
    group_cell_text,
    group_columns,
    group_mark,
    lots_needed,
)
from tournament_desk.reports.model import GroupCellData, GroupTableData


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
