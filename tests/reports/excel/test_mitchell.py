"""A Mitchell event's workbook rows: the board matrices, the rankings, the travellers and the movement."""

from __future__ import annotations

from datetime import datetime

from tournament_desk.domain.standings import StandingEntrant, StandingRow
from tournament_desk.reports.excel.mitchell import (
    matrix_rows,
    movement_rows,
    workbook_ranking_rows,
    workbook_traveller_rows,
)
from tournament_desk.reports.model import (
    DirectionData,
    EntrantData,
    EventHeader,
    GuideCardData,
    GuideCardRow,
    GuideCardsData,
    MitchellResultsData,
    TravellerData,
    TravellerLine,
    TravellersData,
)

EVENT = EventHeader("米切尔", datetime(2026, 5, 1, 9, 0))
NS = DirectionData(
    "NS",
    (
        StandingRow(1, StandingEntrant(1, "甲", "一中"), 0, 0, 0, 2, 0.5, None, direction="NS", score=5.5,
                    board_scores=(4.0, 2.0)),
        StandingRow(2, StandingEntrant(2, "乙"), 0, 0, 0, 2, 0.0, "score", direction="NS", score=2.0,
                    board_scores=(2.0, 0.0)),
    ),
    {"乙": 2, "甲": 1},
    {"甲": {1: 4.0, 2: 2.0}, "乙": {1: 0.0, 2: 2.0}},
)  # fmt: skip


def test_a_matrix_has_boards_down_pairs_across_then_the_totals() -> None:
    headers, rows = matrix_rows(NS, 2)
    assert headers == ["牌号 Board", "NS1 甲", "NS2 乙"]
    assert rows == [
        [1, 4.0, 0.0],
        [2, 2.0, 2.0],
        ["合计 Total", 6.0, 2.0],
        ["扣分 Deducted", 0.5, None],
        ["总分 Score", 5.5, 2.0],
        ["名次 Rank", 1, 2],
    ]


def test_the_ranking_rows_name_the_players() -> None:
    data = MitchellResultsData(EVENT, 2, True, 2, (NS,), {"甲": EntrantData("甲", "一中", ("张", "李"))})
    first, second = workbook_ranking_rows(data)
    assert first == ["南北", 1, 1, "甲", "一中", "张、李", 2, 6.0, 0.5, 5.5, "4 2"]
    assert second[5] is None and second[8] is None


def test_traveller_rows_say_what_is_not_in() -> None:
    lines = (
        TravellerLine(1, 1, "甲", 1, "丙", 1, 85, 0, 20, 65, 2.0, 0.0),
        TravellerLine(2, 2, "乙", 2, "丁", 2),
        TravellerLine(3, 1, "甲", 1, "丁", 2, not_played=True),
    )
    rows = workbook_traveller_rows(TravellersData(EVENT, 2, 3, 1, (TravellerData(4, "W", lines),)))
    assert rows[0] == [4, "西", 1, 1, 1, "甲", 1, "丙", 85, None, 20, 65, 2.0, 0.0, None]
    assert [r[-1] for r in rows[1:]] == ["未录入 Not in yet", "不赛 Not played"]


def test_the_movement_rows_leave_nothing_coming_or_going_blank() -> None:
    row = GuideCardRow(1, "甲", 1, "丙", 1, None, (1, 2), None, 2, 0)
    data = GuideCardsData(EVENT, 3, 3, 2, None, (GuideCardData(1, (row,)),))
    assert movement_rows(data) == [[1, 1, "NS1 甲", "EW1 丙", "1–2", None, None, "第 2 桌", "休息台"]]
