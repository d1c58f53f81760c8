"""Groups then knockout, the group stage (SPEC §7.4; seed 003): filling the groups, each group's round
robin with tables numbered group by group, the group ranking with recorded lots, and the qualifiers.

This is the first part of issue 12: plain functions of the domain, tested on their own. The stage that runs
them through the services (``Format`` subclass, lots stored, the knockout draw) builds on these.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from string import ascii_uppercase

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.formats.berger import berger_schedule
from tournament_desk.domain.ranking import Figure, RankedRow

MIN_GROUP, MAX_GROUP = 3, 6  # SPEC §7.4: groups of four, the director may choose three to six


def group_names(count: int) -> list[str]:
    """A, B, C, … (AA, AB … past Z, for the rare event of more than 26 groups)."""
    letters = ascii_uppercase
    return [letters[i] if i < 26 else letters[i // 26 - 1] + letters[i % 26] for i in range(count)]


def make_groups(ids_by_draw: Sequence[int], size: int, *, snake: bool = False) -> list[list[int]]:
    """Entrants (in draw order) into groups of ``size``: 1–4 group A, 5–8 group B, … (SPEC §7.4).

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
    if n < 2 * MIN_GROUP and count > 1:
        count = 1
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
    """Entrants tied on every criterion must draw cards (摸牌) before the knockout can be drawn."""


def qualifiers(
    rankings: Mapping[str, Sequence[RankedRow]],
    knockout_size: int,
    *,
    third_lots: Mapping[int, int] | None = None,
    across: Sequence[Figure] = ("mp", "level_diff"),
) -> list[Qualifier]:
    """Top two of every group, then the best thirds across groups (points → level difference → lot) up to
    the knockout size (SPEC §7.4). Seeds: group winners first, then runners-up, then thirds, each by points
    and level difference. Refuses (naming who must draw) while a lot that decides a place is missing.

    ``across``: the figures that compare rows of different groups, best first (a team match of pairs: points
    and the game ratio, SPEC §5.8).
    """
    if knockout_size < 2 or knockout_size & (knockout_size - 1):
        raise BadInput("The knockout size must be a power of two, not {size}.", size=knockout_size)
    # A tie matters for the top two always (who qualifies, and the seeds), for third place only when thirds
    # can qualify at all.
    deciding = 3 if knockout_size > 2 * len(rankings) else 2
    for name, rows in rankings.items():
        for row in rows:
            if row.lot_needed and row.rank <= deciding:
                tied = [r.entrant.name for r in rows if r.rank == row.rank]
                raise LotNeeded(
                    "Group {group}: {names} are equal on every criterion; record their lot (摸牌) first.",
                    group=name,
                    names="、".join(tied),
                )
    places: list[list[tuple[RankedRow, str]]] = [[], [], []]
    for name, rows in rankings.items():
        for place in (1, 2, 3):
            at = [r for r in rows if r.rank == place]
            if len(at) == 1:
                places[place - 1].append((at[0], name))
    chosen: list[Qualifier] = []

    def key(item: tuple[RankedRow, str]) -> tuple[float, ...]:
        return tuple(-float(getattr(item[0], figure)) for figure in across)

    for place in (1, 2):
        for row, name in sorted(places[place - 1], key=key):
            chosen.append(Qualifier(row.entrant.id, name, place, len(chosen) + 1))
    if len(chosen) > knockout_size:
        raise BadInput(
            "{count} group winners and runners-up do not fit a knockout of {size}; choose a larger one.",
            count=len(chosen),
            size=knockout_size,
        )
    thirds = sorted(places[2], key=key)
    room = knockout_size - len(chosen)
    if room and thirds:
        lots = third_lots or {}
        if len(thirds) > room and key(thirds[room - 1]) == key(thirds[room]):
            edge = key(thirds[room])
            level = [t for t in thirds if key(t) == edge]
            if not all(t[0].entrant.id in lots for t in level):
                names = "、".join(t[0].entrant.name for t in level)
                if "level_diff" in across:
                    raise LotNeeded(
                        "The best thirds {names} are equal on points and level difference for the last "
                        "knockout places; record their lot (摸牌) first.",
                        names=names,
                    )
                raise LotNeeded(
                    "The best thirds {names} are equal on points and game ratio for the last knockout places; "
                    "record their lot (摸牌) first.",
                    names=names,
                )
            thirds = sorted(thirds, key=lambda t: (*key(t), lots.get(t[0].entrant.id, 0)))
        for row, name in thirds[:room]:
            chosen.append(Qualifier(row.entrant.id, name, 3, len(chosen) + 1))
    return chosen
