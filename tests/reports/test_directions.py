"""The two directions of a Mitchell movement as its documents print them."""

from __future__ import annotations

from datetime import datetime

from tournament_desk.domain.standings import StandingEntrant, StandingRow
from tournament_desk.reports.directions import after_round, direction_title, gross, pair_label
from tournament_desk.reports.model import EventHeader, MitchellResultsData


def test_titles_and_pair_labels() -> None:
    assert (direction_title("NS"), direction_title("EW")) == ("南北方向", "东西方向")
    assert pair_label("NS", 3, "甲队") == "NS3 甲队"
    assert pair_label("EW", 12, "乙") == "EW12 乙"


def test_gross_adds_the_deduction_back() -> None:
    row = StandingRow(1, StandingEntrant(1, "甲"), 0, 0, 0, 3, 0.5, None, direction="NS", score=17.5)
    assert gross(row) == 18.0
    unscored = StandingRow(2, StandingEntrant(2, "乙"), 0, 0, 0, 0, 0.0, None, direction="NS")
    assert gross(unscored) == 0.0


def test_the_heading_names_the_round() -> None:
    data = MitchellResultsData(EventHeader("米切尔", datetime(2026, 5, 1, 9, 0)), 4, True, 12, ())
    assert after_round(data) == "第 4 轮后  After round 4"
