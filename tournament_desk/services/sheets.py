"""Reading a sign-up or results sheet (.xlsx or .csv) into rows of text, with 1-based sheet row numbers."""

from __future__ import annotations

import csv
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from tournament_desk.domain.errors import BadInput


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
    return [list(r) for r in csv.reader(text.splitlines())]


def _read_xlsx(path: Path) -> list[list[str]]:
    from openpyxl import load_workbook

    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:
        raise BadInput("'{path}' is not an Excel workbook Tournament Desk can read.", path=str(path)) from exc
    try:
        sheet = book.worksheets[0]
        return [[_text(v) for v in row] for row in sheet.iter_rows(values_only=True)]
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
    rows = []
    for number, raw in enumerate(table[1:], start=2 + skipped):
        if not any(raw):
            continue
        cells = {key: (raw[i] if i < len(raw) else "") for key, i in index.items()}
        rows.append(SheetRow(number, cells))
    return rows
