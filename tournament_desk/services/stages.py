"""The stages of an event and the format each runs (rules.md §7): the services' one way to reach a format."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats import format_named
from tournament_desk.domain.formats.base import Format, StagePlan
from tournament_desk.domain.scoring_modes import scoring_mode
from tournament_desk.domain.scoring_modes.base import ScoringMode
from tournament_desk.services.desk import rules_of, tournament
from tournament_desk.storage import models as m


@dataclass(frozen=True)
class StageInfo:
    number: int
    format: Format
    settings: Mapping[str, Any]


def add_stage(session: Session, number: int, fmt: Format, settings: Mapping[str, Any]) -> None:
    session.add(m.Stage(number=number, format=fmt.name, settings_json=json.dumps(dict(settings))))


def current_stage(session: Session) -> StageInfo:
    """The stage the next round belongs to (the last one created)."""
    row = session.scalars(select(m.Stage).order_by(m.Stage.number.desc())).first()
    if row is None:  # a file written before stages existed and not yet migrated cannot reach here
        return StageInfo(1, format_named(tournament(session).format), {})
    return _info(row)


def stage_numbered(session: Session, number: int) -> StageInfo | None:
    row = session.get(m.Stage, number)
    return _info(row) if row is not None else None


def stage_of_round(session: Session, round_no: int) -> StageInfo:
    """The stage a paired round belongs to."""
    rnd = session.get(m.Round, round_no)
    found = stage_numbered(session, rnd.stage_no) if rnd is not None else None
    return found if found is not None else current_stage(session)


def save_settings(session: Session, number: int, settings: Mapping[str, Any]) -> None:
    row = session.get(m.Stage, number)
    assert row is not None
    row.settings_json = json.dumps(dict(settings), ensure_ascii=False)


def _info(row: m.Stage) -> StageInfo:
    return StageInfo(row.number, format_named(row.format), json.loads(row.settings_json or "{}"))


def all_stages(session: Session) -> list[StageInfo]:
    """Every stage started so far, in order."""
    return [_info(row) for row in session.scalars(select(m.Stage).order_by(m.Stage.number))]


def event_chain(session: Session) -> tuple[StagePlan, ...]:
    """The event's stages as planned when it was created (rules.md §7): format and who goes on, in order."""
    t = tournament(session)
    raw = json.loads(t.stages_json) if t.stages_json else None
    if not raw:
        first = stage_numbered(session, 1)
        fmt = first.format if first is not None else format_named(t.format)
        return fmt.chain(first.settings if first is not None else {})
    return tuple(StagePlan.from_dict(r) for r in raw)


def stage_formats(session: Session) -> list[Format]:
    """The format of every stage of the event, started or still to come (the pages and documents it needs)."""
    started = [s.format for s in all_stages(session)]
    planned = [format_named(p.format) for p in event_chain(session)]
    return started + planned[len(started) :]


def start_next_stage(
    session: Session, stage: StageInfo, data: EventData, last: int
) -> tuple[StageInfo, tuple[int, ...]]:
    """The stage after ``stage``, now that it is over after round ``last``: who goes on (the stage's own rule)
    starts the next stage of the chain (knockout rounds → the round-robin final, rules.md §7.7). Returns the new
    stage and who went on."""
    chain = event_chain(session)
    if stage.number >= len(chain):
        raise BadInput("Every stage of this event has been played.")
    following = format_named(chain[stage.number].format)
    advancing = stage.format.advancing(data, rules_of(session))
    settings = following.starts_from(advancing, last + 1)
    add_stage(session, stage.number + 1, following, settings)
    session.flush()
    started = stage_numbered(session, stage.number + 1)
    assert started is not None
    event = tournament(session)
    more = following.planned_rounds(len(advancing.entrants), settings)
    if more is not None:
        event.rounds_planned = last + more
    return started, advancing.entrants


def mode_of(session: Session) -> ScoringMode:
    return scoring_mode(tournament(session).scoring)
