"""Reading a sign-up or results sheet (.xlsx or .csv) into rows of text, with 1-based sheet row numbers.

Sheets are read with bounds an event can never need (issue 15): a 5 KB workbook that declares its far corner
cell, or a zip bomb, is refused in well under a second instead of filling the memory. Merged cells in a
sheet are filled down from their first cell, so a unit written once for a block of teams is every team's.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
        for row in csv.reader(io.StringIO(text, newline="")):  # row by row, stopped at the limit
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
    """The first sheet's rows, streamed: counted as they are read and refused at the limit, whatever size the
    sheet declares (a 2 MB sheet whose dimension says "A1:B2" holds no fewer rows for it)."""
    from openpyxl import load_workbook

    _check_zip(path)
    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:
        raise BadInput("'{path}' is not an Excel workbook Tournament Desk can read.", path=str(path)) from exc
    try:
        sheet = book.worksheets[0]
        rows, columns = sheet.max_row or 0, sheet.max_column or 0
        if rows > MAX_ROWS + 1:  # the sheet itself says so: refused before a cell is read
            raise _too_many_rows(path)
        if columns > MAX_COLUMNS * 50:  # a stray value far to the right: the sheet's own size is absurd
            raise BadInput(
                "'{path}' declares {columns} columns; a sign-up or results sheet has at most {most}.",
                path=str(path),
                columns=columns,
                most=MAX_COLUMNS,
            )
        table = _stream_rows(path, sheet)
        merged = _merged_ranges(book, sheet)
    except BadInput:
        raise
    except Exception as exc:
        raise BadInput("'{path}' is not an Excel workbook Tournament Desk can read.", path=str(path)) from exc
    finally:
        book.close()
    _fill_merged(table, merged)
    return table


def _stream_rows(path: Path, sheet: Any) -> list[list[str]]:
    """Every row as text, at most MAX_COLUMNS wide; one row past the limit stops the reading."""
    sheet.reset_dimensions()  # the rows in the file, not the ones it declares
    table: list[list[str]] = []
    for row in sheet.iter_rows(max_col=MAX_COLUMNS, values_only=True):
        if len(table) > MAX_ROWS:
            raise _too_many_rows(path)
        table.append([_text(v) for v in row])
    return table


_MERGE = re.compile(rb'<(?:\w+:)?mergeCell\s[^>]*?ref="([A-Z]+[0-9]+:[A-Z]+[0-9]+)"')


def _merged_ranges(book: Any, sheet: Any) -> list[tuple[int, int, int, int]]:
    """The sheet's merged blocks (min_col, min_row, max_col, max_row), read from its XML (the read-only
    reader does not keep them)."""
    from openpyxl.utils.cell import range_boundaries

    where = getattr(sheet, "_worksheet_path", None)
    if where is None:
        return []
    with book._archive.open(where) as source:  # bounded: _check_zip measured every member
        xml = source.read()
    found = []
    for ref in _MERGE.findall(xml):
        low_col, low_row, high_col, high_row = range_boundaries(ref.decode("ascii"))
        found.append((low_col, low_row, high_col, high_row))
    return found


def _fill_merged(table: list[list[str]], merged: list[tuple[int, int, int, int]]) -> None:
    """A unit written once for a block of teams is every team's: the block's first cell, filled in."""
    for low_col, low_row, high_col, high_row in merged:
        if low_row > len(table) or low_col > MAX_COLUMNS:
            continue
        first = table[low_row - 1]
        value = first[low_col - 1] if low_col - 1 < len(first) else ""
        for r in range(low_row, min(high_row, len(table)) + 1):
            row = table[r - 1]
            for c in range(low_col, min(high_col, MAX_COLUMNS) + 1):
                while len(row) < c:
                    row.append("")
                row[c - 1] = value


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
