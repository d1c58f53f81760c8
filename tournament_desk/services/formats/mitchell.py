"""The Mitchell movement's services (rules.md §7.5): tables are entered board by board (defenders' points), from a
phone or a sheet; no cross-table."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import Message, msg
from tournament_desk.domain.formats.base import Format
from tournament_desk.domain.formats.mitchell_stage import Mitchell
from tournament_desk.services.desk import Desk
from tournament_desk.services.formats.base import FormatServices
from tournament_desk.services.stages import StageInfo
from tournament_desk.storage import models as m


class MitchellServices(FormatServices):
    entry = "boards"

    def import_sheet(self, desk: Desk, sheet: Path, *, reason: str | None, correct: bool | None) -> Message:
        from tournament_desk.services.results.pair_boards import import_pair_boards

        done = import_pair_boards(desk, sheet, reason=reason, correct=bool(correct))
        return msg("Imported {count} board results.", count=done)

    def crosstable_page(self, fmt: Format) -> bool:
        return False

    def table_boards(self, session: Session, stage: StageInfo, round_no: int) -> dict[int, tuple[int, ...]]:
        from tournament_desk.services.snapshot import load

        fmt = stage.format
        assert isinstance(fmt, Mitchell)
        data = load(session, stage=stage)
        tables = session.scalars(select(m.Match.table_no).where(m.Match.round_no == round_no))
        return {t: tuple(fmt.boards(data, round_no, t)) for t in tables}

    def sit_out(
        self, session: Session, stage: StageInfo, round_no: int
    ) -> tuple[int, tuple[int, ...]] | None:
        """The table that sits out in a round (an odd number of pairs) and the boards resting there."""
        from tournament_desk.services.snapshot import load

        fmt = stage.format
        assert isinstance(fmt, Mitchell)
        data = load(session, stage=stage)
        move = fmt.movement(data)
        if not 1 <= round_no <= move.rounds:
            return None
        out = move.sit_out(round_no)
        return None if out is None else (out.table, tuple(fmt.boards(data, round_no, out.table)))
