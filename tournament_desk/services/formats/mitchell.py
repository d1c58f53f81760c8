"""The Mitchell movement's services (SPEC §7.5): tables are entered board by board (defenders' points), from a
phone or a sheet; no cross-table."""

from __future__ import annotations

from pathlib import Path

from tournament_desk.domain.errors import Message, msg
from tournament_desk.domain.formats.base import Format
from tournament_desk.services.desk import Desk
from tournament_desk.services.formats import FormatServices


class MitchellServices(FormatServices):
    entry = "boards"

    def import_sheet(self, desk: Desk, sheet: Path, *, reason: str | None, correct: bool | None) -> Message:
        from tournament_desk.services.pair_boards import import_pair_boards

        done = import_pair_boards(desk, sheet, reason=reason, correct=bool(correct))
        return msg("Imported {count} board results.", count=done)

    def crosstable_page(self, fmt: Format) -> bool:
        return False
