"""The window's registry of stage formats (issue 24): what each format needs from the window — its pages, the
page its results are typed on, its reports on Print…, its entries and settings in the new-tournament wizard —
is that format's ``GuiFormat``, one module each beside this one, found here by the stage's format name.

A format the domain knows and this registry does not gets the base ``GuiFormat`` (paired and scored as Swiss
is), so a new format opens every page before it has a module here. Nothing else in the window compares format
names.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournament_desk.domain import formats as domain_formats
from tournament_desk.gui.formats.base import Choice, GuiFormat
from tournament_desk.gui.formats.groups_knockout import GroupsKnockout
from tournament_desk.gui.formats.knockout import Knockout
from tournament_desk.gui.formats.knockout_round_robin import KnockoutRoundRobin
from tournament_desk.gui.formats.mitchell import Mitchell
from tournament_desk.gui.formats.round_robin import RoundRobin
from tournament_desk.gui.formats.round_robin_final import RoundRobinFinal
from tournament_desk.gui.formats.rows import SettingRow
from tournament_desk.gui.formats.scorings import ScoringChoice, scoring_choice, scoring_choices
from tournament_desk.gui.formats.swiss import Swiss
from tournament_desk.gui.pages.base import Page
from tournament_desk.gui.pages.entrants import EntrantsPage
from tournament_desk.gui.pages.entry.knockout import KnockoutPage

__all__ = [
    "GUI_FORMATS",
    "Choice",
    "GuiFormat",
    "ScoringChoice",
    "SettingRow",
    "gui_format",
    "scoring_choice",
    "scoring_choices",
    "stage_pages",
    "wizard_choices",
]

GUI_FORMATS: dict[str, GuiFormat] = {
    f.name: f
    for f in (
        Swiss(),
        RoundRobin(),
        GroupsKnockout(),
        Knockout(),
        KnockoutRoundRobin(),
        RoundRobinFinal(),
        Mitchell(),
    )
}


def gui_format(name: str) -> GuiFormat:
    """The window's object of a stage format; the base one for a format registered in the domain only."""
    found = GUI_FORMATS.get(name)
    return found if found is not None else GuiFormat(name)


def stage_pages(stage_formats: Sequence[str], scoring: str) -> list[type[Page]]:
    """The pages the event's stages need, in stage order, each once (groups → knockout: the results page, the
    groups page, the knockout page)."""
    pages = [page for name in stage_formats for page in gui_format(name).pages(scoring)]
    return list(dict.fromkeys(pages))


def bracket_hint(stage_formats: Sequence[str]) -> str:
    """What the knockout page says while there is no bracket: how it comes about, as the event's first stage
    format says."""
    return gui_format(stage_formats[0]).bracket_hint() if stage_formats else GuiFormat().bracket_hint()


def knockout_typing(scoring: str) -> str | None:
    """Where the event's scoring mode has a knockout match typed, as the knockout page says it (None: there)."""
    say = scoring_choice(scoring).knockout_typing
    return say() if say is not None else None


def draw_hint(stage_formats: Sequence[str]) -> str:
    """What the round-1 draw decides, as the event's first stage format says it."""
    return gui_format(stage_formats[0]).draw_hint() if stage_formats else GuiFormat().draw_hint()


# The knockout page asks its formats and modes through these, not through an import of the registry that lists
# the page.
KnockoutPage.bracket_hint = bracket_hint
KnockoutPage.knockout_typing = knockout_typing
EntrantsPage.draw_hint = draw_hint


def wizard_choices() -> list[Choice]:
    """The wizard's list of formats: every format an event can start with (the domain's), as each offers it."""
    return [choice for name in domain_formats.creatable() for choice in gui_format(name).choices()]
