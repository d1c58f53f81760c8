"""Reading a sign-up or results sheet (.xlsx or .csv) into rows of text, with 1-based sheet row numbers.

Sheets are read with bounds an event can never need (issue 15): a 5 KB workbook that declares its far corner
cell, or a zip bomb, is refused in well under a second instead of filling the memory. Merged cells in a
sheet are filled down from their first cell, so a unit written once for a block of teams is every team's.
"""

from __future__ import annotations

import csv
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from tournament_desk.domain.errors import BadInput

MAX_ROWS = 5_000
MAX_COLUMNS = 20
MAX_BYTES = 20 * 1024 * 1024  # uncompressed
# The headers of the two columns every results sheet starts with (levels, duplicate boards, Mitchell boards).
TABLE_COLUMNS = {"round": ("轮", "轮次", "round"), "table": ("桌", "桌号", "table")}


def _too_many_rows(path: Path) -> BadInput:
    return BadInput(
        "'{path}' has more than {most} rows; no event needs that many, so it is not read.",
        path=str(path),
        most=MAX_ROWS,
    )


@dataclass(frozen=True)
class SheetRow:
    number: int  # the row number the user sees in Excel (header is row 1)
    cells: dict[str, str]


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _read_csv(path: Path) -> list[list[str]]:
    if path.stat().st_size > MAX_BYTES:
        raise BadInput(
            "'{path}' is {size} MB; a sign-up or results sheet is at most {most} MB.",
            path=str(path),
            size=path.stat().st_size // (1024 * 1024),
            most=MAX_BYTES // (1024 * 1024),
        )
    raw = path.read_bytes()
    # Excel on a Chinese Windows saves "CSV" as GBK; everything else sends UTF-8 (often with a BOM).
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            text = raw.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:  # pragma: no cover - gb18030 decodes any byte sequence
        raise BadInput("'{path}' is not a text file Tournament Desk can read.", path=str(path))
    rows: list[list[str]] = []
    try:
        for row in csv.reader(text.splitlines()):
            if len(rows) > MAX_ROWS:
                raise _too_many_rows(path)
            if sum(1 for cell in row if cell.strip()) > MAX_COLUMNS:
                raise BadInput(
                    "'{path}' has a row of {count} columns; a sign-up or results sheet has at most {most} columns.",
                    path=str(path),
                    count=len(row),
                    most=MAX_COLUMNS,
                )
            rows.append(row[:MAX_COLUMNS])
    except csv.Error as exc:  # a field longer than any name, an unclosed quote spanning the file …
        raise BadInput("'{path}' is not a text file Tournament Desk can read.", path=str(path)) from exc
    return rows


def _check_zip(path: Path) -> None:
    """Refuse a workbook that would unpack to more than an event's sheet can hold (a zip bomb)."""
    try:
        with zipfile.ZipFile(path) as z:
            unpacked = sum(info.file_size for info in z.infolist())
    except (zipfile.BadZipFile, OSError) as exc:
        raise BadInput("'{path}' is not an Excel workbook Tournament Desk can read.", path=str(path)) from exc
    if unpacked > MAX_BYTES:
        raise BadInput(
            "'{path}' would unpack to {size} MB; a sign-up or results sheet is at most {most} MB.",
            path=str(path),
            size=unpacked // (1024 * 1024),
            most=MAX_BYTES // (1024 * 1024),
        )


def _read_xlsx(path: Path) -> list[list[str]]:
    from openpyxl import load_workbook

    _check_zip(path)
    try:
        # Read-only first: the sheet's declared size is checked before any cell is read.
        book = load_workbook(path, read_only=True, data_only=True)
        sheet = book.worksheets[0]
        rows, columns = sheet.max_row or 0, sheet.max_column or 0
        book.close()
    except Exception as exc:
        raise BadInput("'{path}' is not an Excel workbook Tournament Desk can read.", path=str(path)) from exc
    if rows > MAX_ROWS + 1:
        raise _too_many_rows(path)
    if columns > MAX_COLUMNS * 50:  # a stray value far to the right: the sheet's own size is absurd
        raise BadInput(
            "'{path}' declares {columns} columns; a sign-up or results sheet has at most {most}.",
            path=str(path),
            columns=columns,
            most=MAX_COLUMNS,
        )
    try:
        book = load_workbook(path, data_only=True)
    except Exception as exc:
        raise BadInput("'{path}' is not an Excel workbook Tournament Desk can read.", path=str(path)) from exc
    try:
        sheet = book.worksheets[0]
        for merged in list(sheet.merged_cells.ranges):  # a unit written once for a block of teams
            value = sheet.cell(merged.min_row, merged.min_col).value
            sheet.unmerge_cells(str(merged))
            for r in range(merged.min_row, merged.max_row + 1):
                for c in range(merged.min_col, merged.max_col + 1):
                    sheet.cell(r, c).value = value
        table: list[list[str]] = []
        for row in sheet.iter_rows(max_col=MAX_COLUMNS, values_only=True):
            if len(table) > MAX_ROWS:
                raise _too_many_rows(path)
            table.append([_text(v) for v in row])
        return table
    finally:
        book.close()


def read_sheet(path: Path, columns: Mapping[str, Iterable[str]], required: Iterable[str]) -> list[SheetRow]:
    """Rows of a sheet keyed by our column names; ``columns`` maps each to the headers users write."""
    if not path.is_file():
        raise BadInput("There is no file at '{path}'.", path=str(path))
    suffix = path.suffix.lower()
    if suffix == ".csv":
        table = _read_csv(path)
    elif suffix in (".xlsx", ".xlsm"):
        table = _read_xlsx(path)
    else:
        raise BadInput("'{path}' is neither an .xlsx nor a .csv file.", path=str(path))
    table = [[_text(c) for c in row] for row in table]
    skipped = 0
    while table and not any(table[0]):
        table.pop(0)
        skipped += 1
    if not table:
        raise BadInput("'{path}' is empty.", path=str(path))
    header = [h.strip().casefold() for h in table[0]]
    index: dict[str, int] = {}
    for key, names in columns.items():
        for alias in (key, *names):
            if alias.casefold() in header:
                index[key] = header.index(alias.casefold())
                break
    missing = [key for key in required if key not in index]
    if missing:
        raise BadInput(
            "The sheet has no '{column}' column; the first row must name the columns ({expected}).",
            column=missing[0],
            expected=", ".join(f"{k}/{next(iter(columns[k]), k)}" for k in columns),
        )
    rows: list[SheetRow] = []
    for number, raw in enumerate(table[1:], start=2 + skipped):
        if not any(raw):
            continue
        cells = {key: (raw[i] if i < len(raw) else "") for key, i in index.items()}
        rows.append(SheetRow(number, cells))
    return rows
