"""The pairing sheet of a round (对阵表): by table, then the "find your table" list players crowd around.

A knockout round's sheet (rules.md §7.6) has the knockout round's name, each match's levels, the side on stage
where the levels were equal and the winner once there is a result, and the round's byes (who goes through
without a match); no MP before the round, since in a knockout only the winner goes on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from tournament_desk.domain.levels import format_level
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.sorting import name_key, pinyin
from tournament_desk.domain.table_state import Side
from tournament_desk.reports.grid import Column, Grid, Note, grid_pages
from tournament_desk.reports.layout import MARGIN, Document, Page, Painter, chunks, num
from tournament_desk.reports.model import EventHeader, KnockoutRoundData, PairedTable, RoundData
from tournament_desk.reports.words import (
    RELAXED,
    SIDES,
    rest_or_bye,
    seat_note,
    table_note,
)

BY_TABLE = (
    Column("桌号", "Table", 0.7, "c", bold=True),
    Column("主队（南北）", "Home / NS", 2.9),
    Column("场分", "MP", 0.7, "r"),
    Column("客队（东西）", "Away / EW", 2.9),
    Column("场分", "MP", 0.7, "r"),
    Column("备注", "Note", 2.6, "c"),
)
BY_TABLE_NOTE = Note(
    "主队坐南北，客队坐东西；场分为本轮前的累计场分。 Home sits North–South; MP are the totals before this round.",
    every_page=True,
)
FIND = (
    Column("", "", 0.45, "c"),
    Column("队名", "Name", 4.2),
    Column("桌号", "Table", 1.3, "c", bold=True),
    Column("座位", "Seat", 1.7, "c"),
)
FIND_GAP = 16.0

KNOCKOUT = (
    Column("桌号", "Table", 0.7, "c", bold=True),
    Column("主队（南北）", "Home / NS", 3.0),
    Column("客队（东西）", "Away / EW", 3.0),
    Column("级数", "Levels", 1.1, "c"),
    Column("胜者", "Winner", 2.6, bold=True),
    Column("备注", "Note", 2.0, "c"),
)
ON_STAGE = "台上"
BYE = "轮空 Bye"
THROUGH = "直接晋级"
KNOCKOUT_NOTE = Note(
    "淘汰赛：所达级数高者胜；级数相同时比赛结束时在台上的一方获胜（备注“台上”）；轮空者不赛，直接进入下一轮。"
    "  Knockout: the higher level wins; on equal levels the side on stage at the end wins (台上); a bye goes "
    "through to the next round without a match.",
    wrapped=True,
)


@dataclass(frozen=True)
class Seat:
    name: str
    table: str
    seat: str


def round_label(rnd: RoundData) -> str:
    draft = "" if rnd.published else "草稿（未发布） Draft    "
    return f"{draft}第 {rnd.round} 轮  Round {rnd.round}    {rnd.date}"


def by_table_rows(rnd: RoundData) -> list[tuple[str, ...]]:
    """A row per table — its note what the table is (a withdrawal, forfeit, …, ``words.table_note``) else
    the pairing rules it broke — then the entrant that rests (no score) or has the bye (its award)."""
    rows: list[tuple[str, ...]] = [
        (
            str(t.table),
            t.home,
            num(t.home_mp),
            t.away,
            num(t.away_mp),
            table_note(t) or "、".join(RELAXED.get(r, r) for r in t.relaxed),
        )
        for t in rnd.tables
    ]
    if rnd.bye is not None:
        label, words = rest_or_bye(rnd.bye_state, rnd.bye_award)
        rows.append((label, rnd.bye, num(rnd.bye_mp), words, "", ""))
    for name in rnd.rests:  # a group stage's rests
        label, words = rest_or_bye(ResultState.REST, None)
        rows.append((label, name, "", words, "", ""))
    return rows


def seats(rnd: RoundData, byes: Sequence[str] = ()) -> list[Seat]:
    """Every entrant of the round, by name: its table and seat; at a table not played (a withdrawal, a forfeit,
    annulled) what it does instead and why (退赛, 轮休 对手退赛, …); 轮空 or 轮休 (the round's bye or rest, a
    knockout's ``byes``). A withdrawn entrant is listed, not left out: whoever looks for it finds why it has no
    table."""
    found = [_seat(t, "home") for t in rnd.tables] + [_seat(t, "away") for t in rnd.tables]
    if rnd.bye is not None:
        found.append(Seat(rnd.bye, rest_or_bye(rnd.bye_state, rnd.bye_award)[0], "—"))
    found += [Seat(name, rest_or_bye(ResultState.REST, None)[0], "—") for name in rnd.rests]
    found += [Seat(name, "轮空", "—") for name in byes]
    found.sort(key=lambda s: name_key(s.name))
    return found


def _seat(t: PairedTable, side: Side) -> Seat:
    name = t.home if side == "home" else t.away
    instead = seat_note(t, side)
    if instead is not None:
        return Seat(name, *instead)
    return Seat(name, str(t.table), "主 南北" if side == "home" else "客 东西")


def build_pairings(path: Path, event: EventHeader, rnd: RoundData) -> None:
    doc = Document(event, draft=not rnd.published)
    right = round_label(rnd)
    grid = Grid(BY_TABLE, doc.width, size=10.5, row_h=22)  # a note takes two lines: Chinese, English
    grid_pages(doc, grid, by_table_rows(rnd), ("对阵表", "Pairings by table", right), note=BY_TABLE_NOTE)
    add_find_pages(doc, seats(rnd), right)
    doc.save(path, title=f"第 {rnd.round} 轮对阵表")


def levels_text(t: PairedTable) -> str:
    if t.home_level is None or t.away_level is None:
        return ""
    return f"{format_level(t.home_level)} : {format_level(t.away_level)}"


def note_text(t: PairedTable) -> str:
    """台上 and the side for a match decided on stage; else what the table is (a forfeit, ruling, withdrawal)."""
    if t.on_stage in SIDES and t.home_level is not None and t.home_level == t.away_level:
        return f"{ON_STAGE}：{SIDES[t.on_stage]}"
    return table_note(t)


def knockout_rows(data: KnockoutRoundData) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for t in data.round.tables:
        rows.append((str(t.table), t.home, t.away, levels_text(t), t.winner or "", note_text(t)))
    rows += [("—", name, BYE, "", name, THROUGH) for name in data.byes]
    return rows


def build_knockout_pairings(path: Path, data: KnockoutRoundData) -> None:
    rnd = data.round
    doc = Document(data.event, draft=not rnd.published)
    zh, en = data.title
    right = round_label(rnd)
    grid = Grid(KNOCKOUT, doc.width, size=10.5, row_h=19)
    heading = (f"{zh}对阵表", f"{en} · pairings by table", right)
    grid_pages(doc, grid, knockout_rows(data), heading, note=KNOCKOUT_NOTE, room=40)
    add_find_pages(doc, seats(rnd, data.byes), right)
    doc.save(path, title=f"第 {rnd.round} 轮对阵表")


def add_find_pages(doc: Document, entries: Sequence[Seat], right: str) -> None:
    """The "find your table" list: every entrant of the round by the pinyin of its name, two columns a page."""
    find = Grid(FIND, (doc.width - FIND_GAP) / 2, size=14, row_h=23, header_h=30)
    half = find.rows_per_page(doc.height)
    for part in chunks(entries, 2 * half):
        doc.add(
            Page("查找桌号", "Find your table · 按队名拼音排序", right, _find_painter(doc, find, part, half))
        )


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
