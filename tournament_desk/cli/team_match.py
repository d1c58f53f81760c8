"""``tdesk`` for team matches of pairs (团体赛, rules.md §5.8, §12): line-ups, the pair games of a match, the sheet.

tdesk lineup FILE ROUND TABLE [--home "2,1,3,4,5"] [--away "…"]   set (or, with neither, show) the line-ups
tdesk result FILE ROUND TABLE --game N HOME AWAY [--declarer home|away]      one pair game
tdesk result FILE ROUND TABLE --game N --absent home|away|both               a pair that did not show
tdesk result FILE --import GAMES.csv|.xlsx   columns round,table,game,home,away[,declarer][,absent]; every
                                             game of each table named; all rows or none
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tournament_desk.cli.base import Commands
from tournament_desk.cli.output import correction, first_entry, number
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.levels import format_level
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.scoring_modes import scoring_mode
from tournament_desk.i18n import render, tr
from tournament_desk.services import undo as undo_services
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import event_info
from tournament_desk.services.lineups import Lineup, set_lineup, table_lineups
from tournament_desk.services.results import team_games, team_sheets, team_views
from tournament_desk.services.results.levels import parse_whole
from tournament_desk.services.results.team_views import GameLine, TeamSheet


def game_json(line: GameLine) -> dict[str, Any]:
    """One pair game of ``round --json``: the board, the pairs there, what was entered and who won."""
    g = line.game
    return {
        "game": g.game,
        "home_pair": render(line.home_pair) if not isinstance(line.home_pair, str) else line.home_pair,
        "away_pair": render(line.away_pair) if not isinstance(line.away_pair, str) else line.away_pair,
        "home_level": format_level(g.home_level) if g.home_level is not None else None,
        "away_level": format_level(g.away_level) if g.away_level is not None else None,
        "declarer": g.declarer,
        "absent": g.absent,
        "winner": line.winner,
        "entered": line.entered,
    }


def sheet_json(sheet: TeamSheet) -> dict[str, Any]:
    """A team match's part of ``round --json``: its pair games, the games won so far and its points."""
    return {
        "pair_games": [game_json(line) for line in sheet.lines],
        "games_won": {"home": sheet.home_won, "away": sheet.away_won},
        "home_points": sheet.outcome.home_mp if sheet.outcome else None,
        "away_points": sheet.outcome.away_mp if sheet.outcome else None,
        "lineups": {"home": list(sheet.lineups[0].order), "away": list(sheet.lineups[1].order)},
    }


def plays_games(desk: Desk) -> bool:
    """Whether the event's tables are team matches of pair games (rules.md §5.8)."""
    info = event_info(desk)
    return scoring_mode(info.scoring).team_pairs(info.rules) is not None


def _name(name: object) -> str:
    return name if isinstance(name, str) else render(name)  # type: ignore[arg-type]


class TeamMatchCommands(Commands):
    """The team-match commands of ``tdesk``."""

    # --- tdesk lineup -----------------------------------------------------------------------------------
    def lineup(self) -> None:
        a = self.args
        with self.open() as desk:
            if a.home is None and a.away is None:
                lineups = table_lineups(desk, a.round, a.table)
            else:
                lineups = set_lineup(desk, a.round, a.table, home=a.home, away=a.away, reason=a.reason)
        if a.json:
            shown = [
                {
                    "team": ln.team,
                    "pairs": list(ln.order),
                    "names": [_name(n) for n in ln.names],
                    "given": ln.given,
                }
                for ln in lineups
            ]
            self.out(json.dumps({"round": a.round, "table": a.table, "home": shown[0], "away": shown[1]},
                                ensure_ascii=False))  # fmt: skip
            return
        self.print_lineups(a.round, a.table, lineups)

    def print_lineups(self, round_no: int, table_no: int, lineups: Sequence[Lineup]) -> None:
        home, away = lineups
        self.out(tr("Round {round} table {table}: line-ups", round=round_no, table=table_no))
        headers = [tr("Game"), home.team, away.team]
        rows = [
            [n, f"{_name(hn)} ({hp})", f"{_name(an)} ({ap})"]
            for n, (hp, hn, ap, an) in enumerate(
                zip(home.order, home.names, away.order, away.names, strict=True), 1
            )
        ]
        self.out(self.table(headers, rows, {0}))
        for ln in lineups:
            if not ln.given:
                self.out(tr("{team} plays in registration order.", team=ln.team))

    # --- tdesk result … --game ----------------------------------------------------------------------------
    def result_game(self) -> None:
        a = self.args
        if a.import_file or a.round is None or a.table is None:
            raise BadInput("Give ROUND TABLE --game N HOME AWAY [--declarer home|away] for one pair game.")
        number, *levels = a.game
        if levels and (len(levels) != 2 or a.home is not None or a.away is not None):
            raise BadInput("Give ROUND TABLE --game N HOME AWAY [--declarer home|away] for one pair game.")
        home, away = levels if levels else (a.home, a.away)
        if a.absent is not None and (home is not None or away is not None or a.declarer is not None):
            raise BadInput("A pair that did not show has no levels: give --absent alone with --game.")
        round_no, table_no = parse_whole(a.round, "round"), parse_whole(a.table, "table")
        game_no = parse_whole(number, "board")
        correct = correction(a)
        typed = team_games.typed_game(game_no, home, away, declarer=a.declarer, absent=a.absent)
        with self.open() as desk, first_entry():
            same = team_games.holds_game(desk, round_no, table_no, typed)
            if (
                same is not None
            ):  # the same game again changes nothing: no write, no audit entry, no undo step
                self.print_game(same, game_no)
                return
            what = self.game_label(typed, desk, round_no, table_no)
            sheet = undo_services.record(desk, "games", round_no, table_no, what, team_games.record_game, game_no,
                                         home, away, declarer=a.declarer, absent=a.absent, reason=a.reason,
                                         correct=correct)  # fmt: skip
        self.print_game(sheet, game_no)

    def game_label(self, typed: Any, desk: Any, round_no: int, table_no: int) -> undo_services.Label:
        if typed.absent == "both":
            return undo_services.label("game-absent-both", game=typed.game)
        if typed.absent is not None:
            sheet = team_views.team_sheet(desk, round_no, table_no)
            who = sheet.home if typed.absent == "home" else sheet.away
            return undo_services.label("game-absent", game=typed.game, who=who)
        home, away = format_level(typed.home_level), format_level(typed.away_level)
        return undo_services.label("game", game=typed.game, home=home, away=away)

    def print_game(self, sheet: TeamSheet, game_no: int) -> None:
        line = sheet.lines[game_no - 1]
        self.out(self.game_line(sheet, line))
        self.print_team_total(sheet)

    def game_line(self, sheet: TeamSheet, line: GameLine) -> str:
        g = line.game
        if g.absent == "both":
            result = tr("both pairs absent")
        elif g.absent is not None:
            result = tr("the pair of {team} absent", team=sheet.home if g.absent == "home" else sheet.away)
        elif g.home_level is not None and g.away_level is not None:
            result = f"{format_level(g.home_level)} : {format_level(g.away_level)}"
            if g.declarer is not None:
                result += " " + tr(
                    "({team} declaring)", team=sheet.home if g.declarer == "home" else sheet.away
                )
        else:
            result = "—"
        winner = {"home": sheet.home, "away": sheet.away}.get(line.winner or "")
        return tr(
            "Round {round} table {table} game {game}: {home_pair} – {away_pair} {result}; {winner}",
            round=sheet.round,
            table=sheet.table,
            game=g.game,
            home_pair=_name(line.home_pair),
            away_pair=_name(line.away_pair),
            result=result,
            winner=tr("{team} wins the game", team=winner) if winner else tr("nobody wins the game"),
        )

    def print_team_total(self, sheet: TeamSheet) -> None:
        if sheet.kind in (ResultState.FORFEIT, ResultState.RULING):
            self.out(tr("Table {table} stays a {state} as the referee decided: the games are kept, the result "
                        "is not changed; remove the decision first to score the games.",
                        table=sheet.table, state=tr(sheet.kind.value)))  # fmt: skip
            return
        if sheet.missing:
            self.out(tr("{home} {home_won} : {away_won} {away} in pair games so far; game {games} still missing.",
                        home=sheet.home, away=sheet.away, home_won=sheet.home_won, away_won=sheet.away_won,
                        games=", ".join(str(n) for n in sheet.missing)))  # fmt: skip
            return
        o = sheet.outcome
        assert o is not None
        self.out(tr("{home} {home_won} : {away_won} {away} in pair games: {home_points} : {away_points} points ({kind}).",
                    home=sheet.home, away=sheet.away, home_won=sheet.home_won, away_won=sheet.away_won,
                    home_points=number(o.home_mp), away_points=number(o.away_mp),
                    kind=tr(sheet.kind.value)))  # fmt: skip

    def import_team_games(self, sheet: Path) -> None:
        correct = correction(self.args)
        with self.open() as desk, first_entry():
            done = team_sheets.import_team_games(desk, sheet, reason=self.args.reason, correct=correct)
        self.out(tr("Imported the pair games of {tables} team matches.", tables=len(done)))
        for table in done:
            self.print_team_total(table)
