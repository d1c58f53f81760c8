"""A first entry or a correction, in the services (rules.md §12, issue 23 item 4), so every face can say it: ``correct``
False — the table (board) must hold no result yet, or exactly this one (then nothing changes and nothing is
audited); a different result refuses with ``AlreadyRecorded``, naming it, the station and the time, and nothing
is written. True — a correction (a table or board with nothing to correct refuses). None — as before: whatever is
there is replaced (the window's pages guard a stale read with ``expected=``)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from tests.services.conftest import Events, at_station
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import Outcome
from tournament_desk.domain.team_match import PairGame
from tournament_desk.i18n import render
from tournament_desk.services import entrants as es
from tournament_desk.services.audit import audit_trail, verify_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import update_rules
from tournament_desk.services.results import forfeits as fs
from tournament_desk.services.results import levels as rs
from tournament_desk.services.results import team_sheets as tsh
from tournament_desk.services.results.table import AlreadyRecorded, ResultView
from tournament_desk.services.rounds import pair_next_round, round_view
from tournament_desk.services.standings import current_standings

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.fixture
def desk(events: Events) -> Iterator[Desk]:
    with events.paired(name="更正") as d:
        yield d


@pytest.mark.slow
def test_a_first_entry_on_a_table_holding_another_result_is_refused_naming_it(desk: Desk) -> None:
    with at_station(desk, "A站") as a, at_station(desk, "B站") as b:
        rs.record_result(a, 1, 1, "Q", "9", correct=False)
        trail = audit_trail(desk)
        with pytest.raises(AlreadyRecorded) as refused:
            rs.record_result(b, 1, 1, "K", "9", correct=False)
        said = render(refused.value, "en")
        assert said.startswith(
            "Round 1 table 1 (甲 – 乙) already has a result: Q : 9, entered at station A站 at "
        )
        assert said.endswith(". Nothing was changed.")
        assert render(refused.value, "zh").startswith("第 1 轮第 1 桌（甲 – 乙）已有成绩：Q : 9，由 A站 于 ")
        assert audit_trail(desk) == trail
        assert rs.table_state(desk, 1, 1)["home_level"] == "Q"


def test_the_same_result_again_changes_nothing(desk: Desk) -> None:
    first = rs.record_result(desk, 1, 1, "Q", "9", correct=False)
    trail = audit_trail(desk)
    assert rs.record_result(desk, 1, 1, "12", "9", correct=False) == first
    assert rs.record_result(desk, 1, 1, "Q", "9", correct=True) == first
    assert audit_trail(desk) == trail
    assert rs.holds_result(desk, 1, 1, "圈", "9") == first
    assert rs.holds_result(desk, 1, 1, "K", "9") is None and rs.holds_result(desk, 1, 2, "Q", "9") is None


@pytest.mark.slow
def test_a_correction_replaces_and_needs_a_result_to_correct(desk: Desk) -> None:
    with pytest.raises(BadInput, match="has no result yet, so there is nothing to correct") as refused:
        rs.record_result(desk, 1, 2, "Q", "9", correct=True)
    assert not isinstance(refused.value, AlreadyRecorded)
    rs.record_result(desk, 1, 1, "Q", "9")
    done = rs.record_result(desk, 1, 1, "K", "9", correct=True, reason="记分表看错")
    assert done.outcome == Outcome(3.0, 0.0, 14, 6)
    last = audit_trail(desk)[-1]
    assert (last.action, last.reason) == ("result", "记分表看错")
    assert (last.old["home_level"], last.new["home_level"]) == ("Q", "K")


def test_without_correct_a_second_entry_replaces_the_first_as_before(desk: Desk) -> None:
    rs.record_result(desk, 1, 1, "Q", "9")
    assert rs.record_result(desk, 1, 1, "K", "9").outcome.home_vp == 14
    assert [e.action for e in audit_trail(desk, round_no=1, table_no=1)] == ["result", "result"]


@pytest.mark.slow
def test_decisions_are_named_in_the_refusal(desk: Desk) -> None:
    fs.forfeit(desk, 1, 1, "both")
    fs.rule_loss(desk, 1, 2, "away")
    with pytest.raises(AlreadyRecorded, match="already has a result: a forfeit by both sides"):
        rs.record_result(desk, 1, 1, "Q", "9", correct=False)
    with pytest.raises(AlreadyRecorded, match=r"\(丙 – 丁\) already has a result: a loss by ruling for 丁"):
        rs.record_result(desk, 1, 2, "Q", "9", correct=False)


@pytest.mark.slow
def test_an_import_with_one_differing_row_writes_nothing_and_identical_rows_nothing_either(
    desk: Desk, tmp_path: Path
) -> None:
    rs.record_result(desk, 1, 1, "Q", "9")
    sheet = tmp_path / "r.csv"
    sheet.write_text("round,table,home,away\n1,1,K,9\n1,2,8,10\n", encoding="utf-8")
    trail = audit_trail(desk)
    with pytest.raises(
        AlreadyRecorded, match=r"Nothing was imported: row 2: round 1 table 1 already has Q : 9 "
    ):
        rs.import_results(desk, sheet, correct=False)
    assert audit_trail(desk) == trail and rs.table_state(desk, 1, 2)["kind"] == "pending"
    same = tmp_path / "same.csv"
    same.write_text("round,table,home,away\n1,1,Q,9\n", encoding="utf-8")
    assert rs.import_results(desk, same, correct=False) == []
    assert audit_trail(desk) == trail
    done = rs.import_results(desk, sheet, correct=True, reason="更正")
    assert [(v.table, v.kind) for v in done] == [(1, "played"), (2, "played")]


def _later_ruling(events: Events) -> Desk:
    """Four entrants under an average-based award; round 1 played, round 2 paired with a loss by ruling."""
    desk = events.create(name="裁定", rounds=3)
    for entrant in ("甲", "乙", "丙", "丁"):
        es.add_entrant(desk, entrant)
    es.draw(desk, order=["甲", "乙", "丙", "丁"])
    update_rules(desk, replace(RuleSet(), ruling_award="own-average"))
    pair_next_round(desk)
    rs.record_result(desk, 1, 1, "K", "10")
    rs.record_result(desk, 1, 2, "9", "9")
    pair_next_round(desk)
    fs.rule_loss(desk, 2, 1, "away")
    return desk


@pytest.mark.slow
def test_an_import_writes_and_audits_each_row_as_typed_results_a_later_ruling_too(
    events: Events, tmp_path: Path
) -> None:
    """The import reads a round's tables once and chains its audit entries, but what it stores and audits is
    what typing the rows one by one does: each row, then the later average award it changed."""
    typed, imported = _later_ruling(events), _later_ruling(events)
    rs.record_result(typed, 1, 1, "A", "10")
    rs.record_result(typed, 1, 2, "10", "8")
    sheet = tmp_path / "r.csv"
    sheet.write_text("round,table,home,away\n1,1,A,10\n1,2,10,8\n", encoding="utf-8")
    views = rs.import_results(imported, sheet)
    assert [(v.table, v.home, v.away, v.outcome) for v in views] == [
        (1, "甲", "乙", Outcome(3.0, 0.0, 14, 6)),
        (2, "丙", "丁", Outcome(2.5, 0.5, 12, 8)),
    ]

    def shape(desk: Desk) -> list[tuple[object, ...]]:
        return [(e.action, e.round, e.table, e.old, e.new, e.reason) for e in audit_trail(desk)]

    assert shape(imported) == shape(typed)
    assert [e[0] for e in shape(imported)[-4:]] == ["ruling", "result", "ruling-award", "result"]
    assert verify_trail(imported).broken_at is None
    for table in (1, 2):
        assert rs.table_state(imported, 2, table) == rs.table_state(typed, 2, table)
    typed.close()
    imported.close()


def test_the_result_view_is_what_the_faces_print(desk: Desk) -> None:
    view = rs.record_result(desk, 1, 2, "10", "8", correct=False)
    assert view == ResultView(1, 2, "丙", "丁", view.kind, Outcome(2.5, 0.5, 12, 8))


@pytest.mark.slow
def test_undo_restores_a_table_exactly(seven: Desk) -> None:
    pair_next_round(seven)
    empty = rs.table_state(seven, 1, 1)
    rs.record_result(seven, 1, 1, "K", "9")
    played = rs.table_state(seven, 1, 1)
    fs.forfeit(seven, 1, 1, "home")
    rs.restore_table(seven, 1, 1, played, reason="撤销")
    assert rs.table_state(seven, 1, 1) == played
    rs.restore_table(seven, 1, 1, empty, reason="撤销")
    assert rs.table_state(seven, 1, 1) == empty
    assert current_standings(seven, 1).rows[0].played <= 1
    assert [e.action for e in audit_trail(seven, round_no=1, table_no=1)][-2:] == ["restore", "restore"]


@pytest.mark.slow
def test_a_correction_is_audited_old_to_new_with_station_and_reason(four: Desk) -> None:
    pair_next_round(four)
    rs.record_result(four, 1, 1, "9", "8")
    rs.record_result(four, 1, 1, "8", "9", reason="主客队填反")
    entries = audit_trail(four, round_no=1, table_no=1)
    last = entries[-1]
    assert last.action == "result" and last.station == "test-station" and last.reason == "主客队填反"
    assert last.old["home_level"] == "9" and last.new["home_level"] == "8"
    assert last.old["home_mp"] == 2.0 and last.new["home_mp"] == 1.0


# Clearing a table's result (a result typed for the wrong table): what it takes away and what it refuses.


def event(events: Events) -> Desk:
    desk = events.create(name="清除", rounds=3)
    for i in range(4):
        es.add_entrant(desk, f"队{i + 1}")
    pair_next_round(desk)
    return desk


@pytest.mark.slow
def test_a_cleared_table_has_no_result_and_leaves_the_standings(events: Events) -> None:
    desk = event(events)
    rs.record_result(desk, 1, 1, 12, 9)
    rs.record_result(desk, 1, 2, 10, 10)
    rs.clear_result(desk, 1, 1, reason="录错桌")
    table = next(t for t in round_view(desk, 1).tables if t.table == 1)
    assert (table.kind, table.home_level, table.away_level) == ("pending", None, None)
    assert audit_trail(desk)[-1].action == "clear" and audit_trail(desk)[-1].reason == "录错桌"
    assert all(
        r.mp == 0 for r in current_standings(desk, 1).rows if r.entrant.name in (table.home, table.away)
    )
    desk.close()


@pytest.mark.slow
def test_a_forfeit_is_cleared_too_and_nothing_is_refused_silently(events: Events) -> None:
    desk = event(events)
    fs.forfeit(desk, 1, 2, "home", reason="迟到")
    rs.clear_result(desk, 1, 2)
    assert next(t for t in round_view(desk, 1).tables if t.table == 2).kind == "pending"
    with pytest.raises(BadInput, match="no result to clear"):
        rs.clear_result(desk, 1, 2)
    desk.close()


@pytest.mark.slow
def test_a_table_decided_by_a_withdrawal_is_left_to_reinstatement(events: Events) -> None:
    desk = event(events)
    rs.record_result(desk, 1, 1, 12, 9)
    rs.record_result(desk, 1, 2, 10, 10)
    pair_next_round(desk)
    name = round_view(desk, 2).tables[0].home
    es.withdraw(desk, name, after_round=1)
    entries = len(audit_trail(desk))
    with pytest.raises(BadInput, match="reinstate"):
        rs.clear_result(desk, 2, 1)
    assert len(audit_trail(desk)) == entries
    desk.close()


def test_levels_on_a_team_match_event_say_to_type_each_pair_game(events: Events) -> None:
    """Issue 26: the levels of a whole team match are refused with the team match's own sentence (in Chinese
    too), on a single table, in a results sheet and when clearing; nothing is written."""
    with events.create(name="团体赛", scoring="team-match", rounds=2) as d:
        for team in ("甲队", "乙队"):
            es.add_entrant(d, team)
        pair_next_round(d)
        with pytest.raises(BadInput) as refused:
            rs.record_result(d, 1, 1, "9", "7")
        assert "team match of pairs" in str(refused.value) and "--game N" in str(refused.value)
        assert "duplicate" not in str(refused.value) and "团体赛" in render(refused.value, "zh")
        assert round_view(d, 1).tables[0].outcome is None
        sheet = [PairGame(n, 9, 7) for n in range(1, 6)]
        tsh.record_games(d, 1, 1, sheet)
        with pytest.raises(BadInput, match="pair games one by one") as refused:
            rs.clear_result(d, 1, 1)
        assert "团体赛" in render(refused.value, "zh")
        outcome = round_view(d, 1).tables[0].outcome
        assert outcome is not None and (outcome.home_mp, outcome.away_mp) == (3.0, 1.0)
