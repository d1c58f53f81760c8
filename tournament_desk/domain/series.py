"""A series or a sports meet scored over many events (rules.md §13): points by final place, best N of M, a
minimum number of events, ties; per entrant or per unit.

Plain data in, plain data out. An event gives each of its entrants a range of final places (``Placed``): a
place of its own (``first == last``) or a shared one ("3–4", "5–8", or the rows that share a rank). The list of
points gives its k-th number to place k and 0 beyond it; entrants sharing places share the sum of those places'
points equally (two entrants in 3–4 of 10/7/5/3 get 4 each). Per unit (a meet), a unit's points in an event are
the sum of its entrants' points. A competitor's total is its best ``best`` event scores (all when None); one
with fewer than ``min_events`` events is listed unranked, after the ranked ones.

Ties on the total are broken by (1) more events counted, (2) the counted event scores compared from the best
down (count-back: a 10 beats two 5s), else the competitors share the rank (1, 1, 3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.sorting import LazyNameKey

PER_ENTRANT = "entrant"
PER_UNIT = "unit"
PER = (PER_ENTRANT, PER_UNIT)
MOST_PLACES = 1000  # a points list longer than this is a typing slip, not a rule
ZERO = Fraction(0)


@dataclass(frozen=True)
class SeriesRule:
    points: tuple[float, ...]
    best: int | None = None  # count each competitor's best N events (None: all)
    min_events: int = 0  # fewer events than this: listed, not ranked
    per: str = PER_ENTRANT


@dataclass(frozen=True)
class Placed:
    """One entrant's final places in one event: ``first``–``last`` (the same number: a place of its own)."""

    key: str  # the competitor it scores for (an entrant's or a unit's identity key, merges applied)
    first: int
    last: int
    pool: str = ""  # places are counted within a pool (a Mitchell direction); "" for the whole event


@dataclass(frozen=True)
class EventScore:
    """A competitor's result in one event: its best place there (None per unit), its points, and whether the
    points count toward the total (best N of M)."""

    place: str | None
    points: float
    counted: bool


@dataclass(frozen=True)
class SeriesLine:
    rank: int | None  # None: fewer events than the minimum
    key: str
    points: float  # the counted total
    events: tuple[EventScore | None, ...]  # per event of the series, in order; None: did not take part
    played: int
    counted: int


def parse_points(text: str) -> tuple[float, ...]:
    """ "10,7,5,3" (commas, Chinese commas, spaces or slashes) → (10, 7, 5, 3); refuses a list that is empty, not
    numbers, negative, or rising with the place."""
    words = [
        w
        for w in text.replace("，", ",").replace("、", ",").replace("/", ",").replace(" ", ",").split(",")
        if w
    ]
    try:
        numbers = tuple(float(w) for w in words)
    except ValueError:
        numbers = ()
    if not numbers or len(numbers) > MOST_PLACES or any(n != n or n in (float("inf"),) for n in numbers):
        raise BadInput(
            "'{text}' is not a list of points by place: write the points of places 1, 2, 3 … as numbers, "
            'e.g. "10,7,5,3".',
            text=text,
        )
    if any(n < 0 for n in numbers):
        raise BadInput("Points by place cannot be negative: '{text}'.", text=text)
    if any(b > a for a, b in pairwise(numbers)):
        raise BadInput("A lower place cannot score more than a higher one: '{text}'.", text=text)
    return numbers


def check_rule(rule: SeriesRule) -> None:
    if rule.per not in PER:
        raise BadInput("--per is 'entrant' or 'unit', not '{per}'.", per=rule.per)
    if rule.best is not None and rule.best < 1:
        raise BadInput("Best N of the events needs N of at least 1.")
    if rule.min_events < 0:
        raise BadInput("The minimum number of events cannot be negative.")
    if rule.best is not None and rule.min_events > rule.best:
        raise BadInput(
            "A minimum of {min} events cannot be more than the best {best} counted.",
            min=rule.min_events,
            best=rule.best,
        )


def place_points(first: int, last: int, points: Sequence[float | Fraction]) -> Fraction:
    """The points of one entrant holding places ``first``–``last`` together with the others there: the sum of
    those places' points, shared equally among the places (so among the entrants holding them)."""
    total = sum((Fraction(points[k - 1]) for k in range(first, last + 1) if k <= len(points)), Fraction(0))
    return total / (last - first + 1)


def shared_places(ranks: Sequence[int]) -> list[tuple[int, int]]:
    """Ranks as the standings give them (1, 1, 3, 4, 4, 4) → each row's range of places ((1, 2), (1, 2), (3, 3),
    (4, 6), …): the rows that share a rank share the places from it on, one per row."""
    count: dict[int, int] = {}
    for r in ranks:
        count[r] = count.get(r, 0) + 1
    return [(r, r + count[r] - 1) for r in ranks]


def place_text(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}–{last}"


def event_points(placed: Sequence[Placed], points: Sequence[float]) -> dict[str, tuple[Fraction, str]]:
    """Each competitor's points in one event and its best place there (per unit: several entrants add up)."""
    out: dict[str, tuple[Fraction, str]] = {}
    best: dict[str, tuple[int, int]] = {}
    table = [Fraction(p) for p in points]
    worked: dict[tuple[int, int], Fraction] = {}  # a range's points, worked out once (most places score 0)
    for p in placed:
        span = (p.first, p.last)
        got = worked.get(span)
        if got is None:
            got = worked[span] = ZERO if p.first > len(table) else place_points(p.first, p.last, table)
        old = out.get(p.key)
        if old is None or (p.first, p.last) < best[p.key]:
            best[p.key] = (p.first, p.last)
        out[p.key] = ((old[0] if old else Fraction(0)) + got, place_text(*best[p.key]))
    return out


def _tie_key(line: tuple[Fraction, int, tuple[Fraction, ...]]) -> tuple[Fraction, int, tuple[Fraction, ...]]:
    total, counted, scores = line
    return (-total, -counted, tuple(-s for s in scores))


def series_lines(
    events: Sequence[Sequence[Placed]], rule: SeriesRule, names: Mapping[str, str] | None = None
) -> list[SeriesLine]:
    """The series table: each competitor's counted total over ``events`` (in the series' order), ranked.

    ``names``: the competitor's name to sort those sharing a rank by (default: its key)."""
    per_event = [event_points(e, rule.points) for e in events]
    keys = sorted({k for e in per_event for k in e})
    built: list[
        tuple[tuple[Fraction, int, tuple[Fraction, ...]], str, tuple[EventScore | None, ...], int]
    ] = []
    for key in keys:
        taken = [(i, e[key][0]) for i, e in enumerate(per_event) if key in e]
        # The best N: the highest scores; among equal ones the earlier event (a stable, stated choice).
        ordered = sorted(taken, key=lambda t: (-t[1], t[0]))
        kept = ordered if rule.best is None else ordered[: rule.best]
        counted = {i for i, _ in kept}
        scores: list[EventScore | None] = [None] * len(events)
        for i, e in enumerate(per_event):
            if key in e:
                place = e[key][1] if rule.per == PER_ENTRANT else None
                scores[i] = EventScore(place, float(e[key][0]), i in counted)
        total = sum((s for _, s in kept), Fraction(0))
        tie = (total, len(kept), tuple(s for _, s in kept))
        built.append((tie, key, tuple(scores), len(taken)))
    label = names or {}
    built.sort(key=lambda b: (b[3] < rule.min_events, _tie_key(b[0]), LazyNameKey(label.get(b[1], b[1]))))
    lines: list[SeriesLine] = []
    previous: tuple[Fraction, int, tuple[Fraction, ...]] | None = None
    rank = 0
    for position, (tie, key, shown, played) in enumerate(built, start=1):
        eligible = played >= rule.min_events
        if eligible and tie != previous:
            rank = position
        previous = tie if eligible else previous
        lines.append(SeriesLine(rank if eligible else None, key, float(tie[0]), shown, played, tie[1]))
    return lines
