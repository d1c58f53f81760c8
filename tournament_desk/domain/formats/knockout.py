"""The knockout stage (rules.md §7.4; seeds 003 and 004): the fresh draw into a bracket with byes for the
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


def seeding_order(size: int) -> list[int]:
    """The standard seeding order of a bracket of ``size`` places (a power of two): the seed at each place, top
    to bottom, so that seed 1 meets seed ``size``, 2 meets ``size`` − 1, … and seeds 1 and 2 can meet only in
    the final (rules.md §7.6). 8 → [1, 8, 4, 5, 2, 7, 3, 6]."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for seed in order for x in (seed, total - seed)]
    return order


def bracket_size(count: int) -> int:
    """The smallest power of two not below ``count`` (at least 2)."""
    size = 2
    while size < count:
        size *= 2
    return size


def drawn_lines(by_draw: Sequence[int]) -> tuple[int, list[int | None]]:
    """The knockout by draw (rules.md §7.6): draw number d (the d-th of ``by_draw``) takes the place of seed d; the
    places of seeds above the entrant count are byes. Returns the bracket size and its first-round lines."""
    if len(by_draw) < 2:
        raise BadInput("A knockout needs at least two entrants.")
    if len(set(by_draw)) != len(by_draw):
        raise BadInput("The knockout draw names an entrant twice.")
    size = bracket_size(len(by_draw))
    return size, [by_draw[seed - 1] if seed <= len(by_draw) else None for seed in seeding_order(size)]


def match_winner(
    home_level: int, away_level: int, on_stage: Side | None, games: tuple[int, int] | None = None
) -> Side:
    """The higher level wins; on equal levels the side on stage at the end wins (seeds 003, 004). A match of
    several games (局, ``games`` = games won by home and away) goes to the side that won more games, then the
    higher level of the game in play, then the side that won the last deal, which is the side on stage (seed
    004 四副升级)."""
    if games is not None:
        if min(games) < 0:
            raise BadInput("The games won cannot be negative.")
        if games[0] != games[1]:
            return "home" if games[0] > games[1] else "away"
    if home_level != away_level:
        return "home" if home_level > away_level else "away"
    if on_stage not in ("home", "away"):
        if games is not None:
            raise BadInput(
                "The games and the levels are equal: the match then goes to the side that won the last deal, "
                "the side on stage (在台上); say which side it was."
            )
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


# --- the knockout as a stage of the event -----------------------------------------------------------------

TBD = -1  # a side not known yet: the winner of a match that has no result
WIN_POINTS = 3.0  # a knockout match is won or lost: stored as 3 : 0 so that the winner reads off the points


@dataclass(frozen=True)
class BracketCell:
    """One match of the bracket: its round (1 = the first knockout round), position, sides, table, winner.

    A side is an entrant id, ``None`` (nobody: a bye, or both sides of the match feeding it forfeited) or
    ``TBD`` (the winner of ``*_from`` in the round before, not known yet).
    """

    round: int
    position: int
    home: int | None
    away: int | None
    table: int | None  # where it is (or will be) played; None: a bye or walkover, no table
    winner: int | None
    decided: bool
    home_from: int | None = None  # the position in the round before that this side comes from
    away_from: int | None = None
    third_place: bool = False
    level: tuple[int, int] | None = None  # the levels played (home, away), when stored
    on_stage: str | None = None


@dataclass(frozen=True)
class Bracket:
    size: int
    first_round: int  # the event's round number of the first knockout round
    rounds: list[list[BracketCell]]

    @property
    def round_count(self) -> int:
        return rounds_of(self.size)


def rounds_of(size: int) -> int:
    return size.bit_length() - 1


MatchKey = tuple[int, frozenset[int]]  # (event round, {home, away})


def build_bracket(
    lines: Sequence[int | None],
    size: int,
    first_round: int,
    results: Mapping[MatchKey, int | None],
    *,
    third_place: bool = False,
    levels: Mapping[MatchKey, tuple[int, int, str | None]] | None = None,
) -> Bracket:
    """The whole bracket as far as the results go. ``results`` maps a played (or forfeited) match to its
    winner (None: nobody went through); a match missing from it has no result yet."""
    levels = levels or {}
    total = rounds_of(size)
    rounds: list[list[BracketCell]] = []
    sides: list[tuple[int | None, int | None, int | None, int | None]] = [
        (lines[i], lines[i + 1], None, None) for i in range(0, len(lines), 2)
    ]
    for k in range(1, total + 1):
        event_round = first_round + k - 1
        cells: list[BracketCell] = []
        table = 0
        pairs = list(sides)
        if k == total and third_place and k >= 2:
            semis = rounds[-1]
            losers = [_loser(c) for c in semis]
            pairs.append((losers[0], losers[1], None, None))
        for position, (home, away, home_from, away_from) in enumerate(pairs, start=1):
            third = k == total and position == 2 and third_place
            if home is None or away is None:
                through = away if home is None else home
                decided = through != TBD
                cells.append(BracketCell(k, position, home, away, None, through if decided else None, decided,
                                         home_from, away_from, third))  # fmt: skip
                continue
            if TBD in (home, away):
                cells.append(
                    BracketCell(k, position, home, away, None, None, False, home_from, away_from, third)
                )
                continue
            table += 1
            key = (event_round, frozenset((home, away)))
            played = levels.get(key)
            cells.append(
                BracketCell(
                    k,
                    position,
                    home,
                    away,
                    table,
                    results.get(key),
                    key in results,
                    home_from,
                    away_from,
                    third,
                    (played[0], played[1]) if played else None,
                    played[2] if played else None,
                )
            )
        rounds.append(cells)
        main = [c for c in cells if not c.third_place]
        if k < total:
            sides = [
                (_through(main[i]), _through(main[i + 1]), main[i].position, main[i + 1].position)
                for i in range(0, len(main), 2)
            ]
    return Bracket(size, first_round, rounds)


def _through(cell: BracketCell) -> int | None:
    return cell.winner if cell.decided else TBD


def _loser(cell: BracketCell) -> int | None:
    if not cell.decided:
        return TBD
    sides = [s for s in (cell.home, cell.away) if s is not None and s != cell.winner]
    return sides[0] if sides else None


def _losers(cell: BracketCell) -> list[int]:
    """The sides of a decided match that did not go through (both, when nobody did)."""
    return [s for s in (cell.home, cell.away) if s is not None and s != TBD and s != cell.winner]


def bracket_placing(bracket: Bracket, qualifier_count: int) -> dict[int, tuple[int, str]]:
    """Each qualifier's place: (the best place it can still have, the text "1", "3–4", "5–8"), as far as the
    results go; an entrant still in after round j has the range its next loss would give it at worst."""
    total = bracket.round_count
    placed: dict[int, tuple[int, str]] = {}

    def put(entrant: int | None, best: int, worst: int) -> None:
        if entrant is None or entrant == TBD or entrant in placed:
            return
        worst = max(best, min(worst, qualifier_count))
        placed[entrant] = (best, str(best) if best == worst else f"{best}–{worst}")

    for cells in reversed(bracket.rounds):
        k = cells[0].round
        for cell in cells:
            if cell.third_place:
                if cell.decided and cell.winner is not None:
                    put(cell.winner, 3, 3)
                    put(_loser(cell), 4, 4)
                continue
            worst = 2 ** (total - k + 1)
            if cell.decided:
                # Both sides out (a match both forfeited): each gets the place of the round it went out in.
                if k == total:
                    put(cell.winner, 1, 1)
                    for gone in _losers(cell):
                        put(gone, 2, 2)
                else:
                    for gone in _losers(cell):
                        put(gone, 2 ** (total - k) + 1, worst)
            else:
                for side in (cell.home, cell.away):
                    put(side, 1, worst)
    return placed
