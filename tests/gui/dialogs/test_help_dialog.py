"""dialogs/help_dialog: F1 shows the help of the page in front of the director, with the rules in force."""

from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from tournament_desk.gui.dialogs.help_dialog import HelpDialog
from tournament_desk.gui.help import topic_text
from tournament_desk.gui.models.rules_model import describe_rules
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.event import event_info


def test_the_help_of_a_page_with_the_events_rules(qtbot: QtBot, demo_session: DeskSession) -> None:
    rules = describe_rules(event_info(demo_session.desk).rules)
    dialog = HelpDialog(None, "ResultsPage", rules)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.windowTitle() == "Help — Results"
    text = dialog.text.toPlainText()
    assert topic_text("ResultsPage")[0][:30] in text
    assert "The rules in force" in text and rules[0][1] in text
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    buttons.button(QDialogButtonBox.StandardButton.Close).click()
    assert not dialog.isVisible()


def test_without_an_event_there_are_no_rules(qtbot: QtBot) -> None:
    dialog = HelpDialog(None, "StartPage")
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Help — Getting started"
    assert "The rules in force" not in dialog.text.toPlainText()
