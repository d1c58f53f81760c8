"""Director's changes before publishing (swap, lock, re-pair), undo support and corrections."""

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.services.adjust import publish_round, repair_round, set_locked, swap_entrants
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def seats(view) -> dict[str, tuple[int, str]]:
    out = {t.home: (t.table, "home") for t in view.tables} | {t.away: (t.table, "away") for t in view.tables}
    if view.bye:
        out[view.bye] = (0, "bye")
    return out


@pytest.mark.slow
def test_draft_round_takes_no_results_until_published(seven: Desk) -> None:
    view = pair_next_round(seven, publish=False)
    assert not view.published
    with pytest.raises(BadInput, match="not published yet"):
        rs.record_result(seven, 1, 1, "9", "8")
    assert publish_round(seven, 1).published
    rs.record_result(seven, 1, 1, "9", "8")
    with pytest.raises(BadInput, match="already published"):
        publish_round(seven, 1)
    with pytest.raises(BadInput, match="already published"):
        swap_entrants(seven, 1, "队1", "队2")


def test_swap_between_tables_and_with_the_bye_marks_broken_rules(seven: Desk) -> None:
    before = seats(pair_next_round(seven, publish=False))
    a = "队1"
    view = swap_entrants(
        seven, 1, a, view_bye := next(n for n, s in before.items() if s[1] == "bye"), reason="调整"
    )
    after = seats(view)
    assert after[a] == before[view_bye] and after[view_bye] == before[a]
    # Put two unit-mates at one table: the table is marked as breaking the same-unit rule.
    table_of_3 = after["队3"][0]
    partner = next(t for t in view.tables if t.table == table_of_3)
    other = partner.away if partner.home == "队3" else partner.home
    if other != "队4":
        view = swap_entrants(seven, 1, other, "队4")
    t = next(t for t in view.tables if {"队3", "队4"} == {t.home, t.away})
    assert "same-unit" in t.relaxed
    assert [e.action for e in audit_trail(seven)][-2:] in (["swap", "swap"], ["pair", "swap"])
    with pytest.raises(BadInput, match="already play each other"):
        swap_entrants(seven, 1, "队3", "队4")
    with pytest.raises(BadInput, match="two different"):
        swap_entrants(seven, 1, "队3", "队3")


@pytest.mark.slow
def test_locked_tables_survive_re_pairing(seven: Desk) -> None:
    view = pair_next_round(seven, publish=False)
    keep = view.tables[-1]
    set_locked(seven, 1, keep.table, True, reason="同桌要求")
    with pytest.raises(BadInput, match="locked"):
        swap_entrants(seven, 1, keep.home, view.tables[0].home)
    again = repair_round(seven, 1, reason="重排")
    kept = [t for t in again.tables if t.locked]
    assert [(t.home, t.away) for t in kept] == [(keep.home, keep.away)]
    assert sorted(seats(again)) == sorted(seats(view))
    assert "repair" in [e.action for e in audit_trail(seven, round_no=1)]


@pytest.mark.slow
def test_re_pairing_does_not_count_the_draft_as_earlier_meetings(seven: Desk) -> None:
    first = pair_next_round(seven, publish=False)
    again = repair_round(seven, 1)
    assert [(t.home, t.away) for t in again.tables] == [(t.home, t.away) for t in first.tables]
    assert again.bye == first.bye
    assert all(t.relaxed == () for t in again.tables)
