"""Backups a director can use (issue 15): taken before every pairing, import and withdrawal, listed and
checked, restored (the current state kept first, the restore audited), pruned by a clear rule; a backup is
written under a temporary name, so one named like a good one is good."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk
from tournament_desk.services.backups import KEEP, prune_backups
from tournament_desk.userdata import backup_folder


@pytest.fixture
def event(tdesk: Tdesk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TDESK_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "备份赛.tdesk"
    assert tdesk("new", path, "--name", "备份赛", "--rounds", 3).code == 0
    sheet = tmp_path / "报名.csv"
    sheet.write_text("队名\n甲\n乙\n丙\n丁\n", encoding="utf-8")
    assert tdesk("entrant", "import", path, sheet).code == 0
    assert tdesk("pair", path).code == 0
    return path


@pytest.mark.slow
def test_backups_are_listed_and_checked(tdesk: Tdesk, event: Path) -> None:
    shown = tdesk("backups", event, "--json").json()
    assert [b["label"] for b in shown] == ["before-round-1", "before-import"]
    assert all(b["checked"] and b["size"] > 0 for b in shown) and shown[0]["round"] == 1
    assert not [p for p in backup_folder(event).iterdir() if p.name.startswith(".")]  # no partial copy left
    assert "before-round-1" in tdesk("backups", event).out


@pytest.mark.slow
def test_a_restore_keeps_the_current_state_first_and_is_audited(tdesk: Tdesk, event: Path) -> None:
    tdesk("result", event, 1, 1, "Q", "9")
    tdesk("result", event, 1, 2, "8", "8")
    assert tdesk("entrant", "withdraw", event, "甲", "--after-round", 1).code == 0
    shown = tdesk("backups", event, "--json").json()
    assert shown[0]["label"] == "before-withdrawal"
    before_round_1 = next(b["path"] for b in shown if b["label"] == "before-round-1")
    run = tdesk("restore", event, before_round_1, "--reason", "第一轮重排")
    assert run.code == 0 and "before-restore" in run.out
    assert tdesk("round", event, 1).code == 2  # back before round 1 was paired
    audit = tdesk("audit", event, "--json").json()
    assert audit[-1]["action"] == "restore-backup" and audit[-1]["reason"] == "第一轮重排"
    kept = tdesk("backups", event, "--json").json()[0]
    assert kept["label"] == "before-restore"
    assert tdesk("restore", event, kept["path"]).code == 0  # and back again: round 1 with its results
    assert tdesk("round", event, 1, "--json").json()["tables"][0]["state"] == "played"


@pytest.mark.slow
def test_a_damaged_or_missing_backup_is_refused(tdesk: Tdesk, event: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.tdesk"
    bad.write_bytes(b"SQLite format 3\x00" + b"\x00" * 5000)
    run = tdesk("restore", event, bad)
    assert run.code == 2 and "damaged" in run.err
    assert tdesk("restore", event, tmp_path / "none.tdesk").code == 2


@pytest.mark.slow
def test_old_backups_are_pruned_by_a_clear_rule(tdesk: Tdesk, event: Path) -> None:
    """The newest KEEP stay; older ones go, except a backup taken before an upgrade of the file."""
    folder = backup_folder(event)
    upgrade = folder / f"{event.stem}-before-upgrade-0004.tdesk"
    upgrade.write_bytes(b"x")
    os.utime(upgrade, (1_000_000, 1_000_000))  # the oldest of all
    for i in range(KEEP + 5):  # older than the two the event took, newer than the upgrade's
        old = folder / f"{event.stem}-before-round-9-20260101-{i:06d}-000000.tdesk"
        old.write_bytes(b"x")
        os.utime(old, (2_000_000 + i, 2_000_000 + i))
    removed = prune_backups(event)
    assert len(removed) == 7 and all(
        p.name.endswith(tuple(f"{i:06d}-000000.tdesk" for i in range(7))) for p in removed
    )
    assert upgrade.exists() and len(list(folder.iterdir())) == KEEP + 1
