"""SQLAlchemy 2.0 typed models: one tournament per database.

The schema is created and changed only by the Alembic migrations in ``storage/migrations``; these models
describe the head revision. Computed VP/MP are stored with each table so standings and the audit trail
show exactly what was scored, even if a later version computes differently.

No ``from __future__ import annotations`` here: SQLAlchemy reads each ``Mapped[...]`` annotation as the class is
made, and strings it must evaluate first cost every command that opens a file about 26 M instructions more (issue
29, the module imported under callgrind, by hand).
"""

from datetime import date, datetime

from sqlalchemy import CheckConstraint, Float, ForeignKey, Integer, MetaData, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

# A naming convention so that Alembic's batch mode on SQLite can find constraints by name.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

APP_MARKER = "tournament-desk"


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class Meta(Base):
    """Key/value facts about the file itself (which application wrote it, with which version)."""

    __tablename__ = "meta"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class Tournament(Base):
    __tablename__ = "tournament"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    format: Mapped[str] = mapped_column(String(32))
    entrants_kind: Mapped[str] = mapped_column(String(16))
    scoring: Mapped[str] = mapped_column(String(16))
    rules_json: Mapped[str] = mapped_column(Text)
    rounds_planned: Mapped[int | None] = mapped_column(Integer)
    venue: Mapped[str | None] = mapped_column(String(200))
    starts_on: Mapped[date | None]
    ends_on: Mapped[date | None]
    created_at: Mapped[datetime]
    # The event's chain of stages as planned (rules.md §7): [{"format", "advance": {"rule", "count"}}, …].
    stages_json: Mapped[str | None] = mapped_column(Text)


class Entrant(Base):
    __tablename__ = "entrant"
    __table_args__ = (UniqueConstraint("draw_no"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    unit: Mapped[str | None] = mapped_column(String(200))
    players: Mapped[str] = mapped_column(Text, default="")  # its EntrantPlayer rows' names joined by ","
    draw_no: Mapped[int | None] = mapped_column(Integer)
    # ``domain.sorting.sort_key(name)``: names are ordered without loading the pinyin tables.
    sort_key: Mapped[str | None] = mapped_column(String(400))
    withdrawn_after_round: Mapped[int | None] = mapped_column(Integer)
    withdraw_reason: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime]


class Player(Base):
    """A person who plays (issue 30): ``uid`` is the same in every event and in the registry on this computer
    once the director has said two records are one person; ``ident`` a phone's last digits, a member number."""

    __tablename__ = "player"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    uid: Mapped[str] = mapped_column(String(32), unique=True)
    name: Mapped[str] = mapped_column(String(200))
    unit: Mapped[str | None] = mapped_column(String(200))
    ident: Mapped[str | None] = mapped_column(String(40))
    created_at: Mapped[datetime]


class EntrantPlayer(Base):
    """An entrant's players in their order (``Entrant.players`` is the same names as one line, derived)."""

    __tablename__ = "entrant_player"
    __table_args__ = (UniqueConstraint("player_id"),)  # one person plays for one entrant of an event
    entrant_id: Mapped[int] = mapped_column(ForeignKey("entrant.id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))


class PlayerApart(Base):
    """The director said this event's player is not the registry's person ``known_uid`` (a proposal left
    unticked): the proposal is not shown again."""

    __tablename__ = "player_apart"
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"), primary_key=True)
    known_uid: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[datetime]


class Stage(Base):
    """One stage of the event (Swiss: one; groups then knockout: two), with its format and settings."""

    __tablename__ = "stage"
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    format: Mapped[str] = mapped_column(String(32))
    settings_json: Mapped[str] = mapped_column(Text, default="{}", server_default="{}")


class Round(Base):
    __tablename__ = "round"
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    stage_no: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    # What the entrant left over gets: "bye" (the bye award) or "rest" (no score; a round robin's dummy).
    bye_state: Mapped[str] = mapped_column(String(8), default="bye", server_default="bye")
    bye_entrant_id: Mapped[int | None] = mapped_column(ForeignKey("entrant.id"))
    bye_mp: Mapped[float | None] = mapped_column(Float)
    bye_vp: Mapped[float | None] = mapped_column(Float)
    published: Mapped[bool] = mapped_column(default=False)
    paired_at: Mapped[datetime]


class Match(Base):
    """One table of one round. ``kind`` is how the stored MP/VP came about (``domain.results.ResultState``)."""

    __tablename__ = "match"
    __table_args__ = (
        UniqueConstraint("round_no", "table_no"),
        CheckConstraint("home_id <> away_id", name="distinct_sides"),
        CheckConstraint(
            "kind IN ('pending', 'played', 'forfeit', 'late', 'ruling', 'annulled')", name="kind"
        ),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_no: Mapped[int] = mapped_column(ForeignKey("round.number"))
    table_no: Mapped[int] = mapped_column(Integer)
    home_id: Mapped[int] = mapped_column(ForeignKey("entrant.id"))
    away_id: Mapped[int] = mapped_column(ForeignKey("entrant.id"))
    relaxed: Mapped[str] = mapped_column(String(64), default="")  # "same-unit,rematch"
    locked: Mapped[bool] = mapped_column(default=False, server_default="0")  # kept when re-pairing
    kind: Mapped[str] = mapped_column(String(16), default="pending")
    side: Mapped[str | None] = mapped_column(String(8))  # forfeit/late/ruling: the responsible side
    home_level: Mapped[int | None] = mapped_column(Integer)
    away_level: Mapped[int | None] = mapped_column(Integer)
    home_mp: Mapped[float | None] = mapped_column(Float)
    away_mp: Mapped[float | None] = mapped_column(Float)
    home_vp: Mapped[float | None] = mapped_column(Float)
    away_vp: Mapped[float | None] = mapped_column(Float)
    note: Mapped[str | None] = mapped_column(Text)
    # Duplicate events: the home team's level difference over the boards (XMP), once every board is in.
    xmp: Mapped[int | None] = mapped_column(Integer)
    # Knockout matches of equal levels: the side on stage (在台上) at the end, who wins (rules.md §7.4).
    on_stage: Mapped[str | None] = mapped_column(String(8))
    # Knockout matches of several games (局): the games each side won (rules.md §7.6); team matches of pairs: the
    # pair games each team won, once all are in (rules.md §5.8).
    home_games: Mapped[int | None] = mapped_column(Integer)
    away_games: Mapped[int | None] = mapped_column(Integer)


class BoardSpec(Base):
    """One pre-dealt board of a round's board set (牌套: fixed level, declarer seat and trump).

    ``round_no`` 0 holds the event's default set; a round gets its own copy when it is paired, so changing
    the default later never changes the boards a round was played with.
    """

    __tablename__ = "board"
    __table_args__ = (
        CheckConstraint("level BETWEEN 2 AND 14", name="level"),
        CheckConstraint("declarer IN ('N', 'E', 'S', 'W')", name="declarer"),
        CheckConstraint("trump IN ('S', 'H', 'D', 'C', 'NT')", name="trump"),
    )
    round_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    board_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    level: Mapped[int] = mapped_column(Integer)
    declarer: Mapped[str] = mapped_column(String(1))
    trump: Mapped[str] = mapped_column(String(2))


class BoardResult(Base):
    """One board in one room of a duplicate match: the defenders' points and penalty points to each side."""

    __tablename__ = "board_result"
    __table_args__ = (
        UniqueConstraint("match_id", "board_no", "room"),
        CheckConstraint("room IN ('open', 'closed')", name="room"),
        CheckConstraint("defenders_points >= 0", name="points"),
        CheckConstraint("penalty_ns >= 0 AND penalty_ew >= 0", name="penalties"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"))
    board_no: Mapped[int] = mapped_column(Integer)
    room: Mapped[str] = mapped_column(String(8))
    defenders_points: Mapped[int] = mapped_column(Integer)
    penalty_ns: Mapped[int] = mapped_column(Integer, default=0)
    penalty_ew: Mapped[int] = mapped_column(Integer, default=0)


class PairBoard(Base):
    """One board at one table of a Mitchell round: the defenders' points and penalty points to each side
    (rules.md §7.5). Who defended follows from the board's fixed declarer (the stage's settings)."""

    __tablename__ = "pair_board"
    __table_args__ = (
        UniqueConstraint("round_no", "table_no", "board_no"),
        CheckConstraint("points >= 0", name="points"),
        CheckConstraint("penalty_ns >= 0 AND penalty_ew >= 0", name="penalties"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_no: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    board_no: Mapped[int] = mapped_column(Integer)
    points: Mapped[int] = mapped_column(Integer)
    penalty_ns: Mapped[int] = mapped_column(Integer, default=0)
    penalty_ew: Mapped[int] = mapped_column(Integer, default=0)


class PairGame(Base):
    """One pair game of a team match of pairs (rules.md §5.8): board ``game_no`` of the match, the level each pair
    reached (15: passed A), the declarer (庄家) that decides equal levels, or the pair (or both) that did not
    show (``absent``: it loses the game; no levels). The match's games won and points follow once all P are in."""

    __tablename__ = "pair_game"
    __table_args__ = (
        UniqueConstraint("match_id", "game_no"),
        CheckConstraint("game_no BETWEEN 1 AND 9", name="game_no"),
        CheckConstraint("home_level BETWEEN 2 AND 15 AND away_level BETWEEN 2 AND 15", name="levels"),
        CheckConstraint("declarer IN ('home', 'away')", name="declarer"),
        CheckConstraint("absent IN ('home', 'away', 'both')", name="absent"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"))
    game_no: Mapped[int] = mapped_column(Integer)
    home_level: Mapped[int | None] = mapped_column(Integer)
    away_level: Mapped[int | None] = mapped_column(Integer)
    declarer: Mapped[str | None] = mapped_column(String(8))
    absent: Mapped[str | None] = mapped_column(String(8))


class TeamLineup(Base):
    """The order in which a team sends its pairs to the boards of its match in a round (rules.md §5.8), e.g.
    ``"2,1,3,4,5"``: its pair 2 plays board 1. No row: the registration order."""

    __tablename__ = "team_lineup"
    round_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    entrant_id: Mapped[int] = mapped_column(ForeignKey("entrant.id", ondelete="CASCADE"), primary_key=True)
    pairs: Mapped[str] = mapped_column(String(40))


class Deduction(Base):
    __tablename__ = "deduction"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_no: Mapped[int] = mapped_column(ForeignKey("round.number"))
    entrant_id: Mapped[int] = mapped_column(ForeignKey("entrant.id"))
    mp: Mapped[float] = mapped_column(Float)
    reason: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime]


class Audit(Base):
    """Who changed what, when and why: one row per change, old and new values as JSON."""

    __tablename__ = "audit"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime]
    station: Mapped[str] = mapped_column(String(100))
    action: Mapped[str] = mapped_column(String(40))
    round_no: Mapped[int | None] = mapped_column(Integer)
    table_no: Mapped[int | None] = mapped_column(Integer)
    entrant_id: Mapped[int | None] = mapped_column(Integer)
    old: Mapped[str | None] = mapped_column(Text)
    new: Mapped[str | None] = mapped_column(Text)
    reason: Mapped[str | None] = mapped_column(Text)
    # ``domain.chain.entry_hash`` of the entry before and this one's fields: a hash chain (migration 0007).
    hash: Mapped[str | None] = mapped_column(String(64))


class UndoStep(Base):
    """One undoable step of one station (issues 14, 18): the table (or deduction) before and after it, as
    JSON, and what it was, as a message key and its parameters (shown in the language of the moment).

    Written in the same transaction as the step itself; ``services.undo`` keeps the newest 200 per station.
    """

    __tablename__ = "undo_step"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    station: Mapped[str] = mapped_column(String(100), index=True)
    at: Mapped[datetime]
    kind: Mapped[str] = mapped_column(String(16))  # table, sheet or deduction
    round_no: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int | None] = mapped_column(Integer)
    before: Mapped[str | None] = mapped_column(Text)
    after: Mapped[str | None] = mapped_column(Text)
    label: Mapped[str] = mapped_column(String(40))
    label_args: Mapped[str] = mapped_column(Text)
    undone: Mapped[bool] = mapped_column(default=False)


# --- live results from the tables (issue 17) -------------------------------------------------------------


class LiveTable(Base):
    """One table of one round as the LAN server sees it: its QR token, the devices bound to each side,
    what each side claimed and where the two claims stand.

    ``status``: ``open`` (nothing entered), ``pending`` (one side entered, the other has to confirm),
    ``confirmed`` (both sides agreed; the result was recorded), ``disputed`` (the sides differ: the
    director decides). ``version`` rises with every change, so a form opened before a change is stale.
    """

    __tablename__ = "live_table"
    __table_args__ = (
        UniqueConstraint("round_no", "table_no"),
        CheckConstraint("status IN ('open', 'pending', 'confirmed', 'disputed')", name="status"),
    )
    token: Mapped[str] = mapped_column(String(32), primary_key=True)
    round_no: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), default="open")
    version: Mapped[int] = mapped_column(Integer, default=0)
    home_device: Mapped[str | None] = mapped_column(String(64))
    away_device: Mapped[str | None] = mapped_column(String(64))
    # "home_level:away_level", e.g. "9:7", or board results two characters each (services.live_claims)
    home_claim: Mapped[str | None] = mapped_column(String(160))
    away_claim: Mapped[str | None] = mapped_column(String(160))
    updated_at: Mapped[datetime]
    locked: Mapped[bool] = mapped_column(default=False, server_default="0")  # the director closed phone entry


class LiveCard(Base):
    """An entrant's entry card (录分卡, issue 23): the code printed on it (its credential for the whole event)
    and the phone that holds it now, by the SHA-256 of the secret cookie the server gave that phone when the
    card was scanned (``services.live_cards``). Reissuing the card replaces the code and frees the phone."""

    __tablename__ = "live_card"
    entrant_id: Mapped[int] = mapped_column(ForeignKey("entrant.id", ondelete="CASCADE"), primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)
    device: Mapped[str | None] = mapped_column(String(64), unique=True)
    issued_at: Mapped[datetime]
    bound_at: Mapped[datetime | None]


class LiveSubmission(Base):
    """Every submission a table sent, kept as it arrived (replays are recognised by ``nonce``)."""

    __tablename__ = "live_submission"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    nonce: Mapped[str] = mapped_column(String(64), unique=True)
    token: Mapped[str] = mapped_column(ForeignKey("live_table.token", ondelete="CASCADE"))
    side: Mapped[str] = mapped_column(String(8))
    device: Mapped[str] = mapped_column(String(64))
    claim: Mapped[str] = mapped_column(String(160))
    outcome: Mapped[str] = mapped_column(String(16))
    at: Mapped[datetime]


class LiveClock(Base):
    """The one round clock: remaining seconds at ``anchor`` (UTC), running or paused."""

    __tablename__ = "live_clock"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_no: Mapped[int] = mapped_column(Integer)
    duration_s: Mapped[int] = mapped_column(Integer)
    warning_s: Mapped[int] = mapped_column(Integer)  # remaining seconds at which the last deal is called
    remaining_s: Mapped[float] = mapped_column(Float)
    running: Mapped[bool] = mapped_column(default=False)
    anchor: Mapped[datetime]


class LiveAnnouncement(Base):
    __tablename__ = "live_announcement"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    text: Mapped[str] = mapped_column(Text)
    active: Mapped[bool] = mapped_column(default=True)
    at: Mapped[datetime]
