"""Lots across the groups (rules.md §7.4) in the services: who gets the knockout's byes when group winners are equal on
every cross-group criterion, who is shown qualified while a lot is outstanding, and no lot before the results."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.formats.groups import LotNeeded
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.documents.groups_knockout import group_stage_data
from tournament_desk.services.documents.reading import event_header
from tournament_desk.services.groups import draw_knockout, group_stage, record_lot
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.slow  # three group rounds played through the services

Margins = Callable[[str, str], int]  # the winner's margin when the first named (the better) beats the second


def event(events: Events, count: int) -> Desk:
    """``count`` entrants 队01… drawn into groups of three in that order (A: 01–03, B: 04–06, …)."""
    names = [f"队{i:02d}" for i in range(1, count + 1)]
    desk = events.create(name="分组摸牌", format="groups-knockout", group_size=3)
    for name in names:
        es.add_entrant(desk, name)
    es.draw(desk, order=names)
    return desk


def play_groups(desk: Desk, margin: Margins) -> None:
    """Every group round: the lower draw number wins by ``margin`` levels (from 2)."""
    while not all(g.complete for g in group_stage(desk).groups):
        view = pair_next_round(desk)
        for t in view.tables:
            assert t.home is not None and t.away is not None
            better, worse = sorted((t.home, t.away))
            up = str(2 + margin(better, worse))
            levels = (up, "2") if t.home == better else ("2", up)
            rs.record_result(desk, view.round, t.table, *levels)


@pytest.fixture
def winners_level(events: Events) -> Iterator[Desk]:
    """Five groups of three → a knockout of 16 with 15 qualifiers: one bye. Each winner wins both its matches
    by its group's margin (A 4, B 4, C 3, D 2, E 1), each runner-up beats its third by 1: the winners of A
    (队01) and B (队04) are level on 6 points and +8 — only their lot can say who rests in round 1."""
    desk = event(events, 15)
    group_margin = {0: 4, 1: 4, 2: 3, 3: 2, 4: 1}

    def margin(better: str, worse: str) -> int:
        number = int(better[1:])
        return group_margin[(number - 1) // 3] if number % 3 == 1 else 1

    play_groups(desk, margin)
    with desk:
        yield desk


def test_a_tie_for_the_bye_waits_for_the_lot_across_the_groups(winners_level: Desk) -> None:
    view = group_stage(winners_level)
    assert view.tied_thirds == ["队01", "队04"] and view.tied_for == "byes"
    assert view.qualifiers == [] and view.waiting_for is not None
    assert "队01、队04" in str(view.waiting_for) and "byes" in str(view.waiting_for)
    # Everyone qualifies (15 of 16): the tie decides the bye, not who goes on.
    assert all(r.qualified for g in view.groups for r in g.rows)
    with pytest.raises(LotNeeded, match="队01、队04"):
        draw_knockout(winners_level, seed=3)
    everyone = [r.entrant.name for g in view.groups for r in g.rows]
    with pytest.raises(LotNeeded, match="队01、队04"):
        draw_knockout(winners_level, order=everyone)
    with pytest.raises(BadInput, match="not among the entrants tied across the groups"):
        record_lot(winners_level, "knockout", ["队04", "队07"])
    after = record_lot(winners_level, "knockout", ["队04", "队01"], reason="摸牌：队04 K，队01 9")
    assert after.waiting_for is None and after.qualifiers[:2] == ["队04", "队01"]


def test_the_bye_goes_to_the_lots_winner_whatever_order_the_director_draws(winners_level: Desk) -> None:
    record_lot(winners_level, "thirds", ["队04", "队01"])
    view = group_stage(winners_level)
    everyone = [r.entrant.name for g in view.groups for r in g.rows]
    for order in (everyone, everyone[::-1]):
        drawn = draw_knockout(winners_level, order=order)
        byes = [drawn.lines[i] for i in range(0, 16, 2) if drawn.lines[i + 1] is None]
        assert byes == ["队04"]  # rules.md §7.4: the highest-ranked qualifier rests; the draw places it
        others = [n for n in order if n != "队04"]  # the director's order decides who meets whom
        matches = [(drawn.lines[i], drawn.lines[i + 1]) for i in range(0, 16, 2) if drawn.lines[i + 1]]
        assert matches == [(others[i], others[i + 1]) for i in range(0, 14, 2)]
    for seed in (1, 2, 3):
        drawn = draw_knockout(winners_level, seed=seed)
        assert [drawn.lines[i] for i in range(0, 16, 2) if drawn.lines[i + 1] is None] == ["队04"]


@pytest.fixture
def thirds_level(events: Events) -> Iterator[Desk]:
    """Three groups of three → a knockout of 8: six top two and two of the three thirds. Margins: every win by
    2, except that C's top two beat C's third by 1 only: C's third (队09, 0 points, −2) is the best third,
    A's (队03) and B's (队06) are level on 0 points and −4 for the last place."""
    desk = event(events, 9)
    play_groups(desk, lambda better, worse: 1 if worse == "队09" else 2)
    with desk:
        yield desk


def test_the_best_third_is_qualified_while_the_lot_for_the_last_place_is_outstanding(
    thirds_level: Desk,
) -> None:
    view = group_stage(thirds_level)
    assert view.tied_thirds == ["队03", "队06"] and view.tied_for == "thirds"
    qualified = {r.entrant.name: r.qualified for g in view.groups for r in g.rows}
    assert qualified == {"队01": True, "队02": True, "队04": True, "队05": True, "队07": True, "队08": True,
                         "队09": True, "队03": None, "队06": None}  # fmt: skip
    printed = group_stage_data(thirds_level, event_header(thirds_level))  # the printed group tables' data
    assert {r.entrant.name: r.qualified for g in printed.groups for r in g.rows} == qualified
    record_lot(thirds_level, "thirds", ["队06", "队03"])
    qualified = {r.entrant.name: r.qualified for g in group_stage(thirds_level).groups for r in g.rows}
    assert qualified["队06"] is True and qualified["队03"] is False and qualified["队09"] is True


def test_no_lot_is_needed_before_any_result(events: Events) -> None:
    with event(events, 15) as desk:
        pair_next_round(desk)
        view = group_stage(desk)
        assert not any(g.lot_needed for g in view.groups) and view.tied_thirds == []
        assert not any(r.lot_needed for g in view.groups for r in g.rows)
