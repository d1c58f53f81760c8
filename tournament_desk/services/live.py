"""Results from the tables: per-table, per-round tokens (the scoresheet's QR code), submissions from the
players' phones with both-sides confirmation, and the director's queue of disputes.

A token opens exactly one table of one round. It is valid while that round is the latest one paired and
published: pairing the next round closes it. Each side of a table binds to the first device that enters
for it; another device for that side needs the director (``release_devices``). One device cannot speak
for both sides.

Home enters its levels → away confirms the same levels (``confirmed``: the result is recorded through
``results``, in the same transaction) or enters different ones (``disputed``: the director decides). A
side may correct its own entry while the other has not answered. Confirmed tables are locked for the
players; whatever the desk enters always wins: a table whose result the desk recorded or changed shows
as coming from the desk and refuses further submissions.

Every submission carries a nonce chosen by the phone (a replay of the same nonce is recognised and
changes nothing) and the ``version`` of the table its form was rendered from (an older version is stale
and refused, so a retried old form never overwrites a newer entry). Every accepted submission is kept in
``live_submission`` and every change of a table is in the audit trail.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.levels import format_level, parse_level
from tournament_desk.services.desk import Desk, audit, names_by_id, now, paired_rounds, rules_of
from tournament_desk.services.results import _record_levels, find_table
from tournament_desk.storage import models as m

Side = Literal["home", "away"]
# Where a table's result stands, as the desk's results page and the projector show it.
Source = Literal["open", "pending", "confirmed", "disputed", "desk"]


@dataclass(frozen=True)
class LiveTableView:
    round: int
    table: int
    token: str
    home: str
    away: str
    source: Source
    version: int
    home_claim: tuple[int, int] | None  # (home level, away level) as the home side entered them
    away_claim: tuple[int, int] | None
    home_bound: bool
    away_bound: bool
    result: tuple[int, int] | None  # the levels recorded at the desk, if any


@dataclass(frozen=True)
class SubmissionOutcome:
    table: LiveTableView
    outcome: Literal["pending", "confirmed", "disputed", "replay"]


def _claim(home: int, away: int) -> str:
    return f"{home}:{away}"


def _parse_claim(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    home, away = text.split(":")
    return int(home), int(away)


def _source(row: m.LiveTable, match: m.Match) -> Source:
    """The table's state; the desk wins whenever the stored result is not the one the sides confirmed."""
    if match.kind == "pending":
        # A confirmed table whose result the desk took back (undo) is the desk's.
        return "desk" if row.status == "confirmed" else row.status  # type: ignore[return-value]
    confirmed = _claim(match.home_level or 0, match.away_level or 0) == row.home_claim
    if match.kind == "played" and row.status == "confirmed" and confirmed:
        return "confirmed"
    return "desk"


def _view(
    session: Session, row: m.LiveTable, match: m.Match, names: dict[int, str] | None = None
) -> LiveTableView:
    if names is None:  # one table: its two names, not the whole field's
        names = {
            e.id: e.name
            for e in (session.get(m.Entrant, match.home_id), session.get(m.Entrant, match.away_id))
            if e
        }
    result = (match.home_level, match.away_level) if match.home_level and match.away_level else None
    return LiveTableView(
        row.round_no, row.table_no, row.token, names[match.home_id], names[match.away_id], _source(row, match),
        row.version, _parse_claim(row.home_claim), _parse_claim(row.away_claim),
        row.home_device is not None, row.away_device is not None, result,
    )  # fmt: skip


def _ensure_tokens(session: Session, round_no: int) -> None:
    have = set(session.scalars(select(m.LiveTable.table_no).where(m.LiveTable.round_no == round_no)))
    tables = session.scalars(select(m.Match.table_no).where(m.Match.round_no == round_no))
    for table_no in tables:
        if table_no not in have:
            session.add(
                m.LiveTable(token=secrets.token_urlsafe(9), round_no=round_no, table_no=table_no,
                            status="open", version=0, updated_at=now())
            )  # fmt: skip
    session.flush()


def _published(session: Session, round_no: int) -> m.Round:
    rnd = session.get(m.Round, round_no)
    if rnd is None:
        raise BadInput("Round {round} has not been paired yet.", round=round_no)
    if not rnd.published:
        raise BadInput(
            "Round {round} is not published yet; publish its pairing before entering results.", round=round_no
        )
    return rnd


def round_tokens(desk: Desk, round_no: int) -> list[LiveTableView]:
    """Every table of a published round with its token (made the first time they are asked for)."""
    with desk.db.transaction() as session:
        _published(session, round_no)
        _ensure_tokens(session, round_no)
        return _round_tables(session, round_no)


def _round_tables(session: Session, round_no: int) -> list[LiveTableView]:
    names = names_by_id(session)
    matches = {mt.table_no: mt for mt in session.scalars(select(m.Match).where(m.Match.round_no == round_no))}
    rows = session.scalars(
        select(m.LiveTable).where(m.LiveTable.round_no == round_no).order_by(m.LiveTable.table_no)
    )
    return [_view(session, row, matches[row.table_no], names) for row in rows if row.table_no in matches]


def live_tables(desk: Desk, round_no: int) -> list[LiveTableView]:
    """The round's tables as the desk's results page shows them (no tokens made)."""
    with desk.db.transaction() as session:
        return _round_tables(session, round_no)


def disputes(desk: Desk, round_no: int | None = None) -> list[LiveTableView]:
    """The director's queue: disputed tables the desk has not decided yet, by round and table."""
    with desk.db.transaction() as session:
        rounds = [round_no] if round_no is not None else sorted(
            set(session.scalars(select(m.LiveTable.round_no).where(m.LiveTable.status == "disputed")))
        )  # fmt: skip
        return [t for r in rounds for t in _round_tables(session, r) if t.source == "disputed"]


def _by_token(session: Session, token: str) -> tuple[m.LiveTable, m.Match]:
    row = session.get(m.LiveTable, token.strip()) if token else None
    if row is None:
        raise BadInput("This table code is not known; scan the QR code on your scoresheet again.")
    if row.round_no != paired_rounds(session):
        raise BadInput(
            "Round {round} is closed; results from the tables are no longer taken for it.", round=row.round_no
        )
    _published(session, row.round_no)
    return row, find_table(session, row.round_no, row.table_no)


def table_by_token(desk: Desk, token: str) -> LiveTableView:
    """The table a scanned code opens (refused when the code is unknown or its round is closed)."""
    with desk.db.transaction() as session:
        row, match = _by_token(session, token)
        return _view(session, row, match)


def submit(
    desk: Desk,
    token: str,
    *,
    side: str,
    device: str,
    home_level: str | int,
    away_level: str | int,
    nonce: str,
    version: int,
) -> SubmissionOutcome:
    """One side's entry of the levels both sides reached, from a phone; see the module text for the rules."""
    device, nonce = device.strip()[:64], nonce.strip()[:64]
    with desk.db.transaction(write=True) as session:
        row, match = _by_token(session, token)  # an unknown code or a closed round is said first
        if not device or not nonce:
            raise BadInput("The page is out of date; reload it and enter the result again.")
        if side not in ("home", "away"):
            raise BadInput("Choose whether you sit at home or away.")
        home, away = parse_level(home_level), parse_level(away_level)
        earlier = session.scalars(select(m.LiveSubmission).where(m.LiveSubmission.nonce == nonce)).first()
        if earlier is not None:
            if earlier.token != row.token:
                raise BadInput("The page is out of date; reload it and enter the result again.")
            return SubmissionOutcome(_view(session, row, match), "replay")
        source = _source(row, match)
        if source == "desk":
            raise BadInput("The desk has recorded this table's result; ask the director to change it.")
        if source == "confirmed":
            raise BadInput("Both sides have confirmed this table's result; ask the director to change it.")
        if version != row.version:
            raise BadInput("This table's result changed since you opened the page; reload it and check.")
        bound, other = (
            (row.home_device, row.away_device) if side == "home" else (row.away_device, row.home_device)
        )
        if bound is not None and bound != device:
            raise BadInput(
                "This side of the table was entered from another phone; ask the director to release it."
            )
        if other == device:
            raise BadInput(
                "This phone already entered for the other side; the other side confirms on its own phone."
            )
        outcome = _apply_claim(session, desk, row, match, side, device, home, away)
        session.add(
            m.LiveSubmission(nonce=nonce, token=row.token, side=side, device=device, claim=_claim(home, away),
                             outcome=outcome, at=now())
        )  # fmt: skip
        return SubmissionOutcome(_view(session, row, match), outcome)


def _apply_claim(
    session: Session,
    desk: Desk,
    row: m.LiveTable,
    match: m.Match,
    side: str,
    device: str,
    home: int,
    away: int,
) -> Literal["pending", "confirmed", "disputed"]:
    old = {"status": row.status, "home": row.home_claim, "away": row.away_claim}
    if side == "home":
        row.home_device, row.home_claim = device, _claim(home, away)
    else:
        row.away_device, row.away_claim = device, _claim(home, away)
    if row.home_claim is None or row.away_claim is None:
        row.status = "pending"
    elif row.home_claim == row.away_claim:
        row.status = "confirmed"
    else:
        row.status = "disputed"
    row.version += 1
    row.updated_at = now()
    new = {"status": row.status, "home": row.home_claim, "away": row.away_claim}
    audit(session, desk, "live-entry", round_no=row.round_no, table_no=row.table_no, old=old, new=new,
          reason=f"{side} · {device}")  # fmt: skip
    if row.status == "confirmed":
        _record_levels(session, desk, rules_of(session), row.round_no, row.table_no, home, away,
                       "confirmed by both sides at the table")  # fmt: skip
    return row.status  # type: ignore[return-value]


def resolve(
    desk: Desk,
    round_no: int,
    table_no: int,
    home_level: str | int,
    away_level: str | int,
    *,
    reason: str | None = None,
) -> LiveTableView:
    """The director decides a table (disputed or not): the result is recorded and the table is the desk's."""
    home, away = parse_level(home_level), parse_level(away_level)
    with desk.db.transaction(write=True) as session:
        match = _record_levels(session, desk, rules_of(session), round_no, table_no, home, away,
                               reason or "decided by the director")  # fmt: skip
        _ensure_tokens(session, round_no)
        row = session.scalars(
            select(m.LiveTable).where(m.LiveTable.round_no == round_no, m.LiveTable.table_no == table_no)
        ).one()
        row.version += 1
        row.updated_at = now()
        return _view(session, row, match)


def release_devices(desk: Desk, round_no: int, table_no: int, *, reason: str | None = None) -> LiveTableView:
    """Let other phones enter for a table (a flat battery, a lost phone); the entries so far stay."""
    with desk.db.transaction(write=True) as session:
        match = find_table(session, round_no, table_no)
        _ensure_tokens(session, round_no)
        row = session.scalars(
            select(m.LiveTable).where(m.LiveTable.round_no == round_no, m.LiveTable.table_no == table_no)
        ).one()
        old = {"home_device": row.home_device, "away_device": row.away_device}
        row.home_device = row.away_device = None
        row.version += 1
        audit(
            session,
            desk,
            "live-release",
            round_no=round_no,
            table_no=table_no,
            old=old,
            new={},
            reason=reason,
        )
        return _view(session, row, match)


def format_claim(claim: Sequence[int] | None) -> str:
    """A claim as the page prints it: ``9 : 7``."""
    return "" if claim is None else f"{format_level(claim[0])} : {format_level(claim[1])}"
