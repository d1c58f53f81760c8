"""A sheet of the workbook: headers, widths for Chinese text, and cells that are only ever text or numbers."""

from __future__ import annotations

from openpyxl import Workbook

from tournament_desk.reports.excel.sheets import CELL_MAX, MAX_WIDTH, display_width, entrant_rows, write_sheet
from tournament_desk.reports.model import EntrantData


def test_wide_characters_count_twice() -> None:
    assert (display_width("abc"), display_width("甲队"), display_width(None), display_width(12.5)) == (
        3,
        4,
        0,
        4,
    )


def test_a_sheet_has_its_header_filter_and_widths() -> None:
    ws = Workbook().active
    assert ws is not None
    write_sheet(ws, ["No.", "队名 Name"], [[1, "很长很长的队名" * 2], [2, "乙"]])
    assert [c.value for c in ws[1]] == ["No.", "队名 Name"]
    assert ws.freeze_panes == "A2" and ws.auto_filter.ref == "A1:B3"
    assert ws.column_dimensions["A"].width == 5
    assert ws.column_dimensions["B"].width == 30  # 14 wide characters and a margin
    assert ws[1][0].font.bold


def test_a_formula_is_written_as_text_and_unwritable_characters_are_dropped() -> None:
    ws = Workbook().active
    assert ws is not None
    write_sheet(ws, ["Name"], [['=HYPERLINK("http://x")'], ["甲\x07队"], ["长" * (CELL_MAX + 10)]])
    formula = ws["A2"]
    assert formula.data_type == "s" and formula.value == '=HYPERLINK("http://x")'
    assert ws["A3"].value == "甲队"
    long = ws["A4"].value
    assert isinstance(long, str) and len(long) == CELL_MAX + 1 and long.endswith("…")
    assert ws.column_dimensions["A"].width == MAX_WIDTH


def test_entrants_with_their_status() -> None:
    rows = entrant_rows([EntrantData("甲队", "一中", ("张", "李"), 1), EntrantData("乙队", None, (), 2, 3)])
    assert rows == [[1, "甲队", "一中", "张、李", "在赛"], [2, "乙队", None, "", "第 3 轮后退赛"]]
