"""Invariants of whole events driven through the services with random data (hypothesis)."""

import tempfile
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results import deductions as ds
from tournament_desk.services.results import forfeits as fs
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round, round_view
from tournament_desk.services.standings import current_standings
from tournament_desk.userdata import backup_folder

# the tests on an event's store run on a file and a PostgreSQL database (tests/conftest.py); the property tests
# make their own files
pytestmark = pytest.mark.both_stores


@st.composite
def event_plans(draw: st.DrawFn) -> dict:
    n = draw(st.integers(3, 13))
    return {
        "units": [draw(st.sampled_from(["甲", "乙", "丙", None])) for _ in range(n)],
        "rounds": draw(st.integers(1, 5)),
        "seed": draw(st.integers(0, 10_000)),
        "results": draw(
            st.lists(st.tuples(st.integers(2, 15), st.integers(2, 15)), min_size=40, max_size=40)
        ),
        "forfeits": draw(
            st.lists(
                st.sampled_from(["none", "none", "none", "home", "away", "both"]), min_size=40, max_size=40
            )
        ),
        "withdraw": draw(st.none() | st.tuples(st.integers(0, n - 1), st.integers(1, 4))),
    }


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(event_plans())
def test_every_round_seats_each_active_entrant_once_and_scores_add_up(event: dict) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        desk = create_tournament(Path(tmp) / "p.tdesk", name="性质测试", rounds=event["rounds"])
        with desk:
            names = [f"队{i:02d}" for i in range(len(event["units"]))]
            for name, unit in zip(names, event["units"], strict=True):
                es.add_entrant(desk, name, unit=unit)
            es.draw(desk, seed=event["seed"])
            results, forfeits = iter(event["results"]), iter(event["forfeits"])
            active, byes, met = set(names), Counter[str](), set[frozenset[str]]()
            for rnd in range(1, event["rounds"] + 1):
                w = event["withdraw"]
                if w is not None and w[1] == rnd and len(active) > 2:
                    es.withdraw(desk, names[w[0]])
                    active.discard(names[w[0]])
                everyone_had_one = len(active) % 2 == 1 and all(byes[n] for n in active)
                view = pair_next_round(desk)
                # rules.md §5.4 (revised): when all have had a bye, one with the fewest gets another, and is named.
                assert view.repeat_bye == everyone_had_one
                if everyone_had_one:
                    assert view.bye is not None and byes[view.bye] == min(byes[n] for n in active)
                seated = [n for t in view.tables for n in (t.home, t.away)] + ([view.bye] if view.bye else [])
                assert sorted(seated) == sorted(active)
                if view.bye:
                    byes[view.bye] += 1
                for t in view.tables:
                    pair = frozenset((t.home, t.away))
                    assert ("rematch" in t.relaxed) == (pair in met)
                    met.add(pair)
                    kind = next(forfeits)
                    if kind == "none":
                        rs.record_result(desk, rnd, t.table, *next(results))
                    else:
                        fs.forfeit(desk, rnd, t.table, kind)
                    if t.table == 1 and rnd % 2:
                        ds.deduct(desk, rnd, t.home, 0.5, reason="测试")
                for t in round_view(desk, rnd).tables:
                    o = t.outcome
                    assert o is not None
                    if t.kind == "played":
                        assert o.home_vp + o.away_vp == 20 and o.home_mp + o.away_mp == 3
                    elif t.side == "both":
                        assert o.home_vp + o.away_vp == 0 and o.home_mp + o.away_mp == 0
                    else:
                        assert {o.home_mp, o.away_mp} == {0, 2.5} and {o.home_vp, o.away_vp} == {0, 12}
            if len(active) % 2 and event["rounds"] <= len(active):
                assert max(byes.values(), default=0) <= 1, "no entrant gets two byes"
            standings = current_standings(desk)
            assert standings.after_round == event["rounds"] and standings.complete
            assert sorted(r.entrant.name for r in standings.rows) == sorted(names)
            try:
                pair_next_round(desk)
                raise AssertionError("pairing past the planned rounds must be refused")
            except BadInput:
                pass


@pytest.mark.file_only("backups of the file")
def test_a_backup_is_taken_before_every_pairing(four: Desk) -> None:
    pair_next_round(four)
    path = four.db.path
    assert path is not None
    backups = sorted(p.name for p in backup_folder(path).iterdir())
    assert len(backups) == 1 and backups[0].startswith(f"{path.stem}-before-round-1-")
    assert not path.with_name(path.name + ".backups").exists()  # nothing beside the file


@pytest.mark.slow
def test_same_unit_relaxed_only_when_unavoidable_and_reported(events: Events) -> None:
    with events.create(name="同单位") as d:
        for name, unit in [("一", "X"), ("二", "X"), ("三", "X"), ("四", "Y")]:
            es.add_entrant(d, name, unit=unit)
        r1 = pair_next_round(d)
        relaxed = [t.relaxed for t in r1.tables]
        assert sorted(relaxed) == [(), ("same-unit",)]
