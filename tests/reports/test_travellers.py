"""A board's traveller: every table that plays it, the penalties, the NS result and the match points."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from tests.reports import poppler
from tournament_desk.reports.model import EventHeader, TravellerData, TravellerLine, TravellersData
from tournament_desk.reports.travellers import (
    build_travellers,
    declarer_text,
    penalty_text,
    traveller_rows,
    traveller_status,
)

LINES = (
    TravellerLine(1, 1, "甲", 1, "乙", 1, 85, 0, 20, 65, 2.0, 0.0),
    TravellerLine(2, 3, "丙", 3, "丁", 2, 60, 10, 0, -70, 0.0, 2.0),
    TravellerLine(3, 2, "戊", 2, "己", 3),
    TravellerLine(4, 1, "甲", 1, "庚", 4, not_played=True),
)


def test_penalties_name_the_side_they_went_to() -> None:
    assert penalty_text(LINES[0]) == "东西+20"
    assert penalty_text(LINES[1]) == "南北+10"
    assert penalty_text(TravellerLine(1, 1, "", 1, "", 1, penalty_ns=5, penalty_ew=10)) == "南北+5 东西+10"
    assert penalty_text(LINES[2]) == ""


def test_rows_fill_in_results_and_mute_the_tables_not_played() -> None:
    rows, muted = traveller_rows(TravellerData(4, "N", LINES))
    assert rows[0] == ("1", "1", "NS1 甲", "EW1 乙", "85", "东西+20", "+65", "2", "0")
    assert rows[1][6] == "−70"
    assert rows[2] == ("3", "2", "NS2 戊", "EW3 己", "", "", "", "", "")
    assert rows[3][4] == "不赛"
    assert muted == {3}


def test_a_sit_out_is_a_muted_line_naming_the_pair_and_is_not_counted() -> None:
    lines = (*LINES[:2], TravellerLine(3, 2, "戊", 2, "", 3, sit_out=True))
    rows, muted = traveller_rows(TravellerData(4, "N", lines))
    assert rows[2] == ("3", "2", "NS2 戊", "轮空 Sit-out (no EW pair)", "轮空", "", "", "", "")
    assert muted == {2}
    assert traveller_status(TravellerData(4, "N", lines)) == "已计分 Scored 2 / 2"


def test_the_declarer_seat_and_its_side() -> None:
    assert declarer_text("N") == "庄家 Declarer：北 North（南北坐庄）"
    assert declarer_text("W") == "庄家 Declarer：西 West（东西坐庄）"


@pytest.mark.system  # poppler reads the PDF back
def test_a_traveller_prints_each_table(tmp_path: Path) -> None:
    data = TravellersData(
        EventHeader("米切尔", datetime(2026, 5, 1, 9, 0)), 3, 4, 1, (TravellerData(4, "N", LINES),)
    )
    out = tmp_path / "t.pdf"
    build_travellers(out, data)
    text = poppler.text(out)
    assert "NS1 甲" in text and "东西+20" in text and "不赛" in text
