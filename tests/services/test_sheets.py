"""Reading a sign-up or results sheet (services/sheets.py): CSV in UTF-8 or GBK, Excel, columns found by any of
their names, rows numbered as the user sees them."""

from __future__ import annotations

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
