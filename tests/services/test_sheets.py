"""Reading a sign-up or results sheet (services/sheets.py): CSV in UTF-8 or GBK, Excel, columns found by any of
their names, rows numbered as the user sees them."""

from __future__ import annotations

import tracemalloc
import zipfile
from pathlib import Path

import pytest
from openpyxl import Workbook

from tournament_desk.domain.errors import BadInput
from tournament_desk.services.sheets import SheetRow, read_sheet

COLUMNS = {"name": ("队名", "Name"), "unit": ("单位",)}


def test_columns_are_found_by_any_of_their_names_and_rows_keep_their_numbers(tmp_path: Path) -> None:
    sheet = tmp_path / "s.csv"
    sheet.write_text("\n单位,NAME\n一厂,东风队\n,,\n二厂,红旗队\n", encoding="utf-8-sig")
    assert read_sheet(sheet, COLUMNS, required=("name",)) == [
        SheetRow(
            3, {"name": "东风队", "unit": "一厂"}
        ),  # the blank first row is counted, the empty row skipped
        SheetRow(5, {"name": "红旗队", "unit": "二厂"}),
    ]


def test_a_gbk_csv_is_read(tmp_path: Path) -> None:
    sheet = tmp_path / "s.csv"
    sheet.write_bytes("队名\n长城队\n".encode("gbk"))
    assert read_sheet(sheet, COLUMNS, required=("name",)) == [SheetRow(2, {"name": "长城队"})]


def test_an_excel_sheet_gives_whole_numbers_as_text(tmp_path: Path) -> None:
    book = Workbook()
    page = book.active
    assert page is not None
    page.append(["Name", "单位"])
    page.append(["甲", 3.0])
    path = tmp_path / "s.xlsx"
    book.save(path)
    assert read_sheet(path, COLUMNS, required=("name", "unit")) == [SheetRow(2, {"name": "甲", "unit": "3"})]


def test_what_is_not_a_readable_sheet_is_refused(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="There is no file"):
        read_sheet(tmp_path / "none.csv", COLUMNS, required=())
    other = tmp_path / "s.txt"
    other.write_text("队名\n甲\n")
    with pytest.raises(BadInput, match=r"neither an \.xlsx nor a \.csv"):
        read_sheet(other, COLUMNS, required=())
    empty = tmp_path / "e.csv"
    empty.write_text("\n\n")
    with pytest.raises(BadInput, match="is empty"):
        read_sheet(empty, COLUMNS, required=())
    no_name = tmp_path / "n.csv"
    no_name.write_text("单位\n一厂\n")
    with pytest.raises(BadInput, match="no 'name' column"):
        read_sheet(no_name, COLUMNS, required=("name",))


def _sheet_with_rows(path: Path, rows: int, dimension: str) -> Path:
    """An .xlsx whose sheet holds ``rows`` rows of two cells but declares ``dimension`` (written by hand, so the
    lie reaches the reader)."""
    body = b"".join(
        b'<row r="%d"><c r="A%d" t="inlineStr"><is><t>T%d</t></is></c>'
        b'<c r="B%d" t="inlineStr"><is><t>U</t></is></c></row>' % (n, n, n, n)
        for n in range(1, rows + 1)
    )
    sheet = (
        b'<?xml version="1.0" encoding="UTF-8"?><worksheet '
        b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        b'<dimension ref="' + dimension.encode() + b'"/><sheetData>' + body + b"</sheetData></worksheet>"
    )
    book = Workbook()
    book.save(path)
    with zipfile.ZipFile(path) as old:
        members = {info.filename: old.read(info) for info in old.infolist()}
    members["xl/worksheets/sheet1.xml"] = sheet
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
        for name, data in members.items():
            new.writestr(name, data)
    return path


@pytest.mark.slow
def test_a_sheet_whose_dimension_lies_is_counted_as_read_and_stops_at_the_limit(tmp_path: Path) -> None:
    sheet = _sheet_with_rows(tmp_path / "liar.xlsx", 60_000, "A1:B2")
    tracemalloc.start()
    try:
        with pytest.raises(BadInput, match="more than 5000 rows"):
            read_sheet(sheet, COLUMNS, required=("name",))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 40 * 1024 * 1024  # streamed to the limit: not the 60 000 rows' worth of cells


def test_a_sheet_at_the_limit_whose_dimension_lies_is_read(tmp_path: Path) -> None:
    sheet = _sheet_with_rows(tmp_path / "liar.xlsx", 40, "A1:B2")
    rows = read_sheet(sheet, {"name": ("T1",)}, required=("name",))
    assert len(rows) == 39 and rows[-1] == SheetRow(40, {"name": "T40"})


def test_merged_cells_are_filled_from_their_first_cell(tmp_path: Path) -> None:
    book = Workbook()
    ws = book.active
    assert ws is not None
    ws.append(["队名", "单位"])
    for name, unit in (("东风队", "一中"), ("红旗队", None), ("长江队", None), ("黄河队", "二中")):
        ws.append([name, unit])
    ws.merge_cells("B2:B4")
    book.save(tmp_path / "m.xlsx")
    rows = read_sheet(tmp_path / "m.xlsx", COLUMNS, required=("name",))
    assert [r.cells["unit"] for r in rows] == ["一中", "一中", "一中", "二中"]


def test_a_csv_is_counted_as_it_is_read_and_refused_past_the_limit(tmp_path: Path) -> None:
    sheet = tmp_path / "long.csv"
    sheet.write_text("队名\n" + "".join(f"队{i}\n" for i in range(5001)), encoding="utf-8")
    with pytest.raises(BadInput, match="more than 5000 rows"):
        read_sheet(sheet, COLUMNS, required=("name",))
    sheet.write_text("队名\n" + "".join(f"队{i}\n" for i in range(5000)), encoding="utf-8")
    assert len(read_sheet(sheet, COLUMNS, required=("name",))) == 5000


def test_a_quoted_line_break_stays_in_its_cell(tmp_path: Path) -> None:
    sheet = tmp_path / "q.csv"
    sheet.write_text('队名,单位\n"东风队","第一\n中学"\n红旗队,二中\n', encoding="utf-8")
    rows = read_sheet(sheet, COLUMNS, required=("name",))
    assert [r.cells["unit"] for r in rows] == ["第一\n中学", "二中"]
