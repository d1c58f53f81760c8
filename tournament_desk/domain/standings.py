"""Standings: totals, the tiebreak chain of rules.md §9 and shared ranks (1, 1, 3)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import MISSING, dataclass, fields
from itertools import chain
from operator import itemgetter
from typing import Any, NamedTuple

from tournament_desk.domain.sorting import LazyNameKey


@dataclass(frozen=True)
class StandingEntrant:
    id: int
    name: str
    unit: str | None = None
    draw_no: int = 0
    withdrawn: bool = False
    sort_key: str | None = None  # ``domain.sorting.sort_key`` of the name, as stored (None: work it out)


class MatchRecord(NamedTuple):
    """One scored table (or a bye: ``away`` None) of one round, as the domain sees it.

    A named tuple rather than a dataclass: an event has tens of thousands of these, built straight from
    database rows each time the standings are read.
    """

    round: int
    home: int
    away: int | None
    home_mp: float
    away_mp: float
    home_vp: float
    away_vp: float
    # Home's levels minus away's for a played match (XMP for duplicate boards); ±2 to the innocent side of a
    # forfeit or ruling (rules.md §7.4); None where no level difference is known. Used by the win/draw/loss chains.
    level_diff: int | None = None
    # Team matches of pairs (rules.md §5.8): the pair games each team won; None where none were played (a forfeited
    # match, a bye, any other scoring mode). The game ratio (得失局率) is taken from these.
    home_games: int | None = None
    away_games: int | None = None


@dataclass(frozen=True)
class Deduction:
    round: int
    entrant: int
    mp: float


@dataclass(frozen=True)
class StandingRow:
    rank: int
    entrant: StandingEntrant
    mp: float
    vp: float
    opp_mp: float
    played: int
    deducted: float
    # The tiebreak that put this row below the one above it ("mp", "vp", "opp_mp"), or None where the
    # two share a rank or for the first row; the GUI shows it on hover.
    separated_by: str | None
    # Duplicate events (rules.md §7.2): the team's total XMP (levels won on the boards); None otherwise.
    xmp: int | None = None
    # Round robin (rules.md §7.3): the head-to-head figure among the tied (None when not tied) and the level
    # difference over all its matches (win/draw/loss chains).
    h2h: float | None = None
    level_diff: int | None = None
    # Groups then knockout (rules.md §7.4): the group, whether the row goes to the knockout (None: not decided
    # yet, e.g. a lot is missing), whether a recorded lot is needed; in the knockout, the final placing
    # ("1", "3–4", "5–8").
    group: str | None = None
    qualified: bool | None = None
    lot_needed: bool = False
    placing: str | None = None
    # Mitchell (rules.md §7.5): the direction ranked in, the total match points after deductions, and the
    # board scores from best to worst (the tie-break).
    direction: str | None = None
    score: float | None = None
    board_scores: tuple[float, ...] | None = None
    # Team matches of pairs (rules.md §5.8): pair games won and lost over all its matches, and the game ratio
    # (得失局率, won ÷ lost; ``math.inf`` when it lost none but won some).
    games_won: int | None = None
    games_lost: int | None = None
    game_ratio: float | None = None


@dataclass(frozen=True)
class Totals:
    mp: float
    vp: float
    played: int
    deducted: float
    opponents: tuple[int, ...]


class _Tally(NamedTuple):
    """What one pass over the tables gives, keyed by entrant id (and any id met that is not an entrant): per id
    [MP before deductions, VP, byes, [opponents in the order of the tables]], and the MP deducted."""

    sums: dict[Any, list[Any]]
    deducted: dict[Any, float]


_ROUND = itemgetter(0)


def _add_up(keys: Iterable[Any], matches: list[MatchRecord]) -> dict[Any, list[Any]]:
    """Per id of ``keys``: [MP, VP, byes, [opponents]], adding up the tables in their order (KeyError: a table of
    an id not among them)."""
    sums: dict[Any, list[Any]] = {k: [0.0, 0.0, 0, []] for k in keys}
    if not matches:
        return sums
    _, homes, aways, home_mps, away_mps, home_vps, away_vps, *_ = zip(*matches, strict=False)
    for home, away, home_mp, away_mp, home_vp, away_vp in zip(
        homes, aways, home_mps, away_mps, home_vps, away_vps, strict=True
    ):
        h = sums[home]
        h[0] += home_mp
        h[1] += home_vp
        if away is None:
            h[2] += 1
        else:
            a = sums[away]
            a[0] += away_mp
            a[1] += away_vp
            h[3].append(away)
            a[3].append(home)
    return sums


def _tally(
    ids: Sequence[int],
    matches: Iterable[MatchRecord],
    deductions: Iterable[Deduction],
    after_round: int | None,
) -> _Tally:
    """Each entrant's sums, adding up the tables in their order (so the float sums are those of a plain loop)."""
    # The standings are read again after every result typed at the desk, over tens of thousands of tables:
    # one small list per entrant, filled in one pass; no object per table.
    matches = matches if isinstance(matches, list) else list(matches)
    if after_round is not None and matches and max(map(_ROUND, matches)) > after_round:
        matches = [r for r in matches if r[0] <= after_round]
    try:
        sums = _add_up(ids, matches)
    except KeyError:  # a table of someone not listed: counted apart, as a plain loop would
        everyone = dict.fromkeys(chain(ids, (r[1] for r in matches), (r[2] for r in matches)))
        everyone.pop(None, None)  # a bye's away side
        sums = _add_up(everyone, matches)
    deducted: dict[Any, float] = dict.fromkeys(ids, 0.0)
    for d in deductions:
        if after_round is None or d.round <= after_round:
            deducted[d.entrant] = deducted.get(d.entrant, 0.0) + d.mp
    return _Tally(sums, deducted)


def totals(
    entrants: Iterable[StandingEntrant],
    matches: Iterable[MatchRecord],
    deductions: Iterable[Deduction] = (),
    *,
    after_round: int | None = None,
) -> dict[int, Totals]:
    """MP (after deductions), VP, matches played and opponents met per entrant, up to ``after_round``."""
    ids = [e.id for e in entrants]
    sums, deducted = _tally(ids, matches, deductions, after_round)
    totalled: dict[int, Totals] = {}
    for i in ids:
        mp, vp, byes, opponents = sums[i]
        totalled[i] = Totals(mp - deducted[i], vp, byes + len(opponents), deducted[i], tuple(opponents))
    return totalled


def _round(x: float) -> float:
    # VP averages (rulings) can be fractional; compare on a fixed grid so 0.1+0.2 ties with 0.3.
    return round(x, 6)


def _grid(values: Iterable[float]) -> list[float]:
    """``_round`` of each value; a multiple of 1/64 (every MP and most VP totals) is its own rounding, kept as it
    is without asking ``round`` (which works through the decimal digits)."""
    return [x if x * 64 % 1 == 0 else round(x, 6) for x in values]


@dataclass(frozen=True)
class Figures:
    """Every figure the tiebreak chain can use, for one entrant."""

    mp: float  # after deductions
    vp: float
    opp_mp: float
    played: int
    deducted: float


class _Columns(NamedTuple):
    """The figures of rules.md §9, one list per figure, in the order of the entrants."""

    mp: list[float]  # after deductions
    vp: list[float]
    opp_mp: list[float]
    played: list[int]
    deducted: list[float]


def _columns(
    entrants: Sequence[StandingEntrant],
    matches: Iterable[MatchRecord],
    deductions: Iterable[Deduction],
    after_round: int | None,
) -> _Columns:
    ids = [e.id for e in entrants]
    sums, deducted = _tally(ids, matches, deductions, after_round)
    rows = [sums[i] for i in ids]
    cut = [deducted[i] for i in ids]
    final = {i: row[0] - d for i, row, d in zip(ids, rows, cut, strict=True)}
    # Opponents' score: ``sum`` over the opponents met, in the order met (a bye adds nothing). Where every
    # opponent is an entrant the MP are looked up without a Python step per opponent.
    if len(sums) == len(final):
        opp = [sum(map(final.__getitem__, row[3])) for row in rows]
    else:
        opp = [sum(final[o] for o in row[3] if o in final) for row in rows]
    return _Columns(
        [final[i] for i in ids],
        [row[1] for row in rows],
        opp,
        [row[2] + len(row[3]) for row in rows],
        cut,
    )


def figures(
    entrants: Sequence[StandingEntrant],
    matches: Iterable[MatchRecord],
    deductions: Iterable[Deduction] = (),
    *,
    after_round: int | None = None,
) -> dict[int, Figures]:
    """The figures of rules.md §9 per entrant.

    Opponents' score is the sum of the current MP totals (after deductions) of every entrant met,
    forfeited pairings included; a bye adds nothing.
    """
    c = _columns(entrants, matches, deductions, after_round)
    return {
        e.id: Figures(*f) for e, *f in zip(entrants, c.mp, c.vp, c.opp_mp, c.played, c.deducted, strict=True)
    }


def standings(
    entrants: Sequence[StandingEntrant],
    matches: Iterable[MatchRecord],
    deductions: Iterable[Deduction] = (),
    *,
    after_round: int | None = None,
    tiebreaks: Sequence[str] = ("mp", "vp", "opp_mp"),
) -> list[StandingRow]:
    """Standings from the results themselves: ``figures`` then ``rank``."""
    return _ranked(entrants, _columns(entrants, matches, deductions, after_round), tiebreaks)


def rank(
    entrants: Sequence[StandingEntrant],
    figures: dict[int, Figures],
    tiebreaks: Sequence[str] = ("mp", "vp", "opp_mp"),
) -> list[StandingRow]:
    """Rank entrants by the tiebreak chain; entrants equal on every tiebreak share a rank (1, 1, 3).

    Within a shared rank rows are listed by name (pinyin order), so the printed list is easy to scan.
    """
    f = [figures[e.id] for e in entrants]
    columns = _Columns(
        [x.mp for x in f],
        [x.vp for x in f],
        [x.opp_mp for x in f],
        [x.played for x in f],
        [x.deducted for x in f],
    )
    return _ranked(entrants, columns, tiebreaks)


def _by_name(entrants: Sequence[StandingEntrant], tied: list[int]) -> list[int]:
    """Positions of entrants equal on every tiebreak, listed by name (pinyin), then draw number."""
    return sorted(
        tied, key=lambda i: (LazyNameKey(entrants[i].name, entrants[i].sort_key), entrants[i].draw_no)
    )


# The figures a Swiss row leaves at their defaults (every field after ``separated_by``).
_ROW_DEFAULTS = {f.name: f.default for f in fields(StandingRow) if f.default is not MISSING}


def _listed(entrants: Sequence[StandingEntrant], keys: list[tuple[float, ...]]) -> list[int]:
    """Positions of the entrants in standings order: by ``keys`` (compared in C), then by name within each run of
    equal keys. As both sorts are stable, that is sorting by (figures…, name, draw number) at once."""
    order = sorted(range(len(entrants)), key=keys.__getitem__)
    listed: list[int] = []
    start = 0
    for end in range(1, len(order) + 1):
        if end == len(order) or keys[order[end]] != keys[order[start]]:
            run = order[start:end]
            listed.extend(_by_name(entrants, run) if len(run) > 1 else run)
            start = end
    return listed


def _ranked(entrants: Sequence[StandingEntrant], c: _Columns, tiebreaks: Sequence[str]) -> list[StandingRow]:
    grid = {"mp": _grid(c.mp), "vp": _grid(c.vp), "opp_mp": _grid(c.opp_mp)}
    chosen = [grid[k] for k in tiebreaks]
    # One key per entrant: the figures of the chain, negated (highest first).
    keys: list[tuple[float, ...]] = (
        list(zip(*([-x for x in g] for g in chosen), strict=True)) if chosen else [()] * len(entrants)
    )
    rows: list[StandingRow] = []
    mp, vp, opp = grid["mp"], grid["vp"], grid["opp_mp"]
    # Each row filled in one step rather than by the frozen dataclass's one assignment per field (of 21), thousands
    # of times per read: the same row (``==``, hash, repr; tests/domain/test_standings_reference.py keeps it so).
    new_row = object.__new__
    previous: tuple[float, ...] | None = None
    position_rank = 0
    for position, i in enumerate(_listed(entrants, keys), start=1):
        key = keys[i]
        separated_by: str | None = None
        if previous is None:
            position_rank = 1
        elif key != previous:
            n = 0
            while key[n] == previous[n]:
                n += 1
            separated_by = tiebreaks[n]  # the first figure of the chain that differs
            position_rank = position
        row = new_row(StandingRow)
        filled = (
            row.__dict__
        )  # in the order of the fields, as ``__init__`` fills it (``vars(row)`` lists them so)
        filled.update(
            rank=position_rank,
            entrant=entrants[i],
            mp=mp[i],
            vp=vp[i],
            opp_mp=opp[i],
            played=c.played[i],
            deducted=c.deducted[i],
            separated_by=separated_by,
        )
        filled.update(_ROW_DEFAULTS)
        rows.append(row)
        previous = key
    return rows
