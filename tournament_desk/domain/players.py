"""Players as people (issue 30): who is who across sign-up sheets, events and the registry on this computer.

A player is a name, a unit and, when known, an ident (a phone's last digits, a membership number). Two records
are the same person without asking when their names agree after normalising (``names.normal_form``:
full-width and half-width, zero-width characters, spaces between Chinese characters; then case, spaces and
punctuation folded as ``names.similar_key`` does) and so do either their units (their idents not disagreeing)
or their idents (both given: a member number outlives a change of club). They are *likely* the same person, a
merge the director confirms, when:

- the names agree and the units differ only by spelling (``北京大学`` and ``北大``, ``北京 大学队`` and
  ``北京大学``: one unit's characters, in order, inside the other's with the same first character), or one of
  the two has no unit;
- the idents agree (both given) and the units agree, the names not (a typo in a name).

Two records whose idents are both given and differ are never the same person, whatever their names.
Everything here is plain data in, plain data out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from tournament_desk.domain.names import normal_form, similar_key

IDENT_MAX = 40


@dataclass(frozen=True)
class Person:
    """One player record as the matching sees it: ``ref`` is whatever its owner uses to find it again."""

    ref: int
    name: str
    unit: str | None = None
    ident: str | None = None


class Match(Enum):
    NONE = "none"
    LIKELY = "likely"
    SAME = "same"


@dataclass(frozen=True)
class Proposal:
    """``new`` (a player just registered) is likely ``known``; ``why`` says on what ground."""

    new: Person
    known: Person
    why: str  # "unit-spelling", "unit-missing" or "ident"


def key(text: str | None) -> str:
    """The comparable form of a name, unit or ident: normal form, then case, spaces and punctuation folded."""
    if not text:
        return ""
    folded = similar_key(text)
    return folded or normal_form(text).casefold()


def _unit_spelling(a: str, b: str) -> bool:
    """Two unit keys that differ only by spelling: one's characters in order inside the other, same start."""
    short, long = sorted((a, b), key=len)
    if not short or short[0] != long[0]:
        return False
    rest = iter(long)
    return all(ch in rest for ch in short)


def compare(a: Person, b: Person) -> tuple[Match, str]:
    """How ``a`` and ``b`` relate (symmetric), and the ground of a likely match."""
    ident_a, ident_b = key(a.ident), key(b.ident)
    if ident_a and ident_b and ident_a != ident_b:
        return Match.NONE, ""
    name_a, name_b, unit_a, unit_b = key(a.name), key(b.name), key(a.unit), key(b.unit)
    same_name, same_unit = name_a == name_b and bool(name_a), unit_a == unit_b
    same_ident = bool(ident_a) and ident_a == ident_b
    if same_name and (same_unit or same_ident):
        return Match.SAME, "" if same_unit else "ident"
    if same_ident and same_unit and bool(unit_a):
        return Match.LIKELY, "ident"
    if same_name and (not unit_a or not unit_b):
        return Match.LIKELY, "unit-missing"
    if same_name and _unit_spelling(unit_a, unit_b):
        return Match.LIKELY, "unit-spelling"
    return Match.NONE, ""


def same_person(a: Person, b: Person) -> bool:
    return compare(a, b)[0] is Match.SAME


@dataclass(frozen=True)
class Matching:
    """The outcome of matching new players against known ones: linked silently, proposed, left alone."""

    linked: tuple[tuple[Person, Person], ...]  # (new, known): the same person
    proposals: tuple[Proposal, ...]


def match_players(new: Sequence[Person], known: Iterable[Person]) -> Matching:
    """Each new player against the known ones: one exact match links it; otherwise each likely match is a
    proposal (several exact matches — two known records of one name and unit — are proposals too: the
    director says which)."""
    by_name: dict[str, list[Person]] = {}
    by_ident: dict[str, list[Person]] = {}
    for person in known:
        by_name.setdefault(key(person.name), []).append(person)
        if key(person.ident):
            by_ident.setdefault(key(person.ident), []).append(person)
    linked: list[tuple[Person, Person]] = []
    proposals: list[Proposal] = []
    for person in new:
        candidates = {
            c.ref: c for c in (*by_name.get(key(person.name), ()), *by_ident.get(key(person.ident), ()))
        }
        outcomes = [(c, *compare(person, c)) for c in candidates.values()]
        exact = [c for c, kind, _ in outcomes if kind is Match.SAME]
        if len(exact) == 1:
            linked.append((person, exact[0]))
            continue
        proposals.extend(
            Proposal(person, c, why or "several") for c, kind, why in outcomes if kind is not Match.NONE
        )
    return Matching(tuple(linked), tuple(proposals))


def merge_candidates(people: Sequence[Person]) -> list[Proposal]:
    """Pairs among one list of records that are (``why`` "same", "ident") or are likely one person (the
    registry's own duplicates: two records kept apart until the director merges them).

    Only records that share a name or an ident can be likely the same, so only those are compared."""
    buckets: dict[tuple[str, str], list[Person]] = {}
    for person in people:
        buckets.setdefault(("name", key(person.name)), []).append(person)
        if key(person.ident):
            buckets.setdefault(("ident", key(person.ident)), []).append(person)
    seen: set[tuple[int, int]] = set()
    found: list[Proposal] = []
    for bucket in buckets.values():
        for i, a in enumerate(bucket):
            for b in bucket[i + 1 :]:
                pair = (min(a.ref, b.ref), max(a.ref, b.ref))
                kind, why = compare(a, b)
                if kind is not Match.NONE and a.ref != b.ref and pair not in seen:
                    seen.add(pair)
                    found.append(Proposal(a, b, why or "same"))
    return found
