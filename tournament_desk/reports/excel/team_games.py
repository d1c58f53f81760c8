"""The workbook's sheets of team matches of pairs (rules.md §5.8): each round's matches with the pair games each team
won and its points, and one sheet with every pair game (round, table, board, the pairs, levels, declarer, the
pair that did not show, the winner)."""

from __future__ import annotations

from collections.abc import Sequence

from tournament_desk.domain.levels import format_level
from tournament_desk.i18n import tr
from tournament_desk.reports.excel.sheets import Cell
from tournament_desk.reports.model import RoundData, TeamMatchSheet
from tournament_desk.reports.words import SIDES, rest_or_bye, table_note

TEAM_ROUND_HEADERS = (
    "桌号 Table",
    "主队 Home",
    "客队 Away",
    "主队胜局 Home games",
    "客队胜局 Away games",
    "结果 Result",
    "主队积分 Home points",
    "客队积分 Away points",
    "备注 Note",
)
PAIR_GAME_HEADERS = (
    "轮次 Round",
    "桌号 Table",
    "台 Board",
    "主队 Home",
    "主队对 Home pair",
    "客队 Away",
    "客队对 Away pair",
    "主队级数 Home level",
    "客队级数 Away level",
    "庄家 Declarer",
    "未到场 Absent",
    "胜方 Winner",
)


def games_won(sheet: TeamMatchSheet) -> tuple[int, int] | None:
    """The pair games each team won, once every game of the match is in (None before)."""
    if not all(g.winner is not None or g.absent is not None for g in sheet.games):
        return None
    winners = [g.winner for g in sheet.games]
    return winners.count("home"), winners.count("away")


def team_round_rows(
    rnd: RoundData, matches: Sequence[TeamMatchSheet]
) -> tuple[tuple[str, ...], list[list[Cell]]]:
    """A round of team matches: each table's teams, pair games won, state, points and a note (the bye last)."""
    by_table = {m.table: m for m in matches if m.round == rnd.round}
    rows: list[list[Cell]] = []
    for t in rnd.tables:
        sheet = by_table.get(t.table)
        won = games_won(sheet) if sheet is not None else None
        home_points, away_points = (t.result[0], t.result[1]) if t.result else (None, None)
        note = table_note(t, " ") or None  # what the table is (domain.table_state), as every sheet says it
        rows.append([t.table, t.home, t.away, *(won or (None, None)), tr(t.kind, "zh"), home_points,
                     away_points, note])  # fmt: skip
    if rnd.bye is not None:  # a rest scores nothing (a round robin's); a bye is a match won by forfeit
        label, words = rest_or_bye(rnd.bye_state, rnd.bye_award, " ")
        points = rnd.bye_award[0] if rnd.bye_award and rnd.bye_state.scores else None
        shown = words if not rnd.bye_state.scores else "轮空 Bye"
        rows.append([None, rnd.bye, shown, None, None, label, points, None, None])
    return TEAM_ROUND_HEADERS, rows


def pair_game_rows(matches: Sequence[TeamMatchSheet]) -> tuple[tuple[str, ...], list[list[Cell]]]:
    """Every board of every team match, in round and table order; a game not entered yet has no figures."""
    rows: list[list[Cell]] = []
    for m in sorted(matches, key=lambda s: (s.round, s.table)):
        team = {"home": m.home, "away": m.away}
        for g in m.games:
            levels = [format_level(v) if v is not None else None for v in (g.home_level, g.away_level)]
            equal = g.home_level is not None and g.home_level == g.away_level
            rows.append(
                [
                    m.round,
                    m.table,
                    g.game,
                    m.home,
                    g.home_pair or None,
                    m.away,
                    g.away_pair or None,
                    *levels,
                    team.get(g.declarer or "") if equal else None,
                    SIDES.get(g.absent) if g.absent else None,
                    team.get(g.winner or "") or ("—" if g.absent == "both" else None),
                ]
            )
    return PAIR_GAME_HEADERS, rows
