"""Groups then knockout, the group stage (rules.md §7.4; seed 003): filling the groups, each group's round
robin with tables numbered group by group, the group ranking with recorded lots, and the qualifiers.

This is the first part of issue 12: plain functions of the domain, tested on their own. The stage that runs
them through the services (``Format`` subclass, lots stored, the knockout draw) builds on these.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import permutations
from string import ascii_uppercase

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.formats.berger import berger_schedule
from tournament_desk.domain.ranking import Figure, RankedRow

MIN_GROUP, MAX_GROUP = 3, 6  # rules.md §7.4: groups of four, the director may choose three to six


def group_names(count: int) -> list[str]:
    """A, B, C, … (AA, AB … past Z, for the rare event of more than 26 groups)."""
    letters = ascii_uppercase
    return [letters[i] if i < 26 else letters[i // 26 - 1] + letters[i % 26] for i in range(count)]


def make_groups(ids_by_draw: Sequence[int], size: int, *, snake: bool = False) -> list[list[int]]:
    """Entrants (in draw order) into groups of ``size``: 1–4 group A, 5–8 group B, … (rules.md §7.4).

    With ``snake`` the director seeds instead: the draw order is a seeding, spread A B C … C B A … so that
    the strongest meet late. When the count does not divide, the first groups get one entrant fewer or the
    last ones one more, never a group below three.
    """
    if not MIN_GROUP <= size <= MAX_GROUP:
        raise BadInput(
            "Groups have {least} to {most} entrants, not {size}.", least=MIN_GROUP, most=MAX_GROUP, size=size
        )
    n = len(ids_by_draw)
    count = max(1, round(n / size))
    # As near ``size`` as the count allows, never a group below three nor above six: 20 in threes are
    # six groups (3, 3, 3, 3, 4, 4), not seven with a pair left over; 20 in sixes are four fives, not 6, 7, 7.
    while count > 1 and n // count < MIN_GROUP:
        count -= 1
    while -(-n // count) > MAX_GROUP and n // (count + 1) >= MIN_GROUP:
        count += 1
    sizes = [n // count + (1 if i >= count - n % count else 0) for i in range(count)]
    if min(sizes) < MIN_GROUP:
        raise BadInput(
            "{count} entrants cannot make groups of at least {least}; register more or choose another size.",
            count=n,
            least=MIN_GROUP,
        )
    if not snake:
        groups: list[list[int]] = []
        start = 0
        for length in sizes:
            groups.append(list(ids_by_draw[start : start + length]))
            start += length
        return groups
    snaked: list[list[int]] = [[] for _ in range(count)]
    forward = True
    position = 0
    while position < n:
        order = range(count) if forward else range(count - 1, -1, -1)
        for g in order:
            if position < n and len(snaked[g]) < sizes[g]:
                snaked[g].append(ids_by_draw[position])
                position += 1
        forward = not forward
    return snaked


@dataclass(frozen=True)
class GroupTable:
    round: int  # round of the group stage
    table: int  # numbered group by group: group A's tables first
    group: str
    home: int
    away: int


def group_schedule(groups: Sequence[Sequence[int]]) -> list[list[GroupTable]]:
    """Every round of the group stage: each group a Berger round robin, tables numbered group by group.

    Groups of different sizes have different round counts: a group that has finished sits out the rest.
    An odd group's dummy pairing is left out (that entrant rests).
    """
    names = group_names(len(groups))
    schedules = [berger_schedule(len(g)) for g in groups]
    rounds: list[list[GroupTable]] = []
    for k in range(max(len(s) for s in schedules)):
        tables: list[GroupTable] = []
        for name, members, schedule in zip(names, groups, schedules, strict=True):
            if k >= len(schedule):
                continue
            for home_no, away_no in schedule[k]:
                if home_no > len(members) or away_no > len(members):
                    continue  # the dummy of an odd group
                tables.append(
                    GroupTable(k + 1, len(tables) + 1, name, members[home_no - 1], members[away_no - 1])
                )
        rounds.append(tables)
    return rounds


def default_knockout_size(groups: int) -> int:
    """The smallest power of two not below twice the number of groups (8 groups → 16, 3 → 8, 5 → 16)."""
    size = 2
    while size < 2 * groups:
        size *= 2
    return size


@dataclass(frozen=True)
class Qualifier:
    entrant: int
    group: str
    place: int  # 1, 2, 3 in its group
    seed: int  # 1 = the highest qualifier (byes go to the highest seeds)


class LotNeeded(BadInput):
    """Entrants tied on every criterion must draw cards (摸牌) before the knockout can be drawn.

    ``tied``: their entrant ids; ``lot_group``: the group whose lot is missing, or None for a lot across the
    groups (the best thirds for the last knockout places, or qualifiers of the same place for the byes).
    """

    def __init__(
        self, template: str, *, tied: Sequence[int] = (), lot_group: str | None = None, **params: object
    ) -> None:
        super().__init__(template, **params)
        self.tied = tuple(tied)
        self.lot_group = lot_group


Candidate = tuple[RankedRow, str, int]  # a group's row, its group's name, its place in the group (1, 2, 3)


@dataclass(frozen=True)
class Field:
    """The knockout's candidates before any cross-group lot: the top two of every group in seed order (group
    winners, then runners-up, each by ``across``) and the thirds by ``across``; ``room`` places for thirds."""

    top: list[Candidate]
    thirds: list[Candidate]
    room: int
    across: tuple[Figure, ...]

    def key(self, c: Candidate) -> tuple[float, ...]:
        """How candidates of different groups compare: place first (winners before runners-up), then the
        figures of ``across``, best first. Equal keys: only a lot can tell them apart."""
        return (c[2], *(-float(getattr(c[0], figure)) for figure in self.across))

    def byes(self) -> int:
        """Fewer qualifiers than knockout places: the highest seeds rest in round 1."""
        return self.room - min(self.room, len(self.thirds))

    def edges(self) -> list[tuple[list[Candidate], int, str]]:
        """The boundaries a tie would decide: the last places among the thirds, then the byes."""
        return [
            (self.thirds, self.room, "thirds"),
            (self.top + self.thirds[: self.room], self.byes(), "byes"),
        ]

    def tied_at(self, ordered: Sequence[Candidate], edge: int) -> list[Candidate]:
        """The candidates equal on every cross-group criterion across the boundary before ``ordered[edge]``."""
        if not 0 < edge < len(ordered) or self.key(ordered[edge - 1]) != self.key(ordered[edge]):
            return []
        return [c for c in ordered if self.key(c) == self.key(ordered[edge])]


def knockout_field(
    rankings: Mapping[str, Sequence[RankedRow]],
    knockout_size: int,
    across: Sequence[Figure] = ("mp", "level_diff"),
) -> Field:
    """The top two of every group and the thirds (rules.md §7.4), before any cross-group lot; refuses a knockout
    size that is not a power of two or too small for the top two, and a missing group lot that decides a
    place (naming who must draw)."""
    if knockout_size < 2 or knockout_size & (knockout_size - 1):
        raise BadInput("The knockout size must be a power of two, not {size}.", size=knockout_size)
    # A tie matters for the top two always (who qualifies, and the seeds), for third place only when thirds
    # can qualify at all.
    deciding = 3 if knockout_size > 2 * len(rankings) else 2
    for name, rows in rankings.items():
        for row in rows:
            if row.lot_needed and row.rank <= deciding:
                tied = [r for r in rows if r.rank == row.rank]
                raise LotNeeded(
                    "Group {group}: {names} are equal on every criterion; record their lot (摸牌) first.",
                    group=name,
                    names="、".join(r.entrant.name for r in tied),
                    tied=[r.entrant.id for r in tied],
                    lot_group=name,
                )
    places: list[list[Candidate]] = [[], [], []]
    for name, rows in rankings.items():
        for place in (1, 2, 3):
            at = [r for r in rows if r.rank == place]
            if len(at) == 1:
                places[place - 1].append((at[0], name, place))
    field = Field([], [], 0, tuple(across))
    top = sorted(places[0] + places[1], key=field.key)
    if len(top) > knockout_size:
        raise BadInput(
            "{count} group winners and runners-up do not fit a knockout of {size}; choose a larger one.",
            count=len(top),
            size=knockout_size,
        )
    return Field(top, sorted(places[2], key=field.key), knockout_size - len(top), tuple(across))


def cross_group_ties(
    rankings: Mapping[str, Sequence[RankedRow]],
    knockout_size: int,
    across: Sequence[Figure] = ("mp", "level_diff"),
) -> tuple[set[int], str | None]:
    """The entrants of different groups tied on every cross-group criterion at a boundary that decides who
    goes on (the last places among the thirds) or who gets a bye, whether or not their lot is recorded, and
    which boundary ("thirds" or "byes"); (set(), None) when none, or while a group lot is missing."""
    try:
        field = knockout_field(rankings, knockout_size, across)
    except BadInput:
        return set(), None
    for ordered, edge, kind in field.edges():
        tied = field.tied_at(ordered, edge)
        if tied:
            return {c[0].entrant.id for c in tied}, kind
    return set(), None


def qualifiers(
    rankings: Mapping[str, Sequence[RankedRow]],
    knockout_size: int,
    *,
    third_lots: Mapping[int, int] | None = None,
    across: Sequence[Figure] = ("mp", "level_diff"),
    byes: bool = True,
) -> list[Qualifier]:
    """Top two of every group, then the best thirds across groups (points → level difference → lot) up to
    the knockout size (rules.md §7.4). Seeds: group winners first, then runners-up, then thirds, each by points
    and level difference; the highest seeds get the byes. Refuses (naming who must draw) while a lot that
    decides a place or a bye is missing.

    ``across``: the figures that compare rows of different groups, best first (a team match of pairs: points
    and the game ratio, rules.md §5.8). ``third_lots``: the recorded lots across groups ({entrant id: position},
    best first). ``byes``: False to leave the byes' boundary unchecked (who qualifies does not depend on it).
    """
    field = knockout_field(rankings, knockout_size, across)
    lots = third_lots or {}
    ratio = "level_diff" not in across

    def settle(ordered: list[Candidate], edge: int, kind: str) -> list[Candidate]:
        tied = field.tied_at(ordered, edge)
        if tied and not all(c[0].entrant.id in lots for c in tied):
            _refuse(tied, kind, ratio)
        return sorted(ordered, key=lambda c: (*field.key(c), lots.get(c[0].entrant.id, 0)))

    thirds = settle(field.thirds, field.room, "thirds")[: field.room]
    seeded = field.top + thirds
    if byes:
        seeded = settle(seeded, knockout_size - len(seeded), "byes")
    return [Qualifier(row.entrant.id, name, place, seed) for seed, (row, name, place) in enumerate(seeded, 1)]


def _refuse(tied: Sequence[Candidate], kind: str, ratio: bool) -> None:
    names = "、".join(c[0].entrant.name for c in tied)
    ids = [c[0].entrant.id for c in tied]
    if kind == "byes":
        if ratio:
            raise LotNeeded(
                "{names} are equal on their group place, points and game ratio for the byes of the knockout's "
                "first round; record their lot (摸牌) across the groups first.",
                names=names,
                tied=ids,
            )
        raise LotNeeded(
            "{names} are equal on their group place, points and level difference for the byes of the "
            "knockout's first round; record their lot (摸牌) across the groups first.",
            names=names,
            tied=ids,
        )
    if ratio:
        raise LotNeeded(
            "The best thirds {names} are equal on points and game ratio for the last knockout places; "
            "record their lot (摸牌) first.",
            names=names,
            tied=ids,
        )
    raise LotNeeded(
        "The best thirds {names} are equal on points and level difference for the last knockout places; "
        "record their lot (摸牌) first.",
        names=names,
        tied=ids,
    )


def possible_qualifiers(
    rankings: Mapping[str, Sequence[RankedRow]],
    knockout_size: int,
    *,
    third_lots: Mapping[int, int] | None = None,
    across: Sequence[Figure] = ("mp", "level_diff"),
    limit: int = 720,
) -> list[set[int]] | None:
    """Who qualifies, for every way the outstanding lots (in a group, or across the groups) can fall: an
    entrant in every set goes on whatever the cards say, one in none cannot. None past ``limit`` ways."""
    outcomes: list[set[int]] = []
    pending: list[tuple[Mapping[str, Sequence[RankedRow]], Mapping[int, int]]] = [
        (rankings, third_lots or {})
    ]
    while pending:
        ranks, lots = pending.pop()
        try:
            chosen = qualifiers(ranks, knockout_size, third_lots=lots, across=across, byes=False)
        except LotNeeded as need:
            for order in permutations(need.tied):
                if len(outcomes) + len(pending) >= limit:
                    return None
                if need.lot_group is None:
                    pending.append((ranks, {**lots, **{e: i for i, e in enumerate(order, 1)}}))
                else:
                    drawn = _drawn(ranks[need.lot_group], order)
                    pending.append(({**ranks, need.lot_group: drawn}, lots))
            continue
        outcomes.append({q.entrant for q in chosen})
    return outcomes


def _drawn(rows: Sequence[RankedRow], order: Sequence[int]) -> list[RankedRow]:
    """A group's rows as a lot drawn in ``order`` (best first) would rank the tied ones."""
    tied = [r for r in rows if r.entrant.id in order]
    first = min(r.rank for r in tied)
    position = {e: i for i, e in enumerate(order)}
    ranked = [
        replace(r, rank=first + position[r.entrant.id], lot_needed=False) if r.entrant.id in position else r
        for r in rows
    ]
    return sorted(ranked, key=lambda r: r.rank)
