"""The live server's settings kept in the event: how many of the last rounds the public standings hide.

Frozen public standings (公开名次冻结): for the last N rounds the players' pages, the projector and the static
export show the standings after round (last complete − N); the desk and the printed reports never freeze.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput
from tournament_desk.services.desk import Desk, audit
from tournament_desk.storage import models as m

FREEZE_KEY = "live.freeze_rounds"
MAX_FREEZE = 30


def _freeze(session: Session) -> int:
    row = session.get(m.Meta, FREEZE_KEY)
    try:
        return max(0, int(row.value)) if row is not None else 0
    except ValueError:
        return 0


def freeze_rounds(desk: Desk) -> int:
    """How many of the last complete rounds the public standings hide (0: not frozen)."""
    with desk.db.transaction() as session:
        return _freeze(session)


def set_freeze_rounds(desk: Desk, rounds: int) -> int:
    """Freeze the public standings for the last ``rounds`` rounds (0 unfreezes them); audited."""
    if not 0 <= rounds <= MAX_FREEZE:
        raise BadInput(
            "The public standings can be frozen for 0 to {most} rounds, not {rounds}.",
            most=MAX_FREEZE,
            rounds=rounds,
        )
    with desk.db.transaction(write=True) as session:
        old = _freeze(session)
        if old == rounds:
            return rounds
        audit(session, desk, "live-freeze", old={"rounds": old}, new={"rounds": rounds})
        store_setting(session, FREEZE_KEY, str(rounds))
        return rounds


def store_setting(session: Session, key: str, value: str) -> None:
    """One of the event's live settings (a ``meta`` row), written or replaced (the caller audits it)."""
    row = session.get(m.Meta, key)
    if row is None:
        session.add(m.Meta(key=key, value=value))
    else:
        row.value = value
