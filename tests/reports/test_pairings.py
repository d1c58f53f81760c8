"""The pairing sheets: rows by table with the bye, every entrant's seat by name, knockout results in words."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from tests.reports import poppler
from tournament_desk.domain.levels import parse_level
from tournament_desk.domain.results import ResultState
from tournament_desk.reports.model import EventHeader, KnockoutRoundData, PairedTable, RoundData
from tournament_desk.reports.pairings import (
    build_pairings,
    by_table_rows,
    knockout_rows,
    levels_text,
    note_text,
    round_label,
    seats,
)

EVENT = EventHeader("秋季赛", datetime(2026, 5, 1, 9, 0))
ROUND = RoundData(
    3,
    "2026-05-01",
    (
        PairedTable(1, "甲队", "乙队", 6.0, 4.5),
        PairedTable(2, "丙队", "丁队", 3.0, 3.0, relaxed=("rematch",)),
    ),
    bye="戊队",
    bye_mp=1.5,
    bye_award=(2.5, 12.0),
)


def test_the_heading_marks_a_draft() -> None:
    assert round_label(ROUND) == "第 3 轮  Round 3    2026-05-01"
    draft = RoundData(3, "2026-05-01", (), published=False)
    assert round_label(draft).startswith("草稿（未发布） Draft")


def test_rows_by_table_then_the_bye_with_its_award() -> None:
    assert by_table_rows(ROUND) == [
        ("1", "甲队", "6", "乙队", "4.5", ""),
        ("2", "丙队", "3", "丁队", "3", "重复相遇"),
        ("轮空", "戊队", "1.5", "轮空：得 2.5 场分、12 标准分\nBye: 2.5 MP, 12 VP", "", ""),
    ]


def test_a_rest_is_not_a_bye_and_scores_nothing() -> None:
    """Issue 27: a round robin's rest printed "轮空 Bye：得 0 场分、0 标准分"."""
    rest = RoundData(3, "2026-05-01", (), bye="戊队", bye_mp=1.5, bye_state=ResultState.REST, rests=("己队",))
    assert by_table_rows(rest) == [
        ("轮休", "戊队", "1.5", "轮休：不赛，不计分\nRest: no match, no score", "", ""),
        ("轮休", "己队", "", "轮休：不赛，不计分\nRest: no match, no score", "", ""),
    ]
    assert {(s.name, s.table, s.seat) for s in seats(rest)} == {("戊队", "轮休", "—"), ("己队", "轮休", "—")}


WITHDRAWALS = RoundData(
    4,
    "2026-05-01",
    (
        PairedTable(3, "甲队", "乙队", relaxed=("same-unit",)),
        PairedTable(4, "峨眉队", "黄山队", kind=ResultState.ANNULLED, side="home", withdrawal=True),
        PairedTable(13, "厦门二队", "四川二队", kind=ResultState.FORFEIT, side="away", withdrawal=True),
        PairedTable(14, "丙队", "丁队", kind=ResultState.FORFEIT, side="both", withdrawal=True),
    ),
)


def test_a_table_decided_by_a_withdrawal_says_so_by_table() -> None:
    """Issue 27: "4 峨眉队 – 黄山队" printed with an empty 备注 though the round says 注销（退赛）."""
    notes = {row[0]: row[5] for row in by_table_rows(WITHDRAWALS)}
    assert notes == {
        "3": "同单位相遇",
        "4": "主队退赛：注销\nHome withdrew: annulled",
        "13": "客队退赛：弃权\nAway withdrew: forfeit",
        "14": "双方退赛：弃权\nBoth sides withdrew: forfeit",
    }


def test_the_find_list_keeps_the_withdrawn_and_tells_each_side_what_it_does() -> None:
    found = {s.name: (s.table, s.seat) for s in seats(WITHDRAWALS)}
    assert found == {
        "甲队": ("3", "主 南北"),
        "乙队": ("3", "客 东西"),
        "峨眉队": ("退赛", "—"),
        "黄山队": ("轮休", "对手退赛"),
        "厦门二队": ("不赛", "对手退赛"),
        "四川二队": ("退赛", "—"),
        "丙队": ("退赛", "—"),
        "丁队": ("退赛", "—"),
    }


def test_every_entrant_finds_its_seat_in_name_order() -> None:
    found = seats(ROUND, byes=("己队",))
    assert {s.name: (s.table, s.seat) for s in found} == {
        "甲队": ("1", "主 南北"),
        "乙队": ("1", "客 东西"),
        "丙队": ("2", "主 南北"),
        "丁队": ("2", "客 东西"),
        "戊队": ("轮空", "—"),
        "己队": ("轮空", "—"),
    }
    assert len(found) == 6


def test_knockout_results_name_the_side_on_stage_or_the_forfeit() -> None:
    nine = parse_level("9")
    on_stage = PairedTable(1, "甲", "乙", home_level=nine, away_level=nine, on_stage="away", winner="乙")
    forfeit = PairedTable(2, "丙", "丁", kind=ResultState.FORFEIT, side="home", winner="丁")
    played = PairedTable(3, "戊", "己", home_level=parse_level("A"), away_level=nine, winner="戊")
    assert (levels_text(on_stage), levels_text(forfeit), levels_text(played)) == ("9 : 9", "", "A : 9")
    assert (note_text(on_stage), note_text(forfeit), note_text(played)) == (
        "台上：客队",
        "主队弃权\nHome forfeits",
        "",
    )
    data = KnockoutRoundData(EVENT, RoundData(1, "2026-05-01", (played,)), ("决赛", "Final"), byes=("庚",))
    assert knockout_rows(data) == [
        ("3", "戊", "己", "A : 9", "戊", ""),
        ("—", "庚", "轮空 Bye", "", "庚", "直接晋级"),
    ]


@pytest.mark.system  # poppler reads the PDF back
def test_the_pairing_sheet_lists_tables_then_seats(tmp_path: Path) -> None:
    out = tmp_path / "p.pdf"
    build_pairings(out, EVENT, ROUND)
    text = poppler.text(out)
    assert "对阵表" in text and "甲队" in text and "戊队" in text and "重复相遇" in text
