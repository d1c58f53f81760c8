"""Duplicate team matches (复式, rules.md §7.2, seed 001): boards, rooms and penalties → XMP → VP → MP.

A round plays a set of pre-dealt boards whose level, declarer seat and trump are fixed in advance. Each board
is played in both rooms of a match: the home team sits North-South in the open room and East-West in the
closed room, so the two halves of each team hold the same cards. For each board and room the desk records the
defenders' points and any penalty points a referee awarded to a side.

Penalties are points added to the side they were awarded to: awarded to the defenders they are added to the
defenders' points; awarded to the declarers they are taken off the defenders' points (never below 0).

A room's points go through the event's level table (rules.md §6) to a level change signed from the declarer's side;
the NS pair's score in that room is that change when NS declared and its negative when EW declared. The home
team's result on a board (XMP) is NS score in the open room − NS score in the closed room, and the sum over the
boards is the level difference of the match (→ VP → MP, rules.md §5.1–5.2). The rule set may instead convert the
home team's point difference between the rooms with the 级分换算表 (``RuleSet.points_table``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal, NamedTuple

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.levels import ACE, MIN_LEVEL, parse_level
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import PointStep, RuleSet
from tournament_desk.domain.scoring import Outcome, score_difference

Seat = Literal["N", "E", "S", "W"]
Trump = Literal["S", "H", "D", "C", "NT"]
Room = Literal["open", "closed"]
Pair = Literal["NS", "EW"]
SEATS: tuple[Seat, ...] = ("N", "E", "S", "W")
TRUMPS: tuple[Trump, ...] = ("S", "H", "D", "C", "NT")
ROOMS: tuple[Room, ...] = ("open", "closed")
PAIRS: tuple[Pair, ...] = ("NS", "EW")
MAX_BOARDS = 36

_FULLWIDTH = str.maketrans("０１２３４５６７８９：ＮＥＳＷＨＤＣＴ", "0123456789:NESWHDCT")
_SEAT_ALIASES: dict[str, Seat] = {
    "N": "N",
    "E": "E",
    "S": "S",
    "W": "W",
    "北": "N",
    "东": "E",
    "南": "S",
    "西": "W",
}
_TRUMP_ALIASES: dict[str, Trump] = {
    "S": "S", "♠": "S", "黑桃": "S", "黑": "S",
    "H": "H", "♥": "H", "红桃": "H", "红心": "H", "红": "H",
    "D": "D", "♦": "D", "方块": "D", "方片": "D", "方": "D",
    "C": "C", "♣": "C", "梅花": "C", "草花": "C", "梅": "C",
    "NT": "NT", "N": "NT", "无主": "NT", "无将": "NT", "无": "NT",
}  # fmt: skip
_ROOM_ALIASES: dict[str, Room] = {
    "OPEN": "open", "O": "open", "开": "open", "开室": "open",
    "CLOSED": "closed", "CLOSE": "closed", "C": "closed", "闭": "closed", "闭室": "closed",
}  # fmt: skip
_PAIR_ALIASES: dict[str, Pair] = {"NS": "NS", "SN": "NS", "南北": "NS", "EW": "EW", "WE": "EW", "东西": "EW"}
TRUMP_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "无主"}
TRUMP_NAMES: dict[str, str] = {"S": "黑桃", "H": "红桃", "D": "方块", "C": "梅花", "NT": "无主"}


def _fold(text: object) -> str:
    return str(text if text is not None else "").strip().translate(_FULLWIDTH).upper().replace(" ", "")


# --- boards ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Board:
    """A pre-dealt board (牌套): fixed level, declarer seat and trump, the same in both rooms."""

    number: int
    level: int
    declarer: Seat
    trump: Trump

    @property
    def declaring_pair(self) -> Pair:
        return "NS" if self.declarer in ("N", "S") else "EW"

    @property
    def defending_pair(self) -> Pair:
        return "EW" if self.declaring_pair == "NS" else "NS"


# Seed 001: six boards at 9, 10, J, Q, K, A; declarers and trumps go round so that both pairs declare.
DEFAULT_BOARDS: tuple[Board, ...] = (
    Board(1, 9, "N", "S"),
    Board(2, 10, "E", "H"),
    Board(3, 11, "S", "D"),
    Board(4, 12, "W", "C"),
    Board(5, 13, "N", "NT"),
    Board(6, 14, "E", "S"),
)


def parse_seat(text: object) -> Seat:
    seat = _SEAT_ALIASES.get(_fold(text))
    if seat is None:
        raise BadInput("'{text}' is not a declarer seat: type N, E, S or W.", text=str(text))
    return seat


def parse_trump(text: object) -> Trump:
    trump = _TRUMP_ALIASES.get(_fold(text).replace("\ufe0f", ""))
    if trump is None:
        raise BadInput("'{text}' is not a trump: type S, H, D, C or NT (♠ ♥ ♦ ♣ 无主).", text=str(text))
    return trump


def board_level(text: object) -> int:
    """A board's level: 2…A (a board cannot be played at 过A)."""
    level = parse_level(text)
    if not MIN_LEVEL <= level <= ACE:
        raise BadInput("A board is played at a level from 2 to A, not '{text}'.", text=str(text))
    return level


def parse_board(text: str) -> Board:
    """A board as typed on the command line: ``NUMBER:LEVEL:SEAT:TRUMP``, e.g. ``1:9:S:S`` or ``2:10:E:NT``."""
    parts = [p.strip() for p in _fold(text).split(":")] if ":" in _fold(text) else []
    if len(parts) != 4:
        raise BadInput("'{text}' is not a board: write NUMBER:LEVEL:SEAT:TRUMP, e.g. 1:9:S:S.", text=text)
    number = parts[0]
    if not number.isdigit() or int(number) < 1:
        raise BadInput("'{text}' is not a board: write NUMBER:LEVEL:SEAT:TRUMP, e.g. 1:9:S:S.", text=text)
    return Board(int(number), board_level(parts[1]), parse_seat(parts[2]), parse_trump(parts[3]))


def check_board_set(boards: Iterable[Board]) -> tuple[Board, ...]:
    """A round's board set: at least one board, each number once; returned in board order."""
    ordered = tuple(sorted(boards, key=lambda b: b.number))
    if not ordered:
        raise BadInput("A round needs at least one board.")
    if len(ordered) > MAX_BOARDS:
        raise BadInput("A round has at most {max} boards.", max=MAX_BOARDS)
    for first, second in pairwise(ordered):
        if first.number == second.number:
            raise BadInput("Board {board} is given twice.", board=first.number)
    for b in ordered:
        if b.number < 1:
            raise BadInput("Boards are numbered from 1, not {board}.", board=b.number)
        board_level(b.level)
        parse_seat(b.declarer)
        parse_trump(b.trump)
    return ordered


# --- what the desk types --------------------------------------------------------------------------------
def parse_points(text: object) -> int:
    """Defenders' (or penalty) points as typed: a whole number, 0 or more, in steps of 5."""
    raw = _fold(text)
    if not raw:
        raise BadInput("The defenders' points are missing: type 0, 5, 10, … .")
    if not raw.lstrip("-").isdigit():
        raise BadInput("'{text}' is not a number of points.", text=str(text).strip())
    return check_points(int(raw))


def check_points(points: int) -> int:
    if points < 0 or points % 5:
        raise BadInput(
            "Defenders' points must be 0 or more in steps of 5, not {points}.",
            points=points,
        )
    return points


def parse_room(text: object) -> Room:
    room = _ROOM_ALIASES.get(_fold(text))
    if room is None:
        raise BadInput("'{text}' is not a room: type open or closed.", text=str(text))
    return room


def parse_pair(text: object) -> Pair:
    pair = _PAIR_ALIASES.get(_fold(text))
    if pair is None:
        raise BadInput("'{text}' is not a side: type NS or EW.", text=str(text))
    return pair


@dataclass(frozen=True)
class Penalty:
    """Penalty points a referee awarded to one side in one room (seed 001 §4: 10, 20, 40 or 80 points)."""

    room: Room
    to: Pair
    points: int


def parse_penalty(text: str) -> Penalty:
    """``ROOM:SIDE:POINTS``, e.g. ``open:NS:20`` or ``闭室:东西:10``."""
    parts = _fold(text).split(":")
    if len(parts) != 3:
        raise BadInput("'{text}' is not a penalty: write ROOM:SIDE:POINTS, e.g. open:NS:20.", text=text)
    points = parse_points(parts[2])
    if not points:
        raise BadInput("A penalty is a positive number of points in steps of 5, not 0.")
    return Penalty(parse_room(parts[0]), parse_pair(parts[1]), points)


@dataclass(frozen=True)
class RoomResult:
    """One board in one room: the defenders' points as written, and penalty points awarded to each side."""

    points: int
    to_ns: int = 0
    to_ew: int = 0


def effective_points(board: Board, result: RoomResult) -> int:
    """The defenders' points the level table reads: penalties added to the side they were awarded to."""
    to_defenders, to_declarers = (
        (result.to_ew, result.to_ns) if board.defending_pair == "EW" else (result.to_ns, result.to_ew)
    )
    return max(0, result.points + to_defenders - to_declarers)


def ns_score(board: Board, result: RoomResult, rules: RuleSet) -> int:
    """The NS pair's signed level score in one room: the level change if NS declared, its negative if EW did."""
    change = rules.level_table.change(effective_points(board, result))
    return change if board.declaring_pair == "NS" else -change


def home_points_difference(board: Board, open_room: RoomResult, closed_room: RoomResult) -> int:
    """The home team's point difference between the rooms, for the 级分换算表.

    The declarer seat is the same in both rooms and the home team changes direction, so it defends in one
    room and declares in the other: its difference is the points it took as defenders minus the points the
    away team took as defenders.
    """
    open_points, closed_points = effective_points(board, open_room), effective_points(board, closed_room)
    if board.declaring_pair == "NS":  # home declares in the open room, defends (as EW) in the closed room
        return closed_points - open_points
    return open_points - closed_points


def points_to_levels(difference: int, table: Sequence[PointStep]) -> int:
    """A point difference → levels by the conversion table, with the sign of the difference."""
    n = abs(difference)
    levels = max((s.levels for s in table if n >= s.min_difference), default=0)
    return levels if difference >= 0 else -levels


@dataclass(frozen=True)
class BoardScore:
    """A board of one match: each room's NS score and the home team's XMP, once both rooms are in."""

    board: Board
    open_ns: int | None
    closed_ns: int | None
    xmp: int | None


def score_board(
    board: Board, open_room: RoomResult | None, closed_room: RoomResult | None, rules: RuleSet
) -> BoardScore:
    open_ns = ns_score(board, open_room, rules) if open_room is not None else None
    closed_ns = ns_score(board, closed_room, rules) if closed_room is not None else None
    xmp: int | None = None
    if open_room is not None and closed_room is not None:
        if rules.duplicate_conversion == "points-table":
            xmp = points_to_levels(home_points_difference(board, open_room, closed_room), rules.points_table)
        else:
            assert open_ns is not None and closed_ns is not None
            xmp = open_ns - closed_ns
    return BoardScore(board, open_ns, closed_ns, xmp)


def score_boards(
    boards: Sequence[Board], results: Mapping[tuple[int, Room], RoomResult], rules: RuleSet
) -> tuple[BoardScore, ...]:
    return tuple(
        score_board(b, results.get((b.number, "open")), results.get((b.number, "closed")), rules)
        for b in boards
    )


def match_xmp(scores: Sequence[BoardScore]) -> int | None:
    """The home team's level difference for the match, or None while a board of either room is missing."""
    if not scores or any(s.xmp is None for s in scores):
        return None
    return sum(s.xmp for s in scores if s.xmp is not None)


def running_xmp(scores: Sequence[BoardScore]) -> int:
    """The home team's levels on the boards complete so far (shown while the desk types)."""
    return sum(s.xmp for s in scores if s.xmp is not None)


def score_match(xmp: int, rules: RuleSet) -> Outcome:
    """XMP → VP (10+N : 10−N, capped) → MP, as a match scored by levels (rules.md §5.1, §5.2)."""
    return score_difference(xmp, rules)


# --- standings ------------------------------------------------------------------------------------------
class XmpRecord(NamedTuple):
    """A stored match as the XMP totals read it."""

    round: int
    home: int
    away: int
    xmp: int | None
    kind: str
    side: str | None


def xmp_totals(
    entrants: Iterable[int], matches: Iterable[XmpRecord], *, after_round: int | None = None
) -> dict[int, int]:
    """Each team's XMP total: matches played count for both teams; after a late scoresheet only the side
    that was not responsible keeps the levels it played; forfeits, rulings and byes add nothing."""
    total: dict[int, int] = defaultdict(int)
    for m in matches:
        if m.xmp is None or (after_round is not None and m.round > after_round):
            continue
        if m.kind == ResultState.PLAYED or (m.kind == ResultState.LATE and m.side == "away"):
            total[m.home] += m.xmp
        if m.kind == ResultState.PLAYED or (m.kind == ResultState.LATE and m.side == "home"):
            total[m.away] -= m.xmp
    return {e: total[e] for e in entrants}
