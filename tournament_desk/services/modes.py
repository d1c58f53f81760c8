"""What each scoring mode adds to the services (SPEC §7.1, §7.2): one object per mode, no branches elsewhere.

Levels needs nothing beyond the common services. Duplicate keeps board sets (the default set at creation, a
frozen copy per round when it is paired) and shows each team's XMP beside its standings figures.
"""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.duplicate import XmpRecord, xmp_totals
from tournament_desk.domain.standings import StandingRow
from tournament_desk.services.desk import tournament
from tournament_desk.services.results.board_sets import freeze_board_set, store_default_boards
from tournament_desk.storage import models as m


class ModeServices:
    """The levels mode: a table's two levels are typed at the desk; nothing else to keep."""

    def created(self, session: Session) -> None:
        """The event was just created."""

    def paired(self, session: Session, round_no: int) -> None:
        """Round ``round_no`` was just paired."""

    def with_figures(self, session: Session, rows: list[StandingRow], after_round: int) -> list[StandingRow]:
        """The standings rows with this mode's own figures added."""
        return rows

    def figure_columns(self) -> tuple[str, ...]:
        """Keys of the figures ``with_figures`` adds (shown after the format's own)."""
        return ()


class DuplicateServices(ModeServices):
    def created(self, session: Session) -> None:
        store_default_boards(session)

    def paired(self, session: Session, round_no: int) -> None:
        freeze_board_set(session, round_no)  # the round keeps the boards it is paired with

    def with_figures(self, session: Session, rows: list[StandingRow], after_round: int) -> list[StandingRow]:
        """Each team's XMP total beside its figures (shown, not a tiebreak)."""
        records = [
            XmpRecord(*r)
            for r in session.execute(
                select(
                    m.Match.round_no,
                    m.Match.home_id,
                    m.Match.away_id,
                    m.Match.xmp,
                    m.Match.kind,
                    m.Match.side,
                )
            )
        ]
        total = xmp_totals([r.entrant.id for r in rows], records, after_round=after_round)
        return [replace(r, xmp=total[r.entrant.id]) for r in rows]

    def figure_columns(self) -> tuple[str, ...]:
        return ("xmp",)


MODE_SERVICES: dict[str, ModeServices] = {"levels": ModeServices(), "duplicate": DuplicateServices()}


def mode_services(session: Session) -> ModeServices:
    return MODE_SERVICES[tournament(session).scoring]
