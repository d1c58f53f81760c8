"""The public cross-table page: a round robin's grid as printed, a cup's group tables, or a sentence."""

from __future__ import annotations

from datetime import datetime

from tournament_desk.domain.levels import parse_level
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.standings import StandingEntrant, StandingRow
from tournament_desk.reports.html.crosstable import crosstable_html, grid_rows
from tournament_desk.reports.html.shapes import CrossTableView
from tournament_desk.reports.model import EventHeader, Meeting, RoundRobinGridData

A, NINE = parse_level("A"), parse_level("9")


def grid() -> RoundRobinGridData:
    rows = (
        StandingRow(1, StandingEntrant(1, "甲队"), 3.0, 15, 0, 1, 0, None),
        StandingRow(2, StandingEntrant(2, "乙<队>", withdrawn=True), 0.0, 5, 3, 1, 0, "vp"),
    )
    meetings = {
        ("甲队", "乙<队>"): (Meeting(1, True, ResultState.PLAYED, (A, NINE), 15.0, 3.0),),
        ("乙<队>", "甲队"): (Meeting(1, False, ResultState.PLAYED, (NINE, A), 5.0, 0.0),),
    }
    return RoundRobinGridData(EventHeader("循环赛", datetime(2026, 5, 1, 9, 0)), 1, ("乙<队>", "甲队"), rows,
                              ("vp", "mp"), meetings)  # fmt: skip


def test_the_rows_are_the_printed_sheets_in_draw_order() -> None:
    assert grid_rows(grid()) == [
        ("1", "乙<队>（退赛）", "", "9:A\n5 / 0", "5", "0", "2"),
        ("2", "甲队", "A:9\n15 / 3", "", "15", "3", "1"),
    ]


def test_the_page_escapes_names_and_notes_a_freeze() -> None:
    html = crosstable_html("en", CrossTableView(grid(), None, frozen_after=1))
    assert "Cross-table after round 1" in html and "Standings frozen after round 1." in html
    assert "乙&lt;队&gt;" in html and "乙<队>" not in html
    assert "<br>" in html  # a cell's two lines


def test_without_a_grid_a_sentence() -> None:
    assert "This event has no cross-table." in crosstable_html("en", None)
    frozen_cup = crosstable_html("en", CrossTableView(None, None, frozen_after=2))
    assert "shown again when the standings are no longer frozen" in frozen_cup
