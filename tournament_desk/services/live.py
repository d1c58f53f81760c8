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

What a table enters depends on its stage (``LiveTableView.entry``):

- ``levels``: the two levels reached (claim ``"9:7"``).
- ``levels-on-stage`` (a knockout, SPEC §7.4): the two levels, and when they are equal the side on stage
  (在台上) at the end (claim ``"9:9:home"``); both sides must agree on it too. Recorded as
  ``record_result(on_stage=…)`` records it.
- ``boards`` (Mitchell, SPEC §7.5): the defenders' points of each board the table plays this round, with an
  optional penalty (NS enters, EW confirms or enters its own). The claim is the whole set, two characters a
  board (``encode_boards``), so it fits the 16 characters of ``live_table``'s claim columns for up to
  ``MAX_BOARDS`` boards a round. Boards both sides agree on are recorded at once (the checks and writer of
  ``pair_boards.record_pair_board``); a board they differ on is disputed and waits for the director.
- ``desk``: duplicate team boards are entered at the desk only (the page says so).

Every submission carries a nonce chosen by the phone (a replay of the same nonce is recognised and
changes nothing) and the ``version`` of the table its form was rendered from (an older version is stale
and refused, so a retried old form never overwrites a newer entry). Every accepted submission is kept in
``live_submission`` and every change of a table is in the audit trail.
"""

from __future__ import annotations

import secrets
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.duplicate import parse_points
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats.mitchell_stage import Mitchell, declarer_of
from tournament_desk.domain.levels import format_level, parse_level
from tournament_desk.services.desk import Desk, audit, names_by_id, now, paired_rounds, rules_of
from tournament_desk.services.pair_boards import _check as _check_board
from tournament_desk.services.pair_boards import _mitchell, parse_penalty_side
from tournament_desk.services.pair_boards import _write as _write_board
from tournament_desk.services.results import _record_levels, find_table
from tournament_desk.services.snapshot import load
from tournament_desk.services.stages import mode_of, stage_of_round
from tournament_desk.storage import models as m

Side = Literal["home", "away"]
# Where a table's result stands, as the desk's results page and the projector show it.
Source = Literal["open", "pending", "confirmed", "disputed", "desk"]
# What the table's phones enter (see the module text).
Entry = Literal["levels", "levels-on-stage", "boards", "desk"]

CLAIM_LENGTH = 16  # live_table.home_claim / away_claim and live_submission.claim are String(16)
# Mitchell claims: two characters a board from this alphabet (64 digits; see ``encode_boards``).
DIGITS = string.digits + string.ascii_uppercase + string.ascii_lowercase + "-_"
MAX_BOARDS = CLAIM_LENGTH // 2
MAX_PHONE_POINTS = 5 * (len(DIGITS) - 1)  # 315: more than two decks hold
MAX_PHONE_PENALTY = 5 * 31  # 155 to one side (a whole deal is 80)


class OnStageNeeded(BadInput):
    """A knockout table's levels are equal and the side on stage was not given (the page asks for it)."""


@dataclass(frozen=True)
class BoardClaim:
    """One board's result as a side entered it (or as the desk holds it)."""

    points: int
    penalty_ns: int = 0  # penalty points awarded to NS
    penalty_ew: int = 0

    @property
    def penalty(self) -> tuple[str, int] | None:
        if self.penalty_ns:
            return "NS", self.penalty_ns
        if self.penalty_ew:
            return "EW", self.penalty_ew
        return None

    def text(self) -> str:
        """``85`` or ``85 +EW 10`` (penalty points awarded to EW)."""
        extra = f" +NS {self.penalty_ns}" if self.penalty_ns else ""
        extra += f" +EW {self.penalty_ew}" if self.penalty_ew else ""
        return f"{self.points}{extra}"


@dataclass(frozen=True)
class BoardLine:
    """One board of a Mitchell table's round: what NS (home) and EW (away) entered and what is recorded."""

    board: int
    declarer: str  # the fixed declarer seat, N/E/S/W
    home: BoardClaim | None
    away: BoardClaim | None
    recorded: BoardClaim | None

    @property
    def agreed(self) -> bool:
        return self.home is not None and self.home == self.away

    @property
    def disputed(self) -> bool:
        return self.home is not None and self.away is not None and self.home != self.away


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
    entry: Entry = "levels"
    home_on_stage: str | None = None  # knockout, equal levels: the side on stage each side entered
    away_on_stage: str | None = None
    on_stage: str | None = None  # ... and as recorded
    boards: tuple[BoardLine, ...] = ()  # Mitchell: the table's boards this round


@dataclass(frozen=True)
class SubmissionOutcome:
    table: LiveTableView
    outcome: Literal["pending", "confirmed", "disputed", "replay"]


# --- claims as stored ---------------------------------------------------------------------------------


def _claim(home: int, away: int, on_stage: str | None = None) -> str:
    return f"{home}:{away}:{on_stage}" if on_stage else f"{home}:{away}"


def _parse_claim(text: str | None) -> tuple[tuple[int, int] | None, str | None]:
    if not text or ":" not in text:
        return None, None
    home, away, *stage = text.split(":")
    return (int(home), int(away)), (stage[0] if stage else None)


def encode_boards(claims: Sequence[BoardClaim]) -> str:
    """A table's board results, in the order the table plays the boards, two characters a board: the
    defenders' points / 5, then the penalty (0 none; 1–31: NS gets 5–155; 32–62: EW gets 5–155)."""
    if len(claims) > MAX_BOARDS:
        raise BadInput(
            "Phones can enter at most {most} boards a round; enter this table's boards at the desk.",
            most=MAX_BOARDS,
        )
    out = []
    for c in claims:
        if c.penalty_ns and c.penalty_ew:
            raise BadInput("A penalty goes to one side only; ask the director for anything else.")
        if c.points > MAX_PHONE_POINTS or c.points % 5 or c.points < 0:
            raise BadInput(
                "Defenders' points must be 0 or more in steps of 5, not {points}.", points=c.points
            )
        penalty = c.penalty_ns or c.penalty_ew
        if penalty > MAX_PHONE_PENALTY or penalty % 5 or penalty < 0:
            raise BadInput(
                "A penalty entered from a phone is at most {most} points; ask the director for more.",
                most=MAX_PHONE_PENALTY,
            )
        code = c.penalty_ns // 5 if c.penalty_ns else (31 + c.penalty_ew // 5 if c.penalty_ew else 0)
        out.append(DIGITS[c.points // 5] + DIGITS[code])
    return "".join(out)


def decode_boards(text: str | None) -> list[BoardClaim] | None:
    if not text or ":" in text or len(text) % 2:
        return None
    claims = []
    for i in range(0, len(text), 2):
        points, code = DIGITS.index(text[i]) * 5, DIGITS.index(text[i + 1])
        ns, ew = (code * 5, 0) if code <= 31 else (0, (code - 31) * 5)
        claims.append(BoardClaim(points, ns, ew))
    return claims


def _boards_text(claims: Sequence[BoardClaim] | None, plan: Sequence[int]) -> str | None:
    """A board claim as the audit trail keeps it: ``1: 40; 2: 85 +EW 10``."""
    if claims is None:
        return None
    return "; ".join(f"{b}: {c.text()}" for b, c in zip(plan, claims, strict=False))


# --- what a table is ------------------------------------------------------------------------------------


@dataclass
class _Round:
    """What every table of one round shares: how it is entered, and (Mitchell) the movement's boards."""

    entry: Entry
    round_no: int
    fmt: Mitchell | None = None
    session: Session | None = None
    plans: dict[int, list[tuple[int, str]]] = field(default_factory=dict)
    data: EventData | None = None

    def plan(self, table_no: int) -> list[tuple[int, str]]:
        """(board, declarer) of each board the table plays this round (Mitchell)."""
        assert self.fmt is not None and self.session is not None
        if table_no not in self.plans:
            if self.data is None:
                self.data = load(self.session)
            boards = self.fmt.boards(self.data, self.round_no, table_no)
            self.plans[table_no] = [(b, declarer_of(self.data.settings, b)) for b in boards]
        return self.plans[table_no]


def _round_kind(session: Session, round_no: int) -> _Round:
    fmt = stage_of_round(session, round_no).format
    if fmt.board_scored:
        return _Round("boards", round_no, _mitchell(session, round_no), session)
    if not mode_of(session).takes_levels:
        return _Round("desk", round_no)
    return _Round("levels-on-stage" if fmt.knockout else "levels", round_no)


def _recorded_boards(session: Session, round_no: int, table_no: int) -> dict[int, BoardClaim]:
    rows = session.scalars(
        select(m.PairBoard).where(m.PairBoard.round_no == round_no, m.PairBoard.table_no == table_no)
    )
    return {r.board_no: BoardClaim(r.points, r.penalty_ns, r.penalty_ew) for r in rows}


def _board_lines(session: Session, kind: _Round, row: m.LiveTable) -> tuple[BoardLine, ...]:
    plan = kind.plan(row.table_no)
    home = decode_boards(row.home_claim) or []
    away = decode_boards(row.away_claim) or []
    recorded = _recorded_boards(session, row.round_no, row.table_no)
    return tuple(
        BoardLine(
            board, declarer, home[i] if i < len(home) else None, away[i] if i < len(away) else None,
            recorded.get(board),
        )
        for i, (board, declarer) in enumerate(plan)
    )  # fmt: skip


def _board_source(row: m.LiveTable, match: m.Match, lines: Sequence[BoardLine]) -> Source:
    """A Mitchell table: the desk's as soon as any board it holds is not one both sides agreed on."""
    if match.kind not in ("pending", "played"):
        return "desk"
    for line in lines:
        if line.agreed and line.recorded != line.home:
            return "desk"  # a board the sides agreed on was changed or taken back at the desk
        if line.recorded is not None and not line.agreed:
            return "desk"
    return row.status  # type: ignore[return-value]


def _source(row: m.LiveTable, match: m.Match) -> Source:
    """The table's state; the desk wins whenever the stored result is not the one the sides confirmed."""
    if match.kind == "pending":
        # A confirmed table whose result the desk took back (undo) is the desk's.
        return "desk" if row.status == "confirmed" else row.status  # type: ignore[return-value]
    stage = match.on_stage if match.home_level == match.away_level else None
    confirmed = _claim(match.home_level or 0, match.away_level or 0, stage) == row.home_claim
    if match.kind == "played" and row.status == "confirmed" and confirmed:
        return "confirmed"
    return "desk"


def _view(
    session: Session,
    row: m.LiveTable,
    match: m.Match,
    names: dict[int, str] | None = None,
    kind: _Round | None = None,
) -> LiveTableView:
    if names is None:  # one table: its two names, not the whole field's
        names = {
            e.id: e.name
            for e in (session.get(m.Entrant, match.home_id), session.get(m.Entrant, match.away_id))
            if e
        }
    kind = kind or _round_kind(session, row.round_no)
    result = (match.home_level, match.away_level) if match.home_level and match.away_level else None
    if kind.entry == "boards":
        lines = _board_lines(session, kind, row)
        return LiveTableView(
            row.round_no, row.table_no, row.token, names[match.home_id], names[match.away_id],
            _board_source(row, match, lines), row.version, None, None, row.home_device is not None,
            row.away_device is not None, None, "boards", boards=lines,
        )  # fmt: skip
    home_claim, home_stage = _parse_claim(row.home_claim)
    away_claim, away_stage = _parse_claim(row.away_claim)
    return LiveTableView(
        row.round_no, row.table_no, row.token, names[match.home_id], names[match.away_id], _source(row, match),
        row.version, home_claim, away_claim, row.home_device is not None, row.away_device is not None, result,
        kind.entry, home_stage, away_stage, match.on_stage if result else None,
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


def entry_urls(desk: Desk, round_no: int, base_url: str) -> dict[int, str]:
    """Each table's entry address for a published round (``base_url`` is the server's, as phones reach
    it, e.g. ``http://192.168.1.20:8765/``): what the scoresheets and guide cards print as QR codes."""
    base = base_url.strip()
    if not base.startswith(("http://", "https://")):
        raise BadInput("'{url}' is not the server's address: it starts with http://.", url=base)
    base = base.rstrip("/")
    return {t.table: f"{base}/t/{t.token}" for t in round_tokens(desk, round_no)}


def _round_tables(session: Session, round_no: int) -> list[LiveTableView]:
    names = names_by_id(session)
    kind = _round_kind(session, round_no)
    matches = {mt.table_no: mt for mt in session.scalars(select(m.Match).where(m.Match.round_no == round_no))}
    rows = session.scalars(
        select(m.LiveTable).where(m.LiveTable.round_no == round_no).order_by(m.LiveTable.table_no)
    )
    return [
        _view(session, row, matches[row.table_no], names, kind) for row in rows if row.table_no in matches
    ]


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


def _replayed(session: Session, row: m.LiveTable, nonce: str) -> bool:
    earlier = session.scalars(select(m.LiveSubmission).where(m.LiveSubmission.nonce == nonce)).first()
    if earlier is None:
        return False
    if earlier.token != row.token:
        raise BadInput("The page is out of date; reload it and enter the result again.")
    return True


def _check_turn(row: m.LiveTable, source: Source, side: str, device: str, version: int) -> None:
    """May this device enter for this side now (the table still open to the players, the form current)?"""
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


def _start(device: str, nonce: str, side: str) -> None:
    if not device or not nonce:
        raise BadInput("The page is out of date; reload it and enter the result again.")
    if side not in ("home", "away"):
        raise BadInput("Choose whether you sit at home or away.")


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
    on_stage: str | None = None,
) -> SubmissionOutcome:
    """One side's entry of the levels both sides reached, from a phone; see the module text for the rules.

    ``on_stage`` ("home" or "away"): a knockout table of equal levels needs it (``OnStageNeeded`` when it
    is missing); anywhere else it is ignored.
    """
    device, nonce = device.strip()[:64], nonce.strip()[:64]
    with desk.db.transaction(write=True) as session:
        row, match = _by_token(session, token)  # an unknown code or a closed round is said first
        _start(device, nonce, side)
        home, away = parse_level(home_level), parse_level(away_level)
        if _replayed(session, row, nonce):
            return SubmissionOutcome(_view(session, row, match), "replay")
        kind = _round_kind(session, row.round_no)
        if kind.entry == "boards":
            raise BadInput("This table is scored board by board: enter each board's defenders' points.")
        if kind.entry == "desk":
            raise BadInput("This event's boards are entered at the desk: hand in the scoresheet.")
        _check_turn(row, _source(row, match), side, device, version)
        stage = (on_stage or "").strip() or None
        if kind.entry != "levels-on-stage" or home != away:
            stage = None
        elif stage is None:
            raise OnStageNeeded("The levels are equal: say which side was on stage (在台上) at the end.")
        elif stage not in ("home", "away"):
            raise BadInput("The side on stage must be home or away, not '{side}'.", side=stage)
        claim = _claim(home, away, stage)
        outcome = _apply_claim(session, desk, row, side, device, claim)
        if outcome == "confirmed":
            _record_levels(session, desk, rules_of(session), row.round_no, row.table_no, home, away,
                           "confirmed by both sides at the table", stage)  # fmt: skip
        session.add(
            m.LiveSubmission(nonce=nonce, token=row.token, side=side, device=device, claim=claim,
                             outcome=outcome, at=now())
        )  # fmt: skip
        return SubmissionOutcome(_view(session, row, match, kind=kind), outcome)


def _apply_claim(
    session: Session,
    desk: Desk,
    row: m.LiveTable,
    side: str,
    device: str,
    claim: str,
    status: str | None = None,
    shown: Mapping[str, str | None] | None = None,
) -> Literal["pending", "confirmed", "disputed"]:
    """Store one side's claim and where the two claims now stand (audited); ``status`` when the caller
    compared them itself, ``shown`` what the audit trail keeps of the claims (default: as stored)."""
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
    audit(session, desk, "live-entry", round_no=row.round_no, table_no=row.table_no, old=old, new=new,
          reason=f"{side} · {device}")  # fmt: skip
    return row.status  # type: ignore[return-value]


def parse_board_entry(points: str | int, penalty_side: str | None, penalty: str | int | None) -> BoardClaim:
    """One board as a phone sends it: the defenders' points, and optionally penalty points to NS or EW."""
    value = parse_points(points)
    side = (penalty_side or "").strip().upper()
    amount_text = "" if penalty is None else str(penalty).strip()
    if not side or side in ("-", "—", "0") or amount_text in ("", "0"):
        return BoardClaim(value)
    given = parse_penalty_side(f"{side}:{amount_text}")
    assert given is not None
    return BoardClaim(value, given[1], 0) if given[0] == "NS" else BoardClaim(value, 0, given[1])


def submit_boards(
    desk: Desk,
    token: str,
    *,
    side: str,
    device: str,
    boards: Mapping[int, BoardClaim],
    nonce: str,
    version: int,
) -> SubmissionOutcome:
    """One side's entry of a Mitchell table's boards for the round (home = NS, away = EW): every board the
    table plays, the defenders' points and any penalty. Boards both sides entered alike are recorded at
    once; a board they differ on makes the table disputed (the director enters that board at the desk)."""
    device, nonce = device.strip()[:64], nonce.strip()[:64]
    with desk.db.transaction(write=True) as session:
        row, match = _by_token(session, token)
        _start(device, nonce, side)
        kind = _round_kind(session, row.round_no)
        if kind.entry != "boards":
            raise BadInput("This table enters the levels both sides reached, not board results.")
        plan = [b for b, _ in kind.plan(row.table_no)]
        missing = [b for b in plan if b not in boards]
        if missing:
            raise BadInput("Enter the defenders' points of every board: board {board} is missing.",
                           board=missing[0])  # fmt: skip
        strange = sorted(set(boards) - set(plan))
        if strange:
            raise BadInput(
                "Table {table} plays boards {first}–{last} in round {round}, not board {board}.",
                table=row.table_no, first=plan[0], last=plan[-1], round=row.round_no, board=strange[0],
            )  # fmt: skip
        claims = [boards[b] for b in plan]
        claim = encode_boards(claims)
        if _replayed(session, row, nonce):
            return SubmissionOutcome(_view(session, row, match, kind=kind), "replay")
        lines = _board_lines(session, kind, row)
        _check_turn(row, _board_source(row, match, lines), side, device, version)
        other = decode_boards(row.away_claim if side == "home" else row.home_claim)
        status = "pending"
        if other is not None:
            for line, mine in zip(lines, claims, strict=True):
                if line.recorded is not None and mine != line.recorded:
                    raise BadInput(
                        "Board {board} is recorded already (both sides agreed); ask the director to change it.",
                        board=line.board,
                    )
            status = "confirmed" if other == claims else "disputed"
        old_home, old_away = (_boards_text(decode_boards(c), plan) for c in (row.home_claim, row.away_claim))
        mine_text = _boards_text(claims, plan)
        shown = {"old_home": old_home, "old_away": old_away,
                 "home": mine_text if side == "home" else old_home,
                 "away": mine_text if side == "away" else old_away}  # fmt: skip
        outcome = _apply_claim(session, desk, row, side, device, claim, status, shown)
        if other is not None:
            fmt = _mitchell(session, row.round_no)
            for line, mine, theirs in zip(lines, claims, other, strict=True):
                if mine == theirs and line.recorded is None:
                    _check_board(session, row.round_no, row.table_no, line.board)
                    _write_board(session, desk, fmt, match, line.board, mine.points, mine.penalty_ns,
                                 mine.penalty_ew, correct=False, reason="confirmed by both sides at the table")  # fmt: skip
        session.add(
            m.LiveSubmission(nonce=nonce, token=row.token, side=side, device=device, claim=claim,
                             outcome=outcome, at=now())
        )  # fmt: skip
        return SubmissionOutcome(_view(session, row, match, kind=kind), outcome)


def split_on_stage(level: str | int) -> tuple[str | int, str | None]:
    """The desk may type the side on stage after the away level: ``9:home``, ``9:away``, ``9:主``, ``9:客``."""
    if isinstance(level, int):
        return level, None
    text, _, stage = level.replace("：", ":").partition(":")
    stage = stage.strip().lower()
    if not stage:
        return text, None
    return text, {"主": "home", "主队": "home", "h": "home", "客": "away", "客队": "away", "a": "away"}.get(
        stage, stage
    )


def resolve(
    desk: Desk,
    round_no: int,
    table_no: int,
    home_level: str | int,
    away_level: str | int,
    *,
    reason: str | None = None,
    on_stage: str | None = None,
) -> LiveTableView:
    """The director decides a table (disputed or not): the result is recorded and the table is the desk's.

    A knockout table of equal levels needs the side on stage: ``on_stage``, or typed after the away level
    (``resolve(…, "9", "9:away")``, which is what the desk's "9:9:away" gives).
    """
    away_level, typed = split_on_stage(away_level)
    home, away = parse_level(home_level), parse_level(away_level)
    with desk.db.transaction(write=True) as session:
        match = _record_levels(session, desk, rules_of(session), round_no, table_no, home, away,
                               reason or "decided by the director", on_stage or typed)  # fmt: skip
        _ensure_tokens(session, round_no)
        row = session.scalars(
            select(m.LiveTable).where(m.LiveTable.round_no == round_no, m.LiveTable.table_no == table_no)
        ).one()
        row.version += 1
        row.updated_at = now()
        return _view(session, row, match)


def resolve_board(
    desk: Desk,
    round_no: int,
    table_no: int,
    board_no: int,
    points: int,
    *,
    penalty: tuple[str, int] | None = None,
    reason: str | None = None,
) -> LiveTableView:
    """The director decides one board of a Mitchell table (disputed or not); the table is then the desk's.
    Entering the board on the desk's board page (``record_pair_board``) does the same."""
    with desk.db.transaction(write=True) as session:
        fmt, match = _check_board(session, round_no, table_no, board_no)
        side, amount = penalty if penalty is not None else ("NS", 0)
        to_ns, to_ew = (amount, 0) if side == "NS" else (0, amount)
        stored = _recorded_boards(session, round_no, table_no)
        _write_board(session, desk, fmt, match, board_no, points, to_ns, to_ew, correct=board_no in stored,
                     reason=reason or "decided by the director")  # fmt: skip
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


def format_claim(claim: Sequence[int] | None, on_stage: str | None = None) -> str:
    """A claim as the page prints it: ``9 : 7``, or ``9 : 9 · away on stage`` (the side in English: the
    pages translate it)."""
    if claim is None:
        return ""
    text = f"{format_level(claim[0])} : {format_level(claim[1])}"
    return f"{text} · {on_stage} on stage" if on_stage else text


def claim_text(table: LiveTableView, side: Side) -> str:
    """What one side entered, in one line for the desk's dispute queue (levels, side on stage, or boards)."""
    if table.entry == "boards":
        claims = [(b.board, b.home if side == "home" else b.away) for b in table.boards]
        return "; ".join(f"{board}: {c.text()}" for board, c in claims if c is not None)
    if side == "home":
        return format_claim(table.home_claim, table.home_on_stage)
    return format_claim(table.away_claim, table.away_on_stage)
