"""Scoring modes by name, as an event stores them."""

from __future__ import annotations

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.scoring_modes import SCORING_MODES, scoring_mode
from tournament_desk.domain.scoring_modes.duplicate import Duplicate
from tournament_desk.domain.scoring_modes.levels import Levels
from tournament_desk.domain.scoring_modes.team_match import TeamMatch


def test_each_mode_is_found_by_its_name() -> None:
    assert set(SCORING_MODES) == {"levels", "duplicate", "team-match"}
    assert isinstance(scoring_mode("levels"), Levels)
    assert isinstance(scoring_mode("duplicate"), Duplicate)
    assert isinstance(scoring_mode("team-match"), TeamMatch)
    assert all(scoring_mode(name).name == name for name in SCORING_MODES)


def test_an_unknown_mode_is_one_sentence() -> None:
    with pytest.raises(BadInput, match="Unknown scoring 'bridge'"):
        scoring_mode("bridge")
