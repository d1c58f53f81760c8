"""Scoring modes: how a table's result is entered and turned into figures (one module each)."""

from __future__ import annotations

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.registry import Registry
from tournament_desk.domain.scoring_modes.base import ScoringMode

_HERE = "tournament_desk.domain.scoring_modes"
# Imported when first used (``registry``): an event scores in one mode.
SCORING_MODES: Registry[ScoringMode] = Registry(
    {
        "levels": f"{_HERE}.levels:Levels",
        "duplicate": f"{_HERE}.duplicate:Duplicate",
        "team-match": f"{_HERE}.team_match:TeamMatch",
    }
)


def scoring_mode(name: str) -> ScoringMode:
    try:
        return SCORING_MODES[name]
    except KeyError:
        raise BadInput("Unknown scoring '{scoring}'.", scoring=name) from None
