"""dialogs/lot_dialog: the director orders the tied entrants of a group as the cards gave, with the keyboard."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tournament_desk.gui.dialogs.lot_dialog import LotDialog
from tournament_desk.services.groups import THIRDS


def test_each_group_lists_its_tied_entrants_and_alt_arrows_move_them(qtbot: QtBot) -> None:
    got: list[tuple[str, list[str]]] = []

    def submit(d: LotDialog) -> bool:
        got.append((d.group(), d.order_list.names()))
        return True

    dialog = LotDialog(None, submit, {"A": ["甲", "乙", "丙"], THIRDS: ["丁", "戊"]})
    qtbot.addWidget(dialog)
    dialog.show()
    assert [dialog.group_box.itemText(i) for i in range(2)] == ["Group A", "Best thirds (第三名)"]
    assert dialog.tied_label.text() == "Tied on every criterion: 甲、乙、丙"
    assert dialog.order_list.currentRow() == 0
    qtbot.keyClick(dialog.order_list, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    assert dialog.order_list.names() == ["乙", "甲", "丙"]
    dialog.down_button.click()
    assert dialog.order_list.names() == ["乙", "丙", "甲"]
    dialog.group_box.setCurrentIndex(1)
    assert dialog.order_list.names() == ["丁", "戊"]
    dialog.up_button.click()  # already first
    assert dialog.order_list.names() == ["丁", "戊"]
    dialog.accept()
    assert got == [(THIRDS, ["丁", "戊"])]
