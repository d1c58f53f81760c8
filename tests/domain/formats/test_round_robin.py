"""The round robin as a format (rules.md §7.3): the Berger schedule by draw number, rests, withdrawals."""

from __future__ import annotations

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats.base import Decided
from tournament_desk.domain.formats.round_robin import RoundRobin, annulled_by_withdrawal, schedule_entrants
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import Outcome
from tournament_desk.domain.scoring_modes.team_match import TeamMatch
from tournament_desk.domain.standings import MatchRecord, StandingEntrant
from tournament_desk.domain.team_match import TeamScore, team_outcome


def league(count: int, withdrawn: dict[int, int] | None = None, **settings: object) -> EventData:
    """``count`` entrants drawn in reverse id order (entrant ``count`` has draw number 1)."""
    entrants = [StandingEntrant(i, f"队{i}", draw_no=count + 1 - i) for i in range(1, count + 1)]
    gone = withdrawn or {}
    ids = range(1, count + 1)
    return EventData(entrants, dict.fromkeys(ids), {i: gone.get(i) for i in ids}, [], [], [], set(),
                     settings=settings)  # fmt: skip


def test_the_schedule_meets_everyone_once_and_rests_one_a_round_when_odd() -> None:
    rounds = RoundRobin().schedule(league(5))
    assert len(rounds) == 5
    met = [frozenset((t.home, t.away)) for r in rounds for t in r.tables]
    assert len(met) == len(set(met)) == 10
    assert sorted(r.bye for r in rounds) == [1, 2, 3, 4, 5]  # type: ignore[type-var]
    assert all(r.bye_state is ResultState.REST for r in rounds)


def test_a_double_round_robin_plays_each_pairing_twice() -> None:
    robin = RoundRobin()
    assert robin.check_settings({"double": 1}, "pairs") == {"double": True}
    assert robin.planned_rounds(4, {"double": True}) == 6 and robin.planned_rounds(4, {}) == 3
    assert robin.planned_rounds(1, {}) is None
    rounds = robin.schedule(league(4, double=True))
    met = [frozenset((t.home, t.away)) for r in rounds for t in r.tables]
    assert len(rounds) == 6 and len(set(met)) == 6 and len(met) == 12


def test_the_schedule_follows_the_draw_numbers() -> None:
    data = league(4)
    assert [e.id for e in schedule_entrants(data)] == [4, 3, 2, 1]
    data.withdrawn_after[2] = 0  # gone before round 1: not in the schedule
    assert [e.id for e in schedule_entrants(data)] == [4, 3, 1]


def test_too_few_entrants_or_rounds_past_the_end_are_refused() -> None:
    with pytest.raises(BadInput, match="at least three entrants"):
        RoundRobin().plan_round(league(2), 1, RuleSet())
    with pytest.raises(BadInput, match="All 3 rounds"):
        RoundRobin().plan_round(league(4), 4, RuleSet())


def test_a_withdrawal_before_half_annuls_and_after_half_does_not() -> None:
    data = league(4, withdrawn={1: 1})
    data.schedule = [(1, 1, 2, "played"), (1, 3, 4, "played")]
    assert annulled_by_withdrawal(data, 1, 3)  # met 1 of 3
    data.withdrawn_after[1] = 2
    data.schedule.append((2, 1, 3, "played"))
    assert not annulled_by_withdrawal(data, 1, 3)  # met 2 of 3
    assert not annulled_by_withdrawal(data, 2, 3)  # never withdrew


def team(round_no: int, home: int, away: int, won: int, lost: int) -> MatchRecord:
    o = team_outcome(TeamScore(won, lost))
    return MatchRecord(round_no, home, away, o.home_mp, o.away_mp, 0.0, 0.0, None, won, lost)


# Seed 004's shape: 1 beat 2 3–2, lost to 3 2–3, beat 4 4–1; 2 beat 4 4–1 and 3 3–2; 3 beat 4 5–0. 1, 2 and 3
# tie on 7 points and 4 among themselves; game ratio 3 10/5, 1 and 2 9/6 each: they share rank 2.
SEED_004 = [team(1, 1, 2, 3, 2), team(1, 3, 4, 5, 0), team(2, 1, 3, 2, 3), team(2, 2, 4, 4, 1),
            team(3, 1, 4, 4, 1), team(3, 2, 3, 3, 2)]  # fmt: skip


@pytest.mark.slow
def test_a_team_match_event_ranks_by_the_modes_chain() -> None:
    data = league(4)
    data.mode = TeamMatch()
    data.matches = list(SEED_004)
    ranking = RoundRobin().rank(data, RuleSet())
    assert [(r.rank, r.entrant.id, r.mp, r.h2h, r.games_won, r.games_lost) for r in ranking.rows] == [
        (1, 3, 7, 4, 10, 5),
        (2, 1, 7, 4, 9, 6),
        (2, 2, 7, 4, 9, 6),
        (4, 4, 3, None, 2, 13),
    ]
    assert [r.game_ratio for r in ranking.rows][:3] == [2.0, 1.5, 1.5]
    assert ranking.chain == ("points", "h2h_points", "game_ratio")
    assert ranking.columns == ("points", "h2h", "games_won", "games_lost", "game_ratio")
    plain = league(4)
    plain.matches = list(SEED_004)
    assert RoundRobin().rank(plain, RuleSet()).chain == ("vp", "h2h_vp", "mp")  # levels: rules.md §7.3


def test_a_team_that_withdraws_after_half_its_matches_loses_the_rest_3_to_0() -> None:
    """Rounds 1 and 2 are 4–1, 3–2 and 1–2, 4–3: team 1 leaves after two of its three matches, so round 3's
    3 v 1 is a match team 3 wins by forfeit, 3 : 0 (a win, rules.md §5.7; team matches have no VP award)."""
    data = league(4, withdrawn={1: 2})
    data.mode = TeamMatch()
    data.schedule = [(1, 4, 1, "played"), (1, 3, 2, "played"), (2, 1, 2, "played"), (2, 4, 3, "played")]
    planned = RoundRobin().plan_round(data, 3, RuleSet())
    assert [(t.home, t.away) for t in planned.tables] == [(3, 1), (2, 4)]
    assert dict(planned.decided) == {
        1: Decided(ResultState.FORFEIT, "away", Outcome(3.0, 0.0, 0.0, 0.0), "withdrawn")
    }


def test_the_withdrawal_sentence_names_the_award_later_opponents_get() -> None:
    """rules.md §5.7: the round robin's own words, with the rule set's award (or the team match's win by forfeit)."""
    from dataclasses import replace

    from tournament_desk.domain.formats.round_robin import withdrawal_award_text

    fixed = RuleSet()
    assert str(withdrawal_award_text(fixed)) == "a fixed 12 VP"
    assert (
        str(withdrawal_award_text(replace(fixed, withdrawal_award="own-average")))
        == "its own average VP so far"
    )
    twenty = replace(fixed, withdrawal_award="twenty-minus-withdrawn-average")
    assert str(withdrawal_award_text(twenty)) == "20 minus the withdrawn side's average VP"
    assert str(withdrawal_award_text(fixed, TeamMatch())) == "a match won by forfeit (3 : 0)"
    said = str(RoundRobin().withdrawal_note(fixed))
    assert "annulled" in said and said.endswith("each later opponent gets a fixed 12 VP.")
