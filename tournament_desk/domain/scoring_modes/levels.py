"""Hand-dealt tables (手抓牌, rules.md §7.1): the desk records the level each side reached (§5.1, §5.2)."""

from __future__ import annotations

from tournament_desk.domain.scoring_modes.base import ScoringMode


class Levels(ScoringMode):
    name = "levels"

    def level_diff(self, home_level: int | None, away_level: int | None, xmp: int | None) -> int | None:
        if home_level is None or away_level is None:
            return None
        return home_level - away_level
