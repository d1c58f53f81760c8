"""Who is who across the events of a series (rules.md §13): an entrant is known by its name and unit, a unit by
its name, each in the normal form of ``domain.names``; spellings that differ a little ("北京桥牌协会" and
"北京市桥牌协会", a full-width letter, a space, a 队 at the end) are offered as likely the same, and count as one
only once the director has confirmed the merge. Two entrants whose players are the same persons of the registry
of players (issue 30) are offered first, whatever their spellings.

A key is ``NAME|UNIT`` for an entrant (``NAME|`` without a unit) and ``UNIT`` for a unit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.names import normal_form, similar_key

SEPARATOR = "|"
ALIKE_RATIO = 0.75  # two unit spellings this alike (difflib's ratio) are offered as one
# Words a unit's spelling takes or leaves out without becoming another unit: 北京(市), 东城(区), …(代表)队.
_FILLERS = re.compile(r"[市省区县]|代表队$|代表$|队$")


@lru_cache(maxsize=1 << 16)  # a series reads the same names event after event
def entrant_key(name: str, unit: str | None) -> str:
    return normal_form(name) + SEPARATOR + normal_form(unit)


@lru_cache(maxsize=1 << 12)
def unit_key(unit: str | None) -> str:
    return normal_form(unit)


def split_key(key: str) -> tuple[str, str]:
    """An entrant's key → (name, unit); a unit's key → ("", unit)."""
    name, found, unit = key.partition(SEPARATOR)
    return (name, unit) if found else ("", key)


def typed_key(text: str, *, per_unit: bool) -> str:
    """A key as the director types it ("东风队|北京桥牌协会", or a unit's name), in normal form."""
    if per_unit:
        return unit_key(text)
    name, found, unit = text.partition(SEPARATOR)
    if not found:
        raise BadInput(
            "Name an entrant as NAME|UNIT (with the bar; NAME| for one without a unit), not '{text}'.",
            text=text,
        )
    return entrant_key(name, unit)


def fold_unit(unit: str) -> str:
    return _FILLERS.sub("", similar_key(unit))


def alike_units(a: str, b: str) -> bool:
    """Whether two unit spellings are likely one unit: equal once folded (case, spaces, punctuation, 市/省/区/县,
    a closing 队), one inside the other, or close letter for letter."""
    fa, fb = fold_unit(a), fold_unit(b)
    if fa == fb:
        return True
    if not fa or not fb:
        return False
    if min(len(fa), len(fb)) >= 2 and (fa in fb or fb in fa):
        return True
    return SequenceMatcher(None, fa, fb).ratio() >= ALIKE_RATIO


SPELLING = "spelling"  # the names alike once folded, the units alike
SAME_PLAYERS = "same players"  # the same registry persons play for both (issue 30)


@dataclass(frozen=True)
class Candidate:
    """Two keys likely naming the same competitor: ``keep`` (seen first) and ``other``; ``why`` on what ground."""

    keep: str
    other: str
    why: str = SPELLING


class Merges:
    """The confirmed merges: each key → the key it counts as (the first of its merge, followed through)."""

    def __init__(self, pairs: Iterable[tuple[str, str]] = ()) -> None:
        self.parent: dict[str, str] = {}
        for keep, other in pairs:
            self.join(keep, other)

    def find(self, key: str) -> str:
        root = key
        while root in self.parent:
            root = self.parent[root]
        return root

    def join(self, keep: str, other: str) -> None:
        a, b = self.find(keep), self.find(other)
        if a != b:
            self.parent[b] = a

    def same(self, a: str, b: str) -> bool:
        return self.find(a) == self.find(b)


def candidates(keys: Sequence[str], merges: Merges, *, per_unit: bool) -> list[Candidate]:
    """Pairs of ``keys`` (in the order first seen) likely naming one competitor and not merged yet: per unit, alike
    units; per entrant, names equal once folded with alike units."""
    groups: dict[str, list[str]] = {}
    for key in keys:
        name = split_key(key)[0]
        groups.setdefault("" if per_unit else similar_key(name), []).append(key)
    found: list[Candidate] = []
    for members in groups.values():
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                if not merges.same(a, b) and alike_units(split_key(a)[1], split_key(b)[1]):
                    found.append(Candidate(merges.find(a), merges.find(b)))
    unique: dict[tuple[str, str], Candidate] = {}
    for c in found:
        unique.setdefault((c.keep, c.other), c)
    return list(unique.values())


def same_players(teams: Iterable[tuple[str, frozenset[str]]], merges: Merges) -> list[Candidate]:
    """Pairs of entrant keys whose players are the same persons (``teams``: each key with its players' uids, in
    the order seen, as the events have them): the same competitor however its name and unit are spelt, offered
    first, still confirmed by the director. A key with no players, or with players known to no other key, is
    no one's candidate."""
    by_players: dict[frozenset[str], list[str]] = {}
    for key, uids in teams:
        if uids and key not in by_players.setdefault(uids, []):
            by_players[uids].append(key)
    unique: dict[tuple[str, str], Candidate] = {}
    for keys in by_players.values():
        for other in keys[1:]:
            keep, found = merges.find(keys[0]), merges.find(other)
            if keep != found:
                unique.setdefault((keep, found), Candidate(keep, found, SAME_PLAYERS))
    return list(unique.values())


def shown_name(key: str, spellings: Mapping[str, tuple[str, str]]) -> tuple[str, str]:
    """The (name, unit) a competitor is shown by: its spelling as read (``spellings``), else its key's."""
    return spellings.get(key) or split_key(key)
