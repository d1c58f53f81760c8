"""Director's changes before publishing (swap, lock, re-pair), undo support and corrections."""

import pytest

from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.rules import Award
from tournament_desk.services import deductions as ds
from tournament_desk.services import entrants as es
from tournament_desk.services import forfeits as fs
from tournament_desk.services import results as rs
from tournament_desk.services.adjust import publish_round, repair_round, set_locked, swap_entrants
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import event_info, update_rules
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.standings import current_standings

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.fixture
def desk(events: Events) -> Desk:
    d = events.create(name="草稿", rounds=4)
    for i, unit in enumerate("AABBCCD"):
        es.add_entrant(d, f"队{i + 1}", unit=unit)
    yield d
    d.close()


def seats(view) -> dict[str, tuple[int, str]]:
    out = {t.home: (t.table, "home") for t in view.tables} | {t.away: (t.table, "away") for t in view.tables}
    if view.bye:
        out[view.bye] = (0, "bye")
    return out


def test_draft_round_takes_no_results_until_published(desk: Desk) -> None:
    view = pair_next_round(desk, publish=False)
    assert not view.published
    with pytest.raises(BadInput, match="not published yet"):
        rs.record_result(desk, 1, 1, "9", "8")
    assert publish_round(desk, 1).published
    rs.record_result(desk, 1, 1, "9", "8")
    with pytest.raises(BadInput, match="already published"):
        publish_round(desk, 1)
    with pytest.raises(BadInput, match="already published"):
        swap_entrants(desk, 1, "队1", "队2")


def test_swap_between_tables_and_with_the_bye_marks_broken_rules(desk: Desk) -> None:
    before = seats(pair_next_round(desk, publish=False))
    a = "队1"
    view = swap_entrants(
        desk, 1, a, view_bye := next(n for n, s in before.items() if s[1] == "bye"), reason="调整"
    )
    after = seats(view)
    assert after[a] == before[view_bye] and after[view_bye] == before[a]
    # Put two unit-mates at one table: the table is marked as breaking the same-unit rule.
    table_of_3 = after["队3"][0]
    partner = next(t for t in view.tables if t.table == table_of_3)
    other = partner.away if partner.home == "队3" else partner.home
    if other != "队4":
        view = swap_entrants(desk, 1, other, "队4")
    t = next(t for t in view.tables if {"队3", "队4"} == {t.home, t.away})
    assert "same-unit" in t.relaxed
    assert [e.action for e in audit_trail(desk)][-2:] in (["swap", "swap"], ["pair", "swap"])
    with pytest.raises(BadInput, match="already play each other"):
        swap_entrants(desk, 1, "队3", "队4")
    with pytest.raises(BadInput, match="two different"):
        swap_entrants(desk, 1, "队3", "队3")


def test_locked_tables_survive_re_pairing(desk: Desk) -> None:
    view = pair_next_round(desk, publish=False)
    keep = view.tables[-1]
    set_locked(desk, 1, keep.table, True, reason="同桌要求")
    with pytest.raises(BadInput, match="locked"):
        swap_entrants(desk, 1, keep.home, view.tables[0].home)
    again = repair_round(desk, 1, reason="重排")
    kept = [t for t in again.tables if t.locked]
    assert [(t.home, t.away) for t in kept] == [(keep.home, keep.away)]
    assert sorted(seats(again)) == sorted(seats(view))
    assert "repair" in [e.action for e in audit_trail(desk, round_no=1)]


def test_re_pairing_does_not_count_the_draft_as_earlier_meetings(desk: Desk) -> None:
    first = pair_next_round(desk, publish=False)
    again = repair_round(desk, 1)
    assert [(t.home, t.away) for t in again.tables] == [(t.home, t.away) for t in first.tables]
    assert again.bye == first.bye
    assert all(t.relaxed == () for t in again.tables)


def test_undo_restores_a_table_exactly(desk: Desk) -> None:
    pair_next_round(desk)
    empty = rs.table_state(desk, 1, 1)
    rs.record_result(desk, 1, 1, "K", "9")
    played = rs.table_state(desk, 1, 1)
    fs.forfeit(desk, 1, 1, "home")
    rs.restore_table(desk, 1, 1, played, reason="撤销")
    assert rs.table_state(desk, 1, 1) == played
    rs.restore_table(desk, 1, 1, empty, reason="撤销")
    assert rs.table_state(desk, 1, 1) == empty
    assert current_standings(desk, 1).rows[0].played <= 1
    assert [e.action for e in audit_trail(desk, round_no=1, table_no=1)][-2:] == ["restore", "restore"]


def test_a_deduction_can_be_taken_back(desk: Desk) -> None:
    pair_next_round(desk)
    done = ds.deduct(desk, 1, "队1", 0.5, reason="迟到")
    assert [d.id for d in ds.list_deductions(desk)] == [done.id]
    ds.remove_deduction(desk, done.id, reason="撤销")
    assert ds.list_deductions(desk) == []
    with pytest.raises(BadInput, match="no deduction"):
        ds.remove_deduction(desk, done.id)


def test_entrant_edit_is_audited_and_refuses_a_taken_name(desk: Desk) -> None:
    first = es.list_entrants(desk)[0]
    es.update_entrant(desk, first.id, name="东风队", unit="E", players="甲，乙", reason="报名表写错")
    assert es.list_entrants(desk)[0].name == "东风队"
    last = audit_trail(desk)[-1]
    assert last.action == "entrant-edit" and last.old["name"] == "队1" and last.new["players"] == ["甲", "乙"]
    with pytest.raises(BadInput, match="already registered"):
        es.update_entrant(desk, first.id, name="队2", unit=None, players="")


def test_rules_change_only_before_round_one(desk: Desk) -> None:
    rules = event_info(desk).rules
    changed = type(rules)(**{**rules.__dict__, "forfeit_win": Award(3, 13)})
    update_rules(desk, changed, reason="本赛规程")
    assert event_info(desk).rules.forfeit_win == Award(3, 13)
    pair_next_round(desk)
    with pytest.raises(BadInput, match="cannot change"):
        update_rules(desk, rules)
