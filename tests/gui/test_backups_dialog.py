"""File ▸ Backups: the list of automatic backups, and restoring one after a question."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tournament_desk.gui import boxes
from tournament_desk.gui.dialogs.backups_dialog import BackupsDialog
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.services.demo import create_demo
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import last_paired_round, pair_next_round

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


def test_restore_a_backup_from_the_window(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TDESK_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "b.tdesk"
    create_demo(path, entrants=8, units=2, played=1, seed=3).close()
    assert window.open_file(path)
    session = window.session
    assert session is not None
    view = pair_next_round(session.desk)  # backed up "before-round-2"
    for t in view.tables:
        record_result(session.desk, 2, t.table, "Q", "9")
    window.show_backups()
    dialog = window.backups_dialog
    assert isinstance(dialog, BackupsDialog)
    labels = [b.label for b in dialog.backups]
    assert labels[0] == "before-round-2" and dialog.table.rowCount() == len(labels)
    assert dialog.table.item(0, 1).text() == "Before pairing round 2"  # in words, never the file's label
    monkeypatch.setattr(boxes, "ask", lambda *a, **k: True)
    dialog.table.selectRow(0)
    dialog.restore_button.click()
    assert session.read(last_paired_round) == 1  # back before round 2 was paired
    assert dialog.backups[0].label == "before-restore"
