"""The Mitchell movement of a pairs duplicate event (rules.md §7.5; seed 002, 牌套双人赛).

The draw seats the pairs: odd draw number d is the NS pair of table (d + 1)/2, even d the EW pair of table d/2
(seed 002: 1 v 2 on table 1, 3 v 4 on table 2, …). Pairs are numbered by the table they start at: NS pair i
and EW pair i both sit at table i in round 1. There are as many board groups as tables (group t starts at
table t, except with a relay, below); with K boards a round, group g holds boards (g − 1)·K + 1 … g·K.

Each round the NS pairs stay, the EW pairs move up one table (T → 1) and the board groups pass down one table
(1 → T; seed 002: "所打的牌由南北方向选手往低号桌传").

- **Odd T**: T rounds. EW pair j plays group j + 2(r − 1) (mod T) in round r, and 2(r − 1) runs through every
  residue mod T once, so every EW pair meets every NS pair once and plays every group once.
- **Even T, skip** (the default): moving up one table, an EW pair would meet, after round T/2, the groups it
  played in round 1 onwards again. So after round T/2 the EW pairs move up *two* tables (they skip one) and
  then go on one table a round; the boards move as always. The movement has T − 1 rounds. What is lost:
  EW pair j never meets the NS pair of table j + T/2 (mod T, the table it skipped), and neither EW pair j nor
  NS pair j plays group j − 1 (mod T). (Bridge clubs play a T-th "revenge" round in which EW pair j meets NS
  pair j again on group j − 1; rules.md §7.5 has no pair meet twice, so it is left out.) Every round still puts
  every group on exactly one table, so after R rounds every group has been played R times in each direction.
- **Even T, relay and bye stand** (the director's choice; the standard bridge "share and relay" Mitchell):
  groups 1…T/2 start on tables 1…T/2, group T/2 + 1 on a bye stand (an empty side table between tables T/2
  and T/2 + 1), groups T/2 + 2…T on tables T/2 + 1…T − 1, and table T shares (relays) the group of table 1
  for the whole movement. Boards move down one table as usual, except that the group of table T/2 + 1 goes to
  the bye stand and the one on the bye stand to table T/2, and the group shared by tables 1 and T goes on to
  table T − 1. T rounds: every EW pair meets every NS pair once and plays every group once; each round one
  group rests on the bye stand and one is played at two tables, so after the full T rounds every group has
  been played T times in each direction (after fewer rounds the counts differ by a table or two, and the
  Neuberg formula of the scoring evens them out).

- **An odd number of pairs** (2T − 1): the draw fills the T NS seats and the first T − 1 EW seats; EW pair T
  is a phantom that moves as an EW pair, and the table it sits at has no play that round: the NS pair sits
  out (轮空) and the boards there rest. With odd T the phantom is at table T, 1, 2, … in rounds 1, 2, 3, …,
  every NS pair sits out once and every group misses one round, so each board is played T − 1 times.

``rounds`` may cut a movement short (the director has less time), never make it longer. The movement is a
plain value: ``Movement.path`` gives a pair's round-by-round card, ``Movement.guide`` a table's guide card.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from tournament_desk.domain.errors import BadInput

Direction = Literal["NS", "EW"]
EvenTables = Literal["skip", "relay"]
DIRECTIONS: tuple[Direction, ...] = ("NS", "EW")
EVEN_TABLES: tuple[EvenTables, ...] = ("skip", "relay")
MIN_TABLES, MAX_TABLES = 3, 30
MAX_BOARDS_PER_ROUND = 16  # a bound so that a typing slip cannot deal a thousand boards
BYE_STAND = 0  # the "table" of the bye stand in a guide card's boards_from / boards_to


# --- the draw and the boards ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Seat:
    """Where the draw puts a pair: its direction and its pair number (the table it starts at)."""

    direction: Direction
    pair: int


def seat_pairs(draw_numbers: Iterable[int]) -> dict[int, Seat]:
    """Draw number → seat: odd d is NS pair (d + 1)/2, even d EW pair d/2 (seed 002).

    The draw numbers must be 1…n, each once, for T = ⌈n/2⌉ tables between ``MIN_TABLES`` and ``MAX_TABLES``.
    With an odd n = 2T − 1 the odd numbers fill the T NS seats and the even ones the first T − 1 EW seats:
    EW pair T is the phantom (``tables_for``), and the NS pair it meets sits out (rules.md §7.5).
    """
    numbers = sorted(draw_numbers)
    count = len(numbers)
    if numbers != list(range(1, count + 1)):
        raise BadInput(
            "A Mitchell movement seats draw numbers 1 to the number of pairs, each once; these are {numbers}.",
            numbers=", ".join(str(n) for n in numbers),
        )
    tables_for(count)
    return {d: Seat("NS", (d + 1) // 2) if d % 2 else Seat("EW", d // 2) for d in numbers}


def tables_for(pairs: int) -> int:
    """The tables ``pairs`` pairs fill: ⌈pairs/2⌉ (an odd count leaves the last table's EW seat to the
    phantom), refused outside ``MIN_TABLES``…``MAX_TABLES``."""
    tables = (pairs + 1) // 2
    _check_tables(tables)
    return tables


def boards_of(group: int, per_round: int) -> range:
    """The boards of board group ``group`` with ``per_round`` boards a round: (g − 1)·K + 1 … g·K."""
    _check_per_round(per_round)
    if group < 1:
        raise BadInput("Board groups are numbered from 1, not {group}.", group=group)
    return range((group - 1) * per_round + 1, group * per_round + 1)


def group_of(board: int, per_round: int) -> int:
    """The board group that holds ``board`` (boards numbered from 1)."""
    _check_per_round(per_round)
    if board < 1:
        raise BadInput("Boards are numbered from 1, not {board}.", board=board)
    return (board - 1) // per_round + 1


def _check_per_round(per_round: int) -> None:
    if not 1 <= per_round <= MAX_BOARDS_PER_ROUND:
        raise BadInput(
            "A round of a Mitchell movement has 1 to {most} boards, not {count}.",
            most=MAX_BOARDS_PER_ROUND,
            count=per_round,
        )


def _check_tables(tables: int) -> None:
    if not MIN_TABLES <= tables <= MAX_TABLES:
        raise BadInput(
            "A Mitchell movement needs between {least} and {most} tables, not {count}.",
            least=MIN_TABLES,
            most=MAX_TABLES,
            count=tables,
        )


# --- the movement ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Sitting:
    """One table in one round: the NS pair (always the table's own), the EW pair and the board group."""

    round: int
    table: int
    ns: int
    ew: int
    group: int
    sit_out: bool = False  # the EW pair is the phantom: the NS pair sits out (轮空), the boards rest


@dataclass(frozen=True)
class PathStep:
    """One round of a pair's card: where it sits, against whom, which group (and the table sharing it)."""

    round: int
    table: int
    direction: Direction
    opponent: int
    group: int
    shares_with: int | None  # the other table playing the same group this round (relay), else None
    sit_out: bool = False  # the pair sits out this round (its opponent is the phantom)


@dataclass(frozen=True)
class GuideLine:
    """One round of a table's guide card.

    ``ew_from`` is the table the arriving EW pair played at the round before and ``boards_from`` the table
    the group comes from (``BYE_STAND`` for the bye stand); both are None in round 1, when pairs and boards
    are placed. ``ew_to`` and ``boards_to`` say where they go next, None after the last round.
    """

    round: int
    ns: int
    ew: int
    ew_from: int | None
    group: int
    boards_from: int | None
    ew_to: int | None
    boards_to: int | None
    shares_with: int | None  # the other table playing the same group this round (relay), else None
    sit_out: bool = False  # the arriving EW pair is the phantom: the NS pair sits out (轮空)


@dataclass(frozen=True)
class Movement:
    """A whole Mitchell movement: ``sittings[r - 1][t - 1]`` is table t in round r.

    ``phantom``: the EW pair number that is missing (an odd number of pairs: EW pair T), else None. The
    phantom moves as an EW pair; the table it sits at has no play that round (``sit_out``)."""

    tables: int
    rounds: int
    full_rounds: int  # the rounds of the whole movement; ``rounds`` may be fewer
    even: EvenTables | None  # None for an odd number of tables
    sittings: tuple[tuple[Sitting, ...], ...]
    phantom: int | None = None

    @property
    def groups(self) -> int:
        """Board groups in play: one per table."""
        return self.tables

    @property
    def relay(self) -> bool:
        return self.even == "relay"

    def _check_round(self, round_: int) -> None:
        if not 1 <= round_ <= self.rounds:
            raise BadInput(
                "This Mitchell movement has rounds 1–{last}; there is no round {round}.",
                last=self.rounds,
                round=round_,
            )

    def _check_table(self, round_: int, table: int) -> None:
        self._check_round(round_)
        if not 1 <= table <= self.tables:
            raise BadInput(
                "Round {round} has tables 1–{last}; there is no table {table}.",
                round=round_,
                last=self.tables,
                table=table,
            )

    def _check_pair(self, pair: int) -> None:
        if not 1 <= pair <= self.tables:
            raise BadInput(
                "This Mitchell movement has pairs 1–{last} in each direction; there is no pair {pair}.",
                last=self.tables,
                pair=pair,
            )

    def sitting(self, round_: int, table: int) -> Sitting:
        self._check_table(round_, table)
        return self.sittings[round_ - 1][table - 1]

    def group_at(self, round_: int, table: int) -> int:
        return self.sitting(round_, table).group

    def sit_out(self, round_: int) -> Sitting | None:
        """The table that sits out in ``round_`` (the phantom's), None when every table plays."""
        self._check_round(round_)
        return next((s for s in self.sittings[round_ - 1] if s.sit_out), None)

    def shares_with(self, table: int) -> int | None:
        """With a relay, tables 1 and T play the same group every round; otherwise no table shares."""
        if not self.relay:
            return None
        return self.tables if table == 1 else 1 if table == self.tables else None

    def on_bye_stand(self, round_: int) -> int | None:
        """The group resting on the bye stand in ``round_`` (relay only), else None."""
        self._check_round(round_)
        if not self.relay:
            return None
        return (self.tables // 2 + round_ - 1) % self.tables + 1

    def table_of(self, direction: Direction, pair: int, round_: int) -> int:
        """The table pair ``pair`` of ``direction`` sits at in ``round_``."""
        self._check_round(round_)
        self._check_pair(pair)
        if direction == "NS":
            return pair
        return next(s.table for s in self.sittings[round_ - 1] if s.ew == pair)

    def path(self, direction: Direction, pair: int) -> tuple[PathStep, ...]:
        """A pair's card: round by round its table, opponent and board group."""
        if direction not in DIRECTIONS:
            raise BadInput("'{text}' is not a side: type NS or EW.", text=str(direction))
        self._check_pair(pair)
        steps = []
        for r in range(1, self.rounds + 1):
            s = self.sittings[r - 1][self.table_of(direction, pair, r) - 1]
            opponent = s.ew if direction == "NS" else s.ns
            steps.append(
                PathStep(r, s.table, direction, opponent, s.group, self.shares_with(s.table), s.sit_out)
            )
        return tuple(steps)

    def guide(self, table: int) -> tuple[GuideLine, ...]:
        """A table's guide card: round by round which EW pair arrives from where, and which boards."""
        self._check_table(1, table)
        lines = []
        for r in range(1, self.rounds + 1):
            s = self.sittings[r - 1][table - 1]
            first, last = r == 1, r == self.rounds
            lines.append(
                GuideLine(
                    round=r,
                    ns=s.ns,
                    ew=s.ew,
                    ew_from=None if first else self.table_of("EW", s.ew, r - 1),
                    group=s.group,
                    boards_from=None if first else self._boards_from(table),
                    ew_to=None if last else self.table_of("EW", s.ew, r + 1),
                    boards_to=None if last else self._boards_to(table),
                    shares_with=self.shares_with(table),
                    sit_out=s.sit_out,
                )
            )
        return tuple(lines)

    def _boards_from(self, table: int) -> int:
        """Where the group a table plays was the round before: the next table up (T → 1)."""
        t, half = self.tables, self.tables // 2
        if self.relay:
            if table in (1, t):
                return 2
            if table == half:
                return BYE_STAND
            if table == t - 1:
                return t  # the group the relay tables 1 and T shared
        return table % t + 1

    def _boards_to(self, table: int) -> int:
        """Where a table's group goes next: the next table down (1 → T)."""
        t, half = self.tables, self.tables // 2
        if self.relay:
            if table in (1, t):
                return t - 1
            if table == half + 1:
                return BYE_STAND
            if table == 2:
                return 1  # to the relay tables 1 and T
        return (table - 2) % t + 1

    def check_board(self, round_: int, table: int, board: int, per_round: int) -> None:
        """Refuse a board that table ``table`` does not play in ``round_`` (none when it sits out)."""
        if self.sitting(round_, table).sit_out:
            raise BadInput(
                "Table {table} sits out in round {round} (轮空): it has no boards to enter.",
                table=table,
                round=round_,
            )
        group = self.group_at(round_, table)
        boards = boards_of(group, per_round)
        if board not in boards:
            raise BadInput(
                "Table {table} plays boards {first}–{last} in round {round}, not board {board}.",
                table=table,
                first=boards[0],
                last=boards[-1],
                round=round_,
                board=board,
            )


def full_rounds(tables: int, even: EvenTables = "skip") -> int:
    """Rounds of the whole movement: T, or T − 1 for an even T with a skip."""
    _check_tables(tables)
    _check_even(even)
    return tables - 1 if tables % 2 == 0 and even == "skip" else tables


def _check_even(even: str) -> None:
    if even not in EVEN_TABLES:
        raise BadInput(
            "'{even}' is not a way to move an even number of tables: choose skip or relay.", even=even
        )


def _relay_slot(table: int, tables: int) -> int:
    """The place of a table on the boards' circuit with a relay: 0 the shared group of tables 1 and T,
    then tables 2…T/2, the bye stand (T/2), tables T/2 + 1…T − 1; boards go from place p to p − 1."""
    if table in (1, tables):
        return 0
    return table - 1 if table <= tables // 2 else table


def movement(
    tables: int, *, even: EvenTables = "skip", rounds: int | None = None, sit_out: bool = False
) -> Movement:
    """The Mitchell movement of ``tables`` tables (``even`` chooses the skip or the relay for an even
    count and is ignored for an odd one), cut to ``rounds`` rounds when given. ``sit_out``: the pairs
    are one short (2T − 1), EW pair T is the phantom and the NS pair it meets sits out."""
    whole = full_rounds(tables, even)
    if rounds is None:
        rounds = whole
    if not 1 <= rounds <= whole:
        raise BadInput(
            "A Mitchell movement of {tables} tables has 1 to {most} rounds, not {rounds}.",
            tables=tables,
            most=whole,
            rounds=rounds,
        )
    odd = tables % 2 == 1
    kind: EvenTables | None = None if odd else even
    sittings = []
    for r in range(1, rounds + 1):
        skip = 1 if kind == "skip" and r > tables // 2 else 0
        row = []
        for t in range(1, tables + 1):
            ew = (t - r - skip) % tables + 1
            place = _relay_slot(t, tables) if kind == "relay" else t - 1
            group = (place + r - 1) % tables + 1
            row.append(Sitting(r, t, t, ew, group, sit_out and ew == tables))
        sittings.append(tuple(row))
    return Movement(tables, rounds, whole, kind, tuple(sittings), tables if sit_out else None)
