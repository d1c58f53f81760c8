"""``tdesk undo`` / ``tdesk redo``: the station's last step (issues 14, 18), refused when another station
changed the table since."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk
from tests.cli.test_rule_corrections import swiss

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


def levels(tdesk: Tdesk, path: Path, table: int) -> tuple[object, object]:
    tables = tdesk("round", path, 1, "--json").json()["tables"]
    t = next(t for t in tables if t["table"] == table)
    return t["state"], t.get("home_level")


@pytest.mark.verifies_audit_chain
def test_undo_and_redo_a_result_at_one_station(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "undo.tdesk"
    swiss(tdesk, path, "甲乙丙丁")
    assert tdesk("pair", path).code == 0
    assert tdesk("result", path, 1, 1, "Q", "9", "--station", "一号台").code == 0
    assert tdesk("redo", path, "--station", "一号台").code == 2  # nothing undone yet
    run = tdesk("undo", path, "--station", "一号台")
    assert run.code == 0, run.err
    assert run.out.strip() == "Undone: round 1 table 1: Q : 9"
    assert levels(tdesk, path, 1)[0] == "pending"
    run = tdesk("redo", path, "--station", "一号台")
    assert run.code == 0 and run.out.strip() == "Redone: round 1 table 1: Q : 9"
    assert levels(tdesk, path, 1) == ("played", "Q")


def test_undo_after_another_station_changed_the_table_is_refused(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "undo.tdesk"
    swiss(tdesk, path, "甲乙丙丁")
    assert tdesk("pair", path).code == 0
    assert tdesk("result", path, 1, 2, "K", "9", "--station", "一号台").code == 0
    corrected = tdesk("result", path, 1, 2, "A", "9", "--station", "二号台", "--correct", "--reason", "看错")
    assert corrected.code == 0
    run = tdesk("undo", path, "--station", "一号台")
    assert run.code == 2 and "二号台" in run.err and run.out == ""
    assert levels(tdesk, path, 2) == ("played", "A")
    assert tdesk("undo", path, "--station", "二号台").code == 0  # 二号台's own step is its to undo
    assert levels(tdesk, path, 2) == ("played", "K")
