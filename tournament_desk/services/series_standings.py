"""A series' standings and the merges of spellings (rules.md §13), as plain data.

The standings are worked out from the member events as they are now (``services.series.read_members``): the
domain turns each event's final places into points (``domain.series``), with the merges the director confirmed
(``domain.series_names``): an entrant is ``NAME|UNIT``, a unit (per unit) its name; spellings that are likely
one are only offered (``merge_candidates``) until confirmed (``confirm_merge``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import delete, or_, select

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.series import PER_UNIT, EventScore, Placed, SeriesRule, series_lines
from tournament_desk.domain.series_names import (
    Merges,
    candidates,
    entrant_key,
    same_players,
    split_key,
    typed_key,
    unit_key,
)
from tournament_desk.services.desk import now
from tournament_desk.services.series import MemberStatus, SeriesDesk, audit, read_members, series_info
from tournament_desk.services.series_members import MemberPlace, member_players
from tournament_desk.storage.series import models as s


@dataclass(frozen=True)
class SeriesRow:
    """One competitor (an entrant, or per unit a unit): ``rank`` None when it has fewer events than the minimum;
    ``events`` one per member event in order (None: not in it); ``counted`` events count toward ``points``."""

    rank: int | None
    key: str
    name: str  # per unit, the unit's name
    unit: str
    points: float
    events: tuple[EventScore | None, ...]
    played: int
    counted: int


@dataclass(frozen=True)
class SeriesStandings:
    name: str
    rule: SeriesRule
    events: tuple[MemberStatus, ...]
    rows: tuple[SeriesRow, ...]

    @property
    def complete(self) -> bool:
        """Every member event read, and over."""
        return all(e.status == "final" for e in self.events)


@dataclass(frozen=True)
class MergeCandidate:
    """Two spellings likely naming one competitor, ``number`` in the list (``tdesk series merge S NUMBER``); the
    events (their numbers) each spelling appears in."""

    number: int
    keep: str
    other: str
    keep_events: tuple[int, ...]
    other_events: tuple[int, ...]


def competitor_key(place: MemberPlace, per: str) -> str:
    """The key an entrant's places score for: its own (per entrant), its unit's (per unit; "" without one)."""
    return unit_key(place.unit) if per == PER_UNIT else entrant_key(place.name, place.unit)


def series_standings(desk: SeriesDesk) -> SeriesStandings:
    """The standings as the member events are now; a missing or unreadable event is named and not counted."""
    info = series_info(desk)
    merges = Merges(_merge_pairs(desk))
    statuses = read_members(info.members, desk.db.busy_seconds)
    events: list[list[Placed]] = []
    for st in statuses:
        placed: list[Placed] = []
        for p in st.read.places if st.read is not None else ():
            key = competitor_key(p, info.rule.per)
            if key:  # per unit, an entrant without a unit scores for nobody
                placed.append(Placed(merges.find(key), p.first, p.last, p.pool))
        events.append(placed)
    lines = series_lines(events, info.rule)
    rows = tuple(
        SeriesRow(
            line.rank,
            line.key,
            *_name_unit(line.key, info.rule.per),
            line.points,
            line.events,
            line.played,
            line.counted,
        )
        for line in lines
    )
    return SeriesStandings(info.name, info.rule, tuple(statuses), rows)


def merge_candidates(desk: SeriesDesk) -> list[MergeCandidate]:
    """Spellings likely naming one competitor and not merged yet, numbered (the numbers hold while the events
    and merges stay as they are)."""
    return [c for c, _ in merge_candidates_why(desk)]


def merge_candidates_why(desk: SeriesDesk) -> list[tuple[MergeCandidate, str]]:
    """``merge_candidates`` with the ground of each (``series_names.SAME_PLAYERS``: the same persons of the
    registry of players play for both, listed first; ``SPELLING``: names and units alike)."""
    info = series_info(desk)
    merges = Merges(_merge_pairs(desk))
    statuses = read_members(info.members, desk.db.busy_seconds)
    seen = _keys_by_event(statuses, info.rule.per)
    per_unit = info.rule.per == PER_UNIT
    found = [] if per_unit else same_players(_teams(statuses, seen, desk.db.busy_seconds), merges)
    pairs = {frozenset((c.keep, c.other)) for c in found}
    found += [
        c
        for c in candidates(list(seen), merges, per_unit=per_unit)
        if frozenset((c.keep, c.other)) not in pairs
    ]
    return [
        (
            MergeCandidate(
                n, c.keep, c.other, _events_of(c.keep, seen, merges), _events_of(c.other, seen, merges)
            ),
            c.why,
        )
        for n, c in enumerate(found, start=1)
    ]


def confirm_merge(
    desk: SeriesDesk, keep: str, others: Sequence[str], *, reason: str | None = None
) -> tuple[str, ...]:
    """Count ``others`` as ``keep`` from now on (typed as ``NAME|UNIT``, or a unit per unit; a number of
    ``merge_candidates`` for the pair it lists). Returns the keys merged."""
    info = series_info(desk)
    per_unit = info.rule.per == PER_UNIT
    if not others and keep.strip().isdigit():
        listed = {c.number: c for c in merge_candidates(desk)}
        chosen = listed.get(int(keep))
        if chosen is None:
            raise BadInput(
                "There is no likely merge numbered {number}; see tdesk series merges.", number=keep
            )
        keep, others = chosen.keep, [chosen.other]
        typed = [keep, *others]
    else:
        if not others:
            raise BadInput("Name two spellings to merge, or the number of a likely merge.")
        typed = [typed_key(t, per_unit=per_unit) for t in (keep, *others)]
    known = set(_keys_by_event(read_members(info.members, desk.db.busy_seconds), info.rule.per))
    for key in typed:
        if key not in known:
            raise BadInput("No event of this series has '{key}'.", key=key)
    with desk.db.transaction(write=True) as session:
        merges = Merges((m.keep, m.other) for m in session.scalars(select(s.Merge)))
        root = merges.find(typed[0])
        joined = []
        for key in typed[1:]:
            other = merges.find(key)
            if other == root:
                continue
            session.add(s.Merge(keep=root, other=other, at=now()))
            merges.join(root, other)
            joined.append(key)
        if not joined:
            raise BadInput("These spellings already count as one.")
        audit(session, desk, "series-merge", new={"keep": typed[0], "merged": joined}, reason=reason)
        return tuple(joined)


def undo_merge(desk: SeriesDesk, key: str, *, reason: str | None = None) -> tuple[tuple[str, str], ...]:
    """``key`` counts on its own again: the confirmed merges it is part of are taken back."""
    per_unit = series_info(desk).rule.per == PER_UNIT
    typed = typed_key(key, per_unit=per_unit)
    with desk.db.transaction(write=True) as session:
        where = or_(s.Merge.keep == typed, s.Merge.other == typed)
        gone = tuple((m.keep, m.other) for m in session.scalars(select(s.Merge).where(where)))
        if not gone:
            raise BadInput("'{key}' is not merged with another spelling.", key=typed)
        session.execute(delete(s.Merge).where(where))
        audit(session, desk, "series-unmerge", old=[list(p) for p in gone], reason=reason)
        return gone


def confirmed_merges(desk: SeriesDesk) -> list[tuple[str, str]]:
    """The merges confirmed so far: (kept spelling, spelling counted as it), in the order confirmed."""
    return _merge_pairs(desk)


def _merge_pairs(desk: SeriesDesk) -> list[tuple[str, str]]:
    with desk.db.transaction() as session:
        return [(m.keep, m.other) for m in session.scalars(select(s.Merge).order_by(s.Merge.id))]


def _keys_by_event(statuses: Sequence[MemberStatus], per: str) -> dict[str, tuple[int, ...]]:
    """Every competitor key the events have, in the order first seen, with the events (numbers) it is in."""
    found: dict[str, list[int]] = {}
    for st in statuses:
        for p in st.read.places if st.read is not None else ():
            key = competitor_key(p, per)
            if key and st.member.number not in found.setdefault(key, []):
                found[key].append(st.member.number)
    return {k: tuple(v) for k, v in found.items()}


def _teams(
    statuses: Sequence[MemberStatus], seen: dict[str, tuple[int, ...]], busy_seconds: float
) -> list[tuple[str, frozenset[str]]]:
    """Each entrant with places in a member event read now, with its players' uids (``member_players``)."""
    teams: list[tuple[str, frozenset[str]]] = []
    for st in statuses:
        if st.read is not None:
            source, is_url = st.member.source, st.member.is_url
            teams += [
                t for t in member_players(source, is_url=is_url, busy_seconds=busy_seconds) if t[0] in seen
            ]
    return teams


def _events_of(key: str, seen: dict[str, tuple[int, ...]], merges: Merges) -> tuple[int, ...]:
    root = merges.find(key)
    return tuple(sorted({n for k, events in seen.items() if merges.find(k) == root for n in events}))


def _name_unit(key: str, per: str) -> tuple[str, str]:
    name, unit = split_key(key)
    return (unit, unit) if per == PER_UNIT else (name, unit)
