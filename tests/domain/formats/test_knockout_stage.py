"""A knockout match as a result of the event (rules.md §7.6): three MP to nothing, with the VP of the levels; a team
match of pairs in a knockout (§5.8): the team with more pair games goes on, a match left equal waits for a ruling."""

from __future__ import annotations

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats.knockout_stage import Knockout, knockout_outcome
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring_modes.team_match import TeamMatch
from tournament_desk.domain.standings import MatchRecord, StandingEntrant
from tournament_desk.domain.team_match import TeamScore, team_forfeit, team_outcome

RULES = RuleSet()


def test_a_knockout_result_is_three_to_nothing_with_the_vp_of_the_levels() -> None:
    won = knockout_outcome(5, 12, None, RuleSet(), (2, 1))
    assert (won.home_mp, won.away_mp) == (3.0, 0.0)
    assert (won.home_vp, won.away_vp) == (3, 17)  # the record keeps §5.1's VP of the levels
    tie = knockout_outcome(9, 9, "away", RuleSet())
    assert (tie.home_mp, tie.away_mp, tie.home_vp, tie.away_vp) == (0.0, 3.0, 10, 10)


def four_teams(*matches: MatchRecord) -> EventData:
    """Four teams drawn 1–4 (entrant id = draw number) in a team-match knockout: 1 v 4 at table 1, 2 v 3 at 2."""
    people = [StandingEntrant(i, f"队{i}", None, i) for i in range(1, 5)]
    ids = {i: None for i in range(1, 5)}
    return EventData(people, ids, dict(ids), list(matches), [], [], set(), mode=TeamMatch())


def team_match(home: int, away: int, games: tuple[int, int]) -> MatchRecord:
    o = team_outcome(TeamScore(*games))
    return MatchRecord(1, home, away, o.home_mp, o.away_mp, 0.0, 0.0, None, *games)


def test_the_team_with_more_pair_games_goes_on_in_a_knockout() -> None:
    fmt = Knockout()
    assert fmt.carries("team-match") and not fmt.carries("duplicate")
    data = four_teams(team_match(1, 4, (1, 2)), team_match(2, 3, (3, 0)))
    final = fmt.plan_round(data, 2, RULES)
    assert [(t.home, t.away) for t in final.tables] == [(4, 2)]


def test_a_team_match_left_equal_has_no_winner_until_a_ruling() -> None:
    fmt = Knockout()
    tied = four_teams(team_match(1, 4, (1, 1)), team_match(2, 3, (3, 0)))  # a game neither pair showed for
    with pytest.raises(BadInput) as refused:
        fmt.plan_round(tied, 2, RULES)
    assert "(table 1)" in str(refused.value) and "ruling" in str(refused.value)
    ruled = team_forfeit("away")  # the director rules against 队4: 3 : 0
    decided = four_teams(
        MatchRecord(1, 1, 4, ruled.home_mp, ruled.away_mp, 0.0, 0.0), team_match(2, 3, (3, 0))
    )
    assert [(t.home, t.away) for t in fmt.plan_round(decided, 2, RULES).tables] == [(1, 2)]


def test_a_match_both_teams_forfeited_sends_nobody_on() -> None:
    both = team_forfeit("both")
    assert (both.home_mp, both.away_mp) == (0.0, 0.0)
    data = four_teams(MatchRecord(1, 1, 4, 0.0, 0.0, 0.0, 0.0), team_match(2, 3, (0, 3)))
    planned = Knockout().plan_round(data, 2, RULES)
    assert planned.tables == ()  # the final is a walkover: 队3 goes through without a match
    assert [str(n) for n in planned.notes] == ["队3 goes through without a match (bye)."]
