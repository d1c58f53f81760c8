"""A change cut off half-way (a full disk, a killed process) leaves a hot journal beside the file: the next open
rolls it back and says so; a file switched to WAL by another tool goes back to one file (issue 15)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)

CUT_OFF = """
import os, sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA cache_size=5")  # a tiny cache: changed pages spill into the file before the commit
conn.execute("BEGIN IMMEDIATE")
for i in range(3000):
    conn.execute("INSERT INTO audit (at, station, action, reason) VALUES ('2026-01-01 00:00:00', 'x', 'x', ?)",
                 ("填充" * 50,))
os.kill(os.getpid(), 9)
"""


def event(tdesk: Tdesk, path: Path) -> None:
    assert tdesk("new", path, "--name", "日志", "--rounds", 1).code == 0
    for name in "甲乙":
        tdesk("entrant", "add", path, name)


def test_a_cut_off_change_is_rolled_back_and_reported(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "j.tdesk"
    event(tdesk, path)
    before = len(tdesk("audit", path, "--json").json())
    subprocess.run([sys.executable, "-c", CUT_OFF, str(path)], check=False, timeout=60)
    journal = path.with_name(path.name + "-journal")
    assert journal.is_file() and journal.stat().st_size > 0  # a hot journal: the change was cut off
    run = tdesk("entrant", "list", path)
    assert run.code == 0 and "has been undone" in run.err, run.err
    assert len(tdesk("audit", path, "--json").json()) == before
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_file_switched_to_wal_goes_back_to_one_file(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "w.tdesk"
    event(tdesk, path)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode=WAL").fetchone() == ("wal",)
    assert tdesk("pair", path).code == 0
    assert not path.with_name(path.name + "-wal").exists() and not path.with_name(path.name + "-shm").exists()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)
