"""What the window needs from one stage format (issue 24): the pages it adds, the page its results are typed on,
the reports it adds to Print…, and how the new-tournament wizard offers it (its choices and settings rows).

One ``GuiFormat`` per stage format, in a module of its own beside this one, found through the registry of
``gui/formats/__init__.py``; a format registered in the domain only gets this base class, which works for any
format paired and scored like Swiss (the results page of the event's scoring mode, no pages of its own).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from PySide6.QtCore import QCoreApplication

from tournament_desk.domain.formats import format_named
from tournament_desk.gui.formats.rows import SettingRow
from tournament_desk.gui.formats.scorings import scoring_choice
from tournament_desk.gui.pages.base import Page
from tournament_desk.services.rounds import TableView

__all__ = ["Choice", "GuiFormat"]


def tr(text: str) -> str:
    return QCoreApplication.translate("Formats", text)


@dataclass(frozen=True)
class Choice:
    """One entry of the wizard's list of formats: the format, its label, and settings the entry fixes (a double
    round robin is the round robin with ``double``)."""

    format: str
    label: str
    settings: Mapping[str, object] = field(default_factory=dict)


class GuiFormat:
    """A stage format as the window sees it. Subclasses (one module each) say what differs from Swiss."""

    name: str = ""
    # Pages the format adds after its results page (in the order of the window's tabs).
    extra_pages: ClassVar[tuple[type[Page], ...]] = ()
    # Reports (services.export names) Print… offers for an event with this stage, besides every event's.
    reports: ClassVar[tuple[str, ...]] = ()
    # The wizard's settings rows this format shows (create_tournament's settings of the format).
    rows: ClassVar[tuple[SettingRow, ...]] = ()
    # The wizard: the one scoring mode and kind of entrants (None: the director chooses), and whether the
    # director chooses a number of rounds (a format that asks it among its own rows says False).
    scoring: ClassVar[str | None] = None
    entrants: ClassVar[str | None] = None
    asks_rounds: ClassVar[bool] = True
    # The Rounds page shows each side's match points before the round (they mean nothing where a pair's score is
    # its boards' match points, as in Mitchell).
    pairs_by_match_points: ClassVar[bool] = True

    def __init__(self, name: str | None = None) -> None:
        if name is not None:
            self.name = name

    def results_page(self, scoring: str) -> type[Page]:
        """The page this stage's results are typed on: the event's scoring mode's (gui/formats/scorings.py). A
        format whose tables are scored another way (Mitchell's boards) names its own page."""
        return scoring_choice(scoring).page

    def pages(self, scoring: str) -> tuple[type[Page], ...]:
        """The pages this stage needs between the Rounds and the Standings pages."""
        return (self.results_page(scoring), *self.extra_pages)

    def choices(self) -> tuple[Choice, ...]:
        """How the wizard lists the format (an unregistered one: by its name)."""
        return (Choice(self.name, self.name),)

    def rounds_note(self) -> str | None:
        """Why the director does not choose the number of rounds (None: the director does)."""
        engine = format_named(self.name)
        if engine.scheduled or engine.planned_rounds(16, {}) is not None:
            return tr("The rounds follow from the number of entrants.")
        return None

    def draw_hint(self) -> str:
        """What the round-1 draw dialog says the draw numbers decide, for an event that starts with this format."""
        return tr("Draw number 1 plays 2 on table 1, 3 plays 4 on table 2, and so on.")

    def bracket_hint(self) -> str:
        """What the knockout page says while there is no bracket, for an event that starts with this format."""
        return tr("There is no bracket yet.")

    def pairing_sides(self) -> tuple[str, str] | None:
        """The Rounds page's headings of a table's two sides (None: its own, home / away)."""
        return None

    def table_result(self, table: TableView, brief: bool = False) -> str | None:
        """What the Rounds page says of a table's result (None: as every format's tables say it); ``brief``: in a
        cell of the whole schedule, beside the table's two names."""
        return None

    def fixed_draft(self) -> str:
        """Why a draft round of this format can only be checked and published, not swapped, locked or re-paired
        (asked only of a stage that is not adjustable)."""
        return tr(
            "This stage's format fixes who meets whom: its tables cannot be swapped, locked or re-paired."
        )

    def standings_note(self) -> str | None:
        """What the Standings page says of how this format ranks (None: nothing beyond the columns)."""
        return None
