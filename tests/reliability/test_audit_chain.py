"""The audit trail is a hash chain (issue 15): edited with any SQLite tool, ``tdesk audit --verify`` names the
first entry that no longer follows; an older file gets its chain when it is upgraded."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import create_engine

from tests.cli.conftest import Tdesk
from tournament_desk.storage import database


def played(tdesk: Tdesk, path: Path) -> None:
    assert tdesk("new", path, "--name", "链", "--rounds", 2).code == 0
    for name in "甲乙丙丁":
        tdesk("entrant", "add", path, name)
    tdesk("pair", path)
    tdesk("result", path, 1, 1, "Q", "9")
    tdesk("result", path, 1, 2, "8", "8")
    tdesk("deduct", path, 1, "甲", "0.5", "--reason", "手机")


def test_an_untouched_trail_verifies(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "c.tdesk"
    played(tdesk, path)
    run = tdesk("audit", path, "--verify")
    assert run.code == 0 and "intact" in run.out


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


def test_an_older_file_is_chained_when_upgraded(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "old.tdesk"
    played(tdesk, path)
    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as conn:
        cfg = database._alembic_config()
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0006")
    engine.dispose()
    run = tdesk("audit", path, "--verify")  # opening upgrades the file and chains its entries
    assert run.code == 0 and "intact" in run.out
    tdesk("result", path, 1, 1, "K", "9")
    assert tdesk("audit", path, "--verify").code == 0
