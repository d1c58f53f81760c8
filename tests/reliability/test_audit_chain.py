"""The audit trail is a hash chain (issue 15): edited with any SQLite tool, ``tdesk audit --verify`` names the
first entry that no longer follows; an older file gets its chain when it is upgraded. And every result stored is
the one the trail last recorded (issue 23): a result, a duplicate board or a Mitchell board changed outside the
program is named, while events of every format, run with every action that changes a table, verify."""

from __future__ import annotations

import importlib
import sqlite3
from collections.abc import Iterable
from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk
from tests.storage.conftest import migrate
from tournament_desk.i18n import render
from tournament_desk.services.audit import ChainCheck, verify_trail
from tournament_desk.services.desk import Desk


def played(tdesk: Tdesk, path: Path) -> None:
    assert tdesk("new", path, "--name", "链", "--rounds", 2).code == 0
    for name in "甲乙丙丁":
        tdesk("entrant", "add", path, name)
    tdesk("pair", path)
    tdesk("result", path, 1, 1, "Q", "9")
    tdesk("result", path, 1, 2, "8", "8")
    tdesk("deduct", path, 1, "甲", "0.5", "--reason", "手机")


@pytest.mark.slow
def test_an_untouched_trail_verifies(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "c.tdesk"
    played(tdesk, path)
    run = tdesk("audit", path, "--verify")
    assert run.code == 0 and "intact" in run.out


@pytest.mark.slow
@pytest.mark.parametrize(
    "tamper",
    [
        "UPDATE audit SET reason = '改过' WHERE id = 5",
        "UPDATE audit SET new = '{}' WHERE id = 5",
        "DELETE FROM audit WHERE id = 5",
        "INSERT INTO audit (id, at, station, action) VALUES (5, '2026-01-01 00:00:00', 'x', 'result')",
    ],
)
def test_a_changed_trail_names_the_first_broken_link(tdesk: Tdesk, tmp_path: Path, tamper: str) -> None:
    path = tmp_path / "c.tdesk"
    played(tdesk, path)
    with sqlite3.connect(path) as conn:
        if tamper.startswith("INSERT"):
            conn.execute("DELETE FROM audit WHERE id = 5")
        conn.execute(tamper)
    run = tdesk("audit", path, "--verify")
    assert run.code == 1 and ("entry 5 " in run.err or "entry 6 " in run.err), run.err


@pytest.mark.slow
def test_an_older_file_is_chained_when_upgraded(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "old.tdesk"
    played(tdesk, path)
    migrate(path, "0006", down=True)
    run = tdesk("audit", path, "--verify")  # opening upgrades the file and chains its entries
    assert run.code == 0 and "intact" in run.out
    assert tdesk("result", path, 1, 1, "K", "9", "--correct", "--reason", "记分表看错").code == 0
    assert tdesk("audit", path, "--verify").code == 0


# --- every result stored is the one the trail last recorded (issue 23) --------------------------------------------
def verified(path: Path) -> ChainCheck:
    with Desk.open(path) as desk:
        return verify_trail(desk)


@pytest.mark.slow
def test_a_demo_event_run_like_a_real_one_verifies(tdesk: Tdesk, tmp_path: Path) -> None:
    """Rounds played by the demo, then every action that changes a table: results, a correction, forfeits, a
    late scoresheet, rulings and their awards, a decision removed, a withdrawal and its reinstatement, undo and
    redo, a deduction, a locked table of a draft round."""
    path = tmp_path / "demo.tdesk"
    assert tdesk("demo", path, "--entrants", 16, "--units", 4, "--played", 2, "--rounds", 6).code == 0
    assert tdesk("rules", path).code == 0
    tables = tdesk("pair", path, "--json").json()["tables"]
    assert tdesk("result", path, 3, 1, "Q", "9").code == 0
    assert tdesk("result", path, 3, 2, "8", "8").code == 0
    assert tdesk("result", path, 3, 3, "A", "6").code == 0
    assert tdesk("result", path, 3, 3, "K", "6", "--correct", "--reason", "记分表看错").code == 0
    assert tdesk("forfeit", path, 3, 4, "--side", "away", "--reason", "未到场").code == 0
    assert tdesk("result", path, 3, 5, "7", "J").code == 0
    assert tdesk("forfeit", path, 3, 5, "--side", "home", "--late", "--reason", "迟交").code == 0
    assert tdesk("ruling", path, 3, 6, "--side", "home", "--reason", "违例").code == 0
    assert tdesk("result", path, 3, 7, "10", "J").code == 0
    assert tdesk("ruling", path, 3, 7, "--side", "away").code == 0
    assert tdesk("ruling", path, 3, 7, "--remove").code == 0
    assert tdesk("result", path, 3, 8, "9", "9").code == 0
    assert tdesk("undo", path).code == 0
    assert tdesk("redo", path).code == 0
    assert tdesk("undo", path).code == 0
    assert tdesk("result", path, 3, 8, "8", "9").code == 0
    assert tdesk("deduct", path, 3, tables[0]["home"], "0.5", "--reason", "手机").code == 0
    assert tdesk("pair", path).code == 0  # round 4
    assert tdesk("entrant", "withdraw", path, tables[1]["home"], "--after-round", 3).code == 0
    assert tdesk("entrant", "reinstate", path, tables[1]["home"]).code == 0
    assert tdesk("entrant", "withdraw", path, tables[2]["away"], "--after-round", 3).code == 0
    assert tdesk("result", path, 2, 1, "J", "10", "--correct", "--reason", "更正").code == 0  # rulings follow
    run = tdesk("audit", path, "--verify")
    assert run.code == 0 and "intact" in run.out, run.err
    check = verified(path)
    assert check.mismatches == () and check.compared >= 9


# The command-line tests of every format and of the actions that change a table verify the files they leave
# (the ``verifies_audit_chain`` marker, checked in tests/conftest.py): Swiss, duplicate, Mitchell, groups then
# knockout, round robin, team matches of pairs; withdrawals and reinstatements, undo and redo, corrections,
# rulings whose award follows the results, the phones' entries. This list is what that coverage must include.
EVENTS = [
    "tests.cli.test_swiss_event:test_a_small_event_worked_by_hand",
    "tests.cli.test_duplicate_event:test_twelve_teams_three_rounds_of_duplicate_boards",
    "tests.cli.test_mitchell_event:test_a_hand_worked_three_table_event",
    "tests.cli.test_mitchell_event:test_a_board_sheet_is_imported_whole_or_not_at_all",
    "tests.cli.test_groups_knockout_event:test_a_third_place_match_and_a_withdrawn_qualifier",
    "tests.cli.test_groups_knockout_event:test_equal_levels_in_the_knockout_need_the_side_on_stage",
    "tests.cli.test_round_robin_event:test_withdrawal_before_half_annuls_every_result_and_lists_it_last",
    "tests.cli.test_round_robin_event:test_withdrawal_after_half_keeps_results_and_awards_each_later_opponent",
    "tests.cli.test_entrants:test_a_withdrawal_taken_back_restores_the_played_result",
    "tests.cli.test_entrants:test_round_robin_results_annulled_by_an_early_withdrawal_come_back",
    "tests.cli.test_entrants:test_the_other_side_still_withdrawn_keeps_its_forfeit",
    "tests.cli.test_undo:test_undo_and_redo_a_result_at_one_station",
    "tests.cli.test_rule_corrections:test_an_average_award_leaves_the_bye_out",
    "tests.cli.test_rule_corrections:test_a_board_corrected_after_a_ruling_keeps_the_ruling_and_says_so",
    "tests.cli.test_rule_corrections:test_recorded_keeps_the_scoresheet_for_both_sides",
    "tests.cli.test_rule_corrections:test_a_withdrawn_entrants_bye_in_a_paired_round_is_void",
    "tests.cli.test_rounds:test_a_knockout_dispute_names_the_side_each_entered_on_stage",
    "tests.cli.test_rounds:test_a_mitchell_dispute_shows_the_boards_the_sides_differ_on",
    "tests.cli.test_team_match:test_seed_004s_team_event_runs_through_tdesk",
]


def test_every_kind_of_event_verifies_its_files() -> None:
    """Each listed test carries the marker, so its files are verified when it runs (once, not twice)."""
    for event in EVENTS:
        module, _, name = event.partition(":")
        marks = getattr(getattr(importlib.import_module(module), name), "pytestmark", [])
        assert any(mark.name == "verifies_audit_chain" for mark in marks), event


@pytest.mark.slow
def test_a_marked_test_whose_file_does_not_verify_fails(pytester: pytest.Pytester) -> None:
    """The check can fail: a marked test leaving a file whose stored result differs from its trail errors."""
    pytester.makeconftest("from tests.conftest import _audit_chain_verified  # noqa: F401")
    pytester.makepyfile(
        """
        import sqlite3
        import pytest
        from tournament_desk.cli import main

        @pytest.mark.verifies_audit_chain
        def test_tampered(tmp_path):
            path = str(tmp_path / "c.tdesk")
            main(["new", path, "--name", "链", "--rounds", "2"])
            for name in "甲乙丙丁":
                main(["entrant", "add", path, name])
            main(["pair", path])
            main(["result", path, "1", "1", "Q", "9"])
            with sqlite3.connect(path) as db:
                db.execute("UPDATE match SET home_vp = 20, away_vp = 0")
        """
    )
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "-p", "no:xdist")
    result.assert_outcomes(passed=1, errors=1)


TAMPERED = {
    "levels": ("UPDATE match SET home_level = 14 WHERE round_no = 1 AND table_no = 1", "A : 9, VP 13 : 7"),
    "vp": (
        "UPDATE match SET home_vp = 20, away_vp = 0 WHERE round_no = 1 AND table_no = 1",
        "Q : 9, VP 20 : 0",
    ),
    "kind": (
        "UPDATE match SET kind = 'forfeit', side = 'away' WHERE round_no = 1 AND table_no = 1",
        "forfeit by the away side, VP 13 : 7",
    ),
    "gone": ("DELETE FROM match WHERE round_no = 1 AND table_no = 1", "nothing (the table is gone),"),
}


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(TAMPERED))
def test_a_result_changed_outside_the_program_is_named(tdesk: Tdesk, tmp_path: Path, kind: str) -> None:
    path = tmp_path / "c.tdesk"
    played(tdesk, path)
    statement, shown = TAMPERED[kind]
    with sqlite3.connect(path) as conn:
        conn.execute(statement)
    run = tdesk("audit", path, "--verify")
    assert run.code == 1 and run.out == "", run.out
    assert run.err.startswith(f"Round 1 table 1 holds {shown}"), run.err
    assert "but the audit trail last recorded Q : 9, VP 13 : 7, MP 3 : 0 (entry " in run.err
    assert run.err.strip().endswith("it was changed outside the program; open a backup to compare.")


@pytest.mark.slow
def test_every_changed_result_is_counted_and_the_sentence_is_translated(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "c.tdesk"
    played(tdesk, path)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE match SET home_vp = 20, away_vp = 0")
    check = verified(path)
    assert [(m.round, m.table) for m in check.mismatches] == [(1, 1), (1, 2)]
    assert "and 1 more results differ from the trail as well" in str(check.problem)
    chinese = render(check.problem, "zh") if check.problem is not None else ""
    assert chinese.startswith("第 1 轮第 1 桌现存的是“Q : 9，标准分 20 : 0，场分 3 : 0”"), chinese


@pytest.mark.slow
@pytest.mark.parametrize(
    ("new", "entrants", "result", "tamper", "named"),
    [
        pytest.param(
            ("--name", "复式", "--scoring", "duplicate", "--rounds", 2),
            "甲乙丙丁",
            ("--board", 2, "--open", 85, "--closed", 40),
            "UPDATE board_result SET defenders_points = 120 WHERE board_no = 2 AND room = 'closed'",
            "Round 1 table 1 board 2 (closed room) holds 120 points, penalties 0 to NS and 0 to EW, but the audit "
            "trail last recorded 40 points, penalties 0 to NS and 0 to EW (entry ",
            id="duplicate",
        ),
        pytest.param(
            ("--name", "牌套", "--format", "mitchell", "--boards-per-round", 2),
            ("P01", "P02", "P03", "P04", "P05", "P06"),
            ("--board", 1, "--points", 60),
            "UPDATE pair_board SET points = 0",
            "Round 1 table 1 board 1 holds 0 points, penalties 0 to NS and 0 to EW, but the audit trail last "
            "recorded 60 points",
            id="mitchell",
        ),
    ],
)
def test_a_board_changed_outside_the_program_is_named(
    tdesk: Tdesk,
    tmp_path: Path,
    new: tuple[object, ...],
    entrants: Iterable[str],
    result: tuple[object, ...],
    tamper: str,
    named: str,
) -> None:
    """A duplicate board (one room of it) or a Mitchell board changed with an SQLite tool is named."""
    path = tmp_path / "b.tdesk"
    assert tdesk("new", path, *new).code == 0
    for name in entrants:
        assert tdesk("entrant", "add", path, name).code == 0
    assert tdesk("pair", path).code == 0
    assert tdesk("result", path, 1, 1, *result).code == 0
    assert tdesk("audit", path, "--verify").code == 0
    with sqlite3.connect(path) as conn:
        conn.execute(tamper)
    run = tdesk("audit", path, "--verify")
    assert run.code == 1
    assert run.err.startswith(named), run.err
