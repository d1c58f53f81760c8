"""How the result of one table is scored: the second axis beside the format (levels, duplicate boards, …)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import Outcome, score_difference


class ScoringMode(ABC):
    name: ClassVar[str]
    entrants_kinds: ClassVar[tuple[str, ...]] = ("pairs", "teams")
    default_entrants: ClassVar[str] = "pairs"
    # The desk types the two levels a table reached; otherwise each board's points (``boards``).
    takes_levels: ClassVar[bool] = True
    boards: ClassVar[bool] = False

    @abstractmethod
    def level_diff(self, home_level: int | None, away_level: int | None, xmp: int | None) -> int | None:
        """The home side's level difference of a played table, or None while it is not known."""

    def played_outcome(
        self, home_level: int | None, away_level: int | None, xmp: int | None, rules: RuleSet
    ) -> Outcome | None:
        """What the table scored as played (kept for the innocent side of a late scoresheet), if known."""
        diff = self.level_diff(home_level, away_level, xmp)
        return None if diff is None else score_difference(diff, rules)
