"""How the result of one table is scored: the second axis beside the format (levels, duplicate boards, …).

The services and the formats ask the event's mode through these methods and never compare its name: what a
played table scores, what a forfeit, a loss by ruling or a bye scores, and (where the mode brings one) the
ranking chain that replaces the format's own. The defaults are those of the level-scored modes (rules.md §5).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar, Literal

from tournament_desk.domain.errors import Message
from tournament_desk.domain.ranking import RankingChain
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import Outcome, Side, score_difference, score_forfeit, score_ruling

# The pair games each team won in a team match of pairs (home, away), as stored (None: not known yet); None
# where the mode has none.
Games = tuple[int | None, int | None] | None


class ScoringMode(ABC):
    name: ClassVar[str]
    entrants_kinds: ClassVar[tuple[str, ...]] = ("pairs", "teams")
    default_entrants: ClassVar[str] = "pairs"
    # The desk types the two levels a table reached; otherwise each board's points (``boards``) or each pair
    # game of a team match (``team_pairs`` is not None).
    takes_levels: ClassVar[bool] = True
    boards: ClassVar[bool] = False

    @abstractmethod
    def level_diff(self, home_level: int | None, away_level: int | None, xmp: int | None) -> int | None:
        """The home side's level difference of a played table, or None while it is not known (or has none)."""

    def played_outcome(
        self,
        home_level: int | None,
        away_level: int | None,
        xmp: int | None,
        rules: RuleSet,
        *,
        games: Games = None,
    ) -> Outcome | None:
        """What the table scored as played (kept for the innocent side of a late scoresheet), if known.

        ``games``: the pair games each team won, where the mode scores by them (a team match of pairs)."""
        diff = self.level_diff(home_level, away_level, xmp)
        return None if diff is None else score_difference(diff, rules)

    def forfeit_outcome(self, side: Side, rules: RuleSet) -> Outcome:
        """A table forfeited by ``side`` (or both): the rule set's forfeit award to the opponent (rules.md §5.3)."""
        return score_forfeit(side, rules)

    def ruling_outcome(self, offender: Literal["home", "away"], awarded_vp: float, rules: RuleSet) -> Outcome:
        """A loss by ruling of ``offender``: the opponent gets ``awarded_vp`` and its MP (rules.md §5.5)."""
        return score_ruling(offender, awarded_vp, rules)

    def bye_outcome(self, rules: RuleSet) -> Outcome:
        """What a bye scores, as the home side of an outcome with no opponent (rules.md §5.4: the bye award)."""
        return Outcome(rules.bye.mp, 0.0, rules.bye.vp, 0.0)

    def levels_refused(self) -> Message | None:
        """Why a table's two levels cannot be typed in this mode, as the sentence that says what to enter
        instead (the levels page, ``tdesk result F R T HOME AWAY``, a phone); None where they are its result."""
        return None

    def clearing_refused(self) -> Message | None:
        """Why a table's result cannot be cleared as a whole (its parts are cleared one by one); None: it can."""
        return None

    def withdrawal_award(self, rules: RuleSet) -> Message | None:
        """What each later opponent of an entrant that withdrew after half a round robin gets, where this mode
        decides it (rules.md §5.7 with §5.8: a team match is won by forfeit); None: the rule set's award."""
        return None

    def team_pairs(self, rules: RuleSet) -> int | None:
        """The pair games of a match (a team match of P pairs), or None where a table is not played in games."""
        return None

    def ranking(self) -> RankingChain | None:
        """The ranking chain this mode brings (team matches, rules.md §5.8), which the formats that can carry the
        mode (Swiss, round robin, groups) use instead of their own; None: the format's own ranking."""
        return None
