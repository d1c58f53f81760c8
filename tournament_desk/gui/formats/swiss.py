"""Swiss (积分编排, rules.md §7.1, §7.2): paired round by round; results on the results page of its scoring mode."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from tournament_desk.gui.formats.base import Choice, GuiFormat


def tr(text: str) -> str:
    return QCoreApplication.translate("Formats", text)


class Swiss(GuiFormat):
    name = "swiss"

    def choices(self) -> tuple[Choice, ...]:
        return (Choice(self.name, tr("Swiss: paired round by round from the standings (积分编排)")),)
