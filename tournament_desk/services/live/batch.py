"""Submissions from the tables' phones, many in one transaction (the LAN server's group commit).

When 400 tables send their results within a second, a transaction each queues them behind one another
(SQLite has one writer; each commit syncs the file). ``submit_many`` takes the submissions that arrived while
the last write was under way and applies them in ONE write transaction, each in its own savepoint: a refused
one (a replay from another table, a second device, a stale form, a level out of range) rolls back only itself
and is returned as its error, while the others commit together. Every accepted submission still writes its own
audit entry, and the entries chain (``desk.audit_chained``) exactly as one transaction each would.

What a batch reads is read once: the tables by token (one ``SELECT … IN``), their matches, the names, the
nonces already seen, the round's checks and kind. The rules of entry are ``entry``'s (see its module text);
``entry.submit`` is a batch of one without the savepoint.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput, TournamentError
from tournament_desk.domain.levels import parse_level
from tournament_desk.domain.team_match import PairGame
from tournament_desk.services.desk import AUDIT_TAIL, Desk, paired_rounds, rules_of
from tournament_desk.services.live.boards import Boards, submit_boards
from tournament_desk.services.live.claims import OnStageNeeded, StaleForm, SubmissionOutcome, level_claim
from tournament_desk.services.live.credentials import acting_for, phones_cards
from tournament_desk.services.live.tables import (
    RoundKind,
    apply_claim,
    by_token,
    check_turn,
    level_source,
    record_submission,
    round_kind,
    start,
    view_of,
)
from tournament_desk.services.live.team_games import submit_games
from tournament_desk.services.results.levels import record_levels
from tournament_desk.storage import models as m

MOST_IN_ONE_WRITE = 100  # submissions in one transaction at most (the server queues the rest for the next)


@dataclass(frozen=True)
class Submission:
    """One side's entry from a phone: levels (``home_level``, ``away_level``, for a knockout's equal levels
    ``on_stage``), for a board table ``boards`` (``boards.submit_boards``), for a team match ``games`` with
    how each looked on the page, ``seen`` (``team_games.submit_games``)."""

    token: str
    card: str  # the phone's secret: the cookie the server gave it when it took an entry card (credentials)
    nonce: str
    version: int
    home_level: str | int = ""
    away_level: str | int = ""
    on_stage: str | None = None
    boards: Boards | None = None
    games: Mapping[int, PairGame] | None = None
    seen: Mapping[int, str] | None = None


class Batch:
    """What the submissions of one write transaction read, read once for all of them."""

    def __init__(self, session: Session, desk: Desk, submissions: Sequence[Submission]) -> None:
        self.session, self.desk = session, desk
        wanted = sorted({s.token.strip() for s in submissions if s.token and s.token.strip()})
        nonces = sorted({s.nonce.strip()[:64] for s in submissions if s.nonce.strip()})
        self.paired = paired_rounds(session)
        rows = (
            session.scalars(select(m.LiveTable).where(m.LiveTable.token.in_(wanted))).all() if wanted else []
        )
        self.rows = {r.token: r for r in rows}
        tables = sorted({r.table_no for r in rows if r.round_no == self.paired})
        matches = session.scalars(
            select(m.Match).where(m.Match.round_no == self.paired, m.Match.table_no.in_(tables))
        ).all() if tables else []  # fmt: skip
        self.matches = {mt.table_no: mt for mt in matches}
        ids = sorted({i for mt in matches for i in (mt.home_id, mt.away_id) if i is not None})
        self.names = dict(
            session.execute(select(m.Entrant.id, m.Entrant.name).where(m.Entrant.id.in_(ids))).all()
        )
        # The nonces already seen, with the table each came from (and, as the batch goes, its own).
        self.nonces: dict[str, str] = dict(
            session.execute(
                select(m.LiveSubmission.nonce, m.LiveSubmission.token).where(m.LiveSubmission.nonce.in_(nonces))
            ).all()
        ) if nonces else {}  # fmt: skip
        self.cards = phones_cards(session, {s.card for s in submissions})
        self.checked: set[int] = set()  # rounds whose checks (published, still open) passed
        self.kinds: dict[int, RoundKind] = {}

    def table(self, token: str) -> tuple[m.LiveTable, m.Match]:
        """``tables.by_token`` from what was read: its full checks once per round, and its messages."""
        row = self.rows.get(token.strip()) if token else None
        match = self.matches.get(row.table_no) if row is not None else None
        if row is None or match is None or row.round_no != self.paired or row.round_no not in self.checked:
            row, match = by_token(self.session, token)
            self.checked.add(row.round_no)
            missing = {match.home_id, match.away_id} - set(self.names)
            if missing:
                found = select(m.Entrant.id, m.Entrant.name).where(m.Entrant.id.in_(missing))
                self.names.update(dict(self.session.execute(found).all()))
        return row, match

    def kind(self, round_no: int) -> RoundKind:
        if round_no not in self.kinds:
            self.kinds[round_no] = round_kind(self.session, round_no)
        return self.kinds[round_no]

    def replayed(self, row: m.LiveTable, nonce: str) -> bool:
        """``tables.replayed`` from what was read."""
        earlier = self.nonces.get(nonce)
        if earlier is None:
            return False
        if earlier != row.token:
            raise StaleForm("The page is out of date; reload it and enter the result again.")
        return True

    def one(self, sub: Submission) -> SubmissionOutcome:
        if sub.boards is not None:
            done = submit_boards(self.desk, sub.token, card=sub.card, boards=sub.boards, nonce=sub.nonce,
                                 version=sub.version)  # fmt: skip
        elif sub.games is not None:
            done = submit_games(self.desk, sub.token, card=sub.card, games=sub.games, nonce=sub.nonce,
                                seen=sub.seen or {})  # fmt: skip
        else:
            done = self.levels(sub)
        if done.outcome != "replay":
            self.nonces[sub.nonce.strip()[:64]] = done.table.token
        return done

    def levels(self, sub: Submission) -> SubmissionOutcome:
        """One side's entry of the levels both sides reached (``entry.submit``)."""
        session, desk = self.session, self.desk
        nonce = sub.nonce.strip()[:64]
        row, match = self.table(sub.token)  # an unknown code or a closed round is said first
        start(nonce)
        acting = acting_for(self.cards.get(sub.card), match)
        side, device = acting.side, acting.phone
        home, away = parse_level(sub.home_level), parse_level(sub.away_level)
        if self.replayed(row, nonce):
            return SubmissionOutcome(view_of(session, row, match, self.names), "replay", side)
        kind = self.kind(row.round_no)
        if kind.entry in ("boards", "room-boards"):
            raise BadInput("This table is scored board by board: enter each board's defenders' points.")
        if kind.entry == "team-games":
            raise BadInput(
                "This table is a team match of pairs: enter each pair game, not the match's levels."
            )
        check_turn(row, level_source(row, match), side, device, sub.version)
        stage = (sub.on_stage or "").strip() or None
        if kind.entry != "levels-on-stage" or home != away:
            stage = None
        elif stage is None:
            raise OnStageNeeded("The levels are equal: say which side was on stage (在台上) at the end.")
        elif stage not in ("home", "away"):
            raise BadInput("The side on stage must be home or away, not '{side}'.", side=stage)
        claim = level_claim(home, away, stage)
        outcome = apply_claim(session, desk, row, side, device, claim, chained=True, said=acting.said)
        if outcome == "confirmed":
            record_levels(session, desk, rules_of(session), row.round_no, row.table_no, home, away,
                           "confirmed by both sides at the table", stage)  # fmt: skip
        record_submission(session, row, nonce, side, device, claim, outcome)
        return SubmissionOutcome(view_of(session, row, match, self.names, kind), outcome, side)


def submit_many(desk: Desk, submissions: Sequence[Submission]) -> list[SubmissionOutcome | TournamentError]:
    """Apply ``submissions`` in one write transaction, each in its own savepoint, in the order given: what
    each of them came to, or the error that refused it (that one changed nothing). At most
    ``MOST_IN_ONE_WRITE``."""
    if len(submissions) > MOST_IN_ONE_WRITE:
        raise ValueError(
            f"at most {MOST_IN_ONE_WRITE} submissions in one transaction, not {len(submissions)}"
        )
    done: list[SubmissionOutcome | TournamentError] = []
    with desk.db.transaction(write=True) as session:
        batch = Batch(session, desk, submissions)
        for sub in submissions:
            tail = session.info.get(AUDIT_TAIL)
            noted = _audit_noted(session)
            try:
                with session.begin_nested():
                    done.append(batch.one(sub))
            except TournamentError as error:
                # The savepoint took back this submission's rows: its audit entries are not in the chain.
                session.info[AUDIT_TAIL] = tail
                _forget_audit(session, noted)
                done.append(error)
    return done


def _audit_noted(session: Session) -> set[int]:
    """The audit entries this transaction has noted as written so far (``storage.notify``)."""
    return set(session.info.get("written", {}).get("audit", {}))


def _forget_audit(session: Session, keep: set[int]) -> None:
    """Entries noted since ``keep`` were rolled back with their savepoint: not written after all."""
    audit = session.info.get("written", {}).get("audit", {})
    for gone in set(audit) - keep:
        del audit[gone]
