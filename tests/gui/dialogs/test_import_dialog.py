"""dialogs/import_dialog: a sign-up sheet previewed before importing; Import only when every row is good."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from tournament_desk.gui.dialogs.import_dialog import ImportPreviewDialog
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.entrants import import_entrants, list_entrants, preview_entrant_sheet


def dialog_for(qtbot: QtBot, session: DeskSession, sheet: Path, text: str) -> ImportPreviewDialog:
    sheet.write_text(text, encoding="utf-8")

    def submit(d: ImportPreviewDialog) -> bool:
        return session.run(d, import_entrants, d.path) is not None

    dialog = ImportPreviewDialog(None, submit, sheet, preview_entrant_sheet(session.desk, sheet))
    qtbot.addWidget(dialog)
    return dialog


@pytest.mark.slow
def test_a_good_sheet_is_imported_by_the_import_button(
    qtbot: QtBot, empty_session: DeskSession, tmp_path: Path
) -> None:
    dialog = dialog_for(qtbot, empty_session, tmp_path / "ok.csv", "name,unit\n甲队,复旦\n乙队,同济\n")
    assert dialog.windowTitle() == "Import entrants from ok.csv"
    assert dialog.summary.text() == "Entrants to import: 2." and dialog.summary.styleSheet() == ""
    assert dialog.ok_button.isEnabled() and dialog.ok_button.text() == "&Import"
    dialog.ok_button.click()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert [e.name for e in list_entrants(empty_session.desk)] == ["甲队", "乙队"]


def test_a_bad_row_blocks_the_whole_import(qtbot: QtBot, empty_session: DeskSession, tmp_path: Path) -> None:
    dialog = dialog_for(qtbot, empty_session, tmp_path / "bad.csv", "name,unit\n甲队,复旦\n,同济\n")
    assert not dialog.ok_button.isEnabled()
    assert dialog.summary.text().startswith("Rows that cannot be imported: 1 (in red).")
    assert "color" in dialog.summary.styleSheet()
    dialog.accept()
    assert list_entrants(empty_session.desk) == []


def test_an_empty_sheet_or_an_unreadable_one_says_why(qtbot: QtBot, tmp_path: Path) -> None:
    empty = ImportPreviewDialog(None, lambda d: True, tmp_path / "e.csv", [])
    unreadable = ImportPreviewDialog(None, lambda d: True, tmp_path / "x.csv", [], error="Not a sheet.")
    for d in (empty, unreadable):
        qtbot.addWidget(d)
        assert not d.ok_button.isEnabled()
    assert empty.summary.text() == "The sheet has no entrants to import."
    assert unreadable.summary.text() == "Not a sheet."
