"""The ruled grid every list prints in: column widths by weight, rows a page, and the pages of a long list."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from tests.reports import poppler
from tournament_desk.reports.grid import Column, Grid, Note, grid_pages
from tournament_desk.reports.layout import Document
from tournament_desk.reports.model import EventHeader

COLUMNS = (Column("号", "No.", 1), Column("队名", "Name", 3), Column("积分", "MP", 1, "r"))


def test_columns_share_the_width_by_weight() -> None:
    grid = Grid(COLUMNS, 500.0)
    assert grid.widths == [100.0, 300.0, 100.0]


def test_rows_a_page_and_the_height_of_a_block() -> None:
    grid = Grid(COLUMNS, 500.0, row_h=20.0, header_h=30.0)
    assert grid.height(3) == 90.0
    assert grid.rows_per_page(230.0) == 10
    assert grid.rows_per_page(35.0) == 1  # never less than one row


def test_a_long_list_is_split_into_pages_with_the_note_on_the_last() -> None:
    doc = Document(EventHeader("测试", datetime(2026, 5, 1, 9, 0)))
    grid = Grid(COLUMNS, doc.width)
    rows = [(str(i), f"第{i}队", "3") for i in range(1, 101)]
    grid_pages(doc, grid, rows, ("名单", "List", ""))
    per_page = grid.rows_per_page(doc.height - 16.0)
    assert len(doc.pages) == -(-100 // per_page) > 1
    empty = Document(doc.event)
    grid_pages(empty, grid, [], ("名单", "List", ""))
    assert len(empty.pages) == 1  # an empty list still prints its heading


@pytest.mark.system  # poppler reads the PDF back
def test_the_rows_and_the_note_are_printed(tmp_path: Path) -> None:
    doc = Document(EventHeader("测试", datetime(2026, 5, 1, 9, 0)))
    grid = Grid(COLUMNS, doc.width)
    rows = [(str(i), f"第{i}队", "3") for i in range(1, 81)]
    grid_pages(doc, grid, rows, ("名单", "List", ""), note=Note("注：仅供参考"))
    out = tmp_path / "g.pdf"
    doc.save(out, title="名单")
    pages = poppler.page_texts(out)
    assert len(pages) == len(doc.pages)
    assert "第1队" in pages[0] and "第80队" in pages[-1]
    assert "注：仅供参考" in pages[-1] and "注：仅供参考" not in pages[0]
