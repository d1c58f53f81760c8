"""Competition formats (SPEC §7): one module each, all behind the ``Format`` interface of ``base``.

An event is a sequence of stages; each stage runs one format. Adding a format means adding its module here
and registering it below; nothing else in the program compares format names.
"""

from __future__ import annotations

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.formats.base import Format
from tournament_desk.domain.formats.round_robin import RoundRobin
from tournament_desk.domain.formats.swiss import Swiss

FORMATS: dict[str, Format] = {f.name: f for f in (Swiss(), RoundRobin())}
# Named in SPEC §12 but not built yet: refused with a sentence that says so.
PLANNED = ("groups-knockout", "mitchell")


def format_named(name: str) -> Format:
    try:
        return FORMATS[name]
    except KeyError:
        if name in PLANNED:
            raise BadInput(
                "The '{format}' format is not available in this version yet.", format=name
            ) from None
        raise BadInput(
            "Unknown format '{format}': choose one of {choices}.", format=name, choices=", ".join(FORMATS)
        ) from None
