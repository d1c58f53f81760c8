"""The event as the domain's plain data (services/snapshot.py): the scored tables and byes, the pairings when
asked for, a forfeit's level difference."""

from __future__ import annotations

import pytest

from tests.services.conftest import Events
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.results import forfeits as fs
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.snapshot import AWARD_DIFF, load

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def test_only_scored_tables_are_loaded_and_pairings_when_asked(four: Desk) -> None:
    pair_next_round(four)  # 甲 v 乙, 丙 v 丁
    rs.record_result(four, 1, 1, "Q", "9")
    with four.db.transaction() as session:
        data = load(session)
        paired = load(session, for_pairing=True)
        ids = {e.name: e.id for e in data.entrants}
    assert [e.name for e in data.entrants] == ["甲", "乙", "丙", "丁"]
    (played,) = data.matches  # 丙 v 丁 has no result yet
    assert (played.round, played.home, played.away) == (1, ids["甲"], ids["乙"])
    assert played.home_mp > played.away_mp and played.level_diff == 3  # Q (12) : 9
    assert data.pairings == []
    assert sorted(paired.pairings) == sorted([(ids["甲"], ids["乙"]), (ids["丙"], ids["丁"])])


def test_a_forfeit_counts_as_a_level_difference_for_the_innocent_side(four: Desk) -> None:
    pair_next_round(four)
    fs.forfeit(four, 1, 2, "away")  # 丁 did not come
    with four.db.transaction() as session:
        (record,) = load(session).matches
    assert record.level_diff == AWARD_DIFF  # the home side, innocent, is counted AWARD_DIFF levels ahead


@pytest.mark.slow
def test_a_bye_is_a_match_with_no_opponent(events: Events) -> None:
    with events.create(name="三队", rounds=2) as d:
        for name in "甲乙丙":
            es.add_entrant(d, name)
        es.draw(d, order=list("甲乙丙"))
        view = pair_next_round(d)
        with d.db.transaction() as session:
            data = load(session)
            bye_id = next(e.id for e in data.entrants if e.name == view.bye)
        (bye,) = [r for r in data.matches if r.away is None]
        assert bye.home == bye_id and bye.round == 1
