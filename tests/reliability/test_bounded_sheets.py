"""Sign-up and result sheets are read with bounds (issue 15): a small file that declares a huge sheet, or
unpacks to gigabytes, is refused in well under a second with one sentence; merged units are filled down."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from tests.cli.conftest import Tdesk, fingerprint


def event(tdesk: Tdesk, path: Path) -> None:
    assert tdesk("new", path, "--name", "报名").code == 0


def sign_up_book() -> tuple[Workbook, Worksheet]:
    """A workbook whose first sheet has the sign-up header (team, unit) and nothing else yet."""
    book = Workbook()
    ws = book.active
    assert ws is not None
    ws.append(["队名", "单位"])
    return book, ws


def refused(tdesk: Tdesk, path: Path, sheet: Path, says: str) -> None:
    """Refused in one sentence naming the limit, the event unchanged (no wall-clock bound: CI is shared)."""
    before = fingerprint(path)
    run = tdesk("entrant", "import", path, sheet)
    assert run.code == 2 and says in run.err and run.err.count("\n") == 1, run.err
    assert fingerprint(path) == before


@pytest.mark.slow
def test_a_value_in_the_far_corner_cell_is_refused(tdesk: Tdesk, tmp_path: Path) -> None:
    path, sheet = tmp_path / "e.tdesk", tmp_path / "corner.xlsx"
    event(tdesk, path)
    book, ws = sign_up_book()
    ws.append(["东风队", "一中"])
    ws["XFD1048576"] = "x"
    book.save(sheet)
    assert sheet.stat().st_size < 20_000
    refused(tdesk, path, sheet, "more than 5000 rows")


@pytest.mark.slow
def test_a_zip_bomb_is_refused_before_it_is_unpacked(tdesk: Tdesk, tmp_path: Path) -> None:
    path, sheet = tmp_path / "e.tdesk", tmp_path / "bomb.xlsx"
    event(tdesk, path)
    book = Workbook()
    book.save(sheet)
    with zipfile.ZipFile(sheet, "a", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/media/padding.bin", b"\0" * (64 * 1024 * 1024))  # 64 MB of zeros: 64 KB packed
    assert sheet.stat().st_size < 1_000_000
    refused(tdesk, path, sheet, "would unpack to 64 MB")


@pytest.mark.slow
def test_a_csv_flood_is_refused(tdesk: Tdesk, tmp_path: Path) -> None:
    path, sheet = tmp_path / "e.tdesk", tmp_path / "flood.csv"
    event(tdesk, path)
    sheet.write_text("队名\n" + "".join(f"队{i}\n" for i in range(6000)), encoding="utf-8")
    refused(tdesk, path, sheet, "more than 5000 rows")


@pytest.mark.slow
def test_merged_units_are_filled_down(tdesk: Tdesk, tmp_path: Path) -> None:
    path, sheet = tmp_path / "e.tdesk", tmp_path / "merged.xlsx"
    event(tdesk, path)
    book, ws = sign_up_book()
    for name in ("一中红队", "一中蓝队", "一中绿队", "纺织队"):
        ws.append([name, None])
    ws["B2"] = "第一中学"
    ws.merge_cells("B2:B4")
    ws["B5"] = "纺织厂"
    book.save(sheet)
    assert tdesk("entrant", "import", path, sheet).code == 0
    units = {e["name"]: e["unit"] for e in tdesk("entrant", "list", path, "--json").json()}
    assert units == {
        "一中红队": "第一中学",
        "一中蓝队": "第一中学",
        "一中绿队": "第一中学",
        "纺织队": "纺织厂",
    }
