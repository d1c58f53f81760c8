"""Results from the tables: submissions from the players' phones with both-sides confirmation, each side on
its own entry card, and the director's queue of disputes.

Who may enter is the entry cards' to say (``credentials``): a phone that took an entrant's card speaks for that
entrant's side at its table this round (``my_table``), and for nothing else; the first side's entry needs its
own card, the confirmation the other side's. One phone cannot speak for both sides. The director reissues,
releases and closes phone entry (``credentials``).

Each table of a round also has a token (the scoresheet's QR code): it names the table for the pages (where
its result stands), never who may enter. It is valid while that round is the latest one paired and
published: pairing the next round closes it.

Home enters its levels → away confirms the same levels (``confirmed``: the result is recorded through
``results``, in the same transaction) or enters different ones (``disputed``: the director decides). A
side may correct its own entry while the other has not answered. Confirmed tables are locked for the
players; whatever the desk enters always wins: a table whose result the desk recorded or changed shows
as coming from the desk and refuses further submissions.

What a table enters depends on its stage (``LiveTableView.entry``):

- ``levels``: the two levels reached (claim ``"9:7"``).
- ``levels-on-stage`` (a knockout, rules.md §7.4): the two levels, and when they are equal the side on stage
  (在台上) at the end (claim ``"9:9:home"``); both sides must agree on it too. Recorded as
  ``record_result(on_stage=…)`` records it.
- ``boards`` (Mitchell, rules.md §7.5): the defenders' points of each board the table plays this round, with an
  optional penalty (NS enters, EW confirms or enters its own).
- ``duplicate`` (duplicate team events, rules.md §7.2): the defenders' points and any penalty of every board in
  both rooms (the home team enters, the away team confirms or enters its own).
  Board claims are the whole set, two characters a board-room (``encode_boards``; the claim columns hold
  ``MAX_BOARDS``). Boards both sides agree on are recorded at once; a board they differ on is disputed and
  waits for the director (``boards``).
- ``team-games`` (a team match of pairs, rules.md §5.8): each pair game on its own, entered by either team's card
  and confirmed (or disputed) by the other's; agreed games are recorded at once (``team_games``).

Every submission carries a nonce chosen by the phone (a replay of the same nonce is recognised and
changes nothing) and the ``version`` of the table its form was rendered from (an older version is stale
and refused, so a retried old form never overwrites a newer entry). Every accepted submission is kept in
``live_submission`` and every change of a table is in the audit trail.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from sqlalchemy import and_, or_, select

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.formats.knockout_stage import knockout_outcome
from tournament_desk.domain.levels import parse_level
from tournament_desk.domain.scoring import Outcome, score_levels
from tournament_desk.services.desk import Desk, now, rules_of
from tournament_desk.services.live.batch import Batch, Submission
from tournament_desk.services.live.claims import (
    LiveTableView,
    SubmissionOutcome,
    level_claim,
    split_on_stage,
)
from tournament_desk.services.live.credentials import CardView, holder
from tournament_desk.services.live.credentials import view as card_view
from tournament_desk.services.live.tables import (
    by_token,
    ensure_tokens,
    published,
    round_tables,
    table_row,
    view_of,
)
from tournament_desk.services.results.levels import record_levels
from tournament_desk.services.results.table import find_table
from tournament_desk.storage import models as m


def round_tokens(desk: Desk, round_no: int) -> list[LiveTableView]:
    """Every table of a published round with its token (made the first time they are asked for)."""
    with desk.db.transaction(write=True) as session:
        published(session, round_no)
        ensure_tokens(session, round_no)
        return round_tables(session, round_no)


def entry_urls(desk: Desk, round_no: int, base_url: str) -> dict[int, str]:
    """Each table's entry address for a published round (``base_url`` is the server's, as phones reach
    it, e.g. ``http://192.168.1.20:8765/``): what the scoresheets and guide cards print as QR codes."""
    base = server_address(base_url)
    return {t.table: f"{base}/t/{t.token}" for t in round_tokens(desk, round_no)}


def server_address(base_url: str) -> str:
    """The LAN server's address as the director gave it, checked, without its last ``/``."""
    base = base_url.strip()
    if not base.startswith(("http://", "https://")):
        raise BadInput("'{url}' is not the server's address: it starts with http://.", url=base)
    return base.rstrip("/")


def live_tables(desk: Desk, round_no: int, tables: Collection[int] | None = None) -> list[LiveTableView]:
    """The round's tables as the desk's results page shows them (no tokens made); ``tables``: only these."""
    with desk.db.transaction() as session:
        return round_tables(session, round_no, tables)


def live_table(desk: Desk, round_no: int, table_no: int) -> LiveTableView | None:
    """One table as the desk's results page shows it after the desk changed it (None: no phone has it)."""
    with desk.db.transaction() as session:
        row = session.scalars(
            select(m.LiveTable).where(m.LiveTable.round_no == round_no, m.LiveTable.table_no == table_no)
        ).first()
        return None if row is None else view_of(session, row, find_table(session, round_no, table_no))


def disputes(desk: Desk, round_no: int | None = None) -> list[LiveTableView]:
    """The director's queue: disputed tables the desk has not decided yet, by round and table."""
    with desk.db.transaction() as session:
        rounds = [round_no] if round_no is not None else sorted(
            set(session.scalars(select(m.LiveTable.round_no).where(m.LiveTable.status == "disputed")))
        )  # fmt: skip
        return [t for r in rounds for t in round_tables(session, r) if t.source == "disputed"]


def table_by_token(desk: Desk, token: str) -> LiveTableView:
    """The table a scanned code opens (refused when the code is unknown or its round is closed)."""
    with desk.db.transaction() as session:
        row, match = by_token(session, token)
        return view_of(session, row, match)


def submit(
    desk: Desk,
    token: str,
    *,
    card: str,
    home_level: str | int,
    away_level: str | int,
    nonce: str,
    version: int,
    on_stage: str | None = None,
) -> SubmissionOutcome:
    """One side's entry of the levels both sides reached, from a phone; see the module text for the rules.
    ``card``: the phone's secret, which names the entry card it holds and so the side it speaks for.

    ``on_stage`` ("home" or "away"): a knockout table of equal levels needs it (``OnStageNeeded`` when it
    is missing); anywhere else it is ignored. (The LAN server sends many at once: ``submit_many``.)
    """
    sub = Submission(token, card, nonce, version, home_level, away_level, on_stage)
    with desk.db.transaction(write=True) as session:
        return Batch(session, desk, [sub]).levels(sub)


def resolve(
    desk: Desk,
    round_no: int,
    table_no: int,
    home_level: str | int,
    away_level: str | int,
    *,
    reason: str | None = None,
    on_stage: str | None = None,
    expected: dict[str, object] | None = None,
) -> LiveTableView:
    """The director decides a table (disputed or not): the result is recorded and the table is the desk's.
    The audit trail says whose entry was taken (or that the director decided), unless ``reason`` is given.
    ``expected``: the table as the desk last saw it (``table_results.seen_state``); changed since →
    ``ChangedElsewhere``, nothing stored.

    A knockout table of equal levels needs the side on stage: ``on_stage``, or typed after the away level
    (``resolve(…, "9", "9:away")``, which is what the desk's "9:9:away" gives).
    """
    away_level, typed = split_on_stage(away_level)
    home, away = parse_level(home_level), parse_level(away_level)
    with desk.db.transaction(write=True) as session:
        find_table(session, round_no, table_no)
        row = table_row(session, round_no, table_no)
        stage = on_stage or typed
        decided = level_claim(home, away, stage if home == away else None)
        taken = {row.home_claim: "home's entry taken", row.away_claim: "away's entry taken"}.get(decided)
        if row.home_claim == decided == row.away_claim:
            taken = "as both sides entered"
        match = record_levels(session, desk, rules_of(session), round_no, table_no, home, away,
                               reason or taken or "decided by the director", stage, expected)  # fmt: skip
        row.version += 1
        row.updated_at = now()
        return view_of(session, row, match)


@dataclass(frozen=True)
class MyTable:
    """What a phone holding an entry card sees: the card's entrant, and its table this round (if any)."""

    card: (
        CardView | None
    )  # None: drawn from an entry just stored (only a page without a table names the card)
    round: int  # the latest round paired (0: none yet)
    side: str | None  # "home" or "away" at ``table``
    table: LiveTableView | None
    why_none: str | None = (
        None  # no table: "unpublished", "bye" (or a rest), "withdrawn" ("no-token": inside)
    )


def my_table(desk: Desk, secret: str | None) -> MyTable | None:
    """The table a phone's entry card plays at in the latest round (None: the phone holds no card)."""
    mine = _my_table(desk, secret)
    if mine is not None and mine.why_none == "no-token":  # the first phone of a round: its tokens are made
        round_tokens(desk, mine.round)
        mine = _my_table(desk, secret)
    return mine


def _my_table(desk: Desk, secret: str | None) -> MyTable | None:
    # Every open /my page is read again on each change in the hall: a few queries, each reading what it needs.
    with desk.db.transaction() as session:
        found = holder(session, secret)
        if found is None:
            return None
        entrant, card = found
        view = card_view(entrant, card)
        rnd = session.scalars(select(m.Round).order_by(m.Round.number.desc()).limit(1)).first()
        if rnd is None or not rnd.published:
            return MyTable(view, rnd.number if rnd else 0, None, None, "unpublished")
        found_table = session.execute(
            select(m.Match, m.LiveTable)
            .outerjoin(
                m.LiveTable,
                and_(m.LiveTable.round_no == m.Match.round_no, m.LiveTable.table_no == m.Match.table_no),
            )
            .where(
                m.Match.round_no == rnd.number,
                or_(m.Match.home_id == entrant.id, m.Match.away_id == entrant.id),
            )
        ).first()
        if found_table is None:
            return MyTable(view, rnd.number, None, None, "withdrawn" if view.withdrawn else "bye")
        match, row = found_table
        if row is None:
            return MyTable(view, rnd.number, None, None, "no-token")
        side = "home" if match.home_id == entrant.id else "away"
        other = match.away_id if side == "home" else match.home_id
        names = {
            entrant.id: entrant.name,
            other: session.scalar(select(m.Entrant.name).where(m.Entrant.id == other)),
        }
        return MyTable(view, rnd.number, side, view_of(session, row, match, names))  # type: ignore[arg-type]


def claim_outcome(desk: Desk, table: LiveTableView, side: str) -> Outcome | None:
    """What the OTHER side's entry of a levels table would score (the confirming phone shows it in words);
    None when the other side has entered nothing, or on a board table."""
    claim = table.away_claim if side == "home" else table.home_claim
    stage = table.away_on_stage if side == "home" else table.home_on_stage
    if claim is None or table.by_boards:
        return None
    with desk.db.transaction() as session:
        rules = rules_of(session)
    home, away = claim
    if table.entry == "levels-on-stage":
        if home == away and stage not in ("home", "away"):
            return None
        return knockout_outcome(home, away, stage if home == away else None, rules)  # type: ignore[arg-type]
    return score_levels(home, away, rules)
