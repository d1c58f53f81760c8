"""A Mitchell movement's workbook (rules.md §7.5): entrants, the NS and EW matrices (boards × pairs), the
rankings, the travellers, the movement and the audit trail (no round sheets of levels).
"""

from __future__ import annotations

from pathlib import Path

from tournament_desk.reports.directions import DIRECTIONS, gross, pair_label
from tournament_desk.reports.excel.sheets import Cell, finish_workbook, start_workbook, write_sheet
from tournament_desk.reports.guide_cards import SIT_OUT_WORDS, boards_text, where
from tournament_desk.reports.layout import num
from tournament_desk.reports.model import (
    DirectionData,
    GuideCardsData,
    MitchellResultsData,
    TravellersData,
    WorkbookData,
)
from tournament_desk.reports.travellers import SEATS

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
                "轮空 Sit-out"
                if line.sit_out
                else "不赛 Not played"
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
            SIT_OUT_WORDS if r.sit_out else pair_label("EW", r.ew_pair, r.ew),
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
    wb = start_workbook(data, "参赛对")
    for d in results.directions:
        write_sheet(wb.create_sheet(f"{DIRECTIONS[d.direction][0]}比赛分"), *matrix_rows(d, results.boards))
    write_sheet(wb.create_sheet(f"第{results.after_round}轮后名次"), RANKING_HEADERS,
                workbook_ranking_rows(results))  # fmt: skip
    write_sheet(wb.create_sheet("记分条"), TRAVELLER_HEADERS, workbook_traveller_rows(mitchell.travellers))
    write_sheet(wb.create_sheet("移动表"), MOVEMENT_HEADERS, movement_rows(mitchell.guides))
    finish_workbook(wb, data, path)
