"""dialogs/reason_dialog: the reason asked for a manual change, required or not, wide enough for the body."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox
from pytestqt.qtbot import QtBot

from tournament_desk.gui.dialogs.reason_dialog import MAX_WIDTH, MIN_WIDTH, ReasonDialog


def test_a_required_reason_enables_ok_only_once_typed(qtbot: QtBot) -> None:
    dialog = ReasonDialog(None, "Forfeit", "Table 3: 甲 – 乙; forfeit by 甲", required=True)
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()
    dialog.edit.setText("   ")
    assert not ok.isEnabled()
    qtbot.keyClicks(dialog.edit, "no show")
    assert ok.isEnabled()
    ok.click()
    assert dialog.result() == QDialog.DialogCode.Accepted and dialog.reason() == "   no show"


def test_an_optional_reason_can_be_left_empty(qtbot: QtBot) -> None:
    dialog = ReasonDialog(None, "Lock", "Table 1")
    qtbot.addWidget(dialog)
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    assert dialog.reason() == ""


def test_the_width_grows_with_a_long_body_up_to_a_maximum(qtbot: QtBot) -> None:
    short = ReasonDialog(None, "t", "x")
    qtbot.addWidget(short)
    metrics = short.body.fontMetrics()
    middle = "W"
    while metrics.horizontalAdvance(middle) < (MIN_WIDTH + MAX_WIDTH) // 2:
        middle += "W"
    long = ReasonDialog(None, "t", middle)
    huge = ReasonDialog(None, "t", middle * 3)
    for d in (long, huge):
        qtbot.addWidget(d)
    assert short.minimumWidth() == MIN_WIDTH
    assert metrics.horizontalAdvance(middle) < long.minimumWidth() < MAX_WIDTH
    assert huge.minimumWidth() == MAX_WIDTH
    name = "<b>南京大学</b>第二代表队"
    plain = ReasonDialog(None, "t", name)
    qtbot.addWidget(plain)
    assert plain.body.text() == name and plain.body.textFormat() == Qt.TextFormat.PlainText
