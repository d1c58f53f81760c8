"""Scoring modes: how a table's result is entered and turned into figures (one module each)."""

from __future__ import annotations

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.scoring_modes.base import ScoringMode
from tournament_desk.domain.scoring_modes.duplicate import Duplicate
from tournament_desk.domain.scoring_modes.levels import Levels
from tournament_desk.domain.scoring_modes.team_match import TeamMatch

SCORING_MODES: dict[str, ScoringMode] = {m.name: m for m in (Levels(), Duplicate(), TeamMatch())}


def scoring_mode(name: str) -> ScoringMode:
    try:
        return SCORING_MODES[name]
    except KeyError:
        raise BadInput("Unknown scoring '{scoring}'.", scoring=name) from None
