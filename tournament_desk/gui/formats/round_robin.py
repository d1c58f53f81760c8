"""Round robin (循环赛, rules.md §7.3): single or double, its rounds known from the number of entrants."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from tournament_desk.gui.formats.base import Choice, GuiFormat


def tr(text: str) -> str:
    return QCoreApplication.translate("Formats", text)


class RoundRobin(GuiFormat):
    name = "round-robin"

    def choices(self) -> tuple[Choice, ...]:
        return (
            Choice(self.name, tr("Round robin: everyone meets everyone once (单循环)")),
            Choice(
                self.name, tr("Double round robin: twice, home and away swapped (双循环)"), {"double": True}
            ),
        )

    def draw_hint(self) -> str:
        return tr("The draw numbers place the entrants in the Berger schedule (number 1 is the schedule's first "
                  "line): who meets whom in which round follows from them, and the schedule cannot change later.")  # fmt: skip

    def rounds_note(self) -> str | None:
        return tr("A round robin's rounds follow from the number of entrants.")

    def fixed_draft(self) -> str:
        return tr("The round robin's schedule follows from the draw numbers: its tables cannot be swapped, locked "
                  "or re-paired. Check the round and publish it.")  # fmt: skip
