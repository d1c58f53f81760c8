"""How the LAN server sees a table: its row (token, bound devices, claims), what it enters, where its result
stands (``Source``) and the checks every submission passes. Shared by ``entry`` (levels), ``boards``
(Mitchell and duplicate boards) and ``team_games`` (a team match's pair games); callers use those modules.
How a round is entered is the stage format's (a board movement) or else the scoring mode's
(``ModeServices.live_entry``): never a name compared here."""

from __future__ import annotations

import secrets
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats.mitchell_stage import Mitchell, declarer_of
from tournament_desk.services.desk import Desk, audit, audit_chained, names_by_id, now, paired_rounds
from tournament_desk.services.formats import format_services
from tournament_desk.services.live.claims import (
    BoardClaim,
    BoardLine,
    Entry,
    LiveTableView,
    Room,
    Source,
    StaleForm,
    decode_boards,
    level_claim,
    parse_level_claim,
)
from tournament_desk.services.live.games import games_view
from tournament_desk.services.modes import mode_services
from tournament_desk.services.results.board_sets import boards_of
from tournament_desk.services.results.pair_board_write import mitchell_of
from tournament_desk.services.results.table import find_table
from tournament_desk.services.snapshot import load
from tournament_desk.services.stages import stage_of_round
from tournament_desk.storage import models as m

# (board, declarer seat, room): a line of a table's board form; the room only in duplicate.
PlanLine = tuple[int, str, Room | None]


@dataclass
class RoundKind:
    """What every table of one round shares: how it is entered, and (boards) the boards it plays."""

    entry: Entry
    round_no: int
    fmt: Mitchell | None = None
    session: Session | None = None
    plans: dict[int, list[PlanLine]] = field(default_factory=dict)
    data: EventData | None = None

    def plan(self, table_no: int) -> list[PlanLine]:
        """Each board (duplicate: each room of each board) the table plays this round, in form order."""
        assert self.session is not None
        if self.entry == "room-boards":
            if not self.plans:
                self.plans[0] = [
                    (b.number, b.declarer, room)
                    for b in boards_of(self.session, self.round_no)
                    for room in ("open", "closed")
                ]  # fmt: skip
            return self.plans[0]
        assert self.fmt is not None
        if table_no not in self.plans:
            if self.data is None:
                self.data = load(self.session)
            boards = self.fmt.boards(self.data, self.round_no, table_no)
            self.plans[table_no] = [(b, declarer_of(self.data.settings, b), None) for b in boards]
        return self.plans[table_no]

    def labels(self, table_no: int) -> list[str]:
        return [f"{b} {room}" if room else str(b) for b, _, room in self.plan(table_no)]


def round_kind(session: Session, round_no: int) -> RoundKind:
    """How the round's tables are entered: the stage format's board movement (Mitchell) first, then what
    the scoring mode enters (duplicate boards in both rooms, a team match's pair games), else the format's
    levels (a knockout's with the side on stage)."""
    entry = format_services(stage_of_round(session, round_no).format.name).entry
    if entry == "boards":
        return RoundKind("boards", round_no, mitchell_of(session, round_no), session)
    by_mode = mode_services(session).live_entry
    if by_mode is not None:
        return RoundKind(by_mode, round_no, session=session)  # type: ignore[arg-type]
    return RoundKind(entry, round_no)  # type: ignore[arg-type]


def recorded_boards(
    session: Session, kind: RoundKind, match: m.Match
) -> dict[tuple[int, Room | None], BoardClaim]:
    """What the desk holds of a table's boards, by (board, room)."""
    if kind.entry == "room-boards":
        rows = session.scalars(select(m.BoardResult).where(m.BoardResult.match_id == match.id))
        return {
            (r.board_no, r.room): BoardClaim(r.defenders_points, r.penalty_ns, r.penalty_ew)  # type: ignore[misc]
            for r in rows
        }
    pair_rows = session.scalars(
        select(m.PairBoard).where(
            m.PairBoard.round_no == match.round_no, m.PairBoard.table_no == match.table_no
        )
    )
    return {(r.board_no, None): BoardClaim(r.points, r.penalty_ns, r.penalty_ew) for r in pair_rows}


def board_lines(session: Session, kind: RoundKind, row: m.LiveTable, match: m.Match) -> tuple[BoardLine, ...]:
    plan = kind.plan(row.table_no)
    home = decode_boards(row.home_claim) or []
    away = decode_boards(row.away_claim) or []
    recorded = recorded_boards(session, kind, match)
    return tuple(
        BoardLine(
            board, declarer, home[i] if i < len(home) else None, away[i] if i < len(away) else None,
            recorded.get((board, room)), room,
        )
        for i, (board, declarer, room) in enumerate(plan)
    )  # fmt: skip


def board_source(row: m.LiveTable, match: m.Match, lines: Sequence[BoardLine]) -> Source:
    """A board table: the desk's as soon as any board it holds is not one both sides agreed on."""
    if match.kind not in ("pending", "played"):
        return "desk"
    if row.status == "disputed" and any(line.disputed and line.recorded is None for line in lines):
        return "disputed"  # the desk has decided some of the boards the sides differ on, not all of them yet
    for line in lines:
        if line.agreed and line.recorded != line.home:
            return "desk"  # a board the sides agreed on was changed or taken back at the desk
        if line.recorded is not None and not line.agreed:
            return "desk"
    return row.status  # type: ignore[return-value]


def level_source(row: m.LiveTable, match: m.Match) -> Source:
    """The table's state; the desk wins whenever the stored result is not the one the sides confirmed."""
    if match.kind == "pending":
        # A confirmed table whose result the desk took back (undo) is the desk's.
        return "desk" if row.status == "confirmed" else row.status  # type: ignore[return-value]
    stage = match.on_stage if match.home_level == match.away_level else None
    confirmed = level_claim(match.home_level or 0, match.away_level or 0, stage) == row.home_claim
    if match.kind == "played" and row.status == "confirmed" and confirmed:
        return "confirmed"
    return "desk"


def view_of(
    session: Session,
    row: m.LiveTable,
    match: m.Match,
    names: dict[int, str] | None = None,
    kind: RoundKind | None = None,
) -> LiveTableView:
    if names is None:  # one table: its two names, not the whole field's
        names = {
            e.id: e.name
            for e in (session.get(m.Entrant, match.home_id), session.get(m.Entrant, match.away_id))
            if e
        }
    kind = kind or round_kind(session, row.round_no)
    if kind.entry == "team-games":
        return games_view(session, row, match, names[match.home_id], names[match.away_id])
    result = (match.home_level, match.away_level) if match.home_level and match.away_level else None
    if kind.entry in ("boards", "room-boards"):
        lines = board_lines(session, kind, row, match)
        return LiveTableView(
            row.round_no, row.table_no, row.token, names[match.home_id], names[match.away_id],
            board_source(row, match, lines), row.version, None, None, row.home_device is not None,
            row.away_device is not None, None, kind.entry, boards=lines, locked=row.locked,
        )  # fmt: skip
    home_claim, home_stage = parse_level_claim(row.home_claim)
    away_claim, away_stage = parse_level_claim(row.away_claim)
    return LiveTableView(
        row.round_no, row.table_no, row.token, names[match.home_id], names[match.away_id],
        level_source(row, match), row.version, home_claim, away_claim, row.home_device is not None,
        row.away_device is not None, result, kind.entry, home_stage, away_stage,
        match.on_stage if result else None, locked=row.locked,
    )  # fmt: skip


def ensure_tokens(session: Session, round_no: int) -> None:
    have = set(session.scalars(select(m.LiveTable.table_no).where(m.LiveTable.round_no == round_no)))
    tables = session.scalars(select(m.Match.table_no).where(m.Match.round_no == round_no))
    for table_no in tables:
        if table_no not in have:
            session.add(
                m.LiveTable(token=secrets.token_urlsafe(9), round_no=round_no, table_no=table_no,
                            status="open", version=0, updated_at=now())
            )  # fmt: skip
    session.flush()


def table_row(session: Session, round_no: int, table_no: int) -> m.LiveTable:
    """A table's live row, made when the desk decides a table nobody has entered from a phone yet."""
    ensure_tokens(session, round_no)
    return session.scalars(
        select(m.LiveTable).where(m.LiveTable.round_no == round_no, m.LiveTable.table_no == table_no)
    ).one()


def published(session: Session, round_no: int) -> m.Round:
    rnd = session.get(m.Round, round_no)
    if rnd is None:
        raise BadInput("Round {round} has not been paired yet.", round=round_no)
    if not rnd.published:
        raise BadInput(
            "Round {round} is not published yet; publish its pairing before entering results.", round=round_no
        )
    return rnd


def round_tables(
    session: Session, round_no: int, tables: Collection[int] | None = None
) -> list[LiveTableView]:
    """The round's tables that phones have (``tables``: only these)."""
    names = names_by_id(session)
    kind = round_kind(session, round_no)
    only_matches = select(m.Match).where(m.Match.round_no == round_no)
    only_rows = select(m.LiveTable).where(m.LiveTable.round_no == round_no)
    if tables is not None:
        only_matches = only_matches.where(m.Match.table_no.in_(sorted(tables)))
        only_rows = only_rows.where(m.LiveTable.table_no.in_(sorted(tables)))
    matches = {mt.table_no: mt for mt in session.scalars(only_matches)}
    rows = session.scalars(only_rows.order_by(m.LiveTable.table_no))
    return [
        view_of(session, row, matches[row.table_no], names, kind) for row in rows if row.table_no in matches
    ]


def by_token(session: Session, token: str) -> tuple[m.LiveTable, m.Match]:
    row = session.get(m.LiveTable, token.strip()) if token else None
    if row is None:
        raise BadInput("This table code is not known; scan the QR code on your scoresheet again.")
    if row.round_no != paired_rounds(session):
        raise BadInput(
            "Round {round} is closed; results from the tables are no longer taken for it.", round=row.round_no
        )
    published(session, row.round_no)
    return row, find_table(session, row.round_no, row.table_no)


def replayed(session: Session, row: m.LiveTable, nonce: str) -> bool:
    earlier = session.scalars(select(m.LiveSubmission).where(m.LiveSubmission.nonce == nonce)).first()
    if earlier is None:
        return False
    if earlier.token != row.token:
        raise StaleForm("The page is out of date; reload it and enter the result again.")
    return True


def check_turn(row: m.LiveTable, source: Source, side: str, device: str, version: int) -> None:
    """May the phone ``device`` enter for ``side`` now (phone entry open, the table still the players', the
    form current)? Who may speak for a side is the entry card's to say (``credentials.side_of``)."""
    if row.locked:
        raise BadInput("The director has closed phone entry for this table; hand the scoresheet to the desk.")
    if source == "desk":
        raise BadInput("The desk has recorded this table's result; ask the director to change it.")
    if source == "confirmed":
        raise BadInput("Both sides have confirmed this table's result; ask the director to change it.")
    if version != row.version:
        raise StaleForm("This table's result changed since you opened the page; reload it and check.")
    other = row.away_device if side == "home" else row.home_device
    if other == device:
        raise BadInput(
            "This phone already entered for the other side; the other side confirms on its own phone."
        )


def start(nonce: str) -> None:
    if not nonce:
        raise StaleForm("The page is out of date; reload it and enter the result again.")


def apply_claim(
    session: Session,
    desk: Desk,
    row: m.LiveTable,
    side: str,
    device: str,
    claim: str,
    status: str | None = None,
    shown: Mapping[str, str | None] | None = None,
    *,
    chained: bool = False,
    said: str | None = None,
) -> Literal["pending", "confirmed", "disputed"]:
    """Store one side's claim and where the two claims now stand (audited); ``status`` when the caller
    compared them itself, ``shown`` what the audit trail keeps of the claims (default: as stored);
    ``chained``: audited without a flush (``desk.audit_chained``; a write transaction's batch); ``said``:
    who acted, as the audit trail gives it (``credentials.Acting.said``: the side, whose card, which phone)."""
    old = {"status": row.status, "home": row.home_claim, "away": row.away_claim}
    if side == "home":
        row.home_device, row.home_claim = device, claim
    else:
        row.away_device, row.away_claim = device, claim
    if status is not None:
        row.status = status
    elif row.home_claim is None or row.away_claim is None:
        row.status = "pending"
    elif row.home_claim == row.away_claim:
        row.status = "confirmed"
    else:
        row.status = "disputed"
    row.version += 1
    row.updated_at = now()
    new = {"status": row.status, "home": row.home_claim, "away": row.away_claim}
    if shown is not None:
        old = {**old, "home": shown["old_home"], "away": shown["old_away"]}
        new = {**new, "home": shown["home"], "away": shown["away"]}
    entry: dict[str, Any] = {
        "round_no": row.round_no,
        "table_no": row.table_no,
        "old": old,
        "new": new,
        "reason": said or f"{side} · {device}",
    }
    if chained:
        audit_chained(session, desk, "live-entry", **entry)
    else:
        audit(session, desk, "live-entry", **entry)
    return row.status  # type: ignore[return-value]


def record_submission(session: Session, row: m.LiveTable, nonce: str, side: str, device: str, claim: str,
                      outcome: str) -> None:  # fmt: skip
    session.add(
        m.LiveSubmission(nonce=nonce, token=row.token, side=side, device=device, claim=claim, outcome=outcome,
                         at=now())
    )  # fmt: skip
