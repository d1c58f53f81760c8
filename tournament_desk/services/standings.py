"""Standings after any round, as plain rows (rules.md §9): the stored results, ranked by the domain."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.standings import StandingRow
from tournament_desk.services.desk import Desk, paired_rounds, rules_of
from tournament_desk.services.modes import mode_services
from tournament_desk.services.snapshot import load
from tournament_desk.services.stages import current_stage, stage_of_round
from tournament_desk.storage import models as m

SWISS_COLUMNS = ("mp", "vp", "opp_mp")


@dataclass(frozen=True)
class Standings:
    after_round: int
    rows: list[StandingRow]
    complete: bool  # every table of every round up to after_round has a result
    # The figures to show, in order (keys of ``domain.formats.base.figure``), and the chain that ranked them.
    columns: tuple[str, ...] = SWISS_COLUMNS
    chain: tuple[str, ...] = SWISS_COLUMNS
    format: str = "swiss"
    stage: str | None = None  # groups then knockout: "groups" or "knockout"


def incomplete_rounds(session: Session) -> set[int]:
    return set(
        session.scalars(select(m.Match.round_no).where(m.Match.kind == ResultState.PENDING).distinct())
    )


def last_complete_round(session: Session) -> int:
    incomplete = incomplete_rounds(session)
    last = paired_rounds(session)
    while last and last in incomplete:
        last -= 1
    return last


def last_complete(desk: Desk) -> int:
    """The last round whose results are all in (0 before any): what the standings are printed after."""
    with desk.db.transaction() as session:
        return last_complete_round(session)


def current_standings(desk: Desk, after_round: int | None = None) -> Standings:
    """Standings after ``after_round`` (default: the last round whose results are all in)."""
    asked = after_round
    with desk.db.transaction() as session:
        paired = paired_rounds(session)
        if after_round is None:
            after_round = last_complete_round(session)
        elif not 0 <= after_round <= paired:
            raise BadInput(
                "There are standings after rounds 0–{last} only; round {round} has not been paired.",
                last=paired,
                round=after_round,
            )
        complete = not any(r <= after_round for r in incomplete_rounds(session))
        # As asked after an earlier round: that round's stage ranks (the group tables, not the knockout's
        # placing; the knockout rounds' placing, not the round-robin final's).
        stage = current_stage(session) if asked is None else stage_of_round(session, max(after_round, 1))
        ranking = stage.format.rank(load(session, stage=stage), rules_of(session), after_round=after_round)
        mode = mode_services(session)
        rows = mode.with_figures(session, ranking.rows, after_round)
        return Standings(
            after_round,
            rows,
            complete,
            ranking.columns + tuple(c for c in mode.figure_columns() if c not in ranking.columns),
            ranking.chain,
            stage.format.name,
            stage.format.stage_label,
        )
