"""What the services do for each stage format beyond what the domain's format answers (rules.md §7): how a
table's result comes in (from a phone, from a sheet), which public pages exist.

One module per format that needs more than the default, registered below; every other format, a new one
included, gets ``FormatServices`` itself: tables entered as the levels both sides reached.
"""

from __future__ import annotations

from tournament_desk.domain.registry import Registry
from tournament_desk.services.formats.base import FormatServices

__all__ = ["FormatServices", "format_services"]

_HERE = "tournament_desk.services.formats"
# Imported when first used (``domain.registry``).
REGISTRY: Registry[FormatServices] = Registry(
    {
        "knockout": f"{_HERE}.knockout:KnockoutServices",
        "knockout-round-robin": f"{_HERE}.knockout:KnockoutServices",
        "mitchell": f"{_HERE}.mitchell:MitchellServices",
    }
)
_DEFAULT = FormatServices()


def format_services(name: str) -> FormatServices:
    """The services' module of the stage format ``name`` (the default for a format that needs nothing more)."""
    return REGISTRY.get(name, _DEFAULT)
