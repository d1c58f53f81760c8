"""Taking a withdrawal back (``tdesk entrant reinstate``): a withdrawal typed for the wrong entrant is undone."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk
from tests.cli.test_round_robin_event import two_rounds_played
from tests.cli.test_rule_corrections import round_two_paired, swiss, table_of

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def standings(tdesk: Tdesk, path: Path, after: int) -> dict[str, dict[str, object]]:
    return {r["name"]: r for r in tdesk("standings", path, "--after-round", after, "--json").json()["rows"]}


@pytest.mark.slow
@pytest.mark.verifies_audit_chain
def test_a_withdrawal_taken_back_restores_the_played_result(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "back.tdesk"
    round_two_paired(tdesk, path)
    table = table_of(tdesk, path, 2, "甲")
    before = (table["state"], table.get("home_mp"), table.get("away_mp"))
    assert tdesk("entrant", "withdraw", path, "甲", "--after-round", 1).code == 0
    assert table_of(tdesk, path, 2, "甲")["state"] == "forfeit"
    run = tdesk("entrant", "reinstate", path, "甲", "--reason", "录错人")
    assert run.code == 0, run.err
    after = table_of(tdesk, path, 2, "甲")
    assert (after["state"], after.get("home_mp"), after.get("away_mp")) == before
    assert not standings(tdesk, path, 1)["甲"]["withdrawn"]
    # The round can now be played as drawn, and the audit trail says who reinstated whom and why.
    assert tdesk("result", path, 2, table["table"], "10", "8").code == 0
    log = tdesk("audit", path, "--json").json()
    entries = log["entries"] if isinstance(log, dict) else log
    assert any(e["action"] == "reinstate" and e.get("reason") == "录错人" for e in entries)


@pytest.mark.slow
@pytest.mark.verifies_audit_chain
def test_round_robin_results_annulled_by_an_early_withdrawal_come_back(tdesk: Tdesk, tmp_path: Path) -> None:
    """rules.md §5.7: before half its matches a withdrawal annuls every result; taking it back restores them."""
    names = ["甲", "乙", "丙", "丁", "戊", "己"]
    path = tmp_path / "rr.tdesk"
    two_rounds_played(tdesk, path, names, 3)
    played = {r: tdesk("round", path, r, "--json").json()["tables"] for r in (1, 2)}
    table_before = standings(tdesk, path, 2)
    assert tdesk("entrant", "withdraw", path, "甲", "--after-round", 2).code == 0
    assert any(t["state"] == "annulled" for t in tdesk("round", path, 1, "--json").json()["tables"])
    assert tdesk("entrant", "reinstate", path, "甲").code == 0
    for r in (1, 2):
        assert tdesk("round", path, r, "--json").json()["tables"] == played[r]
    assert standings(tdesk, path, 2) == table_before


@pytest.mark.slow
@pytest.mark.verifies_audit_chain
def test_the_other_side_still_withdrawn_keeps_its_forfeit(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "both.tdesk"
    round_two_paired(tdesk, path)
    table = table_of(tdesk, path, 2, "甲")
    other = table["away"] if table["home"] == "甲" else table["home"]
    for name in ("甲", other):
        assert tdesk("entrant", "withdraw", path, name, "--after-round", 1).code == 0
    assert table_of(tdesk, path, 2, "甲")["side"] == "both"
    assert tdesk("entrant", "reinstate", path, "甲").code == 0
    after = table_of(tdesk, path, 2, "甲")
    assert after["state"] == "forfeit"
    assert after["side"] == ("away" if table["away"] == other else "home")


@pytest.mark.slow
def test_reinstating_is_refused_once_a_later_round_has_results(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "late.tdesk"
    swiss(tdesk, path, "甲乙丙丁戊己")
    tdesk("pair", path)
    for t in (1, 2, 3):
        tdesk("result", path, 1, t, "10", "9")
    assert tdesk("entrant", "withdraw", path, "甲", "--after-round", 1).code == 0
    tdesk("pair", path)
    for t in tdesk("round", path, 2, "--json").json()["tables"]:
        if t["state"] == "pending":
            tdesk("result", path, 2, t["table"], "9", "9")
    before = tdesk.fingerprint(path)
    run = tdesk("entrant", "reinstate", path, "甲")
    assert run.code != 0
    assert "Round 2 already has results" in run.err or "第 2 轮已有成绩" in run.err
    assert tdesk.fingerprint(path) == before


@pytest.mark.slow
def test_reinstating_an_active_entrant_is_one_sentence(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "active.tdesk"
    swiss(tdesk, path, "甲乙丙丁")
    before = tdesk.fingerprint(path)
    run = tdesk("entrant", "reinstate", path, "乙")
    assert run.code != 0 and run.err.count("\n") == 1
    assert tdesk.fingerprint(path) == before
