"""dialogs/entrant_dialog: adding an entrant, and correcting one with a reason, on a real event."""

from __future__ import annotations

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
