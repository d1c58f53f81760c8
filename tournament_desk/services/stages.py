"""The stages of an event and the format each runs (SPEC §7): the services' one way to reach a format."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.formats import format_named
from tournament_desk.domain.formats.base import Format
from tournament_desk.domain.scoring_modes import scoring_mode
from tournament_desk.domain.scoring_modes.base import ScoringMode
from tournament_desk.services.desk import tournament
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


def mode_of(session: Session) -> ScoringMode:
    return scoring_mode(tournament(session).scoring)
