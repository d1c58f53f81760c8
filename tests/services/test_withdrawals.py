"""Withdrawals at random moments, paired rounds included (issue 11, rules.md §5.7), in Swiss and round robin:
every table scores VP 20 and MP 3 (or is a both-sides forfeit, or annulled), no withdrawn entrant scores
after its withdrawal, and every bye is held by an active entrant."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.results import ResultState
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import last_paired_round, pair_next_round, round_view
from tournament_desk.services.standings import current_standings

# the tests on an event's store run on a file and a PostgreSQL database (tests/conftest.py); the property tests
# make their own files
pytestmark = pytest.mark.both_stores

LEVELS = ["2", "5", "8", "10", "J", "Q", "K", "A"]


@st.composite
def events(draw: st.DrawFn) -> dict[str, object]:
    n = draw(st.integers(4, 9))
    steps = draw(
        st.lists(
            st.one_of(
                st.tuples(st.just("pair")),
                st.tuples(st.just("play"), st.integers(0, 10_000)),
                st.tuples(st.just("withdraw"), st.integers(0, n - 1), st.integers(0, 3)),
            ),
            min_size=4,
            max_size=14,
        )
    )
    return {"n": n, "format": draw(st.sampled_from(["swiss", "round-robin"])), "steps": steps}


def check(desk: Desk) -> None:
    withdrawn = {e.name: e.withdrawn_after_round for e in es.list_entrants(desk)}
    for number in range(1, last_paired_round(desk) + 1):
        view = round_view(desk, number)
        if view.bye is not None:
            after = withdrawn[view.bye]
            assert after is None or after >= number, (
                f"round {number}: {view.bye} holds a bye after withdrawing"
            )
        for t in view.tables:
            o = t.outcome
            if t.kind in (ResultState.PENDING, ResultState.ANNULLED):
                assert o is None
                continue
            assert o is not None
            both_out = t.kind == ResultState.FORFEIT and t.side == "both"
            if t.kind == ResultState.PLAYED:
                assert (o.home_vp + o.away_vp, o.home_mp + o.away_mp) == (20, 3), (number, t)
            elif both_out:
                assert (o.home_vp, o.away_vp, o.home_mp, o.away_mp) == (0, 0, 0, 0)
            for name, vp, mp in ((t.home, o.home_vp, o.home_mp), (t.away, o.away_vp, o.away_mp)):
                after = withdrawn[name]
                if after is not None and number > after:
                    assert (vp, mp) == (0, 0), f"round {number}: {name} scores after withdrawing"


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_withdrawals_at_any_moment_keep_the_scores_right(event: dict[str, object]) -> None:
    n, fmt, steps = event["n"], event["format"], event["steps"]
    assert isinstance(n, int) and isinstance(fmt, str) and isinstance(steps, list)
    with tempfile.TemporaryDirectory() as tmp:
        rounds = None if fmt == "round-robin" else 5
        with create_tournament(Path(tmp) / "e.tdesk", name="退赛", format=fmt, rounds=rounds) as desk:
            names = [f"队{i}" for i in range(n)]
            for name in names:
                es.add_entrant(desk, name)
            for step in steps:
                try:
                    if step[0] == "pair":
                        pair_next_round(desk)
                    elif step[0] == "play":
                        last = last_paired_round(desk)
                        for k, t in enumerate(round_view(desk, last).tables if last else ()):
                            if t.kind == ResultState.PENDING:
                                pick = step[1] + k
                                rs.record_result(desk, last, t.table, LEVELS[pick % 8], LEVELS[pick // 8 % 8])
                    else:
                        es.withdraw(desk, names[step[1]], after_round=min(step[2], last_paired_round(desk)))
                except BadInput:
                    pass  # refused with a sentence (nothing to pair, a result already in a later round, …)
                check(desk)


def row(desk: Desk, name: str, after_round: int | None = None) -> dict[str, float]:
    for r in current_standings(desk, after_round).rows:
        if r.entrant.name == name:
            return {"mp": r.mp, "vp": r.vp, "played": r.played, "rank": r.rank}
    raise KeyError(name)


@pytest.mark.slow
def test_withdrawal_turns_an_already_paired_table_into_a_forfeit(four: Desk) -> None:
    pair_next_round(four)  # 甲 v 乙, 丙 v 丁
    rs.record_result(four, 1, 1, "9", "9")
    rs.record_result(four, 1, 2, "9", "9")
    pair_next_round(four)
    r2 = round_view(four, 2)
    t = next(t for t in r2.tables if "甲" in (t.home, t.away))
    info = es.withdraw(four, "甲", reason="生病")
    assert info.withdrawn_after_round == 1
    after = next(x for x in round_view(four, 2).tables if x.table == t.table)
    assert after.kind == "forfeit"
    opponent = t.away if t.home == "甲" else t.home
    assert row(four, opponent, 2)["mp"] == 1.5 + 2.5 and row(four, opponent, 2)["vp"] == 10 + 12
    # Results played stand; the withdrawn entrant is not paired again (three left: a bye).
    other = next(x for x in r2.tables if x.table != t.table)
    rs.record_result(four, 2, other.table, "J", "10")
    r3 = pair_next_round(four)
    seated = {n for x in r3.tables for n in (x.home, x.away)} | {r3.bye}
    assert "甲" not in seated and len(seated) == 3
    assert row(four, "甲", 2)["played"] == 2 and row(four, "甲", 2)["mp"] == 1.5


def test_withdrawal_cannot_erase_a_played_result(four: Desk) -> None:
    pair_next_round(four)
    rs.record_result(four, 1, 1, "9", "9")
    with pytest.raises(BadInput, match="already has a result in round 1"):
        es.withdraw(four, "甲", after_round=0)
    with pytest.raises(BadInput, match="has not been paired"):
        es.withdraw(four, "甲", after_round=3)


def test_a_round_robin_table_annulled_by_a_withdrawal_names_the_side_that_withdrew(tmp_path: Path) -> None:
    """Issue 27: the annulled table stores no side; every face reads round_view, which names it."""
    with create_tournament(tmp_path / "rr.tdesk", name="循环", format="round-robin") as desk:
        for name in ("甲", "乙", "丙", "丁"):
            es.add_entrant(desk, name)
        es.draw(desk, order=["甲", "乙", "丙", "丁"])
        pair_next_round(desk)
        es.withdraw(desk, "乙", reason="生病")  # before round 1 is played: every 乙 table annulled
        for rnd in (1, 2, 3):
            if rnd > 1:
                view = round_view(desk, rnd - 1)
                for t in view.tables:
                    if t.kind == ResultState.PENDING:
                        rs.record_result(desk, rnd - 1, t.table, "9", "7")
                pair_next_round(desk)
            view = round_view(desk, rnd)
            (table,) = (t for t in view.tables if "乙" in (t.home, t.away))
            assert table.kind == ResultState.ANNULLED and table.note == "withdrawn"
            assert table.side == ("home" if table.home == "乙" else "away")
            others = [t for t in view.tables if "乙" not in (t.home, t.away)]
            assert all(t.side is None for t in others)
