"""The standings PDF, built from plain data without a database."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from tests.reports import poppler
from tournament_desk.domain.standings import StandingEntrant, StandingRow
from tournament_desk.reports.model import EventHeader, StandingsData
from tournament_desk.reports.standings import build_standings, tie_boards


@pytest.mark.system  # poppler reads the PDF back
def test_a_long_name_and_a_withdrawal_in_the_standings(tmp_path: Path) -> None:
    """Built from plain data, without a database: a 200-character name stays inside its cell."""
    long_name = "超长队名" * 50
    rows = (
        StandingRow(1, StandingEntrant(1, "甲队", "一单位", 1), 3.0, 15, 1.5, 1, 0.0, None),
        StandingRow(2, StandingEntrant(2, long_name, None, 2, withdrawn=True), 1.5, 5, 3.0, 1, 0.5, "mp"),
    )
    data = StandingsData(EventHeader("测试", datetime(2026, 5, 1, 9, 30)), 1, rows, complete=False)
    out = tmp_path / "s.pdf"
    build_standings(out, data)
    text = poppler.text(out)
    assert "甲队" in text and "…" in text and "-0.5" in text
    assert "这些轮次仍有成绩未录入" in text
    assert "打印时间 Printed 2026-05-01 09:30" in text


def test_ties_show_the_best_boards_that_separate_them() -> None:
    def row(rank: int, name: str, score: float, boards: tuple[float, ...]) -> StandingRow:
        entrant = StandingEntrant(rank, name)
        return StandingRow(rank, entrant, score, 0, 0, 3, 0, None, direction="NS", score=score,
                           board_scores=boards)  # fmt: skip

    rows = [
        row(1, "甲", 20, (8, 6, 6)),
        row(2, "乙", 20, (8, 6, 4, 2)),
        row(3, "丙", 18, (6, 6, 6)),
        row(4, "丁", 10, (4, 4, 2)),
        row(4, "戊", 10, (4, 4, 2)),
    ]
    shown = tie_boards(rows)
    assert shown == {"甲": "8 6 6", "乙": "8 6 4", "丁": "4 4 2", "戊": "4 4 2"}
