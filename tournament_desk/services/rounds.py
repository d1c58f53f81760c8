"""Pairing a round (rules.md §8), and reading a round's tables back. Changing a draft round by hand and publishing
it are in ``adjust``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from sqlalchemy import func, insert, select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput, Message, msg
from tournament_desk.domain.formats.base import Decided, Format, PlannedRound
from tournament_desk.domain.results import LARGEST, ResultState
from tournament_desk.domain.scoring import Outcome
from tournament_desk.domain.table_state import WITHDRAWN, withdrawn_side
from tournament_desk.services.backups import take_backup
from tournament_desk.services.desk import (
    Desk,
    audit,
    names_by_id,
    now,
    paired_rounds,
    rules_of,
    tournament,
)
from tournament_desk.services.formats import format_services
from tournament_desk.services.modes import mode_services
from tournament_desk.services.snapshot import load
from tournament_desk.services.stages import (
    current_stage,
    save_settings,
    stage_numbered,
    stage_of_round,
    start_next_stage,
)
from tournament_desk.storage import models as m

if TYPE_CHECKING:
    from tournament_desk.domain.pairing import PairedTable


@dataclass(frozen=True)
class TableView:
    table: int
    home: str
    away: str
    relaxed: tuple[str, ...]
    locked: bool
    kind: ResultState
    side: str | None
    home_level: int | None
    away_level: int | None
    outcome: Outcome | None
    xmp: int | None = None  # duplicate events: the home team's level difference over the boards
    note: str | None = None  # "withdrawn": decided by a withdrawal
    group: str | None = None  # group stage: the group the table belongs to
    on_stage: str | None = None  # knockout, equal levels: the side on stage at the end
    winner: str | None = None  # knockout: the side that goes on, once the table has a result
    games: tuple[int, int] | None = None  # knockout of several games (局): the games each side won
    boards: tuple[int, ...] = ()  # the boards the table plays, where boards move between tables (Mitchell)


@dataclass(frozen=True)
class RoundView:
    round: int
    tables: tuple[TableView, ...]
    bye: str | None
    bye_award: tuple[float, float] | None
    published: bool
    # What ``bye`` gets: a scored bye (Swiss) or a rest with no score (round robin).
    bye_state: ResultState = ResultState.BYE
    stage: int = 1
    notes: tuple[Message, ...] = ()  # what pairing it told the director (not stored: see the audit trail)
    # Only on the view returned by a pairing: the bye went to an entrant that already had one
    # (everyone had, rules.md §5.4), and the entrants left without a legal partner when rules were relaxed.
    repeat_bye: bool = False
    stranded: tuple[str, ...] = ()
    stage_label: str | None = None  # groups then knockout: "groups" or "knockout"
    knockout: bool = False  # every table has a winner who goes on
    rests: tuple[str, ...] = ()  # group stage: entrants with no match this round (no score)
    # Mitchell, odd pairs: the table whose NS pair (``bye``) sits out, and the boards resting there.
    sit_out: tuple[int, tuple[int, ...]] | None = None


def missing_tables(session: Session, round_no: int) -> list[int]:
    return list(
        session.scalars(
            select(m.Match.table_no)
            .where(m.Match.round_no == round_no, m.Match.kind == ResultState.PENDING)
            .order_by(m.Match.table_no)
        )
    )


def _table_view(
    mt: m.Match,
    names: dict[int, str],
    groups: dict[int, str] | None = None,
    fmt: Format | None = None,
    gone: frozenset[int] = frozenset(),
    boards: tuple[int, ...] = (),
) -> TableView:
    """A stored table as the faces read it. ``gone``: the entrants withdrawn — a table a withdrawal decided
    without storing a side (a round robin's annulled table) gets the side that withdrew, so every face and
    sheet can name it (issue 27)."""
    state = ResultState(mt.kind)
    side = mt.side
    if side is None and mt.note == WITHDRAWN:
        side = withdrawn_side(mt.home_id in gone, mt.away_id in gone)
    outcome = None
    winner = None
    if state.scores:
        outcome = Outcome(mt.home_mp or 0.0, mt.away_mp or 0.0, mt.home_vp or 0.0, mt.away_vp or 0.0)
        winner = fmt.winner(outcome.home_mp, outcome.away_mp) if fmt is not None else None
    relaxed = tuple(r for r in mt.relaxed.split(",") if r)
    return TableView(
        mt.table_no, names[mt.home_id], names[mt.away_id], relaxed, mt.locked, state, side, mt.home_level,
        mt.away_level, outcome, mt.xmp, mt.note, (groups or {}).get(mt.home_id), mt.on_stage, winner,
        (mt.home_games, mt.away_games) if mt.home_games is not None and mt.away_games is not None else None,
        boards,
    )  # fmt: skip


def _withdrawn(session: Session) -> frozenset[int]:
    """The ids of the entrants that have withdrawn."""
    return frozenset(
        session.scalars(select(m.Entrant.id).where(m.Entrant.withdrawn_after_round.is_not(None)))
    )


def round_view_in(session: Session, round_no: int, names: dict[int, str] | None = None) -> RoundView:
    """``round_view`` inside an open session (``names``: the entrants' names, when the caller has read them)."""
    rnd = session.get(m.Round, round_no) if 0 < round_no <= LARGEST else None
    if rnd is None:
        raise BadInput("Round {round} has not been paired yet.", round=round_no)
    names = names if names is not None else names_by_id(session)
    stage = stage_numbered(session, rnd.stage_no) or current_stage(session)
    groups = stage.format.groups_by_entrant(stage.settings)
    services = format_services(stage.format.name)
    boards = services.table_boards(session, stage, round_no)
    gone = _withdrawn(session)
    tables = [
        _table_view(mt, names, groups, stage.format, gone, boards.get(mt.table_no, ()))
        for mt in session.scalars(
            select(m.Match).where(m.Match.round_no == round_no).order_by(m.Match.table_no)
        )
    ]
    bye = names[rnd.bye_entrant_id] if rnd.bye_entrant_id is not None else None
    state = ResultState(rnd.bye_state)
    award = (rnd.bye_mp or 0.0, rnd.bye_vp or 0.0) if bye is not None and state.scores else None
    rests: tuple[str, ...] = ()
    if groups:  # a group of odd size: its dummy's opponent rests
        seated = {mt.home_id for mt in session.scalars(select(m.Match).where(m.Match.round_no == round_no))}
        seated |= {mt.away_id for mt in session.scalars(select(m.Match).where(m.Match.round_no == round_no))}
        planned = stage.format.schedule(load(session, stage=stage))
        if planned is not None and round_no <= len(planned):
            rests = tuple(names[e] for e in planned[round_no - 1].rests if e not in seated)
    return RoundView(
        round_no, tuple(tables), bye, award, rnd.published, state, rnd.stage_no,
        stage_label=stage.format.stage_label, knockout=stage.format.winner(1.0, 0.0) is not None, rests=rests,
        sit_out=services.sit_out(session, stage, round_no) if bye is not None else None,
    )  # fmt: skip


def missing_results(desk: Desk, round_no: int) -> list[int]:
    """The tables of a round that still have no result."""
    with desk.db.transaction() as session:
        return missing_tables(session, round_no)


def table_view(desk: Desk, round_no: int, table_no: int) -> TableView:
    """One table of a round as it is stored now (cheaper than the whole round)."""
    with desk.db.transaction() as session:
        match = session.scalars(
            select(m.Match).where(m.Match.round_no == round_no, m.Match.table_no == table_no)
        ).first()
        if match is None:
            raise BadInput("Round {round} has no table {table}.", round=round_no, table=table_no)
        names = {
            i: n
            for i, n in session.execute(
                select(m.Entrant.id, m.Entrant.name).where(m.Entrant.id.in_((match.home_id, match.away_id)))
            )
        }
        stage = stage_of_round(session, round_no)
        groups = stage.format.groups_by_entrant(stage.settings)
        return _table_view(match, names, groups, stage.format, _withdrawn(session))


def tables_view(desk: Desk, round_no: int, tables: Iterable[int]) -> list[TableView]:
    """Some tables of a round as they are stored now, in one read (the window catching up with a busy hall)."""
    wanted = sorted(set(tables))
    with desk.db.transaction() as session:
        matches = session.scalars(
            select(m.Match)
            .where(m.Match.round_no == round_no, m.Match.table_no.in_(wanted))
            .order_by(m.Match.table_no)
        ).all()
        ids = {i for mt in matches for i in (mt.home_id, mt.away_id)}
        rows = session.execute(select(m.Entrant.id, m.Entrant.name).where(m.Entrant.id.in_(ids)))
        names = {entrant_id: name for entrant_id, name in rows}
        stage = stage_of_round(session, round_no)
        groups = stage.format.groups_by_entrant(stage.settings)
        gone = _withdrawn(session)
        return [_table_view(mt, names, groups, stage.format, gone) for mt in matches]


def last_paired_round(desk: Desk) -> int:
    """The number of the last round paired (0 before round 1)."""
    with desk.db.transaction() as session:
        return paired_rounds(session)


def round_view(desk: Desk, round_no: int) -> RoundView:
    with desk.db.transaction() as session:
        return round_view_in(session, round_no)


def store_pairing(
    session: Session,
    desk: Desk,
    round_no: int,
    planned: PlannedRound,
    *,
    publish: bool = True,
    action: str = "pair",
    reason: str | None = None,
    locked: frozenset[int] = frozenset(),
) -> None:
    """Store a planned round (its tables, bye and decided matches) and audit it as ``action``."""
    bye_award = mode_services(session).bye_outcome(session)  # the rule set's award, or the mode's (§5.8)
    rnd = session.get(m.Round, round_no)
    if rnd is None:
        rnd = m.Round(
            number=round_no, published=publish, paired_at=now(), stage_no=current_stage(session).number
        )
        session.add(rnd)
    scored_bye = planned.bye is not None and planned.bye_state.scores
    rnd.bye_entrant_id = planned.bye
    rnd.bye_state = planned.bye_state.value
    rnd.bye_mp = bye_award.home_mp if scored_bye else None
    rnd.bye_vp = bye_award.home_vp if scored_bye else None
    session.flush()
    if planned.settings is not None:  # e.g. the groups, fixed when round 1 of the group stage is paired
        save_settings(session, rnd.stage_no, planned.settings)
    mode_services(session).paired(session, round_no)
    names = names_by_id(session)
    rows = [_match_row(round_no, t, planned.decided.get(t.table), t.home in locked) for t in planned.tables]
    if rows:  # one bulk INSERT: a round of thousands of tables is not built as ORM objects first
        session.execute(insert(m.Match), rows)
    audit(
        session,
        desk,
        action,
        round_no=round_no,
        reason=reason,
        new={
            "tables": [[t.table, names[t.home], names[t.away], *t.relaxed] for t in planned.tables],
            planned.bye_state.value: names[planned.bye] if planned.bye is not None else None,
            **({"notes": [str(n) for n in planned.notes]} if planned.notes else {}),
            **({"repeat_bye": True} if planned.repeat_bye else {}),
            **({"no_legal_partner": [names[i] for i in planned.stranded]} if planned.stranded else {}),
        },
    )


def _match_row(round_no: int, t: PairedTable, decided: Decided | None, locked: bool) -> dict[str, object]:
    """A planned table as the row stored for it: pending, or as ``decided`` already (e.g. a round robin's match
    against an entrant that has withdrawn). Every row has the same keys, so the insert goes in one batch."""
    o = decided.outcome if decided is not None else None
    return {
        "round_no": round_no,
        "table_no": t.table,
        "home_id": t.home,
        "away_id": t.away,
        "relaxed": ",".join(t.relaxed),
        "kind": decided.state.value if decided is not None else ResultState.PENDING.value,
        "locked": locked,
        "side": decided.side if decided is not None else None,
        "note": (decided.note or None) if decided is not None else None,
        "home_mp": o.home_mp if o is not None else None,
        "away_mp": o.away_mp if o is not None else None,
        "home_vp": o.home_vp if o is not None else None,
        "away_vp": o.away_vp if o is not None else None,
    }


def next_pairing(session: Session) -> tuple[int, PlannedRound]:
    """Check the event is ready for its next round and plan it (reads only, but for the planned rounds)."""
    event = tournament(session)
    last = paired_rounds(session)
    if last:
        missing = missing_tables(session, last)
        if missing:
            raise BadInput(
                "Round {round} still has no result for table {tables}; enter them before pairing the next round.",
                round=last,
                tables=", ".join(map(str, missing)),
            )
    stage = current_stage(session)
    data = load(session, for_pairing=True)
    if last == 0:  # a schedule or a bracket fixes the number of rounds from the entrants
        planned = stage.format.planned_rounds(len(data.active_in(1)), stage.settings)
        if planned is not None or stage.format.scheduled:
            event.rounds_planned = planned
    started: tuple[Message, ...] = ()
    if last and stage.format.stage_over(data, last):
        stage, going_on = start_next_stage(session, stage, data, last)
        data = load(session, for_pairing=True, stage=stage)
        names = names_by_id(session)
        started = (msg("The next stage begins: {names} go on.", names="、".join(names[e] for e in going_on)),)
    if event.rounds_planned is not None and last >= event.rounds_planned:
        raise BadInput("All {rounds} rounds of this event have been paired.", rounds=event.rounds_planned)
    round_no = last + 1
    if len(data.active_in(round_no)) < 2:
        raise BadInput("At least two active entrants are needed to pair a round.")
    plan = stage.format.plan_round(data, round_no, rules_of(session))
    return round_no, replace(plan, notes=started + plan.notes) if started else plan


def pair_next_round(desk: Desk, *, publish: bool = True) -> RoundView:
    """Pair the next round (and publish it, unless the director wants to adjust it first).

    The file is backed up first, so a pairing can always be undone by going back to the copy.
    """
    with desk.db.transaction(write=True) as session:
        round_no, planned = next_pairing(session)
        notes = planned.notes
        if take_backup(desk, f"before-round-{round_no}") is None and desk.db.path is not None:
            notes += (
                msg(
                    "No backup could be written to '{folder}'; the round was paired all the same. Make that "
                    "folder writable to have backups again.",
                    folder=desk.db.last_backup_failed or "?",
                ),
            )
        store_pairing(session, desk, round_no, planned, publish=publish)
        return paired_view(session, round_no, planned, notes)


def paired_view(
    session: Session, round_no: int, planned: PlannedRound, notes: tuple[Message, ...]
) -> RoundView:
    """The stored round with what pairing it had to tell the director."""
    names = names_by_id(session)
    return replace(
        round_view_in(session, round_no, names),
        notes=notes,
        repeat_bye=planned.repeat_bye,
        stranded=tuple(names[i] for i in planned.stranded),
    )


@dataclass(frozen=True)
class ScheduledRound:
    """A round of a fixed schedule: its tables (number, home, away) and the entrant that rests."""

    round: int
    tables: tuple[tuple[int, str, str], ...]
    rest: str | None
    paired: bool
    stored: tuple[TableView, ...] = ()  # a paired round's tables as stored (results included)


def schedule_view(desk: Desk, stage_no: int | None = None) -> list[ScheduledRound] | None:
    """Every round of a scheduled stage (round robin; default: the current stage), paired or not, in the event's
    round numbers (a round-robin final's start after the knockout rounds, rules.md §7.7); None for a stage paired
    as it goes (or no such stage).

    Rounds already paired are shown as stored; later ones as the schedule has them now.
    """
    with desk.db.transaction() as session:
        stage = stage_numbered(session, stage_no) if stage_no is not None else current_stage(session)
        planned = stage.format.schedule(load(session, stage=stage)) if stage is not None else None
        if stage is None or planned is None:
            return None
        names = names_by_id(session)
        paired = paired_rounds(session)
        first = session.scalar(select(func.min(m.Round.number)).where(m.Round.stage_no == stage.number))
        result = []
        for number, rnd in enumerate(planned, start=first if first is not None else paired + 1):
            if number <= paired:
                view = round_view_in(session, number)
                tables = tuple((t.table, t.home, t.away) for t in view.tables)
                result.append(ScheduledRound(number, tables, view.bye, True, view.tables))
            else:
                tables = tuple((t.table, names[t.home], names[t.away]) for t in rnd.tables)
                rest = names[rnd.bye] if rnd.bye is not None else None
                result.append(ScheduledRound(number, tables, rest, False))
        return result
