"""The knockout stage (SPEC §7.4; seeds 003 and 004): the fresh draw into a bracket with byes for the
highest qualifiers, later rounds that follow the bracket, the winner of a match (higher level; on equal
levels the side on stage), and the final placing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from tournament_desk.domain.errors import BadInput

Side = Literal["home", "away"]


@dataclass(frozen=True)
class Slot:
    """One line of the bracket's first round: an entrant, or a bye (None) that lets its opponent through."""

    entrant: int | None


@dataclass(frozen=True)
class BracketMatch:
    round: int
    table: int
    home: int | None  # None: not known yet (the winner of an earlier match), or a bye in round 1
    away: int | None


def bracket_lines(drawn: Sequence[int], seeds: Mapping[int, int], size: int) -> list[Slot]:
    """The first round's lines: the drawn order fills the bracket; with fewer qualifiers than ``size`` the
    highest seeds get the byes (their opponent line is empty), spread so that no two byes meet."""
    if len(set(drawn)) != len(drawn):
        raise BadInput("The knockout draw names an entrant twice.")
    if len(drawn) > size:
        raise BadInput("{count} qualifiers do not fit a knockout of {size}.", count=len(drawn), size=size)
    byes = size - len(drawn)
    if byes > size // 2:
        raise BadInput(
            "A knockout of {size} needs at least {least} qualifiers.", size=size, least=size // 2 + 1
        )
    favoured = set(sorted(drawn, key=lambda e: seeds.get(e, len(seeds) + 1))[:byes])
    # In the drawn order: a favoured entrant's line is followed by an empty one (its bye); the others pair
    # up as they come, so the draw decides who meets whom and the seeds decide only who rests.
    lines: list[Slot] = []
    waiting: int | None = None
    for entrant in drawn:
        if entrant in favoured:
            lines += [Slot(entrant), Slot(None)]
        elif waiting is None:
            waiting = entrant
        else:
            lines += [Slot(waiting), Slot(entrant)]
            waiting = None
    return lines


def first_round(lines: Sequence[Slot]) -> list[BracketMatch]:
    """Line 1 v line 2 on table 1, 3 v 4 on table 2, …; the first named at home."""
    return [
        BracketMatch(1, i // 2 + 1, lines[i].entrant, lines[i + 1].entrant) for i in range(0, len(lines), 2)
    ]


def next_round(round_no: int, winners: Sequence[int | None]) -> list[BracketMatch]:
    """Winners of tables 1 and 2 meet on table 1 (the winner of the lower-numbered table at home), and so on."""
    if len(winners) < 2 or len(winners) % 2:
        raise BadInput("The bracket has no further round.")
    return [BracketMatch(round_no, i // 2 + 1, winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]


def match_winner(home_level: int, away_level: int, on_stage: Side | None) -> Side:
    """The higher level wins; on equal levels the side on stage at the end wins (seeds 003, 004)."""
    if home_level != away_level:
        return "home" if home_level > away_level else "away"
    if on_stage not in ("home", "away"):
        raise BadInput(
            "The levels are equal: a knockout match then goes to the side on stage (在台上) at the end; say "
            "which side was on stage."
        )
    return on_stage


def placing(round_lost: Mapping[int, int | None], rounds: int) -> dict[int, str]:
    """The final placing (1, 2, 3–4, 5–8, …) from the round each entrant went out in (None: the winner)."""
    placed: dict[int, str] = {}
    for entrant, lost in round_lost.items():
        if lost is None:
            placed[entrant] = "1"
            continue
        best = 2 ** (rounds - lost) + 1
        worst = 2 ** (rounds - lost + 1)
        placed[entrant] = str(best) if best == worst else f"{best}–{worst}"
    return placed
