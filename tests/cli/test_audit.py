"""``tdesk audit``: the trail as a table or JSON, filtered by round, table or entrant; ``--verify`` checks it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


def small_event(tdesk: Tdesk, path: Path) -> None:
    assert tdesk("new", path, "--name", "审计杯", "--rounds", "2").code == 0
    for name in ("甲队", "乙队", "丙队", "丁队"):
        assert tdesk("entrant", "add", path, name).code == 0
    assert tdesk("draw", path, "--seed", "1").code == 0
    assert tdesk("pair", path).code == 0
    assert tdesk("result", path, "1", "1", "A", "9").code == 0


def test_the_trail_as_json_filtered_by_table(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "a.tdesk"
    small_event(tdesk, path)
    everything = tdesk("audit", path, "--json").json()
    assert [e["action"] for e in everything][:2] == ["create", "entrant-add"]
    table = tdesk("audit", path, "--round", "1", "--table", "1", "--json").json()
    assert table and all(e["round"] == 1 and e["table"] == 1 for e in table)
    assert table[-1]["action"] == "result" and len(table) < len(everything)
    assert tdesk("audit", path, "--entrant", "丁队", "--json").json()


def test_the_trail_as_a_table(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "a.tdesk"
    small_event(tdesk, path)
    lines = tdesk("audit", path).out.splitlines()
    assert lines[0].split()[:3] == ["Time", "Station", "Action"]
    result = next(line for line in lines[1:] if " result " in line)
    assert '→ {"away_level": "9"' in result  # the change, old → new, cut short to fit


def test_verify_says_intact_then_names_the_entry_changed_outside(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "a.tdesk"
    small_event(tdesk, path)
    run = tdesk("audit", path, "--verify")
    assert run.code == 0 and "The audit trail is intact" in run.out
    if tdesk.cluster is not None:
        return  # the tampering below is done to the SQLite file
    with sqlite3.connect(path) as db:
        db.execute("UPDATE audit SET reason = '改过' WHERE id = 3")
    broken = tdesk("audit", path, "--verify")
    assert broken.code == 1
    assert "changed outside the program at entry 3" in broken.err
