"""What the window needs from one stage format (issue 24): the pages it adds, the page its results are typed on,
the reports it adds to Print…, and how the new-tournament wizard offers it (its choices and settings rows).

One ``GuiFormat`` per stage format, in a module of its own beside this one, found through the registry of
``gui/formats/__init__.py``; a format registered in the domain only gets this base class, which works for any
format paired and scored like Swiss (the results page of the event's scoring mode, no pages of its own).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox, QWidget

from tournament_desk.domain.formats import format_named
from tournament_desk.gui.pages.base import Page
from tournament_desk.gui.pages.entry.duplicate import DuplicateResultsPage
from tournament_desk.gui.pages.entry.levels import ResultsPage


def tr(text: str) -> str:
    return QCoreApplication.translate("Formats", text)


# The page a table's result is typed on, per scoring mode (domain.scoring_modes): levels, or duplicate boards
# room by room. A format whose tables are scored another way (Mitchell's boards) names its own page.
ENTRY_PAGES: dict[str, type[Page]] = {"levels": ResultsPage, "duplicate": DuplicateResultsPage}


@dataclass(frozen=True)
class SettingRow:
    """One row of the wizard's event page: a widget for one of ``create_tournament``'s settings."""

    key: str  # create_tournament's keyword
    name: str  # the widget's object name without "wizard-" (tests and the wizard find it by that)
    label: Callable[[], str]  # called when the wizard is built, in the language of the moment
    make: Callable[[], QWidget]
    read: Callable[[QWidget], object]


def spin_row(
    key: str,
    label: Callable[[], str],
    low: int,
    high: int,
    value: int,
    *,
    name: str | None = None,
    zero: Callable[[], str] | None = None,
) -> SettingRow:
    """A number; with ``zero``, 0 is shown as that text and read as None (no number chosen)."""

    def make() -> QWidget:
        box = QSpinBox(minimum=low, maximum=high, value=value)
        if zero is not None:
            box.setSpecialValueText(zero())
        return box

    def read(widget: QWidget) -> object:
        assert isinstance(widget, QSpinBox)
        return (widget.value() or None) if zero is not None else widget.value()

    return SettingRow(key, name or key.replace("_", "-"), label, make, read)


def combo_row(
    key: str, label: Callable[[], str], items: Callable[[], Sequence[tuple[str, object]]]
) -> SettingRow:
    """A choice among ``items`` (text, value), the first chosen at first."""

    def make() -> QWidget:
        box = QComboBox()
        for text, data in items():
            box.addItem(text, data)
        return box

    def read(widget: QWidget) -> object:
        assert isinstance(widget, QComboBox)
        return widget.currentData()

    return SettingRow(key, key.replace("_", "-"), label, make, read)


def check_row(key: str, text: Callable[[], str]) -> SettingRow:
    """A yes or no, said by the check box's own text (the row has no label)."""

    def read(widget: QWidget) -> object:
        assert isinstance(widget, QCheckBox)
        return widget.isChecked()

    return SettingRow(key, key.replace("_", "-"), lambda: "", lambda: QCheckBox(text()), read)


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

    def __init__(self, name: str | None = None) -> None:
        if name is not None:
            self.name = name

    def results_page(self, scoring: str) -> type[Page]:
        """The page this stage's results are typed on, for the event's scoring mode."""
        return ENTRY_PAGES.get(scoring, ResultsPage)

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

    def bracket_hint(self) -> str:
        """What the knockout page says while there is no bracket, for an event that starts with this format."""
        return tr("There is no bracket yet.")
