"""Entry cards: one per entrant, several to a page, each with its code and (given an address) a QR code."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from tests.reports import poppler
from tournament_desk.reports.cards import COLUMNS, ROWS, CardData, EntryCardsData, build_entry_cards
from tournament_desk.reports.model import EventHeader

EVENT = EventHeader("秋季赛", datetime(2026, 5, 1, 9, 0))


def cards(count: int, url: str | None = None) -> EntryCardsData:
    made = [
        CardData(f"第{i}队", "一中" if i % 2 else None, ("张三", "李四"), i, f"ABCDE-{i:05d}", url)
        for i in range(1, count + 1)
    ]
    return EntryCardsData(EVENT, made)


@pytest.mark.system  # poppler reads the PDF back
def test_each_card_carries_its_entrant_and_code(tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    build_entry_cards(out, cards(3, url="http://192.168.1.20:8765/c/ABCDE"))
    text = poppler.text(out)
    for i in (1, 2, 3):
        assert f"第{i}队" in text and f"ABCDE-{i:05d}" in text
    assert "张三、李四" in text and "扫码" in text


@pytest.mark.system  # poppler reads the PDF back
def test_a_page_holds_a_full_sheet_of_cards_then_the_next_begins(tmp_path: Path) -> None:
    per_page = COLUMNS * ROWS
    out = tmp_path / "cards.pdf"
    build_entry_cards(out, cards(per_page + 1))
    pages = poppler.page_texts(out)
    assert len(pages) == 2
    assert f"第{per_page + 1}队" in pages[1] and f"第{per_page + 1}队" not in pages[0]
    assert "我的赛桌" in pages[0]  # without an address: the code is typed on the server's page
