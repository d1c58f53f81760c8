"""The printed cross-tables: a Swiss event's cells by round, and a round robin's meetings by opponent."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from tests.reports import poppler
from tournament_desk.domain.levels import parse_level
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.standings import StandingEntrant, StandingRow
from tournament_desk.reports.crosstable import build_roundrobin_grid, cell_text, meeting_cell, meeting_text
from tournament_desk.reports.model import CrossCell, EventHeader, Meeting, RoundRobinGridData

A, NINE = parse_level("A"), parse_level("9")


def test_a_swiss_cell_names_the_opponent_the_seat_and_the_figures() -> None:
    assert cell_text(None) == "—"
    assert cell_text(CrossCell(None, False, 2.5, 12)) == "轮空 Bye\n2.5 / 12"
    assert cell_text(CrossCell("乙队", True, 3.0, 15.0)) == "乙队\n主  3 / 15"
    assert cell_text(CrossCell("丙队", False, None, None)) == "丙队\n客  —"
    forfeit = cell_text(CrossCell("丁队", False, 0.0, 0.0, ResultState.FORFEIT))
    assert forfeit == "丁队\n客  0 / 0  弃权"


def test_a_meeting_shows_levels_then_figures_or_its_mark() -> None:
    played = Meeting(1, True, ResultState.PLAYED, (A, NINE), 15.0, 3.0)
    assert meeting_text(played, win_draw_loss=False) == "A:9\n15 / 3"
    assert meeting_text(played, win_draw_loss=True) == "A:9\n3"
    assert meeting_text(Meeting(4, False, ResultState.PENDING, None, None, None), False) == "客 第4轮"
    assert meeting_text(Meeting(2, True, ResultState.FORFEIT, None, 0.0, 0.0), False) == "弃权\n0 / 0"
    # Annulled, never played: its seat and round, then what it is (domain.table_state's words).
    assert meeting_text(Meeting(2, True, ResultState.ANNULLED, None, None, None), False) == "主 第2轮\n注销"


def test_a_team_match_shows_the_pair_games_won_and_the_points_never_vp() -> None:
    """rules.md §5.8: a cell of a team match is its games (本队胜局 : 对方胜局) and its points (3 a win, 1 a loss)."""
    assert cell_text(CrossCell("乙队", True, 3.0, 0.0, games=(3, 2)), team=True) == "乙队\n主  3:2  3 分"
    assert cell_text(CrossCell("甲队", False, 1.0, 0.0, games=(0, 5)), team=True) == "甲队\n客  0:5  1 分"
    forfeited = CrossCell("丙队", False, 3.0, 0.0, ResultState.FORFEIT)
    assert cell_text(forfeited, team=True) == "丙队\n客  3 分  弃权"
    assert cell_text(CrossCell(None, True, 3.0, 0.0), team=True) == "轮空 Bye\n3 分"
    assert cell_text(CrossCell("丁队", True, None, None), team=True) == "丁队\n主  —"
    won = Meeting(2, False, ResultState.PLAYED, None, 0.0, 3.0, games=(4, 1))
    assert meeting_text(won, win_draw_loss=True) == "4:1\n3"
    late = Meeting(3, True, ResultState.LATE, None, 0.0, 0.0, games=(3, 2))
    assert meeting_text(late, win_draw_loss=True) == "3:2\n0 迟交"
    forfeit = Meeting(3, True, ResultState.FORFEIT, None, 0.0, 3.0)
    assert meeting_text(forfeit, win_draw_loss=True) == "弃权\n3"


def test_a_double_round_robin_puts_each_meeting_on_a_line() -> None:
    first = Meeting(1, True, ResultState.PLAYED, (A, NINE), 15.0, 3.0)
    second = Meeting(4, False, ResultState.PENDING, None, None, None)
    assert meeting_cell([], False) == ""
    assert meeting_cell([first], False) == "A:9\n15 / 3"
    assert meeting_cell([first, second], False) == "A:9 15 / 3\n客 第4轮"


@pytest.mark.system  # poppler reads the PDF back
def test_a_round_robin_grid_prints_every_meeting(tmp_path: Path) -> None:
    rows = (
        StandingRow(1, StandingEntrant(1, "甲队"), 3.0, 15, 0, 1, 0, None),
        StandingRow(2, StandingEntrant(2, "乙队"), 0.0, 5, 3, 1, 0, "vp"),
    )
    meetings = {
        ("甲队", "乙队"): (Meeting(1, True, ResultState.PLAYED, (A, NINE), 15.0, 3.0),),
        ("乙队", "甲队"): (Meeting(1, False, ResultState.PLAYED, (NINE, A), 5.0, 0.0),),
    }
    data = RoundRobinGridData(EventHeader("循环赛", datetime(2026, 5, 1, 9, 0)), 1, ("甲队", "乙队"), rows,
                              ("vp", "mp"), meetings)  # fmt: skip
    out = tmp_path / "rr.pdf"
    build_roundrobin_grid(out, data)
    text = poppler.text(out)
    assert "甲队" in text and "A:9" in text and "9:A" in text
