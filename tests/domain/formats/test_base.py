"""What every format shares: the stage chain as stored, and how a withdrawal changes stored tables."""

from __future__ import annotations

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats.base import (
    Advance,
    Decided,
    StagePlan,
    TableFact,
    Withdrawal,
    gone_sides,
    void_byes,
    withdrawal_changes,
    withdrawn_table,
)
from tournament_desk.domain.formats.swiss import Swiss
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import score_forfeit, score_levels
from tournament_desk.domain.standings import StandingEntrant

PLAYED = ResultState.PLAYED


def event(withdrawn_after: dict[int, int | None], bye_holders: dict[int, int] | None = None) -> EventData:
    entrants = [StandingEntrant(i, f"队{i}", draw_no=i) for i in withdrawn_after]
    return EventData(
        entrants, {i: None for i in withdrawn_after}, withdrawn_after, [], [], [], set(), bye_holders or {}
    )


def test_a_stage_plan_round_trips_through_its_stored_form() -> None:
    plan = StagePlan("knockout", Advance("last", 4))
    assert plan.to_dict() == {"format": "knockout", "advance": {"rule": "last", "count": 4}}
    assert StagePlan.from_dict(plan.to_dict()) == plan
    assert StagePlan.from_dict({"format": "swiss"}) == StagePlan("swiss")
    assert StagePlan("swiss").to_dict() == {"format": "swiss", "advance": {"rule": "everyone"}}


def test_the_sides_gone_before_a_round() -> None:
    data = event({1: 2, 2: None, 3: 3})
    assert gone_sides(data, 3, 1, 2) == ["home"]
    assert gone_sides(data, 2, 1, 2) == []  # 1 still played round 2
    assert gone_sides(data, 4, 1, 3) == ["home", "away"]


def test_a_withdrawal_decides_only_the_leavers_later_tables() -> None:
    tables = (TableFact(1, 1, 1, 2, PLAYED), TableFact(2, 1, 2, 1, PLAYED), TableFact(2, 2, 3, 4, PLAYED))
    leaving = Withdrawal(1, 1, tables)
    fixed = Decided(ResultState.FORFEIT, "away")
    assert withdrawal_changes(leaving, lambda t: fixed) == {(2, 1): fixed}
    assert withdrawal_changes(leaving, lambda t: None) == {}
    annulled = withdrawal_changes(leaving, lambda t: fixed, annul=True)
    assert set(annulled) == {(1, 1), (2, 1)}
    assert all(d.state is ResultState.ANNULLED and d.outcome is None for d in annulled.values())


def test_later_byes_of_the_leaver_become_void() -> None:
    data = event({1: 2, 2: None}, bye_holders={1: 1, 3: 1, 4: 2})
    assert void_byes(data, Withdrawal(1, 2, ())) == (3,)


def test_a_table_with_a_withdrawn_side_is_forfeited_or_annulled() -> None:
    rules = RuleSet()
    data = event({1: 1, 2: None, 3: 1})
    assert withdrawn_table(data, 1, 1, 2, rules) is None
    assert withdrawn_table(data, 2, 2, 1, rules) == Decided(
        ResultState.FORFEIT, "away", score_forfeit("away", rules), "withdrawn"
    )
    assert withdrawn_table(data, 2, 1, 3, rules).side == "both"  # type: ignore[union-attr]
    gone = withdrawn_table(data, 2, 1, 2, rules, annulled=lambda e: e == 1)
    assert gone == Decided(ResultState.ANNULLED, "home", None, "withdrawn")


def test_by_default_a_table_scores_the_levels_and_refuses_knockout_extras() -> None:
    swiss = Swiss()
    assert swiss.table_outcome(12, 9, RuleSet()) == score_levels(12, 9, RuleSet())
    with pytest.raises(BadInput, match="side on stage"):
        swiss.table_outcome(9, 9, RuleSet(), on_stage="home")
    with pytest.raises(BadInput, match="Games won"):
        swiss.table_outcome(9, 9, RuleSet(), games=(2, 1))
    assert swiss.chain({}) == (StagePlan("swiss"),)
    assert swiss.result_key(12, 9, "home", (2, 1)) == (12, 9, None, None)


def test_each_format_declares_the_scoring_modes_it_carries() -> None:
    """rules.md §5.8: a team match of pairs is played in any format that pairs teams (Swiss, round robin, groups →
    knockout, the knockouts by draw); a knockout by draw does not carry duplicate boards (a tie of boards could
    not be decided) and Mitchell (boards scored by points, pairs not teams) carries levels alone."""
    from tournament_desk.domain.formats import FORMATS, creatable
    from tournament_desk.domain.scoring_modes import SCORING_MODES

    carried = {name: {s for s in SCORING_MODES if FORMATS[name].carries(s)} for name in creatable()}
    every = set(SCORING_MODES)
    assert carried == {
        "swiss": every,
        "round-robin": every,
        "groups-knockout": every,
        "knockout": {"levels", "team-match"},
        "knockout-round-robin": {"levels", "team-match"},
        "mitchell": {"levels"},
    }
    assert all(FORMATS[name].carries("levels") for name in FORMATS)  # the plain mode goes everywhere
    assert Swiss().carries("a-mode-added-later")  # no declaration: every mode, the new ones too


def test_each_format_says_what_a_withdrawal_does_in_it() -> None:
    """rules.md §5.7: the withdraw dialog and the rules page read the stage format's sentence; a round robin's (annul
    before half) is not a Swiss's (results stand, later tables forfeited), nor a knockout's or a Mitchell's."""
    from tournament_desk.domain.formats import FORMATS

    said = {name: str(f.withdrawal_note(RuleSet())) for name, f in FORMATS.items()}
    assert "forfeit" in said["swiss"] and "annulled" not in said["swiss"]
    assert "annulled" in said["round-robin"] and said["round-robin-final"] == said["round-robin"]
    assert "group" in said["groups-knockout"] and "walkover" in said["knockout"]
    assert "Neuberg" in said["mitchell"]
    assert len({said[n] for n in ("swiss", "round-robin", "groups-knockout", "knockout", "mitchell")}) == 5
