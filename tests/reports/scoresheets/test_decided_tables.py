"""Issue 27: a table decided without play (a withdrawal, a forfeit) or annulled prints its decision instead of a
blank scoresheet to fill in, in the level and the duplicate scoresheets alike."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from tests.reports import poppler
from tournament_desk.domain.duplicate import Board
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.reports.model import (
    DuplicateSheetData,
    EventHeader,
    PairedTable,
    RoundData,
    ScoresheetData,
)
from tournament_desk.reports.scoresheets.duplicate import build_duplicate_scoresheets
from tournament_desk.reports.scoresheets.frame import DECIDED, sheet_pages
from tournament_desk.reports.scoresheets.levels import build_scoresheets

pytestmark = pytest.mark.system  # poppler reads the PDFs back

EVENT = EventHeader("秋季赛", datetime(2026, 5, 1, 9, 0))
ROUND = RoundData(
    4,
    "2026-05-01",
    (
        PairedTable(1, "甲队", "乙队"),
        PairedTable(4, "峨眉队", "黄山队", kind=ResultState.ANNULLED, side="home", withdrawal=True),
        PairedTable(
            5,
            "厦门二队",
            "四川二队",
            kind=ResultState.FORFEIT,
            side="away",
            withdrawal=True,
            result=(2.5, 0, 12, 0),
        ),
        PairedTable(6, "丙队", "丁队", kind=ResultState.LATE, side="home", result=(0, 2.5, 8, 12)),
    ),
    bye="戊队",
    bye_state=ResultState.REST,
)
BOARDS = (Board(1, 2, "N", "S"), Board(2, 3, "E", "H"))


def test_only_tables_not_played_get_the_decision_page() -> None:
    forms = [form for form, _ in sheet_pages(ROUND.tables, lambda t: [("sheet", None), ("sheet", None)])]
    assert forms == ["sheet", "sheet", DECIDED, DECIDED, "sheet", "sheet"]  # a late scoresheet was played


def test_level_sheets_print_the_decision_not_a_sheet_to_fill(tmp_path: Path) -> None:
    out = tmp_path / "s.pdf"
    build_scoresheets(out, ScoresheetData(EVENT, ROUND, {}, RuleSet()))
    pages = poppler.page_texts(out)
    assert len(pages) == 4
    played, annulled, forfeit, late = pages
    assert "终局级数" in played and "本桌不进行比赛" not in played
    for page, said in ((annulled, "峨眉队退赛：注销"), (forfeit, "四川二队退赛：弃权")):
        assert said in page and "本桌不进行比赛" in page and "终局级数" not in page and "签名" not in page
    assert "不计成绩 Counts for nobody" in annulled
    assert "2.5 : 0" in forfeit and "12 : 0" in forfeit  # the award, as stored
    assert "终局级数" in late


def test_duplicate_sheets_print_one_decision_page_for_a_table_not_played(tmp_path: Path) -> None:
    out = tmp_path / "d.pdf"
    data = DuplicateSheetData(EVENT, ROUND, {}, BOARDS, RuleSet())
    build_duplicate_scoresheets(out, data, live_urls={t.table: f"http://x/{t.table}" for t in ROUND.tables})
    pages = poppler.page_texts(out)
    assert len(pages) == 2 + 1 + 1 + 2  # two rooms a table played, one page a table decided
    assert "峨眉队退赛：注销" in pages[2] and "四川二队退赛：弃权" in pages[3]
    assert all("扫码" not in page for page in pages[2:4])  # nothing to enter at a table not played
    assert "开室" in pages[0] and "闭室" in pages[1]
