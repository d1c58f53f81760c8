"""Pairs duplicate with a Mitchell movement (SPEC §7.5, 牌套赛): guide cards, travellers, the board recap,
the two direction rankings, their certificates and the workbook.

- **Guide cards (桌位卡)**, one per table, cut from an A4 sheet (four to a portrait page, or two to a landscape
  page when the movement has too many rounds for a quarter): the NS pair that stays, then round by round the
  EW pair that arrives and from which table, the boards played and where they come from, and where the EW pair
  and the boards go next; the bye stand and a relay table are named in words.
- **Travellers (记分条)**, one per board (two to a page when they fit): every table that plays the board in
  round order with the two pairs, then the defenders' points, penalties, the NS result and, once scored, the
  NS and EW match points; rows not in yet are left blank to be filled in at the table.
- **The board recap (成绩汇总表)**: per direction, each pair's match points board by board, the total, the
  deductions and the rank (boards in blocks of ``RECAP_BOARDS`` columns, one page each).
- **The rankings (南北方向名次 / 东西方向名次)**: each direction on its own page(s); for pairs tied on the total
  the best board scores that separate them are printed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from openpyxl import Workbook
from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from tournament_desk.domain.standings import StandingRow
from tournament_desk.reports.certificates import chinese_date
from tournament_desk.reports.excel import (
    AUDIT_HEADERS,
    ENTRANT_HEADERS,
    Cell,
    audit_rows,
    entrant_rows,
    write_sheet,
)
from tournament_desk.reports.fonts import text_width
from tournament_desk.reports.layout import (
    ACCENT,
    GOLD,
    HEAD_FILL,
    INK,
    LANDSCAPE,
    MARGIN,
    MUTED,
    PORTRAIT,
    RULE,
    Column,
    Document,
    Grid,
    Page,
    Painter,
    chunks,
    draw_fitted,
    draw_text,
    footer,
    new_canvas,
    num,
    wrap,
)
from tournament_desk.reports.model import (
    DirectionData,
    GuideCardData,
    GuideCardRow,
    GuideCardsData,
    MitchellResultsData,
    TravellerData,
    TravellerLine,
    TravellersData,
    WorkbookData,
)
from tournament_desk.reports.scoresheets import draw_qr

DIRECTIONS = {"NS": ("南北", "North–South", "NS"), "EW": ("东西", "East–West", "EW")}
SEATS = {"N": ("北", "North"), "E": ("东", "East"), "S": ("南", "South"), "W": ("西", "West")}
BYE_STAND = 0
BYE_STAND_WORDS = "休息台"
CUT_DASH = (4, 3)


def boards_text(boards: Sequence[int]) -> str:
    """ "3–4" for a run of boards, "5" for one."""
    if not boards:
        return ""
    return str(boards[0]) if len(boards) == 1 else f"{boards[0]}–{boards[-1]}"


def where(table: int | None, *, none: str = "—") -> str:
    """A table in a guide card's words: "第 3 桌", the bye stand, or ``none`` (nothing comes or goes)."""
    if table is None:
        return none
    return BYE_STAND_WORDS if table == BYE_STAND else f"第 {table} 桌"


def direction_title(direction: str) -> str:
    return f"{DIRECTIONS[direction][0]}方向"


def pair_label(direction: str, pair: int, name: str) -> str:
    return f"{DIRECTIONS[direction][2]}{pair} {name}"


def _cut_lines(c: Canvas, pagesize: tuple[float, float], *, across: bool, down: bool) -> None:
    w, h = pagesize
    c.saveState()
    c.setStrokeColor(RULE)
    c.setLineWidth(0.6)
    c.setDash(*CUT_DASH)
    if across:
        c.line(0, h / 2, w, h / 2)
    if down:
        c.line(w / 2, 0, w / 2, h)
    c.restoreState()


# --- guide cards ------------------------------------------------------------------------------------------

CARD_PAD = 16.0
CARD_HEAD = 62.0  # the table number, the title and the NS pair above the grid
CARD_LEGEND = 30.0
QUARTER_ROUNDS = 15  # up to this many rounds a card fits a quarter of a portrait page
CARD_QR = 60.0  # the table-entry QR code of one round, bottom right of the card
GUIDE_COLUMNS = (
    Column("轮", "Round", 0.55, "c", bold=True),
    Column("东西对", "EW pair arrives", 2.4),
    Column("东西来自", "EW from", 0.95, "c"),
    Column("牌号", "Boards", 0.85, "c", bold=True),
    Column("牌来自", "Boards from", 0.95, "c"),
    Column("东西去", "EW goes to", 0.95, "c"),
    Column("牌交给", "Boards go to", 0.95, "c"),
)
GUIDE_LEGEND = (
    "南北对全程坐本桌。每轮结束后，东西对去“东西去”栏的桌，本桌打过的牌交给“牌交给”栏的桌。"
    "“—”：第一轮按抽签入座，或最后一轮。",
    "NS stay at this table. After each round the EW pair moves to the table under 'EW goes to' and the boards "
    "go to the table under 'Boards go to'; '—': round 1 (seated by the draw) or the last round.",
)


def _skip_note(data: GuideCardsData, table: int, row: GuideCardRow) -> bool:
    """A skip (even tables): the EW pair moves two tables up instead of one after this round."""
    if data.even != "skip" or row.ew_to is None:
        return False
    return row.ew_to != table % data.tables + 1


def guide_rows(data: GuideCardsData, card: GuideCardData) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for r in card.rows:
        ew_to = f"跳 {r.ew_to} 桌" if _skip_note(data, card.table, r) else where(r.ew_to)
        rows.append(
            (
                str(r.round),
                pair_label("EW", r.ew_pair, r.ew),
                where(r.ew_from),
                boards_text(r.boards),
                where(r.boards_from),
                ew_to,
                where(r.boards_to),
            )
        )
    return rows


def _card_notes(data: GuideCardsData, card: GuideCardData) -> list[str]:
    notes = []
    share = next((r.shares_with for r in card.rows if r.shares_with), None)
    if share:
        notes.append(
            f"本桌与第 {share} 桌共用同一组牌（传牌）：两桌同时打，打完一副即传给对方。"
            f"  Relay: shares its boards with table {share}."
        )
    if any(BYE_STAND in (r.boards_from, r.boards_to) for r in card.rows):
        notes.append(
            "休息台：两桌之间的空桌，放本轮不打的一组牌。  Bye stand: the side table holding the boards that rest."
        )
    if any(_skip_note(data, card.table, r) for r in card.rows):
        notes.append(
            "跳 N 桌：这一轮后东西对跳过一桌，去第 N 桌（以免重打同一组牌）。  跳 (skip): EW move two tables up."
        )
    return notes


def _paint_card(
    c: Canvas,
    data: GuideCardsData,
    card: GuideCardData,
    x: float,
    y: float,
    w: float,
    h: float,
    code: tuple[int, str] | None = None,
) -> None:
    """One guide card in the box with lower-left corner (x, y); ``code``: (round, entry address) printed as
    a QR code in the bottom right corner, the notes and legend wrapped beside it."""
    left, right, top = x + CARD_PAD, x + w - CARD_PAD, y + h - CARD_PAD
    width = right - left
    text_width_ = width - CARD_QR - 8 if code else width
    number = f"第 {card.table} 桌"
    draw_text(c, left, top - 22, number, 22, bold=True)
    draw_text(c, left + text_width(number, 22) + 10, top - 11, "桌位卡", 11, bold=True, color=HEAD_FILL)
    draw_text(c, left + text_width(number, 22) + 10, top - 22, f"Table {card.table} guide card", 7.5,
              color=MUTED)  # fmt: skip
    info = f"{data.tables} 桌 · {data.rounds} 轮 · 每轮 {data.boards_per_round} 副"
    title_end = left + text_width(number, 22) + 10 + text_width(f"Table {card.table} guide card", 7.5)
    room = max(40.0, right - title_end - 8)
    draw_fitted(c, right - room, top - 9, room, data.event.name, 8, align="r", color=MUTED)
    draw_fitted(c, right - room, top - 20, room, info, 7.5, align="r", color=MUTED)
    ns = card.rows[0] if card.rows else None
    if ns is not None:
        c.setFillColor(HEAD_FILL)
        c.rect(left, top - 44, width, 16, stroke=0, fill=1)
        label = "南北对 NS（全程不动 stays）："
        draw_text(c, left + 4, top - 40, label, 8.5, color=white)
        draw_fitted(c, left + 8 + text_width(label, 8.5), top - 40.5, width - 12 - text_width(label, 8.5),
                    pair_label("NS", ns.ns_pair, ns.ns), 10, bold=True, color=white)  # fmt: skip
    notes = [line for note in _card_notes(data, card) for line in wrap(note, text_width_, 6.8)]
    legend = [line for text in GUIDE_LEGEND for line in wrap(text, text_width_, 6.3)]
    grid_top = top - CARD_HEAD + 10
    bottom = y + CARD_PAD + 8.5 * (len(notes) + len(legend))
    if code is not None:
        bottom = max(bottom, y + CARD_PAD + CARD_QR + 16)
        draw_qr(c, code[1], right - CARD_QR, y + CARD_PAD, CARD_QR)
        draw_text(c, right, y + CARD_PAD + CARD_QR + 9, f"第 {code[0]} 轮扫码查看", 7, align="r", bold=True)
        draw_text(c, right, y + CARD_PAD + CARD_QR + 2, f"Round {code[0]}: scan to enter", 5.5, align="r",
                  color=MUTED)  # fmt: skip
    rows = guide_rows(data, card)
    row_h = min(24.0, (grid_top - bottom - 6 - 24) / max(1, len(rows)))
    grid = Grid(GUIDE_COLUMNS, width, size=min(8.5, max(6.0, row_h * 0.5)), row_h=row_h, header_h=24)
    end = grid.draw(c, left, grid_top, rows)
    yy = end - 10
    for line in notes:
        draw_text(c, left, yy, line, 6.8, color=ACCENT)
        yy -= 8.5
    for line in legend:
        draw_text(c, left, yy, line, 6.3, color=MUTED)
        yy -= 8.5


def build_guide_cards(
    path: Path,
    data: GuideCardsData,
    *,
    live_urls: Mapping[int, str] | None = None,
    live_round: int | None = None,
) -> None:
    """Every table's guide card: four to a portrait page (two to a landscape one for long movements).

    ``live_urls`` (table → the LAN server's entry address of round ``live_round``): each card carries its
    table's address for that round as a QR code (a token is per table and round, so the cards of a later
    round are printed again, or their codes); None prints none."""
    quarter = data.rounds <= QUARTER_ROUNDS
    pagesize = PORTRAIT if quarter else LANDSCAPE
    w, h = pagesize
    per_page = 4 if quarter else 2
    c = new_canvas(path, pagesize, title=f"{data.event.name} 桌位卡")
    pages = chunks(data.cards, per_page)
    for number, chunk in enumerate(pages, start=1):
        for i, card in enumerate(chunk):
            if quarter:
                x, y, cw, ch = (i % 2) * w / 2, h / 2 - (i // 2) * h / 2, w / 2, h / 2
            else:
                x, y, cw, ch = i * w / 2, 0.0, w / 2, h
            url = (live_urls or {}).get(card.table)
            code = (live_round or 0, url) if url else None
            _paint_card(c, data, card, x, y, cw, ch, code)
        _cut_lines(c, pagesize, across=quarter, down=True)
        draw_text(c, w - 6, 5, f"{number} / {len(pages)}", 6, align="r", color=MUTED)
        c.showPage()
    c.save()


# --- travellers -------------------------------------------------------------------------------------------

TRAVELLER_COLUMNS = (
    Column("轮", "Round", 0.5, "c"),
    Column("桌", "Table", 0.5, "c", bold=True),
    Column("南北对", "NS pair", 2.1),
    Column("东西对", "EW pair", 2.1),
    Column("防家得分", "Defenders' pts", 1.05, "r"),
    Column("罚分", "Penalty", 0.85, "c"),
    Column("南北结果", "NS result", 0.95, "r"),
    Column("南北比赛分", "NS MP", 0.95, "r", bold=True),
    Column("东西比赛分", "EW MP", 0.95, "r", bold=True),
)
HALF_LINES = 14  # up to this many tables a traveller fits half a portrait page
TRAVELLER_LEGEND = (
    "南北结果：南北防守时为防家得分，南北坐庄时为其负数（罚分已计入）。比赛分：同方向每胜一个结果得 2 分，"
    "相同得 1 分；少打的牌按 Neuberg 公式折算。空行由本桌填写防家得分，双方核对签名。",
    "NS result: the defenders' points when NS defended, their negative when NS declared (penalties counted). "
    "Match points: 2 for each result beaten in the same direction, 1 for each tie; Neuberg where a board has "
    "fewer results. Blank rows: the table writes in the defenders' points.",
)


def penalty_text(line: TravellerLine) -> str:
    parts = []
    if line.penalty_ns:
        parts.append(f"南北+{line.penalty_ns}")
    if line.penalty_ew:
        parts.append(f"东西+{line.penalty_ew}")
    return " ".join(parts)


def signed_points(value: int | None) -> str:
    if value is None:
        return ""
    return f"+{value}" if value > 0 else str(value)


def traveller_rows(t: TravellerData) -> tuple[list[tuple[str, ...]], set[int]]:
    """The rows of a traveller and the ones muted (tables not played)."""
    rows: list[tuple[str, ...]] = []
    muted = set()
    for i, line in enumerate(t.lines):
        head = (
            str(line.round),
            str(line.table),
            pair_label("NS", line.ns_pair, line.ns),
            pair_label("EW", line.ew_pair, line.ew),
        )
        if line.not_played:
            rows.append((*head, "不赛", "", "", "", ""))
            muted.add(i)
        elif line.points is None:
            rows.append((*head, "", "", "", "", ""))
        else:
            rows.append(
                (
                    *head,
                    str(line.points),
                    penalty_text(line),
                    signed_points(line.ns_result),
                    num(line.ns_mp),
                    num(line.ew_mp),
                )
            )
    return rows, muted


def declarer_text(seat: str) -> str:
    zh, en = SEATS.get(seat, (seat, seat))
    side = "南北" if seat in "NS" else "东西"
    return f"庄家 Declarer：{zh} {en}（{side}坐庄）"


def _traveller_status(t: TravellerData) -> str:
    played = [line for line in t.lines if not line.not_played]
    done = sum(1 for line in played if line.points is not None)
    if played and done == len(played):
        return f"已计分 Scored {done} / {len(played)}"
    return f"已录入 Entered {done} / {len(played)}"


def _paint_traveller(c: Canvas, data: TravellersData, t: TravellerData, y: float, h: float) -> None:
    w = PORTRAIT[0]
    left, width, top = MARGIN, w - 2 * MARGIN, y + h - 24
    title = f"第 {t.board} 副"
    draw_text(c, left, top - 24, title, 24, bold=True)
    x = left + text_width(title, 24) + 10
    draw_text(c, x, top - 11, "记分条", 12, bold=True, color=HEAD_FILL)
    draw_text(c, x, top - 23, f"Traveller, board {t.board}", 8, color=MUTED)
    draw_fitted(c, w - MARGIN - 250, top - 9, 250, data.event.name, 9, align="r", color=MUTED)
    draw_text(c, w - MARGIN, top - 22, declarer_text(t.declarer), 9.5, align="r")
    status = _traveller_status(t)
    draw_text(c, w - MARGIN, top - 34, status, 8, align="r", color=MUTED)
    legend = [line for text in TRAVELLER_LEGEND for line in wrap(text, width, 7)]
    grid_top = top - 42
    bottom = y + 22 + 9 * len(legend)
    rows, muted = traveller_rows(t)
    row_h = min(22.0, (grid_top - bottom - 26) / max(1, len(rows)))
    grid = Grid(TRAVELLER_COLUMNS, width, size=min(9.5, max(6.5, row_h * 0.48)), row_h=row_h, header_h=26)
    end = grid.draw(c, left, grid_top, rows, muted=muted)
    yy = end - 11
    for line in legend:
        draw_text(c, left, yy, line, 7, color=MUTED)
        yy -= 9


def build_travellers(path: Path, data: TravellersData) -> None:
    """One traveller per board: two to a portrait page (cut across the middle), or one when it is long."""
    w, h = PORTRAIT
    longest = max((len(t.lines) for t in data.travellers), default=0)
    per_page = 2 if longest <= HALF_LINES else 1
    pages = chunks(data.travellers, per_page)
    c = new_canvas(path, PORTRAIT, title=f"{data.event.name} 记分条")
    for number, chunk in enumerate(pages, start=1):
        for i, t in enumerate(chunk):
            if per_page == 2:
                _paint_traveller(c, data, t, h / 2 - i * h / 2, h / 2)
            else:
                _paint_traveller(c, data, t, 24, h - 24)
        if per_page == 2:
            _cut_lines(c, PORTRAIT, across=True, down=False)
            draw_text(c, w - 6, 5, f"{number} / {len(pages)}", 6, align="r", color=MUTED)
        else:
            footer(c, data.event, number, len(pages), PORTRAIT)
        c.showPage()
    c.save()


# --- the board recap ---------------------------------------------------------------------------------------

RECAP_BOARDS = 20  # board columns on one landscape page
RECAP_LEGEND = (
    "每格：该对在该副牌的比赛分（同方向每胜一个结果得 2 分，相同得 1 分；少打的牌按 Neuberg 公式折算）；"
    "空格：未打或尚未录入。合计 − 扣分 = 总分。",
    "Each cell: the pair's match points on the board (2 per result beaten, 1 per tie; Neuberg-scaled where "
    "a board has fewer results); blank: not played or not in yet. Total − deducted = score.",
)


def gross(row: StandingRow) -> float:
    """The match points before deductions (``score`` is after them)."""
    return (row.score or 0.0) + row.deducted


def _recap_rows(
    d: DirectionData, boards: Sequence[int], last: bool
) -> tuple[list[tuple[str, ...]], list[Column]]:
    columns = [Column("号", "Pair", 0.55, "c"), Column("对名", "Name", 2.6)]
    columns += [Column(str(b), "", 0.62, "c") for b in boards]
    if last:
        columns += [
            Column("合计", "Total", 0.85, "r"),
            Column("扣分", "Ded.", 0.65, "r"),
            Column("总分", "Score", 0.85, "r", bold=True),
            Column("名次", "Rank", 0.6, "c", bold=True),
        ]
    ranked = {r.entrant.name: r for r in d.rows}
    rows = []
    for name, pair in sorted(d.pairs.items(), key=lambda item: item[1]):
        mine = d.scores.get(name, {})
        row: tuple[str, ...] = (
            f"{DIRECTIONS[d.direction][2]}{pair}",
            name,
            *(num(mine.get(b)) for b in boards),
        )
        r = ranked.get(name)
        if last:
            if r is None:
                row += ("", "", "", "")
            else:
                row += (num(gross(r)), num(-r.deducted) if r.deducted else "", num(r.score), str(r.rank))
        rows.append(row)
    return rows, columns


def _after(data: MitchellResultsData) -> str:
    return f"第 {data.after_round} 轮后  After round {data.after_round}"


def build_board_recap(path: Path, data: MitchellResultsData) -> None:
    """Per direction: pairs × boards of match points, blocks of ``RECAP_BOARDS`` boards a page."""
    doc = Document(data.event, pagesize=LANDSCAPE)
    blocks = chunks(range(1, data.boards + 1), RECAP_BOARDS)
    for d in data.directions:
        zh, en, _ = DIRECTIONS[d.direction]
        for i, block in enumerate(blocks):
            last = i == len(blocks) - 1
            rows, columns = _recap_rows(d, block, last)
            if not last:  # the same width as the last page: the board columns do not stretch
                columns += [Column("", "", 3.55 - 0.62 * (RECAP_BOARDS - len(block)))]
                rows = [(*row, "") for row in rows]
            row_h = max(12.0, min(20.0, (doc.height - 26 - 40) / max(1, len(rows))))
            grid = Grid(columns, doc.width, size=min(9.0, row_h * 0.52), row_h=row_h, header_h=26)
            part = (
                f"（第 {block[0]}–{block[-1]} 副 Boards {block[0]}–{block[-1]}）" if len(blocks) > 1 else ""
            )

            def paint(c: Canvas, grid: Grid = grid, rows: list[tuple[str, ...]] = rows) -> None:
                bottom = grid.draw(c, MARGIN, doc.top, rows)
                _notes_below(c, bottom - 12, doc.width, data.complete, RECAP_LEGEND)

            doc.add(Page(f"{zh}方向成绩汇总表", f"{en} board recap{part}", _after(data), paint))
    doc.save(path, title="成绩汇总表")


# --- the rankings ------------------------------------------------------------------------------------------


def tie_boards(rows: Sequence[StandingRow]) -> dict[str, str]:
    """For each pair tied with another on the score: its best board scores, as far as they separate it from
    the pairs it is tied with ("12 12 10"); a full tie shows every board."""
    shown: dict[str, str] = {}
    by_score: dict[float, list[StandingRow]] = {}
    for r in rows:
        by_score.setdefault(r.score or 0.0, []).append(r)
    for tied in by_score.values():
        if len(tied) < 2:
            continue
        depth = 0
        for a in tied:
            for b in tied:
                if a is b:
                    continue
                sa, sb = a.board_scores or (), b.board_scores or ()
                k = next((i for i, (x, y) in enumerate(zip(sa, sb, strict=False)) if x != y), None)
                depth = max(depth, (k + 1) if k is not None else max(len(sa), len(sb)))
        for r in tied:
            scores = (r.board_scores or ())[:depth]
            shown[r.entrant.name] = " ".join(num(s) for s in scores)
    return shown


RANKING_NOTE = (
    "排名：比赛分总分（已减扣分）；总分相同比较最高单副比赛分，多者列前，如仍相同比较次高分，依此类推；"
    "“最佳单副”一栏列出并列者比较到的各副比赛分。",
    "Ranked by total match points less deductions; pairs level on that are separated by their best single "
    "board, then the next best, and so on: 'Best boards' shows the scores compared.",
)


def _ranking_columns(final: bool) -> list[Column]:
    columns = [
        Column("名次", "Rank", 0.65, "c", bold=True),
        Column("号", "Pair", 0.6, "c"),
        Column("对名", "Name", 2.6),
        Column("单位", "Unit", 1.9),
    ]
    if final:
        columns.append(Column("队员", "Players", 2.6))
    columns += [
        Column("已赛", "Rounds", 0.65, "c"),
        Column("比赛分", "MP", 0.9, "r"),
        Column("扣分", "Deducted", 0.85, "r"),
        Column("总分", "Score", 0.9, "r", bold=True),
        Column("最佳单副", "Best boards (ties)", 2.0),
    ]
    return columns


def ranking_rows(data: MitchellResultsData, d: DirectionData, final: bool) -> list[tuple[str, ...]]:
    ties = tie_boards(d.rows)
    rows = []
    for r in d.rows:
        name = r.entrant.name + ("（退赛）" if r.entrant.withdrawn else "")
        row: tuple[str, ...] = (
            str(r.rank),
            f"{DIRECTIONS[d.direction][2]}{d.pairs.get(r.entrant.name, '')}",
            name,
            r.entrant.unit or "",
        )
        if final:
            entrant = data.entrants.get(r.entrant.name)
            row += ("、".join(entrant.players) if entrant else "",)
        row += (
            str(r.played),
            num(gross(r)),
            num(-r.deducted) if r.deducted else "",
            num(r.score),
            ties.get(r.entrant.name, ""),
        )
        rows.append(row)
    return rows


MISSING = "注意：这些轮次仍有成绩未录入。 Some results are still missing."


def _notes_below(c: Canvas, y: float, width: float, complete: bool, notes: Sequence[str]) -> None:
    if not complete:
        draw_text(c, MARGIN, y, MISSING, 7.5, color=ACCENT)
        y -= 10
    for text in notes:
        for line in wrap(text, width, 7.5):
            draw_text(c, MARGIN, y, line, 7.5, color=MUTED)
            y -= 10


BLOCK_TITLE_H = 24.0  # a direction's heading above its grid
BLOCK_GAP = 16.0


def _ranking_blocks(
    data: MitchellResultsData, grid: Grid, height: float, final: bool
) -> list[list[tuple[str, list[tuple[str, ...]], set[int]]]]:
    """The pages of the rankings: each a list of (direction, rows, muted rows) blocks; the two directions
    share a page when they fit, a long one goes on over as many pages as it needs."""
    pages: list[list[tuple[str, list[tuple[str, ...]], set[int]]]] = [[]]
    used = 0.0
    for d in data.directions:
        rows = ranking_rows(data, d, final)
        withdrawn = {i for i, r in enumerate(d.rows) if r.entrant.withdrawn}
        start = 0
        while start < len(rows) or start == 0:
            gap = BLOCK_GAP if pages[-1] else 0.0
            room = int((height - used - gap - BLOCK_TITLE_H - grid.header_h) // grid.row_h)
            if room < min(3, len(rows) - start) or room < 1:
                pages.append([])
                used, gap = 0.0, 0.0
                room = int((height - BLOCK_TITLE_H - grid.header_h) // grid.row_h)
            chunk = rows[start : start + room]
            muted = {i - start for i in withdrawn if start <= i < start + len(chunk)}
            pages[-1].append((d.direction, chunk, muted))
            used += gap + BLOCK_TITLE_H + grid.height(len(chunk))
            start += max(1, len(chunk))
            if start >= len(rows):
                break
    return [page for page in pages if page]


def _ranking_painter(
    doc: Document, grid: Grid, data: MitchellResultsData,
    blocks: list[tuple[str, list[tuple[str, ...]], set[int]]], last: bool,
) -> Painter:  # fmt: skip
    def paint(c: Canvas) -> None:
        top = doc.top
        for direction, rows, muted in blocks:
            zh, en, _ = DIRECTIONS[direction]
            title = f"{zh}方向名次"
            draw_text(c, MARGIN, top - 16, title, 13, bold=True, color=HEAD_FILL)
            draw_text(c, MARGIN + text_width(title, 13) + 8, top - 16, f"{en} ranking", 8.5, color=MUTED)
            top = grid.draw(c, MARGIN, top - BLOCK_TITLE_H, rows, muted=muted) - BLOCK_GAP
        if last:
            _notes_below(c, top + BLOCK_GAP - 12, doc.width, data.complete, RANKING_NOTE)

    return paint


def build_direction_rankings(path: Path, data: MitchellResultsData, *, final: bool = False) -> None:
    """Both directions on one document, NS first: 南北方向名次 / 东西方向名次 (one page when they fit)."""
    doc = Document(data.event, pagesize=PORTRAIT)
    grid = Grid(_ranking_columns(final), doc.width, size=9.0, row_h=18 if final else 17)
    over = data.complete and data.rounds > 0 and data.after_round >= data.rounds
    right = ("最终名次 Final ranking  " if final and over else "") + _after(data)
    pages = _ranking_blocks(data, grid, doc.height - 40, final)
    for i, blocks in enumerate(pages):
        shown = list(dict.fromkeys(direction for direction, _, _ in blocks))
        title = " / ".join(f"{DIRECTIONS[d][0]}方向名次" for d in shown)
        sub = "North–South and East–West rankings" if len(shown) > 1 else f"{DIRECTIONS[shown[0]][1]} ranking"
        doc.add(Page(title, sub, right, _ranking_painter(doc, grid, data, blocks, i == len(pages) - 1)))
    doc.save(path, title="南北方向名次 东西方向名次")


# --- certificates -------------------------------------------------------------------------------------------

CERTIFICATE_PLACES = 3


def _certificate(c: Canvas, event: str, direction: str, rank: int, name: str, unit: str | None,
                 players: str, day: str) -> None:  # fmt: skip
    w, h = LANDSCAPE
    c.setStrokeColor(ACCENT)
    c.setLineWidth(5)
    c.rect(22, 22, w - 44, h - 44, stroke=1, fill=0)
    c.setStrokeColor(GOLD)
    c.setLineWidth(1.2)
    c.rect(33, 33, w - 66, h - 66, stroke=1, fill=0)
    for x, y in ((33, 33), (w - 33, 33), (33, h - 33), (w - 33, h - 33)):
        c.setFillColor(GOLD)
        c.circle(x, y, 4, stroke=0, fill=1)
    text_w = w - 200

    def centred(y: float, text: str, size: float, *, bold: bool = False, color: Color = INK) -> None:
        draw_fitted(c, 100, y, text_w, text, size, align="c", bold=bold, color=color)

    draw_text(c, w / 2, h - 118, "荣誉证书", 52, align="c", bold=True, color=ACCENT, spacing=26)
    centred(h - 142, "CERTIFICATE  OF  HONOUR", 11, color=GOLD)
    centred(h - 210, name, 34, bold=True)
    if unit:
        centred(h - 242, f"单位：{unit}", 15)
    if players:
        centred(h - 266, f"队员：{players}", 14)
    centred(h - 318, f"在 {event} 中荣获", 18)
    centred(h - 392, f"{direction_title(direction)}第 {rank} 名", 46, bold=True, color=ACCENT)
    en = DIRECTIONS[direction][1]
    centred(h - 418, f"{en}, place {rank}", 11, color=GOLD)
    centred(h - 446, "特发此证，以资鼓励。", 14)
    draw_text(c, w - 300, 112, "裁判长 Chief referee", 11, color=MUTED)
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.6)
    c.line(w - 190, 110, w - 80, 110)
    draw_text(c, w - 80, 78, day, 13, align="r")


def build_direction_certificates(path: Path, data: MitchellResultsData, *,
                                 top: int = CERTIFICATE_PLACES) -> None:  # fmt: skip
    """Each direction's top places (shared ranks all get theirs): "南北方向第 1 名", one landscape page each."""
    c = new_canvas(path, LANDSCAPE, title=f"{data.event.name} 荣誉证书")
    day = chinese_date(data.event.ends_on or data.event.printed_at.date())
    for d in data.directions:
        for r in d.rows:
            if r.rank > top:
                break
            entrant = data.entrants.get(r.entrant.name)
            players = "、".join(entrant.players) if entrant else ""
            _certificate(
                c, data.event.name, d.direction, r.rank, r.entrant.name, r.entrant.unit, players, day
            )
            c.showPage()
    c.save()


# --- the workbook -------------------------------------------------------------------------------------------

RANKING_HEADERS = (
    "方向 Direction",
    "名次 Rank",
    "对号 Pair",
    "对名 Name",
    "单位 Unit",
    "队员 Players",
    "已赛 Rounds",
    "比赛分 MP",
    "扣分 Deducted",
    "总分 Score",
    "各副比赛分（高到低） Board scores, best first",
)
TRAVELLER_HEADERS = (
    "牌号 Board",
    "庄家 Declarer",
    "轮次 Round",
    "桌号 Table",
    "南北对号 NS pair",
    "南北 NS",
    "东西对号 EW pair",
    "东西 EW",
    "防家得分 Defenders' points",
    "南北罚分 Penalty to NS",
    "东西罚分 Penalty to EW",
    "南北结果 NS result",
    "南北比赛分 NS MP",
    "东西比赛分 EW MP",
    "备注 Note",
)
MOVEMENT_HEADERS = (
    "桌号 Table",
    "轮次 Round",
    "南北 NS",
    "东西 EW",
    "牌号 Boards",
    "东西来自 EW from",
    "牌来自 Boards from",
    "东西去 EW to",
    "牌交给 Boards to",
)


def matrix_rows(d: DirectionData, boards: int) -> tuple[list[str], list[list[Cell]]]:
    """Boards down, the direction's pairs across (pair order): match points, then the totals, the deductions,
    the score and the rank."""
    pairs = sorted(d.pairs.items(), key=lambda item: item[1])
    label = DIRECTIONS[d.direction][2]
    headers = ["牌号 Board", *(f"{label}{pair} {name}" for name, pair in pairs)]
    rows: list[list[Cell]] = [
        [b, *(d.scores.get(name, {}).get(b) for name, _ in pairs)] for b in range(1, boards + 1)
    ]
    ranked = {r.entrant.name: r for r in d.rows}
    summary = (
        ("合计 Total", lambda r: gross(r)),
        ("扣分 Deducted", lambda r: r.deducted or None),
        ("总分 Score", lambda r: r.score),
        ("名次 Rank", lambda r: r.rank),
    )
    for title, value in summary:
        rows.append([title, *(value(ranked[n]) if n in ranked else None for n, _ in pairs)])
    return headers, rows


def workbook_ranking_rows(data: MitchellResultsData) -> list[list[Cell]]:
    rows: list[list[Cell]] = []
    for d in data.directions:
        for r in d.rows:
            entrant = data.entrants.get(r.entrant.name)
            rows.append(
                [
                    DIRECTIONS[d.direction][0],
                    r.rank,
                    d.pairs.get(r.entrant.name),
                    r.entrant.name,
                    r.entrant.unit,
                    "、".join(entrant.players) if entrant else None,
                    r.played,
                    gross(r),
                    r.deducted or None,
                    r.score,
                    " ".join(num(s) for s in r.board_scores or ()) or None,
                ]
            )
    return rows


def workbook_traveller_rows(data: TravellersData) -> list[list[Cell]]:
    rows: list[list[Cell]] = []
    for t in data.travellers:
        for line in t.lines:
            note = (
                "不赛 Not played"
                if line.not_played
                else None
                if line.points is not None
                else "未录入 Not in yet"
            )
            rows.append(
                [
                    t.board,
                    SEATS.get(t.declarer, (t.declarer, ""))[0],
                    line.round,
                    line.table,
                    line.ns_pair,
                    line.ns,
                    line.ew_pair,
                    line.ew,
                    line.points,
                    line.penalty_ns or None,
                    line.penalty_ew or None,
                    line.ns_result,
                    line.ns_mp,
                    line.ew_mp,
                    note,
                ]
            )
    return rows


def movement_rows(data: GuideCardsData) -> list[list[Cell]]:
    return [
        [
            card.table,
            r.round,
            pair_label("NS", r.ns_pair, r.ns),
            pair_label("EW", r.ew_pair, r.ew),
            boards_text(r.boards),
            where(r.ew_from, none="") or None,
            where(r.boards_from, none="") or None,
            where(r.ew_to, none="") or None,
            where(r.boards_to, none="") or None,
        ]
        for card in data.cards
        for r in card.rows
    ]


def build_mitchell_workbook(path: Path, data: WorkbookData) -> None:
    """Entrants, the NS and EW matrices (boards × pairs), the rankings, the travellers, the movement and the
    audit trail; every name written as text."""
    mitchell = data.mitchell
    assert mitchell is not None
    results = mitchell.results
    wb = Workbook()
    wb.properties.title = data.event.name
    wb.properties.creator = "Tournament Desk"
    ws = wb.active
    assert ws is not None
    ws.title = "参赛对"
    write_sheet(ws, ENTRANT_HEADERS, entrant_rows(data.entrants))
    for d in results.directions:
        write_sheet(wb.create_sheet(f"{DIRECTIONS[d.direction][0]}比赛分"), *matrix_rows(d, results.boards))
    write_sheet(wb.create_sheet(f"第{results.after_round}轮后名次"), RANKING_HEADERS,
                workbook_ranking_rows(results))  # fmt: skip
    write_sheet(wb.create_sheet("记分条"), TRAVELLER_HEADERS, workbook_traveller_rows(mitchell.travellers))
    write_sheet(wb.create_sheet("移动表"), MOVEMENT_HEADERS, movement_rows(mitchell.guides))
    write_sheet(wb.create_sheet("操作记录"), AUDIT_HEADERS, audit_rows(data.audit))
    wb.save(path)
