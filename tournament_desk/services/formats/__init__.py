"""What the services do for each stage format beyond what the domain's format answers (SPEC §7): how a
table's result comes in (from a phone, from a sheet), which public pages exist.

One module per format that needs more than the default, registered below; every other format, a new one
included, gets ``FormatServices`` itself: tables entered as the levels both sides reached.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.orm import Session

from tournament_desk.domain.errors import Message, msg
from tournament_desk.domain.formats.base import Format
from tournament_desk.services.desk import Desk
from tournament_desk.services.stages import StageInfo


class FormatServices:
    """The default: a table's result is the levels both sides reached, typed or imported."""

    # How a phone enters a table's result (``services.live_claims.Entry``).
    entry = "levels"

    def import_sheet(self, desk: Desk, sheet: Path, *, reason: str | None, correct: bool | None) -> Message:
        """Import a results sheet (all rows or none); what was imported, in one sentence."""
        from tournament_desk.services.results import import_results

        done = import_results(desk, sheet, reason=reason, correct=correct)
        return msg("Imported {count} results.", count=len(done))

    def crosstable_page(self, fmt: Format) -> bool:
        """The public cross-table page exists (a fixed schedule scored by levels)."""
        return fmt.scheduled

    def table_boards(self, session: Session, stage: StageInfo, round_no: int) -> dict[int, tuple[int, ...]]:
        """The boards each table plays in a round, where a format moves boards between tables (Mitchell)."""
        return {}


def _registry() -> dict[str, FormatServices]:
    from tournament_desk.services.formats.knockout import KnockoutServices
    from tournament_desk.services.formats.mitchell import MitchellServices

    knockout = KnockoutServices()
    return {"knockout": knockout, "knockout-round-robin": knockout, "mitchell": MitchellServices()}


_DEFAULT = FormatServices()
_REGISTRY: dict[str, FormatServices] | None = None


def format_services(name: str) -> FormatServices:
    """The services' module of the stage format ``name`` (the default for a format that needs nothing more)."""
    global _REGISTRY
    if _REGISTRY is None:
        _REGISTRY = _registry()
    return _REGISTRY.get(name, _DEFAULT)
