"""``tdesk result``, ``forfeit``, ``ruling`` and ``deduct``: what a table scored (a duplicate event's boards:
``cli.boards``; a Mitchell event's: ``cli.mitchell``; a team match's pair games: ``cli.team_match``; what the
results add up to: ``cli.standings``)."""

from __future__ import annotations

from pathlib import Path

from tournament_desk.cli.boards import BoardCommands
from tournament_desk.cli.mitchell import MitchellCommands
from tournament_desk.cli.output import (
    correction,
    first_entry,
    number,
)
from tournament_desk.cli.team_match import TeamMatchCommands, plays_games
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.scoring_modes import scoring_mode
from tournament_desk.i18n import render, tr
from tournament_desk.services import undo as undo_services
from tournament_desk.services.event import event_info
from tournament_desk.services.formats import format_services
from tournament_desk.services.results import deductions as deduction_services
from tournament_desk.services.results import forfeits as forfeit_services
from tournament_desk.services.results import levels as result_services
from tournament_desk.services.results.table import ResultView


class ResultCommands(BoardCommands, MitchellCommands, TeamMatchCommands):
    def result(self) -> None:
        a = self.args
        correct = correction(a)  # before the file is opened: nothing is written on error
        if a.points is not None:
            self.result_pair_board()
            return
        if a.game is not None or a.absent is not None or a.declarer is not None:
            if a.game is None:
                raise BadInput(
                    "Give --game N: the pair game of the team match (--declarer and --absent go with it)."
                )
            self.result_game()
            return
        if a.board is not None or a.open is not None or a.closed is not None or a.penalty:
            self.result_board()
            return
        with self.open() as desk, first_entry():
            if a.import_file:
                if a.round is not None:
                    raise BadInput("Give either --import or ROUND TABLE HOME AWAY, not both.")
                if scoring_mode(event_info(desk).scoring).boards:
                    self.import_boards(Path(a.import_file))
                    return
                if plays_games(desk):
                    self.import_team_games(Path(a.import_file))
                    return
                faces = format_services(event_info(desk).stage_format)
                self.out(
                    render(faces.import_sheet(desk, Path(a.import_file), reason=a.reason, correct=correct))
                )
                return
            if plays_games(desk):
                raise BadInput(
                    "This event is a team match of pairs: enter each pair game with ROUND TABLE --game N HOME AWAY."
                )
            if None in (a.round, a.table, a.home, a.away):
                raise BadInput("Give ROUND TABLE HOME_LEVEL AWAY_LEVEL, or --import SHEET.")
            round_no = result_services.parse_whole(a.round, "round")
            table_no = result_services.parse_whole(a.table, "table")
            # The same result again changes nothing: no write, no audit entry, no undo step.
            games = result_services.parse_games(a.games) if a.games is not None else None
            same = result_services.holds_result(desk, round_no, table_no, a.home, a.away, on_stage=a.on_stage,
                                                games=games)  # fmt: skip
            if same is not None:
                self.print_result(same)
                return
            what = undo_services.label("levels", home=a.home, away=a.away)  # tdesk undo takes it back
            view = undo_services.record(desk, "table", round_no, table_no, what, result_services.record_result,
                                        a.home, a.away, reason=a.reason, on_stage=a.on_stage,
                                        correct=correct, games=games)  # fmt: skip
            self.print_result(view)

    def print_result(self, view: ResultView) -> None:
        o = view.outcome
        self.out(
            tr(
                "Round {round} table {table}: {home} {home_vp} VP {home_mp} MP – {away} {away_vp} VP {away_mp} MP",
                round=view.round,
                table=view.table,
                home=view.home,
                away=view.away,
                home_vp=number(o.home_vp),
                away_vp=number(o.away_vp),
                home_mp=number(o.home_mp),
                away_mp=number(o.away_mp),
            )
        )

    def decision(self) -> bool:
        """``--remove`` takes a forfeit or ruling back; otherwise ``--side`` is needed. True when done here."""
        a = self.args
        if a.remove:
            with self.open() as desk:
                self.print_result(forfeit_services.clear_decision(desk, a.round, a.table, reason=a.reason))
            return True
        if a.side is None:
            raise BadInput("Give --side (the side it goes against), or --remove to take it back.")
        return False

    def forfeit(self) -> None:
        a = self.args
        if self.decision():
            return
        with self.open() as desk:
            self.print_result(
                forfeit_services.forfeit(
                    desk, a.round, a.table, a.side, reason=a.reason, late=a.late, arrival=a.late_arrival
                )
            )

    def ruling(self) -> None:
        a = self.args
        if self.decision():
            return
        with self.open() as desk:
            self.print_result(forfeit_services.rule_loss(desk, a.round, a.table, a.side, reason=a.reason))

    def deduct(self) -> None:
        a = self.args
        with self.open() as desk:
            done = deduction_services.deduct(desk, a.round, a.name, _float(a.mp), reason=a.reason)
            self.out(
                tr(
                    "Deducted {mp} MP from {name} in round {round}.",
                    mp=number(done.mp),
                    name=done.name,
                    round=a.round,
                )
            )


def _float(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise BadInput("'{text}' is not a number.", text=text) from None
