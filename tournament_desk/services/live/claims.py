"""What a table's phones claim, as values: levels (``"9:7"``, ``"9:9:home"``) and board results (two
characters a board-room, ``encode_boards``), the views of a table the pages and the desk show, and the one-line
texts of a claim. No database here (see ``entry`` for the rules of entry)."""

from __future__ import annotations

import string
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tournament_desk.domain.duplicate import parse_points
from tournament_desk.domain.errors import BadInput, Message
from tournament_desk.domain.levels import PASSED_ACE, format_level
from tournament_desk.domain.team_match import PairGame
from tournament_desk.services.results.pair_boards import parse_penalty_side

Side = Literal["home", "away"]
# Where a table's result stands, as the desk's results page and the projector show it.
Source = Literal["open", "pending", "confirmed", "disputed", "desk"]
# What the table's phones enter (see ``entry``'s module text).
Entry = Literal["levels", "levels-on-stage", "boards", "room-boards", "team-games"]
Room = Literal["open", "closed"]

# live_table.home_claim / away_claim and live_submission.claim are String(160) (migration 0012): room for
# 80 board results, a duplicate round of 36 boards in both rooms (domain.duplicate.MAX_BOARDS) included.
CLAIM_LENGTH = 160
# Board claims: two characters a board (a room of a board, in duplicate) from this alphabet (64 digits).
DIGITS = string.digits + string.ascii_uppercase + string.ascii_lowercase + "-_"
MAX_BOARDS = CLAIM_LENGTH // 2
MAX_PHONE_POINTS = 5 * (len(DIGITS) - 1)  # 315: more than two decks hold
MAX_PHONE_PENALTY = 5 * 31  # 155 to one side (a whole deal is 80)


class StaleForm(BadInput):
    """The phone's form is older than the table (another entry came first, or a nonce of another page): the page
    is shown again with the table as it is now, not with what was sent."""


class NoCard(BadInput):
    """The phone holds no entry card (none taken, or it was released or reissued): the card is asked for."""


class NotAtTable(BadInput):
    """The phone's entry card is of an entrant who does not play at the table it sent for: forbidden."""


class UnknownCode(BadInput):
    """A card code nobody holds: counted against the address that sent it (guessing is held off)."""


class OnStageNeeded(BadInput):
    """A knockout table's levels are equal and the side on stage was not given (the page asks for it)."""


@dataclass(frozen=True)
class BoardClaim:
    """One board's result (in duplicate: one room of a board) as a side entered it or the desk holds it."""

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
    """One board of a table's round (duplicate: one room of a board): what home (NS) and away (EW)
    entered and what is recorded."""

    board: int
    declarer: str  # the fixed declarer seat, N/E/S/W
    home: BoardClaim | None
    away: BoardClaim | None
    recorded: BoardClaim | None
    room: Room | None = None  # duplicate: the open or the closed room

    @property
    def key(self) -> str:
        """The line's name in a phone's form: ``3`` (Mitchell), ``3o`` / ``3c`` (duplicate rooms)."""
        return f"{self.board}{self.room[0]}" if self.room else str(self.board)

    @property
    def label(self) -> str:
        """``3``, or ``3 open`` / ``3 closed`` (English: the pages and the desk translate the room)."""
        return f"{self.board} {self.room}" if self.room else str(self.board)

    @property
    def agreed(self) -> bool:
        return self.home is not None and self.home == self.away

    @property
    def disputed(self) -> bool:
        return self.home is not None and self.away is not None and self.home != self.away


# Where one pair game of a team match stands at the tables (``LiveGame.state``).
GameState = Literal["open", "entered", "confirmed", "disputed", "desk"]


@dataclass(frozen=True)
class LiveGame:
    """One board of a team match of pairs (rules.md §5.8): the two pairs that meet there, the game as each team's
    card entered it, and as the desk holds it."""

    game: int
    home_pair: Message | str
    away_pair: Message | str
    home: PairGame | None
    away: PairGame | None
    recorded: PairGame | None

    @property
    def agreed(self) -> bool:
        return self.home is not None and self.home == self.away

    @property
    def disputed(self) -> bool:
        return self.home is not None and self.away is not None and self.home != self.away

    @property
    def state(self) -> GameState:
        if self.recorded is not None:
            return "confirmed" if self.agreed and self.recorded == self.home else "desk"
        if self.disputed:
            return "disputed"
        return "entered" if self.home is not None or self.away is not None else "open"

    @property
    def seen(self) -> str:
        """The game's line as a page showed it: a form sent for this game is stale once this differs."""
        return "".join(encode_game(g) for g in (self.home, self.away, self.recorded))


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
    boards: tuple[BoardLine, ...] = ()  # Mitchell and duplicate: the table's boards (rooms) this round
    locked: bool = False  # the director closed phone entry for this table
    games: tuple[LiveGame, ...] = ()  # a team match of pairs: its P boards

    @property
    def by_boards(self) -> bool:
        return self.entry in ("boards", "room-boards")

    @property
    def disputed_boards(self) -> tuple[BoardLine, ...]:
        return tuple(b for b in self.boards if b.disputed)

    @property
    def disputed_games(self) -> tuple[LiveGame, ...]:
        return tuple(g for g in self.games if g.state == "disputed")


@dataclass(frozen=True)
class SubmissionOutcome:
    table: LiveTableView
    outcome: Literal["pending", "confirmed", "disputed", "replay"]
    side: str | None = None  # the side the entry card spoke for


# --- claims as stored ---------------------------------------------------------------------------------
def level_claim(home: int, away: int, on_stage: str | None = None) -> str:
    return f"{home}:{away}:{on_stage}" if on_stage else f"{home}:{away}"


def parse_level_claim(text: str | None) -> tuple[tuple[int, int] | None, str | None]:
    if not text or ":" not in text:
        return None, None
    home, away, *stage = text.split(":")
    return (int(home), int(away)), (stage[0] if stage else None)


def encode_boards(claims: Sequence[BoardClaim]) -> str:
    """A table's board results, in the order the table plays the boards (duplicate: each board's open
    room, then its closed room), two characters each: the defenders' points / 5, then the penalty (0 none;
    1–31: NS gets 5–155; 32–62: EW gets 5–155)."""
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


def boards_text(claims: Sequence[BoardClaim] | None, labels: Sequence[str]) -> str | None:
    """A board claim as the audit trail keeps it: ``1: 40; 2: 85 +EW 10`` (``1 open: 40; …``)."""
    if claims is None:
        return None
    return "; ".join(f"{b}: {c.text()}" for b, c in zip(labels, claims, strict=False))


# A team match's claim: three characters a game, in game order: the two levels (``DIGITS``), then the
# declarer on equal levels or the pair absent; ``...`` a game this side has not entered.
_GAME_FLAGS = {"0": (None, None), "h": ("home", None), "a": ("away", None), "H": (None, "home"),
               "A": (None, "away"), "B": (None, "both")}  # fmt: skip
_NOT_ENTERED = "..."


def encode_game(game: PairGame | None) -> str:
    if game is None:
        return _NOT_ENTERED
    flag = next(k for k, v in _GAME_FLAGS.items() if v == (game.declarer, game.absent))
    return DIGITS[game.home_level or 0] + DIGITS[game.away_level or 0] + flag


def encode_games(games: Sequence[PairGame | None]) -> str:
    return "".join(encode_game(g) for g in games)


def decode_games(text: str | None, pairs: int) -> list[PairGame | None]:
    """A side's claim of a team match, one entry a game (None: not entered); nothing stored: all None."""
    games: list[PairGame | None] = [None] * pairs
    if not text or len(text) != 3 * pairs or ":" in text:
        return games
    for i in range(pairs):
        part = text[3 * i : 3 * i + 3]
        if part == _NOT_ENTERED or part[2] not in _GAME_FLAGS:
            continue
        home, away = (DIGITS.index(c) for c in part[:2])
        declarer, absent = _GAME_FLAGS[part[2]]
        if absent is not None:
            games[i] = PairGame(i + 1, absent=absent)  # type: ignore[arg-type]
        elif 2 <= home <= PASSED_ACE and 2 <= away <= PASSED_ACE:
            games[i] = PairGame(i + 1, home, away, declarer)  # type: ignore[arg-type]
    return games


def game_words(game: PairGame | None) -> str:
    """A game in one line for the desk's queue and the audit trail: ``9:7``, ``9:9 home declaring``,
    ``home absent`` (English: the pages translate)."""
    if game is None:
        return ""
    if game.absent is not None:
        return f"{game.absent} absent"
    levels = f"{format_level(game.home_level or 2)}:{format_level(game.away_level or 2)}"
    return f"{levels} {game.declarer} declaring" if game.declarer else levels


def taken_from(home: object, away: object, decided: object) -> str:
    """Whose entry the director took for a board or a game, as the audit trail says it."""
    if home is not None and home == decided == away:
        return "as both sides entered"
    if home is not None and home == decided:
        return "home's entry taken"
    if away is not None and away == decided:
        return "away's entry taken"
    return "decided by the director"


def games_text(games: Sequence[PairGame | None]) -> str | None:
    """A team match's claim as the audit trail keeps it: ``game 1: 9:7; game 3: home absent``."""
    said = [f"game {g.game}: {game_words(g)}" for g in games if g is not None]
    return "; ".join(said) or None


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


def format_claim(claim: Sequence[int] | None, on_stage: str | None = None) -> str:
    """A claim as the page prints it: ``9 : 7``, or ``9 : 9 · away on stage`` (the side in English: the
    pages translate it)."""
    if claim is None:
        return ""
    text = f"{format_level(claim[0])} : {format_level(claim[1])}"
    return f"{text} · {on_stage} on stage" if on_stage else text


def claim_text(table: LiveTableView, side: Side, *, disputed_only: bool = False) -> str:
    """What one side entered, in one line for the desk's dispute queue: levels (with the side on stage),
    or boards (``2: 85 +EW 10; 3 open: 40``); ``disputed_only``: just the boards the sides differ on."""
    if table.games:
        chosen = table.disputed_games if disputed_only else table.games
        return games_text([g.home if side == "home" else g.away for g in chosen]) or ""
    if table.by_boards:
        lines = table.disputed_boards if disputed_only else table.boards
        claims = [(b.label, b.home if side == "home" else b.away) for b in lines]
        return "; ".join(f"{label}: {c.text()}" for label, c in claims if c is not None)
    if side == "home":
        return format_claim(table.home_claim, table.home_on_stage)
    return format_claim(table.away_claim, table.away_on_stage)
