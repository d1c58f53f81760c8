"""The automatic backups of a tournament file (services/backups.py): taken, listed, pruned and restored."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.services import entrants as es
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.backups import list_backups, prune_backups, restore_backup, take_backup
from tournament_desk.services.desk import Desk
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.file_only("backups are files")


def test_a_backup_is_listed_with_what_it_was_taken_before(four: Desk) -> None:
    taken = take_backup(four, "before-import")
    assert taken is not None and taken.is_file()
    pair_next_round(four)  # takes "before-round-1"
    by_label = {b.label: b for b in list_backups(four)}
    assert set(by_label) == {"before-import", "before-round-1"}
    assert by_label["before-round-1"].round == 1 and by_label["before-import"].round is None
    assert all(b.checked and b.size > 0 for b in by_label.values())


def test_a_restore_puts_the_event_back_and_keeps_what_it_replaced(four: Desk) -> None:
    backup = take_backup(four, "before-import")
    assert backup is not None
    es.add_entrant(four, "戊")
    kept = restore_backup(four, backup, reason="导入错了")
    assert [e.name for e in es.list_entrants(four)] == ["甲", "乙", "丙", "丁"]
    assert kept is not None and kept.is_file()
    last = audit_trail(four)[-1]
    assert last.action == "restore-backup" and last.reason == "导入错了" and last.new["backup"] == backup.name


def test_a_damaged_or_missing_backup_is_refused(four: Desk, tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="no backup at"):
        restore_backup(four, tmp_path / "none.tdesk")
    damaged = tmp_path / "damaged.tdesk"
    damaged.write_bytes(b"SQLite format 3\x00" + b"\x00" * 100)
    with pytest.raises(BadInput, match="damaged"):
        restore_backup(four, damaged)
    assert len(es.list_entrants(four)) == 4


def test_pruning_keeps_the_newest(four: Desk) -> None:
    for n in range(4):
        take_backup(four, f"before-test-{n}")
    path = four.db.path
    assert path is not None
    removed = prune_backups(path, keep=2)
    assert len(removed) == 2 and len(list_backups(four)) == 2
