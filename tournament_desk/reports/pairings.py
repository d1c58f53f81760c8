"""The pairing sheet of a round (对阵表): by table, then the "find your table" list players crowd around."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from tournament_desk.domain.sorting import name_key, pinyin
from tournament_desk.reports.layout import (
    MARGIN,
    MUTED,
    Column,
    Document,
    Grid,
    Page,
    Painter,
    chunks,
    draw_text,
    num,
)
from tournament_desk.reports.model import EventHeader, RoundData

RELAXED = {"same-unit": "同单位相遇", "rematch": "重复相遇"}
BY_TABLE = (
    Column("桌号", "Table", 0.8, "c", bold=True),
    Column("主队（南北）", "Home / NS", 3.4),
    Column("场分", "MP", 0.8, "r"),
    Column("客队（东西）", "Away / EW", 3.4),
    Column("场分", "MP", 0.8, "r"),
    Column("备注", "Note", 1.3, "c"),
)
FIND = (
    Column("", "", 0.45, "c"),
    Column("队名", "Name", 4.2),
    Column("桌号", "Table", 1.3, "c", bold=True),
    Column("座位", "Seat", 1.7, "c"),
)
FIND_GAP = 16.0


@dataclass(frozen=True)
class Seat:
    name: str
    table: str
    seat: str


def round_label(rnd: RoundData) -> str:
    draft = "" if rnd.published else "草稿（未发布） Draft    "
    return f"{draft}第 {rnd.round} 轮  Round {rnd.round}    {rnd.date}"


def by_table_rows(rnd: RoundData) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = [
        (
            str(t.table),
            t.home,
            num(t.home_mp),
            t.away,
            num(t.away_mp),
            "、".join(RELAXED.get(r, r) for r in t.relaxed),
        )
        for t in rnd.tables
    ]
    if rnd.bye is not None:
        mp, vp = rnd.bye_award or (0.0, 0.0)
        rows.append(
            ("轮空", rnd.bye, num(rnd.bye_mp), f"轮空 Bye：得 {num(mp)} 场分、{num(vp)} 标准分", "", "")
        )
    return rows


def seats(rnd: RoundData) -> list[Seat]:
    found = [Seat(t.home, str(t.table), "主 南北") for t in rnd.tables]
    found += [Seat(t.away, str(t.table), "客 东西") for t in rnd.tables]
    if rnd.bye is not None:
        found.append(Seat(rnd.bye, "轮空", "—"))
    found.sort(key=lambda s: name_key(s.name))
    return found


def build_pairings(path: Path, event: EventHeader, rnd: RoundData) -> None:
    doc = Document(event, draft=not rnd.published)
    right = round_label(rnd)
    grid = Grid(BY_TABLE, doc.width, size=10.5, row_h=19)
    rows = by_table_rows(rnd)
    per_page = grid.rows_per_page(doc.height - 16)
    for chunk in chunks(rows, per_page):
        doc.add(Page("对阵表", "Pairings by table", right, _by_table_painter(doc, grid, chunk)))
    add_find_pages(doc, seats(rnd), right)
    doc.save(path, title=f"第 {rnd.round} 轮对阵表")


def add_find_pages(doc: Document, entries: Sequence[Seat], right: str) -> None:
    """The "find your table" list: every entrant of the round by the pinyin of its name, two columns a page."""
    find = Grid(FIND, (doc.width - FIND_GAP) / 2, size=14, row_h=23, header_h=30)
    half = find.rows_per_page(doc.height)
    for part in chunks(entries, 2 * half):
        doc.add(
            Page("查找桌号", "Find your table · 按队名拼音排序", right, _find_painter(doc, find, part, half))
        )


def _by_table_painter(doc: Document, grid: Grid, rows: Sequence[Sequence[str]]) -> Painter:
    def paint(c: Canvas) -> None:
        bottom = grid.draw(c, MARGIN, doc.top, rows)
        note = "主队坐南北，客队坐东西；场分为本轮前的累计场分。 Home sits North–South; MP are the totals before this round."
        draw_text(c, MARGIN, bottom - 12, note, 7.5, color=MUTED)

    return paint


def _find_painter(doc: Document, grid: Grid, entries: Sequence[Seat], half: int) -> Painter:
    def paint(c: Canvas) -> None:
        per_column = max(1, min(half, -(-len(entries) // 2)))  # a short last page splits evenly
        for column, part in enumerate(chunks(entries, per_column)):
            if not part:
                continue
            rows = []
            last = ""
            for s in part:
                letter = pinyin(s.name)[:1].upper()
                rows.append((letter if letter != last else "", s.name, s.table, s.seat))
                last = letter
            grid.draw(c, MARGIN + column * (grid.width + FIND_GAP), doc.top, rows)

    return paint
