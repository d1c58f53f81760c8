"""Changing a draft round by hand before it is published (rules.md §8): swapping entrants, locking tables,
pairing again around the locked ones; and publishing it."""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.pairing.costs import REMATCH, SAME_UNIT
from tournament_desk.services.desk import (
    Desk,
    audit,
    entrant_by_name,
    paired_rounds,
    rules_of,
)
from tournament_desk.services.rounds import RoundView, paired_view, round_view_in, store_pairing
from tournament_desk.services.snapshot import load
from tournament_desk.services.stages import current_stage
from tournament_desk.storage import models as m


def _adjustable(session: Session, round_no: int) -> m.Round:
    """A draft round of a format whose pairing the director may change (not a fixed schedule)."""
    if not current_stage(session).format.adjustable:
        raise BadInput(
            "This event follows a fixed schedule: its tables cannot be swapped, locked or re-paired."
        )
    return _draft(session, round_no)


def _draft(session: Session, round_no: int) -> m.Round:
    """The round, which must still be a draft: changed only before it is published."""
    rnd = session.get(m.Round, round_no)
    if rnd is None:
        raise BadInput("Round {round} has not been paired yet.", round=round_no)
    if rnd.published:
        raise BadInput(
            "Round {round} is already published; its pairing can no longer change.", round=round_no
        )
    return rnd


def _tables(session: Session, round_no: int) -> list[m.Match]:
    return list(
        session.scalars(select(m.Match).where(m.Match.round_no == round_no).order_by(m.Match.table_no))
    )


def publish_round(desk: Desk, round_no: int) -> RoundView:
    """Publish a draft round: its pairing is fixed and results can be entered."""
    with desk.db.transaction(write=True) as session:
        _draft(session, round_no).published = True
        audit(session, desk, "publish", round_no=round_no)
        return round_view_in(session, round_no)


def set_locked(
    desk: Desk, round_no: int, table_no: int, locked: bool, *, reason: str | None = None
) -> RoundView:
    """Lock a table of a draft round so that re-pairing keeps it (or unlock it)."""
    return set_locks(desk, round_no, {table_no: locked}, reason=reason)


def set_locks(
    desk: Desk, round_no: int, locks: Mapping[int, bool], *, reason: str | None = None
) -> RoundView:
    """Lock or unlock several tables of a draft round at once (table → locked): one transaction, one audit
    entry per table; a table the round does not have refuses them all."""
    with desk.db.transaction(write=True) as session:
        _adjustable(session, round_no)
        matches = {t.table_no: t for t in _tables(session, round_no)}
        for table_no, locked in sorted(locks.items()):
            match = matches.get(table_no)
            if match is None:
                raise BadInput("Round {round} has no table {table}.", round=round_no, table=table_no)
            old = match.locked
            match.locked = locked
            audit(session, desk, "lock" if locked else "unlock", round_no=round_no, table_no=table_no,
                  old={"locked": old}, new={"locked": locked}, reason=reason)  # fmt: skip
        return round_view_in(session, round_no)


class SwapBreaksRules(BadInput):
    """The swap would make a table break a pairing rule; nothing was changed until the director agrees."""


def swap_entrants(
    desk: Desk,
    round_no: int,
    first: str,
    second: str,
    *,
    reason: str | None = None,
    allow_breaks: bool = True,
) -> RoundView:
    """Swap two entrants between tables (or with the bye) in a draft round; rule breaks are re-marked.

    ``allow_breaks=False`` (the window): a swap that makes a rematch or a same-unit table is refused with
    ``SwapBreaksRules`` until the director confirms; a confirmed one is recorded as a manual exception.
    """
    with desk.db.transaction(write=True) as session:
        rnd = _adjustable(session, round_no)
        ids = {name: entrant_by_name(session, name).id for name in (first, second)}
        if ids[first] == ids[second]:
            raise BadInput("Choose two different entrants to swap.")
        slots: dict[int, tuple[m.Match | None, str]] = {}
        for match in _tables(session, round_no):
            slots[match.home_id] = (match, "home")
            slots[match.away_id] = (match, "away")
        if rnd.bye_entrant_id is not None:
            slots[rnd.bye_entrant_id] = (None, "bye")
        for name, entrant_id in ids.items():
            if entrant_id not in slots:
                raise BadInput("'{name}' is not in round {round}.", name=name, round=round_no)
        (match_a, side_a), (match_b, side_b) = slots[ids[first]], slots[ids[second]]
        if match_a is not None and match_a is match_b:
            raise BadInput("'{first}' and '{second}' already play each other.", first=first, second=second)
        for slot in (match_a, match_b):
            if slot is not None and slot.locked:
                raise BadInput("Table {table} is locked; unlock it before changing it.", table=slot.table_no)
        before = {id(t): t.relaxed for t in (match_a, match_b) if t is not None}
        _put(rnd, match_a, side_a, ids[second])
        _put(rnd, match_b, side_b, ids[first])
        session.flush()
        _remark(session, round_no)
        made = [
            t
            for t in (match_a, match_b)
            if t is not None and set(t.relaxed.split(",")) - {"", *before[id(t)].split(",")}
        ]
        if made and not allow_breaks:
            _refuse_breaks(session, made[0])
        change: dict[str, object] = {"swap": [first, second]}
        if made:
            change["breaks"] = {str(t.table_no): t.relaxed for t in made}
        audit(session, desk, "swap", round_no=round_no, new=change, reason=reason)
        return round_view_in(session, round_no)


def _refuse_breaks(session: Session, match: m.Match) -> None:
    home, away = (session.get(m.Entrant, i).name for i in (match.home_id, match.away_id))  # type: ignore[union-attr]
    broken = set(match.relaxed.split(","))
    if broken >= {REMATCH, SAME_UNIT}:
        template = (
            "After this swap, table {table} is a rematch of two entrants of one unit ({home} – {away})."
        )
    elif REMATCH in broken:
        template = "After this swap, table {table} is a rematch: {home} and {away} have met before."
    else:
        template = "After this swap, table {table} puts two entrants of one unit together ({home} – {away})."
    raise SwapBreaksRules(template, table=match.table_no, home=home, away=away)


def _put(rnd: m.Round, match: m.Match | None, side: str, entrant_id: int) -> None:
    if match is None:
        rnd.bye_entrant_id = entrant_id
    elif side == "home":
        match.home_id = entrant_id
    else:
        match.away_id = entrant_id


def _remark(session: Session, round_no: int) -> None:
    """Recompute which rules each table of a round breaks (after a manual change)."""
    snap = load(session)
    units = snap.units
    earlier: dict[int, set[int]] = {}
    for match in session.scalars(select(m.Match).where(m.Match.round_no < round_no)):
        earlier.setdefault(match.home_id, set()).add(match.away_id)
        earlier.setdefault(match.away_id, set()).add(match.home_id)
    for match in _tables(session, round_no):
        broken = []
        if units[match.home_id] and units[match.home_id] == units[match.away_id]:
            broken.append(SAME_UNIT)
        if match.away_id in earlier.get(match.home_id, set()):
            broken.append(REMATCH)
        match.relaxed = ",".join(broken)


def repair_round(desk: Desk, round_no: int, *, reason: str | None = None) -> RoundView:
    """Pair a draft round again, keeping its locked tables as they are."""
    with desk.db.transaction(write=True) as session:
        if round_no != paired_rounds(session):
            raise BadInput("Only the last round can be paired again.")
        rnd = _adjustable(session, round_no)
        tables = _tables(session, round_no)
        locked = [(t.home_id, t.away_id) for t in tables if t.locked]
        for t in tables:
            session.delete(t)
        rnd.bye_entrant_id = None
        session.flush()  # the draft's own tables and bye are gone, so they are not "earlier" meetings
        planned = current_stage(session).format.plan_round(
            load(session, for_pairing=True), round_no, rules_of(session), locked=locked
        )
        store_pairing(session, desk, round_no, planned, publish=False, action="repair", reason=reason,
                       locked=frozenset(home for home, _ in locked))  # fmt: skip
        return paired_view(session, round_no, planned, planned.notes)
