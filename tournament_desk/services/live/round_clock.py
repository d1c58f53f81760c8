"""The round clock and the announcements shown on the desk, the players' phones and the projector.

The clock is kept by the tournament file, not by any screen: it stores the seconds remaining at an anchor
time and whether it runs, and every reader is sent the seconds remaining now (never a wall time, so a
phone with a wrong clock still counts down correctly). The "last deal" warning comes at a set minute of
the round (seed 003: the last deal starts at minute 50 of 60).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput
from tournament_desk.services.desk import Desk, audit, now, paired_rounds
from tournament_desk.storage import models as m

ROUND_MINUTES = 60
LAST_DEAL_MINUTE = 50  # seed 003: no new deal is started after minute 50 of 60
Phase = Literal["idle", "ready", "running", "paused", "last-deal", "over"]


@dataclass(frozen=True)
class ClockView:
    round: int
    phase: Phase
    remaining: int  # whole seconds, rounded up; 0 when time is over
    duration: int
    warning_at: int  # remaining seconds at which the last deal is called
    running: bool

    @property
    def display(self) -> str:
        """``mm:ss`` as the screens print it."""
        return f"{self.remaining // 60:02d}:{self.remaining % 60:02d}"


@dataclass(frozen=True)
class Announcement:
    id: int
    text: str
    at: datetime


def _utc(at: datetime | None) -> datetime:
    return (at or datetime.now(UTC)).astimezone(UTC).replace(tzinfo=None)


def _row(session: Session) -> m.LiveClock | None:
    return session.scalars(select(m.LiveClock)).first()


def _remaining(row: m.LiveClock, at: datetime) -> float:
    if not row.running:
        return row.remaining_s
    return row.remaining_s - (at - row.anchor).total_seconds()


def _view(row: m.LiveClock | None, at: datetime) -> ClockView:
    if row is None:
        return ClockView(0, "idle", 0, 0, 0, False)
    left = max(0.0, _remaining(row, at))
    remaining = math.ceil(left)
    if left <= 0:
        phase: Phase = "over"
    elif remaining <= row.warning_s and (row.running or row.remaining_s < row.duration_s):
        phase = "last-deal"
    elif row.running:
        phase = "running"
    else:
        phase = "paused" if row.remaining_s < row.duration_s else "ready"
    return ClockView(row.round_no, phase, remaining, row.duration_s, row.warning_s, row.running and left > 0)


def clock(desk: Desk, *, at: datetime | None = None) -> ClockView:
    """The clock now (``at`` is for tests: a UTC time). Once a later round is published, the clock of the one
    before is over and done with: the screens show no clock until the director sets the new round's (issue 28:
    phones and the projector kept showing the last round's 00:00 or its time still running)."""
    with desk.db.transaction() as session:
        row = _row(session)
        last = paired_rounds(session)
        latest = session.get(m.Round, last) if last else None
        showing = last if latest is not None and latest.published else last - 1
        if row is not None and row.round_no < showing:
            return ClockView(showing, "idle", 0, 0, 0, False)
        return _view(row, _utc(at))


def set_clock(
    desk: Desk,
    *,
    round_no: int | None = None,
    minutes: int = ROUND_MINUTES,
    last_deal_minute: int = LAST_DEAL_MINUTE,
    at: datetime | None = None,
) -> ClockView:
    """Set the clock for a round, full and stopped (the latest paired round unless told)."""
    if not 1 <= minutes <= 600:
        raise BadInput("A round lasts 1 to 600 minutes, not {minutes}.", minutes=minutes)
    if not 0 < last_deal_minute < minutes:
        raise BadInput(
            "The last deal must be called after the start and before the end of the round (minute 1 to {last}).",
            last=minutes - 1,
        )
    stamp = _utc(at)
    with desk.db.transaction(write=True) as session:
        number = round_no if round_no is not None else paired_rounds(session)
        if session.get(m.Round, number) is None:
            raise BadInput("Round {round} has not been paired yet.", round=number)
        row = _row(session) or m.LiveClock()
        row.round_no, row.duration_s, row.warning_s = number, minutes * 60, (minutes - last_deal_minute) * 60
        row.remaining_s, row.running, row.anchor = float(minutes * 60), False, stamp
        session.add(row)
        audit(
            session, desk, "clock", round_no=number, new={"minutes": minutes, "last_deal": last_deal_minute}
        )
        return _view(row, stamp)


def _change(desk: Desk, action: str, at: datetime | None, change: int = 0) -> ClockView:
    stamp = _utc(at)
    with desk.db.transaction(write=True) as session:
        row = _row(session)
        if row is None:
            raise BadInput("Set the round clock first.")
        left = max(0.0, _remaining(row, stamp))
        if action == "start":
            if left <= 0:
                raise BadInput("The round's time is over; set the clock again to start it.")
            row.running = True
        elif action == "pause":
            row.running = False
        else:
            left = max(0.0, left + change)
        row.remaining_s, row.anchor = left, stamp
        audit(session, desk, "clock", round_no=row.round_no, new={"action": action, "remaining": round(left)})
        return _view(row, stamp)


def start_clock(desk: Desk, *, at: datetime | None = None) -> ClockView:
    """Start or resume the clock."""
    return _change(desk, "start", at)


def pause_clock(desk: Desk, *, at: datetime | None = None) -> ClockView:
    return _change(desk, "pause", at)


def adjust_clock(desk: Desk, minutes: int, *, at: datetime | None = None) -> ClockView:
    """Add (or with a negative number take away) whole minutes; the clock never goes below zero."""
    if minutes == 0 or abs(minutes) > 60:
        raise BadInput("Change the clock by 1 to 60 minutes at a time.")
    return _change(desk, "adjust", at, minutes * 60)


def announce(desk: Desk, text: str) -> Announcement:
    """Show a short announcement on every screen until it is withdrawn."""
    text = " ".join(text.split())
    if not text:
        raise BadInput("The announcement is empty.")
    if len(text) > 500:
        raise BadInput("An announcement holds at most 500 characters.")
    with desk.db.transaction(write=True) as session:
        row = m.LiveAnnouncement(text=text, active=True, at=now())
        session.add(row)
        session.flush()
        audit(session, desk, "announce", new={"id": row.id, "text": text})
        return Announcement(row.id, row.text, row.at)


def withdraw_announcement(desk: Desk, announcement_id: int) -> None:
    with desk.db.transaction(write=True) as session:
        row = session.get(m.LiveAnnouncement, announcement_id)
        if row is None or not row.active:
            raise BadInput("There is no announcement {id} on the screens.", id=announcement_id)
        row.active = False
        audit(session, desk, "announce-withdraw", old={"id": row.id, "text": row.text})


def announcements(desk: Desk) -> list[Announcement]:
    """The announcements on the screens, newest first."""
    with desk.db.transaction() as session:
        rows = session.scalars(
            select(m.LiveAnnouncement).where(m.LiveAnnouncement.active).order_by(m.LiveAnnouncement.id.desc())
        )
        return [Announcement(r.id, r.text, r.at) for r in rows]
