"""Groups then knockout (小组赛+淘汰赛, rules.md §7.4): the group stage adds the groups page (group tables, lots, the
knockout draw); its knockout is the ``knockout`` stage, which adds the knockout page."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication

from tournament_desk.gui.formats.base import Choice, GuiFormat
from tournament_desk.gui.formats.knockout import THIRD_PLACE
from tournament_desk.gui.formats.rows import check_row, combo_row, spin_row
from tournament_desk.gui.pages.groups import GroupsPage


def tr(text: str) -> str:
    return QCoreApplication.translate("Formats", text)


def knockout_sizes() -> Sequence[tuple[str, object]]:
    return [
        (tr("Automatic (from the number of groups)"), None),
        *((str(n), n) for n in (2, 4, 8, 16, 32, 64)),
    ]


class GroupsKnockout(GuiFormat):
    name = "groups-knockout"
    extra_pages = (GroupsPage,)
    rows = (
        spin_row("group_size", lambda: tr("Group size"), 3, 6, 4),
        combo_row("knockout_size", lambda: tr("Knockout size"), knockout_sizes),
        check_row("snake", lambda: tr("Snake seeding: the draw order is a seeding, spread over the groups")),
        THIRD_PLACE,
    )

    def choices(self) -> tuple[Choice, ...]:
        return (
            Choice(
                self.name, tr("Groups then knockout: group round robins, then a knockout (小组赛+淘汰赛)")
            ),
        )

    def rounds_note(self) -> str | None:
        return tr("The rounds follow from the groups and the knockout size.")

    def draw_hint(self) -> str:
        return tr("The draw numbers fill the groups (1–4 group A, 5–8 group B, … by the group size; snake seeding "
                  "spreads them A B C … C B A); each group then plays its round robin.")  # fmt: skip

    def bracket_hint(self) -> str:
        return tr("The knockout has not been drawn yet: draw it on the Groups page once every group is over "
                  "and any lots are recorded.")  # fmt: skip

    def fixed_draft(self) -> str:
        return tr("Each group's schedule, then the bracket, fixes who meets whom: the tables cannot be swapped, "
                  "locked or re-paired. Check the round and publish it.")  # fmt: skip
