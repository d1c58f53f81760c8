"""The final placing: its rows and columns, with groups and players where there are any, and its note."""

from __future__ import annotations

from datetime import datetime

from tournament_desk.reports.model import BracketData, EventHeader, PlacingRow
from tournament_desk.reports.placing import (
    GROUPS_NOTE,
    PLACING_NOTE,
    has_groups,
    placing_columns,
    placing_note,
    placing_rows,
)

ROWS = (
    PlacingRow("1", "甲队", "A", "一中", ("张三", "李四")),
    PlacingRow("2", "乙队", None, None),
)


def test_rows_with_and_without_groups_and_players() -> None:
    assert placing_rows(ROWS, players=False, groups=False) == [("1", "甲队", "一中"), ("2", "乙队", "")]
    assert placing_rows(ROWS, players=True, groups=True) == [
        ("1", "甲队", "A", "一中", "张三、李四"),
        ("2", "乙队", "", "", ""),
    ]
    titles = [c.title for c in placing_columns(players=True, groups=True)]
    assert titles == ["名次", "队名", "组别", "单位", "队员"]
    assert [c.title for c in placing_columns(players=False, groups=False)] == ["名次", "队名", "单位"]


def test_the_note_says_how_places_are_shared() -> None:
    event = EventHeader("杯", datetime(2026, 5, 1, 9, 0))
    assert has_groups(ROWS) and not has_groups(ROWS[1:])
    assert placing_note(BracketData(event, 2, (), (), ROWS)) == GROUPS_NOTE
    assert placing_note(BracketData(event, 2, (), (), ROWS[1:])) == PLACING_NOTE
    assert placing_note(BracketData(event, 2, (), (), ROWS, placing_note="自定")) == "自定"
