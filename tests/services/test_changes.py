"""Services report what they changed (issue 18): derived from the audit entries each committed transaction
wrote, never written by hand in a service; a read reports nothing; a batch is one transaction."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.services.adjust import set_locks
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.changes import AUDIT, ENTRANTS, RESULTS, ROUNDS, RULES, Changes
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.entrants import add_entrant
from tournament_desk.services.results.deductions import deduct
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import pair_next_round, round_view
from tournament_desk.storage.notify import AuditMark, Written


@pytest.fixture
def desk(tmp_path: Path) -> Iterator[Desk]:
    """12 teams, round 1 played; nothing paired after it."""
    with create_demo(tmp_path / "changes.tdesk", entrants=12, units=3, played=1, seed=3) as desk:
        yield desk


def commits(desk: Desk) -> list[Written]:
    seen: list[Written] = []
    desk.db.on_commit.append(seen.append)
    return seen


def test_a_result_changes_that_table_only(desk: Desk) -> None:
    record_result(desk, 1, 2, "K", "9")
    assert desk.last_changes == Changes(frozenset({RESULTS, AUDIT}), tables=frozenset({(1, 2)}))
    assert desk.last_changes.only_results
    assert desk.last_changes.tables_in(1) == {2} and not desk.last_changes.tables_in(2)


def test_a_pairing_changes_its_round(desk: Desk) -> None:
    pair_next_round(desk)
    changes = desk.last_changes
    assert ROUNDS in changes and RESULTS not in changes
    assert changes.rounds == {2} and not changes.only_results


def test_registering_changes_the_entrants(tmp_path: Path) -> None:
    with create_demo(tmp_path / "e.tdesk", entrants=4, played=0) as desk:
        add_entrant(desk, "新来的队", unit="单位1")
        changes = desk.last_changes
        assert changes.kinds == {ENTRANTS, AUDIT}
        assert len(changes.entrants) == 1 and not changes.tables and not changes.rounds


def test_a_deduction_is_a_change_to_its_round_and_entrant(desk: Desk) -> None:
    view = round_view(desk, 1)
    deduct(desk, 1, view.tables[0].home, 0.5, reason="迟到")
    changes = desk.last_changes
    assert changes.rounds == {1} and len(changes.entrants) == 1 and changes.only_results


def test_reads_report_nothing_and_a_refused_write_reports_nothing(desk: Desk) -> None:
    seen = commits(desk)
    with desk.recording() as recording:
        round_view(desk, 1)
        audit_trail(desk)
        with pytest.raises(BadInput):
            record_result(desk, 1, 99, "K", "9")  # no table 99: rolled back
    assert seen == [] and not recording.changes


def test_locking_five_tables_is_one_transaction_with_five_audit_entries(desk: Desk) -> None:
    pair_next_round(desk, publish=False)
    before = len(audit_trail(desk))
    seen = commits(desk)
    with desk.recording() as recording:
        set_locks(desk, 2, dict.fromkeys(range(1, 6), True), reason="同一张桌")
    assert len(seen) == 1
    assert [a.action for a in seen[0].audit] == ["lock"] * 5
    entries = audit_trail(desk)[before:]
    assert [(e.action, e.table, e.reason) for e in entries] == [("lock", t, "同一张桌") for t in range(1, 6)]
    assert recording.changes.tables == {(2, t) for t in range(1, 6)}
    assert [t.locked for t in round_view(desk, 2).tables[:6]] == [True] * 5 + [False]


def test_a_batch_with_a_table_the_round_lacks_changes_nothing(desk: Desk) -> None:
    pair_next_round(desk, publish=False)
    with pytest.raises(BadInput):
        set_locks(desk, 2, {1: True, 99: True})
    assert not any(t.locked for t in round_view(desk, 2).tables)


def test_changes_from_entries_and_from_tables() -> None:
    remote = Changes.from_entries([("result", 3, 7, None), ("rules", None, None, None)], remote=True)
    assert remote.kinds == {RESULTS, RULES, AUDIT} and remote.tables == {(3, 7)} and remote.remote
    assert remote & {RULES, ENTRANTS} == {RULES} and not remote <= {RESULTS, AUDIT}
    unknown = Changes.from_entries([("something-new", None, None, None)])
    assert unknown.kinds >= {ENTRANTS, ROUNDS, RESULTS, RULES}  # an action not known: everything, to be safe
    # A write that left no audit entry: the kinds of the tables it touched.
    assert Changes.from_written(Written((), frozenset({"deduction"}))).kinds == {RESULTS}
    assert not Changes.from_written(Written((), frozenset({"undo_step", "live_table"})))
    marks = (AuditMark(1, "lock", 2, 1, None), AuditMark(2, "unlock", 2, 4, None))
    assert Changes.from_written(Written(marks, frozenset({"match", "audit"}))).tables == {(2, 1), (2, 4)}
