"""What each picture to share shows (``reports.pictures`` lays it out): the standings, the final ranking, a
round's "find your table" list and its results, the knockout bracket, and one entrant's own card.

Each is made from the same plain data and the same rows as the printed sheet (``reports.standings``'
``standings_rows``, ``reports.pairings``' ``seats`` and ``levels_text``, ``reports.words``): a picture never
works a figure out for itself, so it always says what the paper says. A phone is narrow, so a picture prints
fewer columns than the A4 sheet: a name and its unit share one cell on two lines, and the rounds played are in
the heading, not in a column.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournament_desk.domain.results import figure_text
from tournament_desk.domain.sorting import pinyin
from tournament_desk.domain.standings import StandingRow
from tournament_desk.reports.directions import direction_title
from tournament_desk.reports.grid import Column
from tournament_desk.reports.layout import num
from tournament_desk.reports.model import BracketData, EntrantData, EventHeader, RoundData, StandingsData
from tournament_desk.reports.pairings import FIND, levels_text, note_text, seats
from tournament_desk.reports.pictures import PictureData, Section
from tournament_desk.reports.standings import (
    DECIDED_BY,
    TIEBREAK_NAMES,
    decided_by,
    figure_column,
    figure_keys,
    rank_text,
    standings_rows,
)
from tournament_desk.reports.words import entrant_name, rest_or_bye, table_note

MISSING = "注意：这些轮次仍有成绩未录入。 Some results are still missing."
RANK = Column("名次", "Rank", 0.8, "c", bold=True)
DEDUCTED = Column("扣分", "Ded.", 0.8, "r")


def _name_kind(event: EventHeader) -> tuple[str, str]:
    return ("对名", "Pair") if event.entrants_kind == "pairs" else ("队名", "Team")


def _name_unit(event: EventHeader, extra: str = "") -> Column:
    zh, en = _name_kind(event)
    return Column(f"{zh} / 单位{extra}", f"{en} / unit", 4.4)


# A Mitchell movement's figures (its printed rankings are a document of their own, ``standings``' directions):
# the direction is the sections' heading, not a column.
SECTION_KEYS = ("direction",)
FIGURES = {"score": Column("总分", "Score", 1.0, "r", bold=True)}
NAMES = {**TIEBREAK_NAMES, "score": ("总分", "score"), "best_boards": ("最高单副比赛分", "best boards")}


def picture_keys(data: StandingsData) -> list[tuple[int, str]]:
    """The printed standings' figures a picture shows, with their place among the printed ones."""
    return [(i, k) for i, k in enumerate(figure_keys(data)) if k not in SECTION_KEYS]


def picture_column(key: str) -> Column:
    return FIGURES.get(key) or figure_column(key)


def chain_note(data: StandingsData) -> str:
    """How the list is ranked, in the sheets' words (the printed standings' note, shortened for a phone)."""
    chain = " → ".join(NAMES.get(t, (t, t))[0] for t in data.tiebreaks)
    return f"排名依据：{chain} → 并列。" if chain else ""


def _sections(data: StandingsData, rows: Sequence[tuple[str, ...]]) -> tuple[Section, ...]:
    """The rows under a heading per group or direction where the event ranks within them, else one list."""

    def key(r: StandingRow) -> str:
        if r.direction:
            return direction_title(r.direction) + "名次"
        return f"{r.group} 组" if r.group and "placing" not in data.columns else ""

    order: dict[str, tuple[list[tuple[str, ...]], set[int]]] = {}
    for r, row in zip(data.rows, rows, strict=True):
        lines, muted = order.setdefault(key(r), ([], set()))
        if r.entrant.withdrawn:
            muted.add(len(lines))
        lines.append(row)
    return tuple(Section(k, tuple(lines), frozenset(m)) for k, (lines, m) in order.items())


def _figures(data: StandingsData, row: StandingRow) -> tuple[str, ...]:
    if row.entrant.name in data.no_figures:
        return tuple("" for _ in picture_keys(data))
    return tuple(figure_text(row, k) for _, k in picture_keys(data))


def standings_picture(data: StandingsData, url: str | None = None) -> PictureData:
    """The standings after a round: the printed standings' rows (``standings_rows``) with the name and unit
    in one cell, the figures of the chain, a deduction where there is one and what decided a tie."""
    keys = picture_keys(data)
    printed = len(figure_keys(data))
    full = standings_rows(data)  # rank, name, unit, *figures, played, deducted[, decided]
    deducted = any(r.deducted for r in data.rows)
    decided = decided_by(data)
    rows = []
    for row in full:
        figures = tuple(row[3 + i] for i, _ in keys)
        rows.append(
            (row[0], f"{row[1]}\n{row[2]}" if row[2] else row[1], *figures,
             *((row[4 + printed],) if deducted else ()), *((row[-1],) if decided else ()))
        )  # fmt: skip
    columns = (
        RANK,
        _name_unit(data.event),
        *(picture_column(k) for _, k in keys),
        *((DEDUCTED,) if deducted else ()),
        *((DECIDED_BY,) if decided else ()),
    )
    return PictureData(
        data.event, f"第 {data.after_round} 轮后名次", f"Standings after round {data.after_round}",
        f"第 {data.after_round} 轮后", columns, _sections(data, rows), (chain_note(data),),
        "" if data.complete else MISSING, url=url, qr_caption="扫码看实时名次\nScan for the live standings",
        row_h=32, kind="名次", stacked=1,
    )  # fmt: skip


def ranking_picture(data: StandingsData, url: str | None = None) -> PictureData:
    """The final ranking: each entrant with its unit and players (as the printed ranking lists them)."""
    rows: list[tuple[str, ...]] = []
    for r in data.rows:
        entrant = data.entrants.get(r.entrant.name)
        players = "、".join(entrant.players) if entrant else ""
        below = "  ".join(t for t in (r.entrant.unit or "", players) if t)
        name = entrant_name(r.entrant)
        rows.append((rank_text(data, r), f"{name}\n{below}" if below else name, *_figures(data, r)))
    zh, en = _name_kind(data.event)
    columns = (
        RANK,
        Column(f"{zh} / 单位 队员", f"{en} / unit, players", 5.2),
        *(picture_column(k) for _, k in picture_keys(data)),
    )
    over = data.event.rounds_planned is None or data.after_round >= data.event.rounds_planned
    warning = (
        "" if data.complete and over else "注意：比赛尚未结束，这不是最终名次。 The event is not over yet."
    )
    return PictureData(
        data.event, "最终名次", "Final ranking", f"第 {data.after_round} 轮后", columns, _sections(data, rows),
        (chain_note(data),), warning, url=url, qr_caption="扫码看实时名次\nScan for the live standings",
        row_h=32, kind="最终名次", stacked=1,
    )  # fmt: skip


def find_picture(event: EventHeader, rnd: RoundData, url: str | None = None,
                 byes: Sequence[str] = ()) -> PictureData:  # fmt: skip
    """A round's "find your table" list: every entrant by the pinyin of its name, its table and seat (the
    printed sheet's ``seats``)."""
    rows: list[tuple[str, ...]] = []
    last = ""
    for s in seats(rnd, byes):
        letter = pinyin(s.name)[:1].upper()
        rows.append((letter if letter != last else "", s.name, s.table, s.seat))
        last = letter
    draft = "" if rnd.published else "草稿（未发布） "
    return PictureData(
        event, f"第 {rnd.round} 轮 查找桌号", "Find your table · 按队名拼音排序", f"{draft}{rnd.date}",
        tuple(FIND), (Section("", tuple(rows)),), ("主队坐南北，客队坐东西。 Home sits North–South.",),
        url=url, qr_caption="扫码查看本轮对阵\nScan for this round's tables", size=14, row_h=26, kind="查找桌号",
    )  # fmt: skip


RESULTS = (
    Column("桌号", "Table", 0.7, "c", bold=True),
    Column("主队", "Home", 2.5),
    Column("级数", "Levels", 1.35, "c"),
    Column("客队", "Away", 2.5),
    Column("场分", "MP", 1.3, "c"),
    Column("标准分", "VP", 1.3, "c"),
)
WINNER = Column("胜者", "Winner", 2.25, bold=True)


def results_rows(rnd: RoundData) -> tuple[tuple[tuple[str, ...], ...], bool]:
    """A row per table: the levels (or what the table is instead: a forfeit, a withdrawal, in Chinese), the
    MP and VP as stored; a knockout's the winner instead of MP and VP. Then the bye or the rests."""
    knockout = any(t.winner or t.on_stage for t in rnd.tables)
    rows: list[tuple[str, ...]] = []
    for t in rnd.tables:
        note = (note_text(t) if knockout else table_note(t)).partition("\n")[0]
        levels = levels_text(t)
        shown = f"{levels}\n{note}" if levels and note else levels or note or "—"
        if knockout:
            rows.append((str(t.table), t.home, shown, t.away, t.winner or ""))
        elif t.result is None:
            rows.append((str(t.table), t.home, shown, t.away, "", ""))
        else:
            hm, am, hv, av = t.result
            rows.append((str(t.table), t.home, shown, t.away, f"{num(hm)}:{num(am)}", f"{num(hv)}:{num(av)}"))
    if rnd.bye is not None:  # the bye's award in the MP and VP columns; a rest's words (no score)
        label, words = rest_or_bye(rnd.bye_state, rnd.bye_award, sep="\n")
        award = rnd.bye_award
        if knockout:
            rows.append((label, rnd.bye, "", "", rnd.bye))
        elif award is not None:
            rows.append((label, rnd.bye, "", "", num(award[0]), num(award[1])))
        else:
            rows.append((label, rnd.bye, "", words.partition("\n")[0], "", ""))
    return tuple(rows), knockout


def results_picture(event: EventHeader, rnd: RoundData, url: str | None = None) -> PictureData:
    rows, knockout = results_rows(rnd)
    columns = (*RESULTS[:4], WINNER) if knockout else RESULTS
    waiting = sum(1 for t in rnd.tables if t.result is None and not t.winner)
    warning = f"注意：还有 {waiting} 桌成绩未录入。 {waiting} tables still to come." if waiting else ""
    return PictureData(
        event, f"第 {rnd.round} 轮成绩", f"Round {rnd.round} results", rnd.date, columns,
        (Section("", rows),), ("级数：主队 : 客队；场分、标准分：主队 : 客队。 Home first.",), warning, url=url,
        qr_caption="扫码查看本轮成绩\nScan for this round's results", size=11.5, row_h=26, kind="成绩",
    )  # fmt: skip


BRACKET = (
    Column("场", "No.", 0.7, "c"),
    Column("主队", "Home", 2.7),
    Column("客队", "Away", 2.7),
    Column("级数", "Levels", 1.3, "c"),
    Column("胜者", "Winner", 2.5, bold=True),
)


def _side(name: str | None) -> str:
    return "轮空" if name is None else name or "待定"


def bracket_picture(data: BracketData, url: str | None = None) -> PictureData:
    """The knockout round by round (a phone cannot show the tree): each match, its levels and winner."""
    sections = []
    for (zh, _), matches in zip(data.round_titles, data.rounds, strict=False):
        rows = tuple(
            (str(m.position) if not m.third_place else "季", _side(m.home), _side(m.away), m.levels,
             m.winner or "")
            for m in matches
        )  # fmt: skip
        sections.append(Section(zh, rows))
    return PictureData(
        data.event, "淘汰赛对阵", "Knockout bracket", f"{data.size} 强", BRACKET, tuple(sections),
        ("“待定”：上一场尚未决出胜者；“季”：三四名决赛。 To be decided by the match before; 季: third place.",),
        url=url,
        qr_caption="扫码查看实时对阵\nScan for the live bracket", size=11.5, row_h=24, kind="对阵图",
    )  # fmt: skip


@dataclass(frozen=True)
class CardRound:
    """One round of an entrant's card: its table (or what it did instead), seat, opponent and result."""

    round: int
    table: str
    seat: str
    opponent: str
    levels: str = ""
    mp: str = ""
    vp: str = ""


CARD = (
    Column("轮次", "Round", 0.7, "c", bold=True),
    Column("桌号", "Table", 0.8, "c", bold=True),
    Column("座位", "Seat", 1.1, "c"),
    Column("对手", "Opponent", 2.9),
    Column("级数", "Levels", 1.25, "c"),
    Column("场分", "MP", 0.8, "c"),
    Column("标准分", "VP", 0.9, "c"),
)


def card_rounds(name: str, rounds: Sequence[RoundData]) -> tuple[CardRound, ...]:
    """The entrant's line in each round: from the round's seats (``seats``) and its table's stored result."""
    out = []
    for rnd in rounds:
        seat = next((s for s in seats(rnd) if s.name == name), None)
        if seat is None:
            continue
        table = next((t for t in rnd.tables if name in (t.home, t.away)), None)
        if table is None:  # the bye (its award) or a rest
            award = rnd.bye_award if rnd.bye == name else None
            out.append(CardRound(rnd.round, seat.table, seat.seat, "—", "", *_award(award)))
            continue
        home = table.home == name
        levels = levels_text(table)
        if levels and not home:
            levels = " : ".join(reversed(levels.split(" : ")))
        note = table_note(table).partition("\n")[0]
        mp = vp = ""
        if table.result is not None:
            hm, am, hv, av = table.result
            mp, vp = (num(hm), num(hv)) if home else (num(am), num(av))
        opponent = table.away if home else table.home
        out.append(CardRound(rnd.round, seat.table, seat.seat, opponent, levels or note, mp, vp))
    return tuple(out)


def _award(award: tuple[float, float] | None) -> tuple[str, str]:
    return (num(award[0]), num(award[1])) if award else ("", "")


def card_picture(
    standings: StandingsData, entrant: EntrantData, rounds: Sequence[CardRound], url: str | None = None
) -> PictureData:
    """An entrant's own card: who it is, its place and figures now (the standings' row), and each round's
    table and result."""
    event = standings.event
    zh, en = _name_kind(event)
    lead = [(zh, entrant.name + ("（退赛）" if entrant.withdrawn_after_round is not None else ""))]
    if entrant.unit:
        lead.append(("单位", entrant.unit))
    if entrant.players:
        lead.append(("队员", "、".join(entrant.players)))
    row = next((r for r in standings.rows if r.entrant.name == entrant.name), None)
    if row is not None:
        lead.append(("名次", f"第 {rank_text(standings, row)} 名（第 {standings.after_round} 轮后）"))
        keys = [k for _, k in picture_keys(standings)]
        shown = [
            f"{picture_column(k).title} {v}" for k, v in zip(keys, _figures(standings, row), strict=True)
        ]
        if row.deducted:
            shown.append(f"扣分 {num(-row.deducted)}")
        lead.append(("成绩", "  ".join(t for t in shown if t.split(" ")[-1])))
    # A table's MP and VP where the event ranks by them (a Mitchell movement scores boards, not tables).
    ranked = {k for _, k in picture_keys(standings)}
    kept = [i for i, key in enumerate(("", "", "", "", "", "mp", "vp")) if not key or key in ranked]
    lines = ((str(r.round), r.table, r.seat, r.opponent, r.levels, r.mp, r.vp) for r in rounds)
    rows = tuple(tuple(line[i] for i in kept) for line in lines)
    columns = tuple(CARD[i] for i in kept)
    return PictureData(
        event, "个人成绩卡", f"{en} card: every round", f"共 {len(rounds)} 轮", columns, (Section("", rows),),
        ("级数：本方 : 对方。 Levels: own first.",), lead=tuple(lead), url=url,
        qr_caption="扫码查看我的桌号和成绩\nScan for my table and results", size=11.5, row_h=26,
        kind=entrant.name,
    )  # fmt: skip
