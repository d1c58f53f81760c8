"""The knockout (淘汰赛): by draw (rules.md §7.6), or the stage after groups (§7.4). It adds the knockout page (the
bracket, and each round's results with the side on stage) and the bracket to Print…."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from tournament_desk.gui.formats.base import Choice, GuiFormat
from tournament_desk.gui.formats.rows import check_row
from tournament_desk.gui.pages.entry.knockout import KnockoutPage
from tournament_desk.services.output.export import BRACKET


def tr(text: str) -> str:
    return QCoreApplication.translate("Formats", text)


THIRD_PLACE = check_row("third_place", lambda: tr("Play a third-place match"))


class Knockout(GuiFormat):
    name = "knockout"
    extra_pages = (KnockoutPage,)
    reports = (BRACKET,)
    rows = (THIRD_PLACE,)

    def choices(self) -> tuple[Choice, ...]:
        return (
            Choice(
                self.name,
                tr("Knockout by draw: the draw numbers fill a bracket, byes to the first (抽签淘汰)"),
            ),
        )

    def rounds_note(self) -> str | None:
        return tr("A knockout's rounds follow from the number of entrants.")

    def draw_hint(self) -> str:
        return tr("The draw numbers take their places in the bracket in the standard seeding order (1 and 2 can "
                  "meet only in the final); when the entrants do not fill it, the lowest numbers get the byes.")  # fmt: skip

    def bracket_hint(self) -> str:
        return tr("The bracket follows from the round-1 draw: register every entrant, then make the draw on "
                  "the Entrants page.")  # fmt: skip

    def fixed_draft(self) -> str:
        return tr("The bracket fixes who meets whom: its tables cannot be swapped, locked or re-paired. Check the "
                  "round and publish it.")  # fmt: skip
