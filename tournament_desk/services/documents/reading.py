"""Reading the event for the printed documents: what every format's documents share (the heading, the entrants,
a round's tables, the standings), as the plain data of ``reports.model``."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.table_state import TableState
from tournament_desk.reports.model import EntrantData, EventHeader, PairedTable, RoundData, StandingsData
from tournament_desk.services.desk import Desk, now, paired_rounds
from tournament_desk.services.entrants import list_entrants
from tournament_desk.services.event import event_info
from tournament_desk.services.rounds import TableView, round_view
from tournament_desk.services.standings import current_standings
from tournament_desk.storage import models as m


def event_header(desk: Desk) -> EventHeader:
    """The event as every report's heading names it."""
    info = event_info(desk)
    ends_on = info.ends_on or info.starts_on
    return EventHeader(info.name, now(), info.entrants_kind, info.rounds_planned, ends_on, info.scoring)


def last_paired(desk: Desk) -> int:
    with desk.db.transaction() as session:
        return paired_rounds(session)


def paired_round(desk: Desk, round_no: int | None) -> int:
    """The round asked for, or by default the last paired one (refused before round 1 is paired)."""
    if round_no is not None:
        return round_no
    last = last_paired(desk)
    if not last:
        raise BadInput("No round has been paired yet.")
    return last


def _round_dates(desk: Desk) -> dict[int, datetime]:
    with desk.db.transaction() as session:
        return {number: at for number, at in session.execute(select(m.Round.number, m.Round.paired_at))}


def round_data(desk: Desk, round_no: int, *, mp_before: bool = True) -> RoundData:
    """A paired round's tables as the reports show them (``mp_before``: with each side's MP before it): each
    table's state as ``domain.table_state`` words it — a withdrawal that decided it and the side that withdrew
    (a round robin's annulled table stores none: it is the side whose entrant has withdrawn) — and the entrant
    without a table, resting or on a bye."""
    view = round_view(desk, round_no)  # refuses a round that has not been paired
    mp: dict[str, float] = {}
    if mp_before:
        mp = {r.entrant.name: r.mp for r in current_standings(desk, after_round=round_no - 1).rows}
    tables = tuple(_paired_table(t, mp) for t in view.tables)
    paired_at = _round_dates(desk).get(round_no)
    date = paired_at.strftime("%Y-%m-%d") if paired_at else ""
    bye_mp = mp.get(view.bye, 0.0) if view.bye else 0.0
    return RoundData(
        round_no, date, tables, view.bye, bye_mp, view.bye_award, view.published, view.bye_state, view.rests
    )


def _paired_table(t: TableView, mp: dict[str, float]) -> PairedTable:
    state = TableState.of(t.kind, t.side, t.note)  # a withdrawal's side is named by round_view
    return PairedTable(
        t.table, t.home, t.away, mp.get(t.home, 0.0), mp.get(t.away, 0.0), t.relaxed, t.kind, t.side,
        t.home_level, t.away_level,
        None if t.outcome is None
        else (t.outcome.home_mp, t.outcome.away_mp, t.outcome.home_vp, t.outcome.away_vp),
        t.xmp,
        on_stage=t.on_stage,
        winner=t.home if t.winner == "home" else t.away if t.winner == "away" else None,
        withdrawal=state.withdrawal,
    )  # fmt: skip


def entrant_data(desk: Desk) -> dict[str, EntrantData]:
    """Every entrant as the reports show it, by name."""
    return {
        e.name: EntrantData(e.name, e.unit, e.players, e.draw_no, e.withdrawn_after_round)
        for e in list_entrants(desk)
    }


def standings_data(desk: Desk, event: EventHeader, round_no: int | None) -> StandingsData:
    """The standings after ``round_no`` (default: the last complete round), ranked by the current stage."""
    table = current_standings(desk, after_round=round_no)
    return StandingsData(
        event,
        table.after_round,
        tuple(table.rows),
        table.complete,
        entrant_data(desk),
        table.chain,
        table.columns,
    )
