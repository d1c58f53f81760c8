"""How every sheet of the workbook is written: one header row (frozen, with a filter), figures stored as
numbers, names as text, and column widths that count a Chinese character as two Latin ones, so names are not
cut off when the file is opened. The entrants' and the audit trail's sheets are the same in every workbook.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from tournament_desk.domain.chain import AuditEntry
from tournament_desk.i18n import language
from tournament_desk.reports.audit_text import action_name, reason_words, sentence
from tournament_desk.reports.model import EntrantData, WorkbookData

Cell = str | int | float | datetime | None
CELL_MAX = 32000  # Excel refuses more than 32 767 characters in a cell
MAX_WIDTH = 60
HEADER_FONT = Font(bold=True, color="FFFFFF")
HEADER_FILL = PatternFill("solid", fgColor="1F4E79")
HEADER_BORDER = Border(bottom=Side(style="thin", color="1B2430"))

ENTRANT_HEADERS = ("抽签号 No.", "队名 Name", "单位 Unit", "队员 Players", "状态 Status")
AUDIT_HEADERS = (
    "时间 Time",
    "工作站 Station",
    "操作 Action",
    "轮次 Round",
    "桌号 Table",
    "参赛队 Entrant",
    "变更 Change",
    "原因 Reason",
)


def display_width(value: Cell) -> int:
    """Characters as Excel shows them: wide (CJK) characters count twice."""
    text = "" if value is None else str(value)
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _clean(value: Cell) -> Cell:
    if isinstance(value, str):
        text: str = ILLEGAL_CHARACTERS_RE.sub("", value)
        return text if len(text) <= CELL_MAX else text[:CELL_MAX] + "…"
    return value


def _as_text(cells: Iterable[Any]) -> None:
    """No cell of ours is a formula: a name typed as ``=HYPERLINK(…)`` or ``=cmd|…`` is written as the text it
    is, never as a live formula (openpyxl makes any string starting with "=" one; OWASP CSV injection)."""
    for cell in cells:
        if cell.data_type == "f":
            cell.data_type = "s"


def write_sheet(ws: Worksheet, headers: Sequence[str], rows: Iterable[Sequence[Cell]]) -> None:
    ws.append(list(headers))
    widths = [display_width(h) for h in headers]
    # Rows are numbered here, not asked of the sheet: openpyxl's ``max_row`` and ``ws[n]`` walk every cell
    # written so far, which made a 2000-entrant workbook take 10 s (issue 29's benchmark).
    for number, row in enumerate(rows, start=2):
        cleaned = [_clean(v) for v in row]
        ws.append(cleaned)
        _as_text(
            ws.cell(row=number, column=i + 1)
            for i, value in enumerate(cleaned)
            if isinstance(value, str) and value.startswith("=")
        )
        for i, value in enumerate(cleaned):
            widths[i] = max(widths[i], display_width(value))
    for i, cell in enumerate(ws[1]):
        cell.font, cell.fill, cell.border = HEADER_FONT, HEADER_FILL, HEADER_BORDER
        cell.alignment = Alignment(vertical="center", wrap_text=False)
        ws.column_dimensions[get_column_letter(i + 1)].width = min(MAX_WIDTH, widths[i] + 2)
    ws.freeze_panes = "A2"
    ws.auto_filter.ref = ws.dimensions


def entrant_rows(entrants: Iterable[EntrantData]) -> list[list[Cell]]:
    return [
        [
            e.draw_no,
            e.name,
            e.unit,
            "、".join(e.players),
            "在赛" if e.withdrawn_after_round is None else f"第 {e.withdrawn_after_round} 轮后退赛",
        ]
        for e in entrants
    ]


def audit_rows(lines: Iterable[AuditEntry], lang: str | None = None) -> list[list[Cell]]:
    """The trail as the audit page shows it: the action's name and the change as a sentence in the language
    in use (``reports.audit_text``), never the stored keys or JSON; station, time and reason have columns."""
    lang = lang or language()
    return [
        [
            a.at,
            a.station,
            action_name(a.action, lang),
            a.round,
            a.table,
            a.entrant,
            sentence(a, lang, context=False),
            reason_words(a.reason, lang),
        ]
        for a in lines
    ]


def start_workbook(data: WorkbookData, entrants_title: str) -> Workbook:
    """A workbook titled after the event, its first sheet the entrants (``entrants_title``)."""
    wb = Workbook()
    wb.properties.title = data.event.name
    wb.properties.creator = "Tournament Desk"
    ws = wb.active
    assert ws is not None
    ws.title = entrants_title
    write_sheet(ws, ENTRANT_HEADERS, entrant_rows(data.entrants))
    return wb


def finish_workbook(wb: Workbook, data: WorkbookData, path: Path) -> None:
    """The audit trail as the last sheet, then the file."""
    write_sheet(wb.create_sheet("操作记录"), AUDIT_HEADERS, audit_rows(data.audit))
    wb.save(path)
