"""Groups then knockout as a format (rules.md §7.4): its settings, the groups it fixes, rests and the stage's end."""

from __future__ import annotations

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats.base import Advance, StagePlan
from tournament_desk.domain.formats.group_stage import GroupStage, check_knockout_size, rounds_in_knockout
from tournament_desk.domain.rules import MP_SCALE_WIN_DRAW_LOSS, RuleSet
from tournament_desk.domain.scoring_modes.team_match import TeamMatch
from tournament_desk.domain.standings import MatchRecord, StandingEntrant
from tournament_desk.domain.team_match import TeamScore, team_outcome


def cup(count: int, **settings: object) -> EventData:
    entrants = [StandingEntrant(i, f"队{i}", draw_no=i) for i in range(1, count + 1)]
    ids = range(1, count + 1)
    return EventData(entrants, dict.fromkeys(ids), dict.fromkeys(ids), [], [], [], set(), settings=settings)


def test_settings_are_checked_and_filled_in() -> None:
    stage = GroupStage()
    assert stage.check_settings({}, "pairs") == {
        "group_size": 4, "knockout_size": None, "snake": False, "third_place": False,
    }  # fmt: skip
    assert stage.check_settings({"group_size": 3, "knockout_size": 8}, "teams")["knockout_size"] == 8
    with pytest.raises(BadInput, match="3 to 6 entrants, not 7"):
        stage.check_settings({"group_size": 7}, "pairs")
    for bad in (1, 12, 512):
        with pytest.raises(BadInput, match="power of two"):
            check_knockout_size(bad)
    assert [rounds_in_knockout(n) for n in (2, 8, 32)] == [1, 3, 5]


def test_the_chain_and_the_rules_of_a_group_stage() -> None:
    stage = GroupStage()
    assert stage.chain({}) == (StagePlan("groups-knockout", Advance("qualifiers")), StagePlan("knockout"))
    rules = stage.default_rules(RuleSet())
    assert rules.mp_scale == MP_SCALE_WIN_DRAW_LOSS and rules.forfeit_win.mp == 3.0
    assert stage.planned_rounds(16, {}) == 3 + 3  # four groups of four, a knockout of eight
    assert stage.planned_rounds(2, {}) is None


def test_round_one_fixes_the_groups_and_rests_the_odd_one_out() -> None:
    data = cup(7, group_size=4)
    groups = GroupStage().groups(data)
    assert sorted(e for g in groups for e in g) == list(range(1, 8))
    planned = GroupStage().plan_round(data, 1, RuleSet())
    assert planned.settings is not None and planned.settings["groups"] == groups
    seated = {e for t in planned.tables for e in (t.home, t.away)}
    assert set(planned.rests) == set(range(1, 8)) - seated and len(planned.rests) == 1
    assert planned.notes  # the director is told who rests
    named = GroupStage().groups_by_entrant({"groups": groups})
    assert set(named.values()) == {"A", "B"} and set(named) == set(range(1, 8))


def test_after_the_last_group_round_the_director_draws_the_knockout() -> None:
    data = cup(8)
    rounds = GroupStage().group_rounds(data)
    with pytest.raises(BadInput, match="draw the knockout"):
        GroupStage().plan_round(data, rounds + 1, RuleSet())
    with pytest.raises(BadInput, match="at least 3 entrants"):
        GroupStage().groups(cup(2))


def team(round_no: int, home: int, away: int, won: int, lost: int) -> MatchRecord:
    o = team_outcome(TeamScore(won, lost))
    return MatchRecord(round_no, home, away, o.home_mp, o.away_mp, 0.0, 0.0, None, won, lost)


def test_a_team_match_group_ranks_by_the_modes_chain_then_the_lot() -> None:
    """Group A as seed 004's round robin: 3 first on game ratio, 1 and 2 equal on everything (9/6 each) share
    rank 2 until their lot is recorded; then the lot orders them."""
    data = cup(8, groups=[[1, 2, 3, 4], [5, 6, 7, 8]])
    data.mode = TeamMatch()
    data.matches = [team(1, 1, 2, 3, 2), team(1, 3, 4, 5, 0), team(2, 1, 3, 2, 3), team(2, 2, 4, 4, 1),
                    team(3, 1, 4, 4, 1), team(3, 2, 3, 3, 2)]  # fmt: skip
    # Group A's six matches are all played: the group is over, a lot is due.
    data.schedule = [
        (r, h, a, "played") for r, h, a in ((1, 1, 2), (1, 3, 4), (2, 1, 3), (2, 2, 4), (3, 1, 4), (3, 2, 3))
    ]
    ranking = GroupStage().rank(data, RuleSet())
    assert ranking.chain == ("points", "h2h_points", "game_ratio", "lot")
    assert ranking.columns == ("points", "h2h", "games_won", "games_lost", "game_ratio")
    group_a = [r for r in ranking.rows if r.group == "A"]
    assert [(r.rank, r.entrant.id, r.games_won, r.lot_needed) for r in group_a] == [
        (1, 3, 10, False),
        (2, 1, 9, True),
        (2, 2, 9, True),
        (4, 4, 2, False),
    ]
    data.settings = {**data.settings, "lots": {"A": {"2": 1, "1": 2}}}
    group_a = [r for r in GroupStage().rank(data, RuleSet()).rows if r.group == "A"]
    assert [(r.rank, r.entrant.id, r.separated_by) for r in group_a][:3] == [
        (1, 3, None),
        (2, 2, "game_ratio"),
        (3, 1, "lot"),
    ]


def test_no_lot_is_due_while_the_group_still_has_matches_to_play() -> None:
    """Entrants equal so far share a rank; nobody must draw cards until the group is over (rules.md §7.4: the lot
    is the last criterion, after results that can no longer change)."""
    data = cup(8, groups=[[1, 2, 3, 4], [5, 6, 7, 8]])
    data.mode = TeamMatch()
    data.matches = [team(1, 1, 2, 3, 2), team(1, 3, 4, 3, 2)]
    data.schedule = [(1, 1, 2, "played"), (1, 3, 4, "played")]
    rows = GroupStage().rank(data, RuleSet()).rows
    assert not any(r.lot_needed for r in rows)
    assert {r.entrant.id for r in rows if r.rank == 1 and r.group == "A"} == {1, 3}  # shared, not drawn
