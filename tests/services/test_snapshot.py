"""The event as the domain's plain data (services/snapshot.py): the scored tables and byes, the pairings when
asked for, a forfeit's level difference."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tests.services.conftest import Events
from tournament_desk.domain.results import ResultState
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.results import forfeits as fs
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.snapshot import AWARD_DIFF, load, plain_rows
from tournament_desk.storage import models as m

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


def test_records_are_the_stored_figures_as_sqlalchemy_reads_them(four: Desk) -> None:
    """The plain rows read past SQLAlchemy's row objects give what a plain SQLAlchemy reading gives, value and
    type (MP and VP floats, 0.0 where none is stored), on a file and on a server; tables in the order stored."""
    pair_next_round(four)
    rs.record_result(four, 1, 1, "Q", "9")
    fs.forfeit(four, 1, 2, "away")
    pair_next_round(four)  # round 2: pending tables, in the schedule only
    with four.db.transaction() as session:
        data = load(session, for_pairing=True)
        stored = session.execute(
            select(
                m.Match.round_no, m.Match.home_id, m.Match.away_id, m.Match.home_mp, m.Match.away_mp,
                m.Match.home_vp, m.Match.away_vp, m.Match.kind,
            ).order_by(m.Match.id)
        ).all()  # fmt: skip
    scored = [r for r in stored if ResultState(r.kind).scores]
    want = [
        (r, h, a, hmp or 0.0, amp or 0.0, hvp or 0.0, avp or 0.0) for r, h, a, hmp, amp, hvp, avp, _ in scored
    ]
    got = [tuple(x)[:7] for x in data.matches]
    assert got == want and len(got) == 2
    assert [tuple(map(type, x)) for x in got] == [tuple(map(type, x)) for x in want]
    assert all(isinstance(v, float) for x in got for v in x[3:])
    assert data.schedule == [(r, h, a, kind) for r, h, a, *_, kind in stored]
    assert data.pairings == [(h, a) for _, h, a, *_ in stored]
    assert [type(k) for *_, k in data.schedule] == [str] * len(stored)


def test_entrants_are_read_afresh_when_one_changes(four: Desk) -> None:
    """The entrants made at one read are given again while the rows are the same, and never once one changed."""
    with four.db.transaction() as session:
        first = load(session).entrants
    with four.db.transaction() as session:
        again = load(session).entrants
    assert again == first and again is not first
    jia = next(e for e in first if e.name == "甲")
    es.update_entrant(four, jia.id, name="甲乙", unit="A", players="张三、李四")
    with four.db.transaction() as session:
        renamed = load(session).entrants
    assert [e.name for e in renamed] == ["甲乙", "乙", "丙", "丁"]
    assert renamed[0].sort_key is not None and renamed[0].sort_key != jia.sort_key


def test_plain_rows_reads_only_statements_without_parameters(four: Desk) -> None:
    with four.db.transaction() as session, pytest.raises(ValueError, match="without parameters"):
        plain_rows(session.connection(), select(m.Entrant.id).where(m.Entrant.name == "甲"))
