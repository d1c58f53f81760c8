"""dialogs/entrant_dialog: adding an entrant, and correcting one with a reason, on a real event."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from tournament_desk.gui.dialogs.entrant_dialog import EntrantDialog
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.entrants import EntrantInfo, add_entrant, list_entrants, update_entrant


def test_adding_needs_a_name_and_has_no_reason(qtbot: QtBot, empty_session: DeskSession) -> None:
    def submit(d: EntrantDialog) -> bool:
        return empty_session.run(d, add_entrant, d.name(), unit=d.unit(), players=d.players()) is not None

    dialog = EntrantDialog(None, submit)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Add an entrant"
    assert not dialog.ok_button.isEnabled()
    dialog.name_edit.setText("   ")
    assert not dialog.ok_button.isEnabled()
    qtbot.keyClicks(dialog.name_edit, "Team A")
    dialog.players_edit.setText("甲, 乙")
    assert dialog.unit() is None and dialog.reason_edit.parent() is None  # no reason row when adding
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    (added,) = list_entrants(empty_session.desk)
    assert (added.name, added.unit, added.players) == ("Team A", None, ("甲", "乙"))


def test_correcting_shows_the_entrant_and_keeps_the_reason(qtbot: QtBot, empty_session: DeskSession) -> None:
    entrant: EntrantInfo = add_entrant(empty_session.desk, "甲队", unit="复旦", players="张三,李四")

    def submit(d: EntrantDialog) -> bool:
        return (
            empty_session.run(
                d,
                update_entrant,
                entrant.id,
                name=d.name(),
                unit=d.unit(),
                players=d.players(),
                reason=d.reason(),
            )
            is not None
        )

    dialog = EntrantDialog(None, submit, entrant)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Correct an entrant"
    assert (dialog.name_edit.text(), dialog.unit_edit.text(), dialog.players_edit.text()) == (
        "甲队",
        "复旦",
        "张三, 李四",
    )
    dialog.unit_edit.setText("同济")
    dialog.reason_edit.setText("typo on the sheet")
    dialog.accept()
    assert list_entrants(empty_session.desk)[0].unit == "同济"
    assert audit_trail(empty_session.desk)[-1].reason == "typo on the sheet"


def test_the_dialog_shows_every_hint_in_full(qtbot: QtBot, empty_session: DeskSession) -> None:
    entrant = add_entrant(empty_session.desk, "甲队")
    for dialog in (EntrantDialog(None, lambda d: True), EntrantDialog(None, lambda d: True, entrant)):
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        edits = [dialog.name_edit, dialog.unit_edit, dialog.players_edit]
        if dialog.entrant is not None:
            edits.append(dialog.reason_edit)
        for edit in edits:
            hint = edit.placeholderText()
            assert hint, "every field says what goes in it"
            assert edit.isVisible() and edit.width() >= edit.fontMetrics().horizontalAdvance(hint) + 16, hint
        assert dialog.width() >= dialog.sizeHint().width() and dialog.height() >= dialog.sizeHint().height()


def test_add_and_next_keeps_the_dialog_open_and_empty_for_the_next_team(
    qtbot: QtBot, empty_session: DeskSession, shown_errors: list[str]
) -> None:
    def submit(d: EntrantDialog) -> bool:
        return empty_session.run(d, add_entrant, d.name(), unit=d.unit(), players=d.players()) is not None

    dialog = EntrantDialog(None, submit)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    assert dialog.next_button is not None and not dialog.next_button.isEnabled()
    qtbot.keyClicks(dialog.name_edit, "Team A")
    dialog.unit_edit.setText("复旦")
    dialog.players_edit.setText("甲,乙")
    qtbot.keyClick(dialog.players_edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert dialog.isVisible() and dialog.result() == 0
    assert (dialog.name_edit.text(), dialog.unit_edit.text(), dialog.players_edit.text()) == ("", "", "")
    qtbot.waitUntil(dialog.name_edit.hasFocus)
    assert "Team A" in dialog.added_label.text() and dialog.added_label.isVisible()
    qtbot.keyClicks(dialog.name_edit, "Team B")
    dialog.next_button.click()
    qtbot.keyClicks(dialog.name_edit, "Team B")  # a refused one keeps what was typed
    dialog.next_button.click()
    assert shown_errors and dialog.name_edit.text() == "Team B"
    dialog.name_edit.setText("Team C")
    dialog.accept()  # the Add button: the last one, and the dialog closes
    assert dialog.result() == QDialog.DialogCode.Accepted
    added = list_entrants(empty_session.desk)
    assert [(e.name, e.unit, e.players) for e in added] == [
        ("Team A", "复旦", ("甲", "乙")),
        ("Team B", None, ()),
        ("Team C", None, ()),
    ]
    assert dialog.added == ["Team A", "Team B"]


def test_correcting_has_no_add_and_next(qtbot: QtBot, empty_session: DeskSession) -> None:
    dialog = EntrantDialog(None, lambda d: True, add_entrant(empty_session.desk, "甲队"))
    qtbot.addWidget(dialog)
    assert dialog.next_button is None and dialog.ok_button.text() == "OK"
