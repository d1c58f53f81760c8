"""Competition formats (rules.md §7): one module each, all behind the ``Format`` interface of ``base``.

An event is a sequence of stages; each stage runs one format. Adding a format means adding its module here
and registering it below; nothing else in the program compares format names.
"""

from __future__ import annotations

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.formats.base import Format
from tournament_desk.domain.formats.final_stage import RoundRobinFinal
from tournament_desk.domain.formats.group_stage import GroupStage
from tournament_desk.domain.formats.knockout_stage import Knockout, KnockoutToFinal
from tournament_desk.domain.formats.mitchell_stage import Mitchell
from tournament_desk.domain.formats.round_robin import RoundRobin
from tournament_desk.domain.formats.swiss import Swiss

# Every stage format, by the name stored with the stage; ``CREATABLE`` are those an event can start with.
FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Swiss(),
        RoundRobin(),
        GroupStage(),
        Knockout(),
        KnockoutToFinal(),
        RoundRobinFinal(),
        Mitchell(),
    )
}
CREATABLE = tuple(name for name, f in FORMATS.items() if f.creatable)
# Named in rules.md §12 but not built yet: refused with a sentence that says so.
PLANNED: tuple[str, ...] = ()


def format_named(name: str, *, creating: bool = False) -> Format:
    try:
        if creating and name not in CREATABLE:
            raise KeyError(name)
        return FORMATS[name]
    except KeyError:
        if name in PLANNED:
            raise BadInput(
                "The '{format}' format is not available in this version yet.", format=name
            ) from None
        raise BadInput(
            "Unknown format '{format}': choose one of {choices}.", format=name, choices=", ".join(CREATABLE)
        ) from None
