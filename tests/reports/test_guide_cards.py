"""A table's guide card in words: boards, tables, the bye stand and the skip of an even movement."""

from __future__ import annotations

from datetime import datetime

from tournament_desk.reports.guide_cards import BYE_STAND, boards_text, card_notes, guide_rows, where
from tournament_desk.reports.model import EventHeader, GuideCardData, GuideCardRow, GuideCardsData


def test_boards_and_tables_in_words() -> None:
    assert (boards_text([3, 4]), boards_text([5]), boards_text([])) == ("3–4", "5", "")
    assert boards_text([1, 2, 3]) == "1–3"
    assert where(3) == "第 3 桌"
    assert where(BYE_STAND) == "休息台"
    assert where(None) == "—" and where(None, none="") == ""


def test_a_skip_is_named_where_the_ew_pair_moves_two_tables() -> None:
    rows = (
        GuideCardRow(1, "甲", 2, "乙", 2, None, (1, 2), None, 3, 1),
        GuideCardRow(2, "甲", 2, "丙", 4, 1, (3, 4), 3, 4, BYE_STAND),  # skips table 3
        GuideCardRow(3, "甲", 2, "丁", 1, 4, (5, 6), BYE_STAND, None, None),
    )
    card = GuideCardData(2, rows)
    data = GuideCardsData(EventHeader("米切尔", datetime(2026, 5, 1, 9, 0)), 4, 3, 2, "skip", (card,))
    assert guide_rows(data, card) == [
        ("1", "EW2 乙", "—", "1–2", "—", "第 3 桌", "第 1 桌"),
        ("2", "EW4 丙", "第 1 桌", "3–4", "第 3 桌", "跳 4 桌", "休息台"),
        ("3", "EW1 丁", "第 4 桌", "5–6", "休息台", "—", "—"),
    ]
    relay = GuideCardsData(data.event, 4, 3, 2, "relay", (card,))
    assert guide_rows(relay, card)[1][5] == "第 4 桌"  # no skip in a relay movement


def test_a_sit_out_is_named_and_its_boards_move_on() -> None:
    """An odd number of pairs: in round 2 table 1 meets the phantom, so its NS pair sits out (轮空)."""
    rows = (
        GuideCardRow(1, "甲", 1, "乙", 1, None, (1, 2), None, 2, 3),
        GuideCardRow(2, "甲", 1, "", 3, 3, (3, 4), 2, 2, 3, sit_out=True),
        GuideCardRow(3, "甲", 1, "丙", 2, 3, (5, 6), 2, None, None),
    )
    card = GuideCardData(1, rows)
    data = GuideCardsData(EventHeader("米切尔", datetime(2026, 5, 1, 9, 0)), 3, 3, 2, None, (card,))
    assert guide_rows(data, card)[1] == ("2", "轮空 Sit-out", "—", "3–4 不打", "第 2 桌", "—", "第 3 桌")
    notes = card_notes(data, card)
    assert len(notes) == 1 and "第 2 轮本桌轮空" in notes[0] and "第 3 桌" in notes[0]
