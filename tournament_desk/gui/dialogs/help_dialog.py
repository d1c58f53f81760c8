"""The help window (F1): the help of the page in front of the director (gui/help.py), not modal; with an event
open, the rules in force and what the options the page deals with mean."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from tournament_desk.domain.rule_notes import RuleNote
from tournament_desk.gui.help import help_html, topic_title


class HelpDialog(QDialog):
    def __init__(
        self,
        parent: QWidget | None,
        topic: str,
        rules: list[tuple[str, str]] | None = None,
        notes: list[RuleNote] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("help-dialog")
        self.topic = topic
        self.setWindowTitle(self.tr("Help — {page}").format(page=topic_title(topic)))
        layout = QVBoxLayout(self)
        self.text = QTextBrowser()
        self.text.setObjectName("help-text")
        self.text.setOpenExternalLinks(True)
        self.text.setHtml(help_html(topic, rules, notes))
        layout.addWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(640, 560)
