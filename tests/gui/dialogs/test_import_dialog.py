"""dialogs/import_dialog: a sign-up sheet previewed before importing; Import only when every row is good."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog, QLineEdit, QStyle, QStyleOptionButton
from pytestqt.qtbot import QtBot

from tournament_desk.gui.dialogs.import_dialog import ImportPreviewDialog
from tournament_desk.gui.models.import_preview import SheetPreviewModel
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.entrants import EntrantSheet, import_entrants, list_entrants, open_entrant_sheet
from tournament_desk.services.entrants_check import SheetCheck
from tournament_desk.services.event import create_tournament
from tournament_desk.services.players import list_players


def dialog_for(qtbot: QtBot, session: DeskSession, sheet: Path, text: str) -> ImportPreviewDialog:
    sheet.write_text(text, encoding="utf-8")

    def submit(d: ImportPreviewDialog) -> bool:
        return session.run(d, import_entrants, d.path, rows=d.kept_lines(), read=d.read_lines()) is not None

    dialog = ImportPreviewDialog(None, submit, sheet, open_entrant_sheet(session.desk, sheet))
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
    assert dialog.summary.text().startswith("Rows that cannot be imported: 1 (in red). Correct them here")
    assert "color" in dialog.summary.styleSheet()
    dialog.accept()
    assert list_entrants(empty_session.desk) == []


def test_an_empty_sheet_or_an_unreadable_one_says_why(qtbot: QtBot, tmp_path: Path) -> None:
    empty = ImportPreviewDialog(
        None, lambda d: True, tmp_path / "e.csv", EntrantSheet(tmp_path, (), SheetCheck())
    )
    unreadable = ImportPreviewDialog(None, lambda d: True, tmp_path / "x.csv", None, error="Not a sheet.")
    for d in (empty, unreadable):
        qtbot.addWidget(d)
        assert not d.ok_button.isEnabled()
    assert empty.summary.text() == "The sheet has no entrants to import."
    assert unreadable.summary.text() == "Not a sheet."


def cell(dialog: ImportPreviewDialog, row: int, column: int) -> QModelIndex:
    return dialog.model.index(row, column)


def untick(dialog: ImportPreviewDialog, row: int) -> None:
    """Click the row's tick box, as the director does."""
    index = cell(dialog, row, SheetPreviewModel.COL_ROW)
    view = dialog.table
    rect = view.visualRect(index)
    option = QStyleOptionButton()
    option.rect = rect
    box = view.style().subElementRect(QStyle.SubElement.SE_ItemViewItemCheckIndicator, option, view)
    where = QPoint(rect.left() + box.width() // 2 + 3, rect.center().y())
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, where)


def type_into(qtbot: QtBot, dialog: ImportPreviewDialog, row: int, column: int, text: str) -> QLineEdit:
    """Double-click a cell and type: the row is checked again at each keystroke, before Enter."""
    view = dialog.table
    index = cell(dialog, row, column)
    view.setCurrentIndex(index)
    view.edit(index)
    editor = view.indexWidget(index) or view.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    type_on(qtbot, editor, text)
    return editor


def type_on(qtbot: QtBot, editor: QLineEdit, text: str) -> None:
    """Keys for Latin letters; Chinese as an input method commits it (keyClicks takes Latin-1 only)."""
    if text.isascii():
        qtbot.keyClicks(editor, text)
    else:
        editor.insert(text)


@pytest.mark.slow
def test_the_director_leaves_out_and_corrects_rows_and_imports_the_rest(
    qtbot: QtBot, empty_session: DeskSession, tmp_path: Path
) -> None:
    text = "name,unit,players\nA队,复旦,\nA队,同济,\nB队,交大,\nC队,,\n"
    dialog = dialog_for(qtbot, empty_session, tmp_path / "signup.csv", text)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert not dialog.ok_button.isEnabled()  # row 3 repeats row 2
    assert cell(dialog, 1, SheetPreviewModel.COL_PROBLEM).data() == "row 3: 'A队' repeats row 2"
    editor = type_into(qtbot, dialog, 1, SheetPreviewModel.COL_NAME, "D")
    # re-checked while typing, before the cell is committed with Enter
    assert editor.text() == "D" and cell(dialog, 1, SheetPreviewModel.COL_PROBLEM).data() == ""
    assert dialog.ok_button.isEnabled()
    type_on(qtbot, editor, "队")  # the cursor stays where the director types
    assert editor.text() == "D队" and cell(dialog, 1, SheetPreviewModel.COL_NAME).data() == "D队"
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    untick(dialog, 3)  # C队: left out
    assert cell(dialog, 3, SheetPreviewModel.COL_PROBLEM).data() == "Left out"
    assert dialog.summary.text() == "Entrants to import: 3. Rows left out: 1."
    dialog.ok_button.click()
    assert dialog.result() == QDialog.DialogCode.Accepted
    added = list_entrants(empty_session.desk)
    assert [(e.name, e.unit) for e in added] == [("A队", "复旦"), ("D队", "同济"), ("B队", "交大")]
    entry = audit_trail(empty_session.desk)[-1]
    assert entry.action == "entrant-import"
    assert entry.new["left_out"] == [5]
    assert entry.new["corrected"] == {"3": {"old": ["A队", "同济", ""], "new": ["D队", "同济", ""]}}


def test_a_row_whose_players_do_not_fit_a_team_of_four_is_flagged(
    qtbot: QtBot, tmp_path: Path, qapp: object
) -> None:
    session = DeskSession(create_tournament(tmp_path / "teams.tdesk", name="团体赛", entrants="teams"))
    try:
        text = "name,players\n甲队,赵、钱、孙、李\n乙队,周、吴\n丙队,郑、王、冯、陈、褚\n"
        dialog = dialog_for(qtbot, session, tmp_path / "teams.csv", text)
        problems = [cell(dialog, r, SheetPreviewModel.COL_PROBLEM).data() for r in range(3)]
        assert problems == [
            "",
            "Check: row 3: 2 players; an entrant of this event has 4",
            "row 4: 5 players, more than the 4 an entrant of this event has",
        ]
        assert cell(dialog, 1, 1).data(Qt.ItemDataRole.BackgroundRole) is not None  # shaded: to check
        assert not dialog.ok_button.isEnabled()
        type_into(qtbot, dialog, 2, SheetPreviewModel.COL_PLAYERS, "郑、王、冯、陈")
        assert cell(dialog, 2, SheetPreviewModel.COL_PROBLEM).data() == ""
        assert dialog.ok_button.isEnabled()
        assert "1 of them to check" in dialog.summary.text()
    finally:
        session.close()


@pytest.mark.slow
def test_idents_are_shown_corrected_and_imported_with_the_players(
    qtbot: QtBot, empty_session: DeskSession, tmp_path: Path
) -> None:
    """The 识别号 column is shown when the sheet has one; a row with fewer idents than players is corrected in
    the preview, and the players are stored with their idents (issue 30)."""
    text = "队名,单位,队员,识别号\n甲队,复旦,张三、李四,1234\n乙队,同济,王五,\n"
    dialog = dialog_for(qtbot, empty_session, tmp_path / "idents.csv", text)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert not dialog.table.isColumnHidden(SheetPreviewModel.COL_IDENTS)
    assert dialog.model.headerData(SheetPreviewModel.COL_IDENTS, Qt.Orientation.Horizontal) == "Idents"
    assert cell(dialog, 0, SheetPreviewModel.COL_IDENTS).data() == "1234"
    assert "1 idents for 2 players" in cell(dialog, 0, SheetPreviewModel.COL_PROBLEM).data()
    assert not dialog.ok_button.isEnabled()
    editor = type_into(qtbot, dialog, 0, SheetPreviewModel.COL_IDENTS, "1234,5678")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert cell(dialog, 0, SheetPreviewModel.COL_PROBLEM).data() == "" and dialog.ok_button.isEnabled()
    dialog.ok_button.click()
    assert dialog.result() == QDialog.DialogCode.Accepted
    idents = {p.name: p.ident for p in list_players(empty_session.desk)}
    assert idents == {"张三": "1234", "李四": "5678", "王五": None}
    plain = dialog_for(qtbot, empty_session, tmp_path / "plain.csv", "name,unit\n丙队,复旦\n")
    assert plain.table.isColumnHidden(SheetPreviewModel.COL_IDENTS)  # no column to show
