"""dialogs/withdraw_dialog: withdrawing an entrant of a real event, never a guessed one."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from tournament_desk.gui.dialogs.withdraw_dialog import AFTER_LAST_RESULT, WithdrawDialog
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.entrants import list_entrants, withdraw


def submit_to(session: DeskSession):  # type: ignore[no-untyped-def]
    def submit(dialog: WithdrawDialog) -> bool:
        done = session.run(
            dialog, withdraw, dialog.name(), after_round=dialog.after_round(), reason=dialog.reason()
        )
        return done is not None

    return submit


def test_nobody_is_chosen_until_the_director_picks(
    qtbot: QtBot, demo_session: DeskSession, shown_errors: list[str]
) -> None:
    entrants = list_entrants(demo_session.desk)
    dialog = WithdrawDialog(None, submit_to(demo_session), entrants, paired=2)
    qtbot.addWidget(dialog)
    assert dialog.entrant_combo.currentIndex() == -1 and not dialog.ok_button.isEnabled()
    dialog.accept()  # Enter: nothing happens
    assert all(e.withdrawn_after_round is None for e in list_entrants(demo_session.desk))
    assert dialog.entrant_combo.count() == 12
    dialog.entrant_combo.setCurrentIndex(0)
    assert dialog.ok_button.isEnabled() and dialog.ok_button.text() == "Withdraw"


def test_withdrawing_after_a_round_with_a_reason(
    qtbot: QtBot, demo_session: DeskSession, shown_errors: list[str]
) -> None:
    name = list_entrants(demo_session.desk)[4].name
    dialog = WithdrawDialog(None, submit_to(demo_session), list_entrants(demo_session.desk), 2, selected=name)
    qtbot.addWidget(dialog)
    assert dialog.name() == name
    assert (dialog.round_spin.minimum(), dialog.round_spin.maximum()) == (AFTER_LAST_RESULT, 2)
    assert dialog.after_round() is None and dialog.round_spin.text() == "After its last result"
    dialog.round_spin.setValue(2)
    dialog.reason_edit.setText("  ill  ")
    assert dialog.reason() == "ill"
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    withdrawn = {e.name: e.withdrawn_after_round for e in list_entrants(demo_session.desk)}
    assert withdrawn[name] == 2 and shown_errors == []
