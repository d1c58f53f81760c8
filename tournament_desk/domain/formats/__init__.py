"""Competition formats (rules.md §7): one module each, all behind the ``Format`` interface of ``base``.

An event is a sequence of stages; each stage runs one format. Adding a format means adding its module here
and registering it below; nothing else in the program compares format names.
"""

from __future__ import annotations

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.formats.base import Format
from tournament_desk.domain.registry import Registry

_HERE = "tournament_desk.domain.formats"
# Every stage format, by the name stored with the stage, imported when first used (``registry``).
FORMATS: Registry[Format] = Registry(
    {
        "swiss": f"{_HERE}.swiss:Swiss",
        "round-robin": f"{_HERE}.round_robin:RoundRobin",
        "groups-knockout": f"{_HERE}.group_stage:GroupStage",
        "knockout": f"{_HERE}.knockout_stage:Knockout",
        "knockout-round-robin": f"{_HERE}.knockout_stage:KnockoutToFinal",
        "round-robin-final": f"{_HERE}.final_stage:RoundRobinFinal",
        "mitchell": f"{_HERE}.mitchell_stage:Mitchell",
    }
)
# Named in rules.md §12 but not built yet: refused with a sentence that says so.
PLANNED: tuple[str, ...] = ()


def creatable() -> tuple[str, ...]:
    """The formats an event can start with (imports them all)."""
    return tuple(name for name, f in FORMATS.items() if f.creatable)


def format_named(name: str, *, creating: bool = False) -> Format:
    try:
        if creating and not FORMATS[name].creatable:
            raise KeyError(name)
        return FORMATS[name]
    except KeyError:
        if name in PLANNED:
            raise BadInput(
                "The '{format}' format is not available in this version yet.", format=name
            ) from None
        raise BadInput(
            "Unknown format '{format}': choose one of {choices}.", format=name, choices=", ".join(creatable())
        ) from None
