"""The Mitchell boards page's correction question (issue 27): it names the board, table and pairs, and asks a
reason (required, as ``tdesk result --correct`` requires ``--reason``) instead of a bare yes / no."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from pytestqt.qtbot import QtBot

from tournament_desk.gui.dialogs.reason_dialog import ReasonDialog
from tournament_desk.gui.models.pair_boards import EntryRow
from tournament_desk.gui.pages.entry.mitchell_dialogs import ask_correction

ROW = EntryRow(round=1, table=5, board=10, ns="第5对", ew="第2对", declarer="N", state="")


def answer(reason: str | None, seen: list[tuple[str, bool]]) -> None:
    """Types ``reason`` into the open question and presses OK (None: cancels); notes its body and whether OK
    was on before a reason was typed."""
    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, ReasonDialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    seen.append((dialog.body.text(), ok.isEnabled()))
    if reason is None:
        dialog.reject()
        return
    dialog.edit.insert(reason)
    ok.click()


def test_a_correction_names_the_board_and_asks_a_reason(qtbot: QtBot, qapp: QApplication) -> None:
    seen: list[tuple[str, bool]] = []
    QTimer.singleShot(0, lambda: answer("记分员读错了", seen))
    assert ask_correction(None, ROW, "60", "110") == "记分员读错了"
    body, ok_before = seen[0]
    assert body == "Round 1, table 5 (第5对 NS – 第2对 EW), board 10: 60 is corrected to 110."
    assert not ok_before  # no correction without a reason


def test_a_cancelled_correction_is_none(qtbot: QtBot, qapp: QApplication) -> None:
    seen: list[tuple[str, bool]] = []
    QTimer.singleShot(0, lambda: answer(None, seen))
    assert ask_correction(None, ROW, "60", "110") is None
