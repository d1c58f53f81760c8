"""The round-robin final after knockout rounds (rules.md §7.7): a later stage only, its rounds typed on the results
page and its placing on the standings page, like any round robin."""

from __future__ import annotations

from tournament_desk.gui.formats.base import Choice, GuiFormat


class RoundRobinFinal(GuiFormat):
    name = "round-robin-final"

    def choices(self) -> tuple[Choice, ...]:
        return ()  # never an event's first stage
