"""Team matches of P pairs (团体赛，每队 P 对, rules.md §5.8, seed 004): a table is a team match of P pair games.

The desk types each pair game (``domain.team_match``); the match scores 3 to the team that won more games and
1 to the other, a forfeited match 3 and 0. There are no levels at the match level and no VP. Teams rank by
points → the result between the tied teams → the game ratio (得失局率), whatever the format (Swiss, round
robin, groups), so the mode brings its own ranking chain.
"""

from __future__ import annotations

from typing import Literal

from tournament_desk.domain.errors import Message, msg
from tournament_desk.domain.ranking import TEAM_RANKING, RankingChain
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import Outcome, Side
from tournament_desk.domain.scoring_modes.base import Games, ScoringMode
from tournament_desk.domain.team_match import (
    FORFEIT_POINTS,
    TeamScore,
    check_pairs,
    team_forfeit,
    team_outcome,
)


class TeamMatch(ScoringMode):
    name = "team-match"
    entrants_kinds = ("teams",)  # a team sends P pairs
    default_entrants = "teams"
    takes_levels = False  # each pair game is typed, never the match's two levels
    boards = False

    def level_diff(self, home_level: int | None, away_level: int | None, xmp: int | None) -> int | None:
        """A team match has no level difference: its pair games each have levels, the match has none."""
        return None

    def played_outcome(
        self,
        home_level: int | None,
        away_level: int | None,
        xmp: int | None,
        rules: RuleSet,
        *,
        games: Games = None,
    ) -> Outcome | None:
        """The points of the match from the pair games each team won (3 : 1), once they are all in."""
        home, away = games or (None, None)
        if home is None or away is None:
            return None
        return team_outcome(TeamScore(home, away))

    def forfeit_outcome(self, side: Side, rules: RuleSet) -> Outcome:
        """A forfeited team match: 3 to the opponent, 0 to the forfeiting team; both: 0 and 0 (rules.md §5.8)."""
        return team_forfeit(side)

    def ruling_outcome(self, offender: Literal["home", "away"], awarded_vp: float, rules: RuleSet) -> Outcome:
        """A match lost by ruling (or a round robin's match against a team that withdrew): the innocent team
        wins it as by forfeit, 3 : 0; team matches have no VP to award."""
        return team_forfeit(offender)

    def bye_outcome(self, rules: RuleSet) -> Outcome:
        """A bye is a match won by forfeit: 3 points (rules.md §5.4 with the points of §5.8)."""
        return Outcome(FORFEIT_POINTS, 0.0, 0.0, 0.0)

    def levels_refused(self) -> Message | None:
        """A team match has no two levels of its own: each pair game is typed (rules.md §5.8)."""
        return msg(
            "This event is a team match of pairs: type each pair game on its own "
            "(tdesk result ROUND TABLE --game N HOME AWAY [--declarer home|away])."
        )

    def clearing_refused(self) -> Message | None:
        return msg("Clear a team match's pair games one by one on its scoresheet.")

    def withdrawal_award(self, rules: RuleSet) -> Message | None:
        return msg("a match won by forfeit (3 : 0)")

    def team_pairs(self, rules: RuleSet) -> int | None:
        return check_pairs(rules.team_pairs)

    def ranking(self) -> RankingChain | None:
        return TEAM_RANKING
