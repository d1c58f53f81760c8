"""A registry whose entries are imported when first asked for (issue 29).

A layer's registry names each of its modules (``"package.module:Class"``) instead of importing them all: an event
runs one format and one scoring mode, and `tdesk standings` of a Swiss event imported the knockout, group, Mitchell,
duplicate and team-match modules too (about 3 % of the command's instructions, ``bench/cli.py --instructions``).
Iterating the registry (every format, for a menu) imports them all. The installer collects every submodule of the
package (``installer/tournament-desk.spec``), so a name imported here is in the bundle.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from typing import TypeVar

T = TypeVar("T")


class Registry(MutableMapping[str, T]):
    """``name -> "module:Factory"``, in the order given; each entry made once (``Factory()``), when first used.
    An entry set directly (a test's extra format) is used as it is."""

    def __init__(self, where: Mapping[str, str]) -> None:
        self._where = dict(where)
        self._made: dict[str, T] = {}

    def __getitem__(self, name: str) -> T:
        made = self._made.get(name)
        if made is None:
            module, _, factory = self._where[name].partition(":")  # KeyError: not registered
            make: Callable[[], T] = getattr(importlib.import_module(module), factory)
            # setdefault: two threads (the LAN server's) asking at once both get the one stored first.
            made = self._made.setdefault(name, make())
        return made

    def __setitem__(self, name: str, entry: T) -> None:
        self._where.setdefault(name, "")
        self._made[name] = entry

    def __delitem__(self, name: str) -> None:
        del self._where[name]
        self._made.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def __contains__(self, name: object) -> bool:
        return name in self._where
