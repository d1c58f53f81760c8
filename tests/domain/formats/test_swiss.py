"""Swiss as a format (rules.md §7.1, §5.4, §5.7): a round from the standings, the ranking, and a withdrawal."""

from __future__ import annotations

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats.base import TableFact, Withdrawal
from tournament_desk.domain.formats.swiss import Swiss
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import Outcome, score_forfeit
from tournament_desk.domain.scoring_modes.team_match import TeamMatch
from tournament_desk.domain.standings import MatchRecord, StandingEntrant
from tournament_desk.domain.team_match import TeamScore, team_outcome


def field(count: int, withdrawn: dict[int, int] | None = None) -> EventData:
    entrants = [StandingEntrant(i, f"队{i}", draw_no=i) for i in range(1, count + 1)]
    gone = withdrawn or {}
    return EventData(
        entrants,
        {i: None for i in range(1, count + 1)},
        {i: gone.get(i) for i in range(1, count + 1)},
        [],
        [],
        [],
        set(),
    )


def test_round_one_pairs_every_active_entrant_once_and_the_odd_one_has_the_bye() -> None:
    planned = Swiss().plan_round(field(7), 1, RuleSet())
    seated = [e for t in planned.tables for e in (t.home, t.away)]
    assert len(planned.tables) == 3 and planned.bye is not None
    assert sorted([*seated, planned.bye]) == list(range(1, 8))
    assert planned.bye_state is ResultState.BYE and not planned.repeat_bye and planned.notes == ()


def test_a_withdrawn_entrant_is_not_paired_and_one_left_cannot_be() -> None:
    planned = Swiss().plan_round(field(5, {5: 1}), 2, RuleSet())
    assert 5 not in {e for t in planned.tables for e in (t.home, t.away)} and planned.bye is None
    with pytest.raises(BadInput, match="At least two active entrants"):
        Swiss().plan_round(field(2, {2: 1}), 2, RuleSet())


def test_the_ranking_orders_by_the_rule_sets_tiebreaks() -> None:
    data = field(4)
    data.matches = [MatchRecord(1, 1, 2, 0.0, 3.0, 5, 15), MatchRecord(1, 3, 4, 3.0, 0.0, 16, 4)]
    ranking = Swiss().rank(data, RuleSet())
    assert [row.entrant.id for row in ranking.rows] == [3, 2, 1, 4]
    assert ranking.columns == ("mp", "vp", "opp_mp") and ranking.chain == tuple(RuleSet().tiebreaks)


def test_a_withdrawal_forfeits_later_tables_and_voids_later_byes() -> None:
    rules = RuleSet()
    data = field(5, {1: 1, 2: 1})
    data.bye_holders = {1: 5, 2: 1}
    tables = (
        TableFact(1, 1, 1, 3, ResultState.PLAYED),
        TableFact(2, 1, 3, 1, ResultState.PENDING),
        TableFact(3, 1, 1, 2, ResultState.PENDING),  # its opponent has left that round too
    )
    plan = Swiss().withdraw(data, Withdrawal(1, 1, tables), rules)
    assert set(plan.changes) == {(2, 1), (3, 1)}
    assert plan.changes[(2, 1)].side == "away" and plan.changes[(2, 1)].outcome == score_forfeit(
        "away", rules
    )
    assert plan.changes[(3, 1)].side == "both"
    assert plan.void_byes == (2,)


def team(round_no: int, home: int, away: int, won: int, lost: int) -> MatchRecord:
    o = team_outcome(TeamScore(won, lost))
    return MatchRecord(round_no, home, away, o.home_mp, o.away_mp, 0.0, 0.0, None, won, lost)


def test_a_team_match_event_ranks_by_the_modes_chain_and_still_pairs_by_points() -> None:
    """rules.md §5.8 through the mode: 1 beat 2 3–2 and 3 3–2; 3 beat 4 5–0, 2 beat 4 4–1. 2 and 3 tie on 4 points
    without having met: the game ratio, 3 (7/3) above 2 (6/4), not the VP/opponents' chain (all VP are 0)."""
    data = field(4)
    data.mode = TeamMatch()
    data.matches = [team(1, 1, 2, 3, 2), team(1, 3, 4, 5, 0), team(2, 1, 3, 3, 2), team(2, 2, 4, 4, 1)]
    ranking = Swiss().rank(data, RuleSet())
    assert [(r.rank, r.entrant.id, r.mp, r.games_won, r.games_lost) for r in ranking.rows] == [
        (1, 1, 6, 6, 4),
        (2, 3, 4, 7, 3),
        (3, 2, 4, 6, 4),
        (4, 4, 2, 1, 9),
    ]
    assert ranking.rows[2].separated_by == "game_ratio" and ranking.rows[1].game_ratio == pytest.approx(7 / 3)
    assert ranking.chain == ("points", "h2h_points", "game_ratio")
    assert ranking.columns == ("points", "h2h", "games_won", "games_lost", "game_ratio")
    data.pairings = [(1, 2), (3, 4), (1, 3), (2, 4)]
    planned = Swiss().plan_round(data, 3, RuleSet())  # no rematch: 1 (6 points) meets 4, 2 and 3 (4) meet
    assert {frozenset((t.home, t.away)) for t in planned.tables} == {frozenset((1, 4)), frozenset((2, 3))}


def test_a_levels_event_shows_no_games() -> None:
    data = field(2)
    data.matches = [MatchRecord(1, 1, 2, 3.0, 0.0, 15, 5)]
    assert all(r.games_won is None and r.game_ratio is None for r in Swiss().rank(data, RuleSet()).rows)


def test_a_team_match_withdrawal_forfeits_3_to_0() -> None:
    data = field(4, {1: 1})
    data.mode = TeamMatch()
    plan = Swiss().withdraw(data, Withdrawal(1, 1, (TableFact(2, 1, 2, 1, ResultState.PENDING),)), RuleSet())
    assert plan.changes[(2, 1)].outcome == Outcome(3.0, 0.0, 0.0, 0.0)
