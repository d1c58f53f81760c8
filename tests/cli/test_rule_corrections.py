"""Issue 11's five defects, each reproduced through ``tdesk`` as a user met it (rules.md §5.5–§5.7 revised)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk
from tournament_desk.domain.rules import MP_SCALE_WIN_DRAW_LOSS, RuleSet
from tournament_desk.domain.scoring import ruling_mp
from tournament_desk.services.event import event_info, update_rules

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def swiss(tdesk: Tdesk, path: Path, names: str, *extra: str) -> None:
    assert tdesk("new", path, "--name", "积分赛", "--rounds", 4, *extra).code == 0
    for name in names:
        assert tdesk("entrant", "add", path, name).code == 0
    assert tdesk("draw", path, "--order", ",".join(names)).code == 0


def set_rules(tdesk: Tdesk, path: Path, **changes: object) -> None:
    with tdesk.open(path) as desk:
        update_rules(desk, replace(event_info(desk).rules, **changes), reason="test")  # type: ignore[arg-type]


def round_two_paired(tdesk: Tdesk, path: Path) -> None:
    """甲乙丙丁 in a Swiss event: round 1 played (Q:9 and 8:8), round 2 paired and published."""
    swiss(tdesk, path, "甲乙丙丁")
    tdesk("pair", path)
    tdesk("result", path, 1, 1, "Q", "9")
    tdesk("result", path, 1, 2, "8", "8")
    tdesk("pair", path)


def table_of(tdesk: Tdesk, path: Path, round_no: int, name: str) -> dict[str, object]:
    tables = tdesk("round", path, round_no, "--json").json()["tables"]
    return next(t for t in tables if name in (t["home"], t["away"]))


@pytest.mark.slow
@pytest.mark.parametrize("first", ["home", "away"])
def test_both_entrants_of_a_paired_table_withdraw_whichever_first(
    tdesk: Tdesk, tmp_path: Path, first: str
) -> None:
    """Defect 1: the second withdrawal was refused ("already has a result in round 2"); now both forfeit, 0:0."""
    path = tmp_path / "both.tdesk"
    round_two_paired(tdesk, path)
    table = table_of(tdesk, path, 2, "甲")
    names = [table["home"], table["away"]] if first == "home" else [table["away"], table["home"]]
    for name in names:
        run = tdesk("entrant", "withdraw", path, name, "--after-round", 1, "--reason", "回家")
        assert run.code == 0, run.err
    after = table_of(tdesk, path, 2, "甲")
    assert after["state"] == "forfeit" and after["side"] == "both"
    assert (after["home_vp"], after["away_vp"], after["home_mp"], after["away_mp"]) == (0, 0, 0, 0)


@pytest.mark.slow
@pytest.mark.verifies_audit_chain
def test_a_withdrawn_entrants_bye_in_a_paired_round_is_void(tdesk: Tdesk, tmp_path: Path) -> None:
    """Defect 2: the withdrawn entrant kept the bye of round 2 and its 2.5 MP / 12 VP."""
    path = tmp_path / "bye.tdesk"
    swiss(tdesk, path, "甲乙丙丁戊")
    tdesk("pair", path)
    for table in (1, 2):
        tdesk("result", path, 1, table, "10", "9")
    bye = tdesk("pair", path, "--json").json()["bye"]
    assert bye is not None
    assert tdesk("entrant", "withdraw", path, bye, "--after-round", 1).code == 0
    assert tdesk("round", path, 2, "--json").json()["bye"] is None
    rows = {r["name"]: r for r in tdesk("standings", path, "--after-round", 2, "--json").json()["rows"]}
    assert rows[bye]["played"] == 1 and rows[bye]["withdrawn"]


@pytest.mark.parametrize(
    ("vp", "mp"),
    [(10.5, 2.0), (11.0, 2.0), (11.5, 2.0), (12.0, 2.5), (12.5, 2.5), (13.0, 3.0), (8.0, 2.0), (20.0, 3.0)],
)
def test_ruling_match_points_follow_the_thresholds_without_rounding(vp: float, mp: float) -> None:
    """Defect 3 (rules.md §5.5): N = VP − 10 on the §5.2 thresholds, never below 2; 11.5 VP was 2.5 MP before."""
    assert ruling_mp(vp, RuleSet()) == mp
    assert ruling_mp(vp, RuleSet(mp_scale=MP_SCALE_WIN_DRAW_LOSS)) == 3.0  # a ruling is a win


@pytest.mark.slow
@pytest.mark.verifies_audit_chain
def test_an_average_award_leaves_the_bye_out(tdesk: Tdesk, tmp_path: Path) -> None:
    """Defect 3: the own-average award counted a bye's 12 VP; a side with no match at a table gets 12."""
    path = tmp_path / "bye-avg.tdesk"
    swiss(tdesk, path, "甲乙丙丁戊")
    set_rules(tdesk, path, ruling_award="own-average")
    tdesk("pair", path)  # 甲 v 乙, 丙 v 丁, 戊 has the bye
    tdesk("result", path, 1, 1, "K", "10")
    tdesk("result", path, 1, 2, "9", "9")
    tdesk("pair", path)
    table = table_of(tdesk, path, 2, "戊")
    mine, other = ("home", "away") if table["home"] == "戊" else ("away", "home")
    assert tdesk("ruling", path, 2, table["table"], "--side", other).code == 0
    assert table_of(tdesk, path, 2, "戊")[f"{mine}_vp"] == 12


@pytest.mark.slow
def test_an_average_award_follows_a_corrected_earlier_result(tdesk: Tdesk, tmp_path: Path) -> None:
    """Defect 3: the award was computed once; rules.md §5.5 recomputes it whenever an earlier result changes."""
    path = tmp_path / "avg.tdesk"
    swiss(tdesk, path, "甲乙丙丁")
    set_rules(tdesk, path, ruling_award="own-average")
    tdesk("pair", path)
    tdesk("result", path, 1, 1, "K", "10")  # 甲 13 VP
    tdesk("result", path, 1, 2, "9", "9")
    tdesk("pair", path)
    table = table_of(tdesk, path, 2, "甲")
    mine, other = ("home", "away") if table["home"] == "甲" else ("away", "home")
    assert tdesk("ruling", path, 2, table["table"], "--side", other).code == 0
    assert table_of(tdesk, path, 2, "甲")[f"{mine}_vp"] == 13  # the average of its one match
    corrected = tdesk("result", path, 1, 1, "A", "10", "--correct", "--reason", "记分表看错")
    assert corrected.code == 0  # corrected: 甲 won by 4, 14 VP
    assert table_of(tdesk, path, 2, "甲")[f"{mine}_vp"] == 14
    audit = tdesk("audit", path, "--round", 2, "--json").json()
    assert [a["reason"] for a in audit if a["action"] == "ruling-award"] == ["an earlier result changed"]


@pytest.mark.slow
@pytest.mark.verifies_audit_chain
def test_recorded_keeps_the_scoresheet_for_both_sides(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "rec.tdesk"
    swiss(tdesk, path, "甲乙")
    set_rules(tdesk, path, ruling_award="recorded")
    tdesk("pair", path)
    before = tdesk.fingerprint(path)
    refused = tdesk("ruling", path, 1, 1, "--side", "home")
    assert refused.code == 2 and tdesk.fingerprint(path) == before
    tdesk("result", path, 1, 1, "Q", "9")
    assert tdesk("ruling", path, 1, 1, "--side", "home", "--reason", "记违例").code == 0
    t = table_of(tdesk, path, 1, "甲")
    assert t["state"] == "ruling" and (t["home_vp"], t["away_vp"], t["home_mp"], t["away_mp"]) == (
        13,
        7,
        3,
        0,
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("result", 1, 1, "--", "²", "6"), "is not a level"),
        (("result", 1, 1, "١٠", "6"), "is not a level"),
        (("deduct", 1, "甲", "inf", "--reason", "x"), "at most 3"),
        (("deduct", 1, "甲", "nan", "--reason", "x"), "at most 3"),
        (("deduct", 1, "甲", "1e9", "--reason", "x"), "at most 3"),
        (("deduct", 1, "甲", "3.5", "--reason", "x"), "at most 3"),
        (("deduct", 1, "甲", "0.3", "--reason", "x"), "multiple of 0.5"),
        (("deduct", 1, "甲", "-0.5", "--reason", "x"), "multiple of 0.5"),
    ],
)
def test_bad_levels_and_deductions_are_one_sentence_and_change_nothing(
    tdesk: Tdesk, tmp_path: Path, args: tuple[object, ...], says: str
) -> None:
    """Defect 4: these exited 1 with "Unexpected error", or (1e9) were accepted."""
    path = tmp_path / "bad.tdesk"
    swiss(tdesk, path, "甲乙")
    tdesk("pair", path)
    before = tdesk.fingerprint(path)
    command, *rest = args
    run = tdesk(command, path, *rest)
    assert run.code == 2 and says in run.err and run.err.count("\n") == 1, run.err
    assert tdesk.fingerprint(path) == before


@pytest.mark.slow
def test_three_match_points_is_the_largest_deduction(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "three.tdesk"
    swiss(tdesk, path, "甲乙")
    tdesk("pair", path)
    assert tdesk("deduct", path, 1, "甲", "3", "--reason", "罢赛").code == 0


@pytest.mark.slow
@pytest.mark.verifies_audit_chain
def test_a_board_corrected_after_a_ruling_keeps_the_ruling_and_says_so(tdesk: Tdesk, tmp_path: Path) -> None:
    """Defect 5: typing a board after a 判负 turned the table back into a played match, silently."""
    path = tmp_path / "dup.tdesk"
    assert tdesk("new", path, "--name", "复式", "--scoring", "duplicate", "--rounds", 1).code == 0
    for name in ("甲队", "乙队"):
        tdesk("entrant", "add", path, name)
    tdesk("pair", path)
    for board in range(1, 6):
        tdesk("result", path, 1, 1, "--board", board, "--open", 80, "--closed", 120)
    assert tdesk("ruling", path, 1, 1, "--side", "away", "--reason", "罢赛").code == 0
    ruled = table_of(tdesk, path, 1, "甲队")
    run = tdesk("result", path, 1, 1, "--board", 6, "--open", 40, "--closed", 120)
    assert run.code == 0 and "stays a" in run.out
    assert table_of(tdesk, path, 1, "甲队") == ruled
    taken_back = tdesk("ruling", path, 1, 1, "--remove", "--reason", "申诉成立")
    assert taken_back.code == 0
    assert table_of(tdesk, path, 1, "甲队")["state"] == "played"


@pytest.mark.slow
def test_a_second_bye_and_relaxed_rules_are_explained_to_the_director(tdesk: Tdesk, tmp_path: Path) -> None:
    """rules.md §5.4 and §8 (revised): with three entrants, round 4 finds every entrant met and every bye given;
    it pairs anyway, giving a second bye, and says why the no-rematch rule gave way."""
    path = tmp_path / "three.tdesk"
    swiss(tdesk, path, "甲乙丙")
    for round_no in range(1, 4):
        assert tdesk("pair", path).code == 0
        tdesk("result", path, round_no, 1, "9", "8")
    run = tdesk("pair", path)
    assert run.code == 0, run.err
    assert "gets another" in run.out and "no legal partner was left" in run.out
    shown = tdesk("audit", path, "--round", 4, "--json").json()
    assert any("notes" in (a["new"] or {}) for a in shown if a["action"] == "pair")
