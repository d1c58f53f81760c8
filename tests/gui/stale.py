"""What the stale-editor tests share (tests/gui/test_stale_editors.py, test_stale_boards.py): typing into a
page's editor as a director does, finding the visible editor, and the table's audit trail."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from tournament_desk.domain.chain import AuditEntry
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk


def no_question(qtbot: QtBot) -> None:
    """Nothing is asked (a modal question would be on screen within this wait)."""
    qtbot.wait(100)
    box = QApplication.activeModalWidget()
    assert not (isinstance(box, QMessageBox) and box.objectName() == "stale-question")


def trail(desk: Desk, round_no: int, table: int) -> list[AuditEntry]:
    return audit_trail(desk, round_no=round_no, table_no=table)


def visible(parent: QWidget, kind: type[QLineEdit] | type[QComboBox], name: str) -> QWidget | None:
    return next((e for e in parent.findChildren(kind, name) if e.isVisible()), None)


def line_editor(parent: QWidget, name: str) -> QLineEdit:
    found = visible(parent, QLineEdit, name)
    assert isinstance(found, QLineEdit)
    return found


def type_into(qtbot: QtBot, editor: QLineEdit, text: str) -> None:
    """Keys as the director types them (a Chinese level as an input method commits it)."""
    editor.selectAll()
    if text.isascii():
        qtbot.keyClicks(editor, text)
    else:
        editor.insert(text)
