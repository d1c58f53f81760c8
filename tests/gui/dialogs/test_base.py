"""dialogs/base: OK runs the action and closes only when it went through; the order list moves names."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from tournament_desk.gui.dialogs.base import ActionDialog, OrderList
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.entrants import add_entrant, list_entrants


@pytest.mark.slow
def test_a_refused_action_keeps_the_dialog_open_and_a_done_one_closes_it(
    qtbot: QtBot, empty_session: DeskSession, shown_errors: list[str]
) -> None:
    names = iter(["", "甲队"])  # an empty name is refused by the service

    def submit(dialog: Any) -> bool:
        return empty_session.run(dialog, add_entrant, next(names)) is not None

    dialog = ActionDialog(None, submit)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.accept()
    assert dialog.isVisible() and dialog.result() != QDialog.DialogCode.Accepted and len(shown_errors) == 1
    dialog.accept()
    assert not dialog.isVisible() and dialog.result() == QDialog.DialogCode.Accepted
    assert [e.name for e in list_entrants(empty_session.desk)] == ["甲队"]


def test_a_disabled_ok_runs_nothing(qtbot: QtBot) -> None:
    calls: list[object] = []
    dialog = ActionDialog(None, lambda d: calls.append(d) or True)
    qtbot.addWidget(dialog)
    dialog.ok_button.setEnabled(False)
    dialog.accept()
    assert calls == []


def test_the_order_list_moves_the_current_name_within_the_list(qtbot: QtBot) -> None:
    order = OrderList()
    qtbot.addWidget(order)
    order.addItems(["甲", "乙", "丙"])
    order.move_current(1)  # nothing current: nothing moves
    assert order.names() == ["甲", "乙", "丙"]
    order.setCurrentRow(0)
    order.move_current(1)
    assert order.names() == ["乙", "甲", "丙"] and order.currentRow() == 1
    order.move_current(-5)  # past the top: stays
    assert order.names() == ["乙", "甲", "丙"]
    order.setCurrentRow(2)
    order.move_current(-2)
    assert order.names() == ["丙", "乙", "甲"] and order.currentRow() == 0
