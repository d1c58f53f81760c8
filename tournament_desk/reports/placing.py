"""The placing of a knockout (名次 1, 2, 3–4, 5–8, …; rules.md §7.4, §7.6, §7.7): after the bracket tree, or alone as
the ranking of an event whose placing is its result.

The group column is printed only where a group stage gave the entrants a group (a knockout by draw has none).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from tournament_desk.reports.grid import Column, Grid
from tournament_desk.reports.layout import (
    MARGIN,
    MUTED,
    PORTRAIT,
    Document,
    Page,
    Painter,
    chunks,
    draw_text,
    wrap,
)
from tournament_desk.reports.model import BracketData, PlacingRow

PLACING_NOTE = (
    "名次 1、2、3–4、5–8 …：同一轮被淘汰者并列。  Placing: entrants out in the same round share it."
)
GROUPS_NOTE = (
    "名次 1、2、3–4、5–8 …：同一轮被淘汰者并列；小组赛未出线者并列其后。"
    "  Placing: entrants out in the same round share it; those out in the groups share the places after them."
)


def placing_note(data: BracketData) -> str:
    if data.placing_note:
        return data.placing_note
    return GROUPS_NOTE if has_groups(data.placing) else PLACING_NOTE


def has_groups(rows: Sequence[PlacingRow]) -> bool:
    return any(r.group for r in rows)


def placing_rows(rows: Sequence[PlacingRow], *, players: bool, groups: bool) -> list[tuple[str, ...]]:
    out = []
    for r in rows:
        row: tuple[str, ...] = (r.placing, r.name, *((r.group or "",) if groups else ()), r.unit or "")
        if players:
            row += ("、".join(r.players),)
        out.append(row)
    return out


def placing_columns(*, players: bool, groups: bool) -> list[Column]:
    columns = [Column("名次", "Placing", 0.8, "c", bold=True), Column("队名", "Name", 3.0)]
    if groups:
        columns.append(Column("组别", "Group", 0.7, "c"))
    columns.append(Column("单位", "Unit", 2.2))
    if players:
        columns.append(Column("队员", "Players", 3.2))
    return columns


def placing_pages(doc: Document, data: BracketData, title: tuple[str, str], right: str) -> None:
    """The placing list: one grid on a portrait page (with the players), two side by side on landscape."""
    wide = doc.pagesize[0] > doc.pagesize[1]
    groups = has_groups(data.placing)
    gutter = 18.0
    width = (doc.width - gutter) / 2 if wide else doc.width
    grid = Grid(placing_columns(players=not wide, groups=groups), width, size=9.5, row_h=17)
    per_grid = grid.rows_per_page(doc.height - 18)
    rows = placing_rows(data.placing, players=not wide, groups=groups)
    medals = {0, 1, 2, 3}  # the top lines in bold when they hold places 1–4
    per_page = per_grid * (2 if wide else 1)
    pages = chunks(rows, per_page)
    note = placing_note(data)

    def painter(chunk: Sequence[tuple[str, ...]], start: int, last: bool) -> Painter:
        def paint(c: Canvas) -> None:
            halves = [chunk[:per_grid], chunk[per_grid:]] if wide else [chunk]
            bottom = doc.top
            for h, half in enumerate(halves):
                if not half and h:
                    continue
                strong = {
                    i for i, row in enumerate(half)
                    if start + h * per_grid + i in medals and row[0].split("–")[0] in {"1", "2", "3", "4"}
                }  # fmt: skip
                bottom = min(
                    bottom, grid.draw(c, MARGIN + h * (width + gutter), doc.top, half, strong=strong)
                )
            if last:
                for i, line in enumerate(wrap(note, doc.width, 7.5)):
                    draw_text(c, MARGIN, bottom - 12 - 10 * i, line, 7.5, color=MUTED)

        return paint

    for i, chunk in enumerate(pages):
        doc.add(Page(title[0], title[1], right, painter(chunk, i * per_page, i == len(pages) - 1)))


def build_placing(path: Path, data: BracketData, right: str) -> None:
    """The placing alone (the ranking of a knockout), A4 portrait with the players."""
    doc = Document(data.event, pagesize=PORTRAIT)
    title = ("最终名次", "Final placing") if data.complete else ("名次", "Placing so far")
    placing_pages(doc, data, title, right)
    doc.save(path, title=title[0])
