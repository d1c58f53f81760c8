"""Standings after any round, as plain rows (rules.md §9): the stored results, ranked by the domain."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
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
_PENDING = ResultState.PENDING.value


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
    return _last_complete(paired_rounds(session), incomplete_rounds(session))


def _last_complete(paired: int, incomplete: set[int]) -> int:
    last = paired
    while last and last in incomplete:
        last -= 1
    return last


@contextmanager
def collector_paused() -> Iterator[None]:
    """The garbage collector waits while a standings read runs.

    A read makes tens of thousands of short-lived records (one per table; a named tuple is never let off the
    collector's books as a plain one is), all freed as it ends. Left running, the collector looks at them again
    and again and, counting them as long-lived, walks every object of the process more often: in the window
    (some 150,000 objects) that was a full walk every two or three corrections, about 50 ms a correction on
    average, as much as the read itself. Paused, it finds them gone when it next looks; whatever the read left
    in a cycle it collects then, as always. Resumed only if it was running: nested and concurrent reads leave it
    as they found it.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def last_complete(desk: Desk) -> int:
    """The last round whose results are all in (0 before any): what the standings are printed after."""
    with desk.db.transaction() as session:
        return last_complete_round(session)


def current_standings(desk: Desk, after_round: int | None = None) -> Standings:
    """Standings after ``after_round`` (default: the last round whose results are all in)."""
    asked = after_round
    with desk.db.transaction() as session:
        paired = paired_rounds(session)
        if after_round is not None and not 0 <= after_round <= paired:
            raise BadInput(
                "There are standings after rounds 0–{last} only; round {round} has not been paired.",
                last=paired,
                round=after_round,
            )
        # As asked after an earlier round: that round's stage ranks (the group tables, not the knockout's
        # placing; the knockout rounds' placing, not the round-robin final's).
        stage = current_stage(session) if asked is None else stage_of_round(session, max(after_round or 0, 1))
        rules = rules_of(session)
        with collector_paused():
            data = load(session, stage=stage)
            # The rounds with a table still waiting, from the tables just read (``incomplete_rounds``, unread again).
            incomplete = {r for r, _, _, kind in data.schedule if kind == _PENDING}
            if after_round is None:
                after_round = _last_complete(paired, incomplete)
            ranking = stage.format.rank(data, rules, after_round=after_round)
            del data  # its records go while the collector waits
        complete = not any(r <= after_round for r in incomplete)
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
