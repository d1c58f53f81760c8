"""Team matches of P pairs as a scoring mode (rules.md §5.8): points from games won, 3 : 0 forfeits, its own chain."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.ranking import TEAM_RANKING
from tournament_desk.domain.rules import Award, RuleSet
from tournament_desk.domain.scoring import Outcome
from tournament_desk.domain.scoring_modes import scoring_mode
from tournament_desk.domain.scoring_modes.team_match import TeamMatch

# A rule set whose level-scored awards differ from the team match's, so a hook that fell back on them shows.
RULES = replace(RuleSet(), forfeit_win=Award(2.5, 12), bye=Award(2.0, 12), team_pairs=7)


def test_it_is_registered_for_teams_and_types_pair_games_not_levels() -> None:
    mode = scoring_mode("team-match")
    assert isinstance(mode, TeamMatch)
    assert mode.entrants_kinds == ("teams",) and mode.default_entrants == "teams"
    assert (mode.takes_levels, mode.boards) == (False, False)
    assert mode.team_pairs(RULES) == 7 and mode.team_pairs(RuleSet()) == 5


def test_a_rule_set_with_an_even_number_of_pairs_is_refused_where_it_is_read() -> None:
    with pytest.raises(BadInput, match="odd number of pairs from 3 to 9, not 4"):
        TeamMatch().team_pairs(replace(RuleSet(), team_pairs=4))


def test_a_match_has_no_level_difference_and_scores_from_the_games_won() -> None:
    mode = TeamMatch()
    assert mode.level_diff(12, 9, 4) is None
    assert mode.played_outcome(12, 9, 4, RULES) is None  # levels alone mean nothing here
    assert mode.played_outcome(None, None, None, RULES, games=(None, None)) is None  # games not all in
    assert mode.played_outcome(None, None, None, RULES, games=(4, 3)) == Outcome(3.0, 1.0, 0.0, 0.0)
    assert mode.played_outcome(None, None, None, RULES, games=(0, 7)) == Outcome(1.0, 3.0, 0.0, 0.0)
    assert mode.played_outcome(None, None, None, RULES, games=(3, 3)) == Outcome(1.0, 1.0, 0.0, 0.0)


def test_a_forfeit_a_ruling_and_a_bye_are_matches_won_3_to_0() -> None:
    mode = TeamMatch()
    assert mode.forfeit_outcome("home", RULES) == Outcome(0.0, 3.0, 0.0, 0.0)
    assert mode.forfeit_outcome("away", RULES) == Outcome(3.0, 0.0, 0.0, 0.0)
    assert mode.forfeit_outcome("both", RULES) == Outcome(0.0, 0.0, 0.0, 0.0)
    assert mode.ruling_outcome("home", 15.5, RULES) == Outcome(0.0, 3.0, 0.0, 0.0)  # no VP to award
    assert mode.bye_outcome(RULES) == Outcome(3.0, 0.0, 0.0, 0.0)


def test_it_brings_the_team_ranking_chain() -> None:
    chain = TeamMatch().ranking()
    assert chain is TEAM_RANKING
    assert chain.keys == ("points", "h2h_points", "game_ratio")
    assert chain.columns == ("points", "h2h", "games_won", "games_lost", "game_ratio")
    assert chain.with_lot().keys == ("points", "h2h_points", "game_ratio", "lot")
    assert chain.across() == ("mp", "game_ratio")
