"""Standings: totals, the tiebreak chain of rules.md §9 and shared ranks (1, 1, 3)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
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


def totals(
    entrants: Iterable[StandingEntrant],
    matches: Iterable[MatchRecord],
    deductions: Iterable[Deduction] = (),
    *,
    after_round: int | None = None,
) -> dict[int, Totals]:
    """MP (after deductions), VP, matches played and opponents met per entrant, up to ``after_round``."""
    # One small list per entrant, filled in one pass: the standings are recomputed after every result
    # typed at the desk, over tens of thousands of tables.
    last = after_round if after_round is not None else float("inf")
    acc: dict[int, list[Any]] = {e.id: [0.0, 0.0, 0, 0.0, []] for e in entrants}
    for record in matches:
        round_no, home, away, home_mp, away_mp, home_vp, away_vp = record[:7]
        if round_no > last:
            continue
        h = acc.setdefault(home, [0.0, 0.0, 0, 0.0, []])
        h[0] += home_mp
        h[1] += home_vp
        h[2] += 1
        if away is not None:
            a = acc.setdefault(away, [0.0, 0.0, 0, 0.0, []])
            a[0] += away_mp
            a[1] += away_vp
            a[2] += 1
            h[4].append(away)
            a[4].append(home)
    for d in deductions:
        if d.round <= last:
            acc.setdefault(d.entrant, [0.0, 0.0, 0, 0.0, []])[3] += d.mp
    return {
        e.id: Totals(
            acc[e.id][0] - acc[e.id][3], acc[e.id][1], acc[e.id][2], acc[e.id][3], tuple(acc[e.id][4])
        )
        for e in entrants
    }


def _round(x: float) -> float:
    # VP averages (rulings) can be fractional; compare on a fixed grid so 0.1+0.2 ties with 0.3.
    return round(x, 6)


@dataclass(frozen=True)
class Figures:
    """Every figure the tiebreak chain can use, for one entrant."""

    mp: float  # after deductions
    vp: float
    opp_mp: float
    played: int
    deducted: float


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
    tot = totals(entrants, matches, deductions, after_round=after_round)
    return {
        e.id: Figures(
            tot[e.id].mp,
            tot[e.id].vp,
            sum(tot[o].mp for o in tot[e.id].opponents if o in tot),
            tot[e.id].played,
            tot[e.id].deducted,
        )
        for e in entrants
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
    return rank(entrants, figures(entrants, matches, deductions, after_round=after_round), tiebreaks)


def rank(
    entrants: Sequence[StandingEntrant],
    figures: dict[int, Figures],
    tiebreaks: Sequence[str] = ("mp", "vp", "opp_mp"),
) -> list[StandingRow]:
    """Rank entrants by the tiebreak chain; entrants equal on every tiebreak share a rank (1, 1, 3).

    Within a shared rank rows are listed by name (pinyin order), so the printed list is easy to scan.
    """
    grid: dict[int, dict[str, float]] = {
        e.id: {
            "mp": _round(figures[e.id].mp),
            "vp": _round(figures[e.id].vp),
            "opp_mp": _round(figures[e.id].opp_mp),
        }
        for e in entrants
    }

    def key(e: StandingEntrant) -> tuple[object, ...]:
        return (*(-grid[e.id][k] for k in tiebreaks), LazyNameKey(e.name, e.sort_key), e.draw_no)

    rows: list[StandingRow] = []
    previous: StandingEntrant | None = None
    position_rank = 0
    for position, e in enumerate(sorted(entrants, key=key), start=1):
        separated_by: str | None = None
        if previous is None:
            position_rank = 1
        else:
            separated_by = next((k for k in tiebreaks if grid[e.id][k] != grid[previous.id][k]), None)
            if separated_by is not None:
                position_rank = position
        f = figures[e.id]
        rows.append(
            StandingRow(
                rank=position_rank,
                entrant=e,
                mp=grid[e.id]["mp"],
                vp=grid[e.id]["vp"],
                opp_mp=grid[e.id]["opp_mp"],
                played=f.played,
                deducted=f.deducted,
                separated_by=separated_by,
            )
        )
        previous = e
    return rows
