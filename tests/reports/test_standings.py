"""The standings PDF, built from plain data without a database."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from tests.reports import poppler
from tournament_desk.domain.standings import StandingEntrant, StandingRow
from tournament_desk.reports.model import EventHeader, StandingsData
from tournament_desk.reports.standings import (
    build_standings,
    decided_by,
    decided_text,
    standings_rows,
    tie_boards,
)


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


TEAM_CHAIN = ("points", "h2h_points", "game_ratio")
TEAM_COLUMNS = ("points", "h2h", "games_won", "games_lost", "game_ratio")


def team_rows() -> tuple[StandingRow, ...]:
    def row(
        rank: int, name: str, points: float, won: int, lost: int, ratio: float, by: str | None
    ) -> StandingRow:
        return StandingRow(rank, StandingEntrant(rank, name), points, 0, 0, 2, 0, by, games_won=won,
                           games_lost=lost, game_ratio=ratio)  # fmt: skip

    return (
        row(1, "甲队", 6, 9, 1, 9.0, None),
        row(2, "乙队", 4, 4, 6, 4 / 6, "points"),
        row(3, "丙队", 4, 6, 4, 1.5, "h2h_points"),
        row(4, "丁队", 2, 0, 10, 0.0, "points"),
    )


def test_team_standings_name_the_tie_break_that_separated_equal_points() -> None:
    """rules.md §5.8: points → the result between the tied teams → the game ratio; a row level on points says
    which step put it below the row above, a row below on points says nothing."""
    data = StandingsData(EventHeader("团体赛", datetime(2026, 6, 1)), 2, team_rows(), True,
                         tiebreaks=TEAM_CHAIN, columns=TEAM_COLUMNS)  # fmt: skip
    assert decided_by(data) and not decided_by(StandingsData(data.event, 2, (), True))
    assert [decided_text(data, r) for r in data.rows] == ["", "", "相互间积分", ""]
    rows = standings_rows(data)
    assert rows[0][3:] == ("6", "", "9", "1", "9", "2", "", "")
    assert rows[2][-1] == "相互间积分" and rows[1][7] == "0.67"


@pytest.mark.system
def test_an_unbeaten_game_ratio_prints_as_infinity(tmp_path: Path) -> None:
    rows = list(team_rows())
    rows[0] = StandingRow(1, StandingEntrant(1, "甲队"), 6, 0, 0, 2, 0, None, games_won=10, games_lost=0,
                          game_ratio=float("inf"))  # fmt: skip
    data = StandingsData(EventHeader("团体赛", datetime(2026, 6, 1)), 2, tuple(rows), True,
                         tiebreaks=TEAM_CHAIN, columns=TEAM_COLUMNS)  # fmt: skip
    out = tmp_path / "team.pdf"
    build_standings(out, data)
    text = poppler.text(out)
    assert "∞" in text and "inf" not in text and "得失局率" in text and "排名依据" in text
