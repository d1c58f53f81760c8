"""Duplicate team matches (复式, rules.md §7.2): boards in two rooms; the match's level difference is its XMP."""

from __future__ import annotations

from tournament_desk.domain.errors import Message, msg
from tournament_desk.domain.scoring_modes.base import ScoringMode


class Duplicate(ScoringMode):
    name = "duplicate"
    entrants_kinds = ("teams",)  # a duplicate match needs two pairs a side
    default_entrants = "teams"
    takes_levels = False
    boards = True

    def level_diff(self, home_level: int | None, away_level: int | None, xmp: int | None) -> int | None:
        return xmp

    def levels_refused(self) -> Message | None:
        return msg(
            "This event is scored by duplicate boards: enter the defenders' points of each board and room."
        )

    def clearing_refused(self) -> Message | None:
        return msg("Clear a duplicate table's boards one by one on its scoresheet.")
