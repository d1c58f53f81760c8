"""What a team match of pairs prints (rules.md §5.8): its scoresheet per match (团体赛记分表) and the workbook's sheet
of pair games; read from the pair games and line-ups (``services.results.team_views``) as plain data.

A scoring mode's documents are chosen by the registry (``services.documents.MODE_DOCUMENTS``), whatever the
format (round robin, Swiss, groups) the team matches are played in.
"""

from __future__ import annotations

from dataclasses import replace

from tournament_desk.domain.errors import Message
from tournament_desk.domain.scoring_modes import scoring_mode
from tournament_desk.i18n import render
from tournament_desk.reports.model import PairGameLine, TeamMatchSheet, TeamSheetsData, WorkbookData
from tournament_desk.reports.scoresheets.team_match import build_team_scoresheets
from tournament_desk.services.desk import Desk
from tournament_desk.services.documents.base import Builder, Context, SheetStyle
from tournament_desk.services.documents.reading import entrant_data, last_paired, round_data
from tournament_desk.services.event import EventInfo
from tournament_desk.services.results.team_views import TeamSheet, round_team_sheets

PRINTED_LANGUAGE = "zh"  # the sheets are printed Chinese first: a pair with no names is "第k对"


def plays_team_matches(info: EventInfo) -> bool:
    """Whether the event's tables are team matches of pair games (its scoring mode sends pairs)."""
    return scoring_mode(info.scoring).team_pairs(info.rules) is not None


def pair_name(name: Message | str) -> str:
    return name if isinstance(name, str) else render(name, PRINTED_LANGUAGE)


def match_sheet(sheet: TeamSheet) -> TeamMatchSheet:
    """One team match as the reports read it: each board's pairs and game, and whose line-up was given."""
    games = tuple(
        PairGameLine(
            line.game.game,
            pair_name(line.home_pair),
            pair_name(line.away_pair),
            line.game.home_level,
            line.game.away_level,
            line.game.declarer,
            line.game.absent,
            line.winner,
        )
        for line in sheet.lines
    )
    home, away = sheet.lineups
    return TeamMatchSheet(sheet.round, sheet.table, sheet.home, sheet.away, games, (home.given, away.given))


def round_matches(desk: Desk, round_no: int) -> dict[int, TeamMatchSheet]:
    """Every team match of a round, by table."""
    return {s.table: match_sheet(s) for s in round_team_sheets(desk, round_no)}


def team_sheets(ctx: Context, round_no: int, style: SheetStyle) -> Builder:
    """The round's team-match scoresheets: blank boards before the games, filled as the desk enters them."""
    rnd = round_data(ctx.desk, round_no, mp_before=not style.knockout)
    pairs = ctx.info.rules.team_pairs
    data = TeamSheetsData(
        ctx.event, rnd, entrant_data(ctx.desk), pairs, round_matches(ctx.desk, round_no), ctx.info.rules
    )
    urls = ctx.live_urls
    return lambda path: build_team_scoresheets(path, data, live_urls=urls)


def with_pair_games(ctx: Context, data: WorkbookData) -> WorkbookData:
    """The workbook with every team match's pair games (its "对局" sheet), once per event."""
    if data.team_matches is not None:
        return data
    matches = tuple(
        sheet for n in range(1, last_paired(ctx.desk) + 1) for sheet in round_matches(ctx.desk, n).values()
    )
    return replace(data, team_matches=matches)
