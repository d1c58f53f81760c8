"""Undo and redo that live in the event (issues 14, 18): "restore what I changed, if nobody changed it since".

Every undoable step (a table's result, a duplicate table's boards, a team match's pair games, a deduction) is
journaled per station in
the event's database, in the same transaction as the step itself (``record``, ``record_deduction``), with the
table before and after it. ``undo_last`` puts back the state before the station's last step, but only while
the table is still as that step left it; otherwise it refuses with a sentence naming the station that changed
it and when, and the step stays in the journal. ``redo_last`` does the reverse. The journal survives closing
the file and changing the language: what each step was is kept as a message key and its parameters.

Rules: a new step discards the station's undone steps (the redo tail), as in any editor; each station keeps
its newest ``KEEP`` steps, older ones are forgotten. Undo and redo are audited like any change (reason "undo"
or "redo").
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, TypeVar

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput, Message, msg
from tournament_desk.services.desk import Desk, now
from tournament_desk.services.results import boards as bs
from tournament_desk.services.results import deductions as ds
from tournament_desk.services.results import levels as rs
from tournament_desk.services.results import table as ts
from tournament_desk.services.results import team_sheets as tms
from tournament_desk.services.results.team_views import TeamSheet
from tournament_desk.storage import models as m

T = TypeVar("T")
Kind = Literal["table", "sheet", "games"]  # games: a team match's pair games and its result
KEEP = 200  # steps kept per station; older ones can no longer be undone

# What a step was, by key (kept in the journal) → its sentence ({round} and {table} are filled in).
LABELS: dict[str, Message] = {
    "levels": msg("round {round} table {table}: {home} : {away}"),
    "levels-on-stage": msg("round {round} table {table}: {home} : {away}, {who} on stage"),
    "clear": msg("round {round} table {table}: result cleared"),
    "forfeit": msg("round {round} table {table}: forfeit by {who}"),
    "forfeit-both": msg("round {round} table {table}: forfeit by both sides"),
    "ruling": msg("round {round} table {table}: loss by ruling for {who}"),
    "late": msg("round {round} table {table}: late scoresheet by {who}"),
    "board": msg("round {round} table {table} board {board}: {points}"),
    "penalty": msg("round {round} table {table} board {board}: penalty {points} to {side}"),
    "deduct": msg("round {round}: deduct {mp} MP from {name}"),
    "game": msg("round {round} table {table} game {game}: {home} : {away}"),
    "game-absent": msg("round {round} table {table} game {game}: the pair of {who} absent"),
    "game-absent-both": msg("round {round} table {table} game {game}: both pairs absent"),
    "game-clear": msg("round {round} table {table} game {game}: result cleared"),
    "games": msg("round {round} table {table}: pair games entered"),
}


@dataclass(frozen=True)
class Label:
    """What a step is: a key of ``LABELS`` and its parameters (plain values, kept as JSON)."""

    key: str
    params: Mapping[str, object]


def label(key: str, **params: object) -> Label:
    if key not in LABELS:
        raise ValueError(f"unknown undo label {key!r}")
    return Label(key, params)


@dataclass(frozen=True)
class StepView:
    id: int
    kind: str  # table, sheet or deduction
    round: int
    table: int | None
    at: datetime
    text: Message  # what the step was, rendered in the language of the moment


@dataclass(frozen=True)
class UndoHistory:
    undo: tuple[StepView, ...]  # newest first: undo_last takes the first
    redo: tuple[StepView, ...]  # next first: redo_last takes the first


# --- journaling a step --------------------------------------------------------------------------------
def _dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _state(session: Session, kind: str, match: m.Match) -> dict[str, object]:
    if kind == "games":
        return tms.full_state(session, match)
    return bs._full_state(session, match) if kind == "sheet" else ts.match_state(match)


def _state_after(session: Session, kind: str, match: m.Match, result: object) -> dict[str, object]:
    """The table's state after a step: a team match's games as the write gave them back (its sheet holds
    exactly what it stored), so they are not read again; any other step's, read."""
    if kind == "games" and isinstance(result, TeamSheet):
        return tms.state_of(match, [line.game for line in result.lines if line.entered])
    return _state(session, kind, match)


def _journal(
    session: Session, desk: Desk, kind: str, round_no: int, table_no: int | None, what: Label,
    before: object, after: object,
) -> None:  # fmt: skip
    station = m.UndoStep.station == desk.station
    session.execute(delete(m.UndoStep).where(station, m.UndoStep.undone.is_(True)))  # the redo tail
    args = {"round": round_no, **({"table": table_no} if table_no is not None else {}), **what.params}
    session.add(
        m.UndoStep(
            station=desk.station, at=now(), kind=kind, round_no=round_no, table_no=table_no,
            before=_dump(before), after=_dump(after), label=what.key, label_args=_dump(args), undone=False,
        )
    )  # fmt: skip
    session.flush()
    oldest_kept = session.scalar(
        select(m.UndoStep.id).where(station).order_by(m.UndoStep.id.desc()).offset(KEEP - 1).limit(1)
    )
    if oldest_kept is not None:
        session.execute(delete(m.UndoStep).where(station, m.UndoStep.id < oldest_kept))


def record(
    desk: Desk,
    kind: Kind,
    round_no: int,
    table_no: int,
    what: Label,
    action: Callable[..., T],
    *args: Any,
    **kwargs: Any,
) -> T:
    """Run ``action(desk, round_no, table_no, *args, **kwargs)`` as one undoable step of this station.

    The table's state before and after (``kind`` "sheet": its boards too) and the journal entry are taken
    in the action's own transaction: the step and its undo commit together or not at all. The table is found
    once: the action changes the same row (the session's one object for it), so the state after is read from it.
    """
    with desk.db.transaction(write=True) as session:
        match = ts.find_table(session, round_no, table_no, changing=False)
        before = _state(session, kind, match)
        result = action(desk, round_no, table_no, *args, **kwargs)
        session.flush()
        after = _state_after(session, kind, match, result)
        _journal(session, desk, kind, round_no, table_no, what, before, after)
        return result


def record_deduction(desk: Desk, round_no: int, name: str, mp: float, *, reason: str) -> ds.DeductionView:
    """``deductions.deduct`` as one undoable step of this station."""
    with desk.db.transaction(write=True) as session:
        done = ds.deduct(desk, round_no, name, mp, reason=reason)
        after = {"id": done.id, "name": done.name, "mp": done.mp, "reason": done.reason}
        what = label("deduct", mp=f"{done.mp:g}", name=done.name)
        _journal(session, desk, "deduction", round_no, None, what, None, after)
        return done


# --- undo and redo ------------------------------------------------------------------------------------
def _view(step: m.UndoStep) -> StepView:
    params = json.loads(step.label_args)
    if "side" in params:  # NS / EW: translated as the step is shown
        params["side"] = Message(str(params["side"]))
    return StepView(step.id, step.kind, step.round_no, step.table_no, step.at,
                    Message(LABELS[step.label].template, params))  # fmt: skip


def history(desk: Desk, limit: int | None = None) -> UndoHistory:
    """This station's steps that can be undone (newest first) and redone (next first); ``limit``: at most
    that many of each (the window's buttons need one)."""
    mine = select(m.UndoStep).where(m.UndoStep.station == desk.station)
    with desk.db.transaction() as session:
        undo = session.scalars(
            mine.where(m.UndoStep.undone.is_(False)).order_by(m.UndoStep.id.desc()).limit(limit)
        ).all()
        redo = session.scalars(
            mine.where(m.UndoStep.undone.is_(True)).order_by(m.UndoStep.id).limit(limit)
        ).all()
    return UndoHistory(undo=tuple(map(_view, undo)), redo=tuple(map(_view, redo)))


class StepOvertaken(ts.ChangedElsewhere):
    """Another station changed what the step would put back: the step is taken off this station's list, so
    the next undo (or redo) reaches the one after it instead of being refused again and again."""


def _overtaken(desk: Desk, step_id: int, refused: ts.ChangedElsewhere) -> StepOvertaken:
    with desk.db.transaction(write=True) as session:
        session.execute(delete(m.UndoStep).where(m.UndoStep.id == step_id))
    return StepOvertaken("{refusal} The step is taken off this station's undo list.", refusal=refused.message)


def undo_last(desk: Desk) -> StepView:
    """Put back the state before this station's last step, if nobody changed the table since; if somebody
    did, nothing is put back and the step leaves the list (``StepOvertaken``)."""
    return _unless_overtaken(desk, _undo_last)


def redo_last(desk: Desk) -> StepView:
    """Make this station's last undone step again, if nobody changed the table since it was undone; if
    somebody did, nothing is made again and the step leaves the list (``StepOvertaken``)."""
    return _unless_overtaken(desk, _redo_last)


def _unless_overtaken(desk: Desk, move: Callable[[Desk], StepView]) -> StepView:
    try:
        return move(desk)
    except StepOvertaken:
        raise
    except ts.ChangedElsewhere as refused:
        step_id = getattr(refused, "step_id", None)
        if step_id is None:
            raise
        raise _overtaken(desk, step_id, refused) from refused


def _undo_last(desk: Desk) -> StepView:
    with desk.db.transaction(write=True) as session:
        step = session.scalars(
            select(m.UndoStep)
            .where(m.UndoStep.station == desk.station, m.UndoStep.undone.is_(False))
            .order_by(m.UndoStep.id.desc())
        ).first()
        if step is None:
            raise BadInput("There is nothing to undo at station {station}.", station=desk.station)
        _step(session, desk, step, back=True)
        step.undone = True
        return _view(step)


def _redo_last(desk: Desk) -> StepView:
    with desk.db.transaction(write=True) as session:
        step = session.scalars(
            select(m.UndoStep)
            .where(m.UndoStep.station == desk.station, m.UndoStep.undone.is_(True))
            .order_by(m.UndoStep.id)
        ).first()
        if step is None:
            raise BadInput("There is nothing to redo at station {station}.", station=desk.station)
        _step(session, desk, step, back=False)
        step.undone = False
        return _view(step)


def _step(session: Session, desk: Desk, step: m.UndoStep, *, back: bool) -> None:
    try:
        _apply_step(session, desk, step, back=back)
    except ts.ChangedElsewhere as refused:
        refused.step_id = step.id  # type: ignore[attr-defined]
        raise


def _apply_step(session: Session, desk: Desk, step: m.UndoStep, *, back: bool) -> None:
    before, after = json.loads(step.before or "null"), json.loads(step.after or "null")
    target, expected = (before, after) if back else (after, before)
    reason = "undo" if back else "redo"
    if step.kind == "deduction":
        if back:
            _take_back_deduction(session, desk, after, reason)
        else:
            done = ds.deduct(desk, step.round_no, after["name"], after["mp"], reason=after["reason"])
            step.after = _dump({**after, "id": done.id})
        return
    assert step.table_no is not None
    restores = {"sheet": bs.restore_sheet, "games": tms.restore_games}
    restore = restores.get(step.kind, rs.restore_table)
    restore(desk, step.round_no, step.table_no, target, reason=reason, expected=expected)


def _take_back_deduction(session: Session, desk: Desk, made: dict[str, Any], reason: str) -> None:
    row = session.get(m.Deduction, made["id"])
    if row is None:
        gone = session.scalars(
            select(m.Audit).where(m.Audit.action == "deduct-remove").order_by(m.Audit.id.desc())
        ).all()
        last = next((a for a in gone if json.loads(a.old or "{}").get("id") == made["id"]), None)
        raise ts.ChangedElsewhere(
            "The deduction of {mp} MP from {name} was already taken back at station {station} at {time}. "
            "Nothing was changed.",
            mp=f"{made['mp']:g}",
            name=made["name"],
            station=last.station if last is not None else "?",
            time=last.at.strftime("%H:%M") if last is not None else "?",
        )
    ds.remove_deduction(desk, row.id, reason=reason)
