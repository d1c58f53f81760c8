# ruff: noqa: F401, F811  (the tdesk fixture is imported from tests/cli and taken as an argument)
"""Issue 15: sign-up and results sheets are read with bounds, and merged cells are filled down."""

from __future__ import annotations

import hashlib
import time
import zipfile
from pathlib import Path

import pytest
from openpyxl import Workbook

from tests.cli.conftest import Tdesk, tdesk


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def event(tmp_path: Path, tdesk: Tdesk) -> Path:
    path = tmp_path / "cup.tdesk"
    assert tdesk("new", path, "--name", "金秋杯").code == 0
    return path


def refused(tdesk: Tdesk, event: Path, sheet: Path) -> str:
    """Refused, in one sentence, with the file unchanged. (That the sheet is not read whole is what the limits
    named in the sentence say; no wall-clock bound here: CI machines are shared.)"""
    before = sha(event)
    run = tdesk("entrant", "import", event, sheet)
    assert run.code == 2, (run.out, run.err)
    assert len(run.err.strip().splitlines()) == 1
    assert sha(event) == before
    return run.err


def test_far_corner_cell_is_refused_in_well_under_a_second(tmp_path: Path, event: Path, tdesk: Tdesk) -> None:
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.append(["队名", "单位"])
    ws["XFD1048576"] = "x"
    sheet = tmp_path / "corner.xlsx"
    wb.save(sheet)
    assert sheet.stat().st_size < 10_000
    assert "more than 5000 rows" in refused(tdesk, event, sheet)


def _rewrite_sheet(source: Path, target: Path, xml: bytes) -> None:
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            data = xml if info.filename == "xl/worksheets/sheet1.xml" else old.read(info)
            new.writestr(info.filename, data)


def _small_book(tmp_path: Path) -> Path:
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.append(["队名", "单位"])
    ws.append(["东风队", "一中"])
    path = tmp_path / "small.xlsx"
    wb.save(path)
    return path


@pytest.mark.slow
def test_far_corner_cell_under_a_lying_dimension_is_refused(
    tmp_path: Path, event: Path, tdesk: Tdesk
) -> None:
    xml = (
        b'<?xml version="1.0" encoding="UTF-8"?>'
        b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        b'<dimension ref="A1:B2"/><sheetData>'
        b'<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row>'
        b'<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row>'
        b"</sheetData></worksheet>"
    )
    sheet = tmp_path / "liar.xlsx"
    _rewrite_sheet(_small_book(tmp_path), sheet, xml)
    assert "more than 5000 rows" in refused(tdesk, event, sheet)


@pytest.mark.slow
def test_zip_bomb_is_refused_without_being_inflated(tmp_path: Path, event: Path, tdesk: Tdesk) -> None:
    row = b'<row><c t="inlineStr"><is><t>AAAAAAAAAAAAAAAA</t></is></c></row>'
    xml = (
        b'<?xml version="1.0" encoding="UTF-8"?>'
        b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
        + row * (40 * 1024 * 1024 // len(row))
        + b"</sheetData></worksheet>"
    )
    sheet = tmp_path / "bomb.xlsx"
    _rewrite_sheet(_small_book(tmp_path), sheet, xml)
    del xml
    assert sheet.stat().st_size < 500_000  # small on disk, 40 MB inside
    assert "would unpack to 40 MB" in refused(tdesk, event, sheet)


@pytest.mark.slow
def test_csv_with_too_many_rows_or_too_big_or_too_wide_is_refused(
    tmp_path: Path, event: Path, tdesk: Tdesk
) -> None:
    many = tmp_path / "many.csv"
    many.write_text("name,unit\n" + "".join(f"队{i},单位{i % 7}\n" for i in range(6000)), encoding="utf-8")
    assert "more than 5000 rows" in refused(tdesk, event, many)
    big = tmp_path / "big.csv"
    with big.open("wb") as f:
        f.truncate(21 * 1024 * 1024)  # sparse: a huge file that costs nothing on disk
    assert "at most 20 MB" in refused(tdesk, event, big)
    wide = tmp_path / "wide.csv"
    wide.write_text("name,unit\n东风队,一中" + ",x" * 30 + "\n", encoding="utf-8")
    assert "at most 20 columns" in refused(tdesk, event, wide)
    field = tmp_path / "field.csv"
    field.write_text('name,unit\n"' + "长" * 200_000 + '",x\n', encoding="utf-8")
    assert "not a text file" in refused(tdesk, event, field)


@pytest.mark.slow
def test_a_sheet_at_the_bound_is_still_imported(tmp_path: Path, event: Path, tdesk: Tdesk) -> None:
    sheet = tmp_path / "full.csv"
    sheet.write_text("name,unit\n" + "".join(f"队{i},单位{i % 50}\n" for i in range(5000)), encoding="utf-8")
    run = tdesk("entrant", "import", event, sheet)
    assert run.code == 0, run.err
    assert len(tdesk("entrant", "list", event, "--json").json()) == 5000


@pytest.mark.slow
def test_merged_units_are_filled_down(tmp_path: Path, event: Path, tdesk: Tdesk) -> None:
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.append(["队名", "单位", "队员"])
    for name, unit in (("东风队", "一中"), ("红旗队", None), ("长江队", None), ("黄河队", "二中")):
        ws.append([name, unit, "甲,乙"])
    ws.merge_cells("B2:B4")
    sheet = tmp_path / "merged.xlsx"
    wb.save(sheet)
    run = tdesk("entrant", "import", event, sheet)
    assert run.code == 0, run.err
    units = {e["name"]: e["unit"] for e in tdesk("entrant", "list", event, "--json").json()}
    assert units == {"东风队": "一中", "红旗队": "一中", "长江队": "一中", "黄河队": "二中"}
