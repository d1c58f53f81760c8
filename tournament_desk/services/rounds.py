"""Pairing and publishing a round (SPEC §8), and reading a round's tables back."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.pairing import Pairing, pair_round
from tournament_desk.domain.scoring import Outcome
from tournament_desk.services.desk import Desk, audit, names_by_id, now, paired_rounds, rules_of, tournament
from tournament_desk.services.snapshot import load
from tournament_desk.storage import models as m


@dataclass(frozen=True)
class TableView:
    table: int
    home: str
    away: str
    relaxed: tuple[str, ...]
    kind: str  # pending, played, forfeit, late, ruling
    side: str | None
    home_level: int | None
    away_level: int | None
    outcome: Outcome | None


@dataclass(frozen=True)
class RoundView:
    round: int
    tables: tuple[TableView, ...]
    bye: str | None
    bye_award: tuple[float, float] | None


def missing_tables(session: Session, round_no: int) -> list[int]:
    return list(
        session.scalars(
            select(m.Match.table_no)
            .where(m.Match.round_no == round_no, m.Match.kind == "pending")
            .order_by(m.Match.table_no)
        )
    )


def _round_view(session: Session, round_no: int) -> RoundView:
    rnd = session.get(m.Round, round_no)
    if rnd is None:
        raise BadInput("Round {round} has not been paired yet.", round=round_no)
    names = names_by_id(session)
    tables = []
    for mt in session.scalars(select(m.Match).where(m.Match.round_no == round_no).order_by(m.Match.table_no)):
        outcome = None
        if mt.kind != "pending":
            outcome = Outcome(mt.home_mp or 0.0, mt.away_mp or 0.0, mt.home_vp or 0.0, mt.away_vp or 0.0)
        tables.append(
            TableView(
                mt.table_no,
                names[mt.home_id],
                names[mt.away_id],
                tuple(r for r in mt.relaxed.split(",") if r),
                mt.kind,
                mt.side,
                mt.home_level,
                mt.away_level,
                outcome,
            )
        )
    bye = names[rnd.bye_entrant_id] if rnd.bye_entrant_id is not None else None
    award = (rnd.bye_mp or 0.0, rnd.bye_vp or 0.0) if bye is not None else None
    return RoundView(round_no, tuple(tables), bye, award)


def round_view(desk: Desk, round_no: int) -> RoundView:
    with desk.db.transaction() as session:
        return _round_view(session, round_no)


def _store_pairing(session: Session, desk: Desk, round_no: int, pairing: Pairing) -> None:
    rules = rules_of(session)
    bye_award = rules.bye
    session.add(
        m.Round(
            number=round_no,
            bye_entrant_id=pairing.bye,
            bye_mp=bye_award.mp if pairing.bye is not None else None,
            bye_vp=bye_award.vp if pairing.bye is not None else None,
            published=True,
            paired_at=now(),
        )
    )
    session.flush()
    names = names_by_id(session)
    session.add_all(
        m.Match(
            round_no=round_no,
            table_no=t.table,
            home_id=t.home,
            away_id=t.away,
            relaxed=",".join(t.relaxed),
            kind="pending",
        )
        for t in pairing.tables
    )
    audit(
        session,
        desk,
        "pair",
        round_no=round_no,
        new={
            "tables": [[t.table, names[t.home], names[t.away], *t.relaxed] for t in pairing.tables],
            "bye": names[pairing.bye] if pairing.bye is not None else None,
        },
    )


def _next_pairing(session: Session) -> tuple[int, Pairing]:
    """Check the event is ready for its next round and pair it (reads only)."""
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
    if event.rounds_planned is not None and last >= event.rounds_planned:
        raise BadInput("All {rounds} rounds of this event have been paired.", rounds=event.rounds_planned)
    round_no = last + 1
    entrants = load(session).pairing_entrants(round_no)
    if len(entrants) < 2:
        raise BadInput("At least two active entrants are needed to pair a round.")
    return round_no, pair_round(entrants)


def pair_next_round(desk: Desk) -> RoundView:
    """Pair and publish the next round; the file is backed up first so a pairing can always be undone."""
    with desk.db.transaction() as session:
        round_no, pairing = _next_pairing(session)
        desk.db.backup(f"before-round-{round_no}")
        _store_pairing(session, desk, round_no, pairing)
        return _round_view(session, round_no)
