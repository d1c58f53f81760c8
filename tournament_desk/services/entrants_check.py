"""Checking the rows of a sign-up sheet, as read or as the director corrected them in the preview.

The check is plain data in, plain data out: ``SheetCheck`` carries what it needs from the event (the names
already registered, how many players an entrant has), so the import preview re-checks every row as the
director types without a database read, and ``import_entrants`` runs the very same check inside its write
transaction. A row that cannot be imported has a ``problem``; one that can but looks wrong (a near-duplicate
of another row's name, fewer players than an entrant of the event has) has a ``warning``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournament_desk.domain.errors import BadInput, Message, msg
from tournament_desk.domain.names import PLAYERS_MAX, UNIT_MAX, checked_name, normal_form, similar_key
from tournament_desk.domain.players import IDENT_MAX


def split_players(text: str | None) -> list[str]:
    if not text:
        return []
    for sep in ("，", "、", ";", "；", "/"):
        text = text.replace(sep, ",")
    return [p.strip() for p in text.split(",") if p.strip()]


def clean_name(name: str | None) -> str:
    cleaned = checked_name(name)
    if not cleaned:
        raise BadInput("An entrant needs a name.")
    return cleaned


def clean_unit(unit: str | None) -> str | None:
    return checked_name(unit, what="unit", most=UNIT_MAX) or None


def clean_players(players: str | Sequence[str]) -> list[str]:
    """Player names, each in the normal form; all of them together at most PLAYERS_MAX characters."""
    listed = split_players(players) if isinstance(players, str) else list(players)
    cleaned = [name for name in (normal_form(p) for p in listed) if name]
    checked_name(",".join(cleaned), what="players", most=PLAYERS_MAX)
    return cleaned


def clean_idents(text: str | None, players: int) -> tuple[str | None, ...]:
    """A row's idents ("1234,5678", "1234、5678"), one per player in the players' order; an empty place is a
    player without one. None given: ``()``."""
    if not text or not text.strip():
        return ()
    for sep in ("，", "、", ";", "；", "/"):
        text = text.replace(sep, ",")
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != players:
        raise BadInput("{count} idents for {players} players: give one per player, in the players' order.",
                       count=len(parts), players=players)  # fmt: skip
    return tuple(checked_name(p, what="ident", most=IDENT_MAX) or None for p in parts)


def normal_form_or_raw(text: str) -> str:
    """The name to show beside a refused row (its raw text when it cannot even be normalised)."""
    try:
        return normal_form(text)
    except BadInput:
        return text


@dataclass(frozen=True)
class SheetLine:
    """One row of a sign-up sheet as text: as read from the file, or as the director corrected it."""

    row: int  # the row number the user sees in the sheet (the header is row 1)
    name: str
    unit: str = ""
    players: str = ""
    idents: str = ""  # the players' idents in their order (a 识别号 column: "1234,5678"), issue 30


@dataclass(frozen=True)
class SheetEntrant:
    row: int  # the row number the user sees in the sheet
    name: str
    unit: str | None
    players: tuple[str, ...]
    problem: Message | None  # why the import refuses this row, if it does
    warning: Message | None = None  # imported, but worth a look (a near-duplicate, players missing)
    idents: tuple[str | None, ...] = ()  # each player's ident, in order (none given: empty)


@dataclass(frozen=True)
class SheetCheck:
    """What the check needs from the event: the names registered, and the players an entrant has (None: any).

    ``players`` is 2 for pairs, 4 for teams of four (two pairs), 2 × P for a team match of P pairs (rules.md §3,
    §5.8; docs/rules.md has no substitutes). No players listed is accepted (they are often told on the day); more
    than an entrant has is refused (the extra names would never play); fewer is a warning (a team short of a
    player still plays, its missing pair losing its games)."""

    existing: frozenset[str] = frozenset()
    players: int | None = None

    def check(self, lines: Sequence[SheetLine]) -> list[SheetEntrant]:
        """Every row with the reason it cannot be imported, or its warning: the preview and the import agree."""
        seen: dict[str, int] = {}
        similar: dict[str, tuple[int, str]] = {}
        checked: list[SheetEntrant] = []
        for line in lines:
            try:
                name = clean_name(line.name) if line.name.strip() else ""
                unit = clean_unit(line.unit)
                players = tuple(clean_players(line.players))
                idents = clean_idents(line.idents, len(players))
            except BadInput as exc:
                refused = msg("row {row}: {problem}", row=line.row, problem=exc.message)
                checked.append(SheetEntrant(line.row, normal_form_or_raw(line.name), None, (), refused))
                continue
            warnings: list[Message] = []
            key = similar_key(name)
            if name and key in similar and similar[key][1] != name:
                warnings.append(msg("row {row}: '{name}' looks like '{other}' in row {first}", row=line.row,
                                    name=name, other=similar[key][1], first=similar[key][0]))  # fmt: skip
            similar.setdefault(key, (line.row, name))
            problem = self._problem(line.row, name, players, seen)
            if problem is None:
                seen[name] = line.row
                short = self._short(line.row, players)
                if short is not None:
                    warnings.append(short)
            checked.append(SheetEntrant(line.row, name, unit, players, problem, _joined(warnings), idents))
        return checked

    def _problem(self, row: int, name: str, players: tuple[str, ...], seen: dict[str, int]) -> Message | None:
        if not name:
            return msg("row {row}: no name", row=row)
        if name in seen:
            return msg("row {row}: '{name}' repeats row {first}", row=row, name=name, first=seen[name])
        if name in self.existing:
            return msg("row {row}: '{name}' is already registered", row=row, name=name)
        if self.players is not None and len(players) > self.players:
            return msg(
                "row {row}: {count} players, more than the {wanted} an entrant of this event has",
                row=row,
                count=len(players),
                wanted=self.players,
            )
        return None

    def _short(self, row: int, players: tuple[str, ...]) -> Message | None:
        if self.players is None or not players or len(players) >= self.players:
            return None
        return msg(
            "row {row}: {count} players; an entrant of this event has {wanted}",
            row=row,
            count=len(players),
            wanted=self.players,
        )


def _joined(warnings: list[Message]) -> Message | None:
    if len(warnings) < 2:
        return warnings[0] if warnings else None
    return msg("{first}; {second}", first=warnings[0], second=warnings[1])
