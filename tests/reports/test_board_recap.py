"""The board recap of a Mitchell event: per direction, each pair's match points board by board."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from tests.reports import poppler
from tournament_desk.domain.standings import StandingEntrant, StandingRow
from tournament_desk.reports.board_recap import RECAP_BOARDS, build_board_recap, recap_rows
from tournament_desk.reports.model import DirectionData, EventHeader, MitchellResultsData

BOARDS = RECAP_BOARDS + 4  # two blocks of boards: two pages a direction


def direction(name: str, first: str, second: str) -> DirectionData:
    rows = (
        StandingRow(1, StandingEntrant(1, first), 0, 0, 0, 2, 0.5, None, direction=name, score=47.5),
        StandingRow(2, StandingEntrant(2, second), 0, 0, 0, 2, 0.0, "score", direction=name, score=24.0),
    )
    scores = {first: {b: 2.0 for b in range(1, BOARDS + 1)}, second: {b: 1.0 for b in range(1, BOARDS + 1)}}
    return DirectionData(name, rows, {first: 1, second: 2}, scores)


@pytest.mark.system  # poppler reads the PDF back
def test_each_direction_gets_its_pages_and_the_totals_come_last(tmp_path: Path) -> None:
    data = MitchellResultsData(
        EventHeader("米切尔", datetime(2026, 5, 1, 9, 0)), 3, False, BOARDS,
        (direction("NS", "甲对", "乙对"), direction("EW", "丙对", "丁对")),
    )  # fmt: skip
    out = tmp_path / "recap.pdf"
    build_board_recap(out, data)
    pages = poppler.page_texts(out)
    assert len(pages) == 4
    assert "南北方向成绩汇总表" in pages[0] and "东西方向成绩汇总表" in pages[2]
    assert "NS1" in pages[0] and "EW2" in pages[3]
    assert "48" in pages[1] and "-0.5" in pages[1] and "47.5" in pages[1]  # total, deduction, score
    assert "48" not in pages[0]  # the first block has no totals
    assert "这些轮次仍有成绩未录入" in pages[0]


def test_a_total_scaled_for_a_withdrawn_opponent_is_marked() -> None:
    """甲对 played boards 1 and 3 only (its round-2 opponent withdrew): 3.5 scaled × 3/2 = 5.25 (rules.md §7.5)."""
    rows = (
        StandingRow(1, StandingEntrant(1, "乙对"), 0, 0, 0, 3, 0.0, None, direction="NS", score=5.5),
        StandingRow(2, StandingEntrant(2, "甲对"), 0, 0, 0, 2, 0.0, None, direction="NS", score=5.25),
    )
    scores = {"甲对": {1: 3.5, 3: 0.0}, "乙对": {1: 0.5, 2: 3.5, 3: 1.5}}
    table, _ = recap_rows(DirectionData("NS", rows, {"甲对": 1, "乙对": 2}, scores), [1, 2, 3], True)
    assert table[0][1:] == ("甲对", "3.5", "", "0", "5.25 *", "", "5.25", "2")
    assert table[1][1:] == ("乙对", "0.5", "3.5", "1.5", "5.5", "", "5.5", "1")
