"""The default of the services' format registry (``services.formats``): a table's result is the levels both
sides reached, typed or imported."""

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
        from tournament_desk.services.results.levels import import_results

        done = import_results(desk, sheet, reason=reason, correct=correct)
        return msg("Imported {count} results.", count=len(done))

    def crosstable_page(self, fmt: Format) -> bool:
        """The public cross-table page exists (a fixed schedule scored by levels)."""
        return fmt.scheduled

    def table_boards(self, session: Session, stage: StageInfo, round_no: int) -> dict[int, tuple[int, ...]]:
        """The boards each table plays in a round, where a format moves boards between tables (Mitchell)."""
        return {}

    def sit_out(
        self, session: Session, stage: StageInfo, round_no: int
    ) -> tuple[int, tuple[int, ...]] | None:
        """The table whose pair sits out a round and the boards resting there (Mitchell, odd pairs)."""
        return None
