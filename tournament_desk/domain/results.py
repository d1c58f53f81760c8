"""A table's result state as one typed value, and the one way figures are written (window, ``tdesk``, PDFs).

Every face reads the state of a table from here instead of comparing strings of its own: the stored
``match.kind`` column holds exactly these values, and ``ResultState`` compares equal to them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import StrEnum

from tournament_desk.domain.standings import StandingRow

# No event has a round, table or board past this: a larger number (a typo, a forged request) is refused as one,
# never sent to the database (which cannot hold it).
LARGEST = 1_000_000


class ResultState(StrEnum):
    """How a table's stored figures came about (rules.md §5).

    ``pending``   no result yet;
    ``played``    levels (or boards) entered, figures computed from them;
    ``forfeit``   one side or both did not play (§5.3), or a withdrawn side's later table (§5.7);
    ``late``      a scoresheet handed in late: the responsible side forfeits, the other keeps its result;
    ``ruling``    loss by ruling (判负, §5.5);
    ``bye``       the entrant left over in a Swiss round, scored by the bye award (§5.4);
    ``rest``      a round-robin entrant whose scheduled opponent is the dummy or gone: no score (§7.3);
    ``annulled``  a round-robin match of an entrant that withdrew before half its matches: counts for nobody.
    """

    PENDING = "pending"
    PLAYED = "played"
    FORFEIT = "forfeit"
    LATE = "late"
    RULING = "ruling"
    BYE = "bye"
    REST = "rest"
    ANNULLED = "annulled"

    @property
    def has_result(self) -> bool:
        """The table needs nothing more from the desk."""
        return self is not ResultState.PENDING

    @property
    def scores(self) -> bool:
        """Its stored figures count in the standings (a rest and an annulled match count for nobody)."""
        return self not in (ResultState.PENDING, ResultState.REST, ResultState.ANNULLED)

    @property
    def decided_off_the_table(self) -> bool:
        """A forfeit, late scoresheet or ruling: the figures are an award, not what was played."""
        return self in (ResultState.FORFEIT, ResultState.LATE, ResultState.RULING)


# The states a table (a row of ``match``) can be in; byes and rests belong to the round, not to a table.
TABLE_STATES: tuple[ResultState, ...] = (
    ResultState.PENDING,
    ResultState.PLAYED,
    ResultState.FORFEIT,
    ResultState.LATE,
    ResultState.RULING,
    ResultState.ANNULLED,
)

MINUS = "−"  # U+2212: a minus sign that lines up with the plus sign in proportional fonts


def number(value: float | None) -> str:
    """A figure as people write it: 12, 2.5, 10.33 (no trailing zeros); empty for no value."""
    if value is None:
        return ""
    value = round(float(value), 2)
    text = f"{value:g}" if abs(value) < 1e15 else str(value)
    return text.replace("-", MINUS)


def signed(value: float | None) -> str:
    """A difference with its sign: +3, −2, 0 (level differences, XMP)."""
    if value is None:
        return ""
    return ("+" if value > 0 else "") + number(value)


def deduction(value: float) -> str:
    """A match-point deduction, always written as a negative amount: −0.5."""
    return MINUS + number(abs(value)) if value else "0"


def score_pair(home: float | None, away: float | None) -> str:
    """Two sides' figures of one kind, home first: 13 : 7, 2.5 : 0.5."""
    if home is None or away is None:
        return ""
    return f"{number(home)} : {number(away)}"


# The figures a standings row can show, by key, with the English label each face translates.
FIGURE_LABELS: dict[str, str] = {
    "mp": "MP",
    "vp": "VP",
    "opp_mp": "Opp. MP",
    "points": "Points",
    "h2h": "Head-to-head",
    "level_diff": "Level diff.",
    "xmp": "XMP",
    "placing": "Place",
    "direction": "Direction",
    "score": "Score",
    "group": "Group",
    "games_won": "Games won",
    "games_lost": "Games lost",
    "game_ratio": "Game ratio",
}
SIGNED_FIGURES = frozenset({"level_diff", "xmp"})


def figure(row: StandingRow, key: str) -> float | int | str | None:
    """One figure of a standings row by its key (``points``: the 3/1/0 points, stored as match points;
    ``placing`` and ``group``: text)."""
    if key == "points":
        return row.mp
    value: float | int | str | None = getattr(row, key)
    return value


def figure_text(row: StandingRow, key: str) -> str:
    """The figure as every face prints it: 7.5, +12, −3; empty where it does not apply."""
    value = figure(row, key)
    if isinstance(value, str):
        return value
    if value is not None and math.isinf(value):
        return "∞"  # a game ratio with no game lost (rules.md §5.8: it ranks first)
    return signed(value) if key in SIGNED_FIGURES else number(value)


# The figures of a group ranking a group table (printed, ``tdesk groups``, the workbook) leaves out: the
# head-to-head figure means something only within a tie (the rank shows what it decided), the group is the
# block's title.
NOT_IN_GROUP_TABLES = frozenset({"h2h", "group", "placing"})


def group_figures(figures: Sequence[str]) -> tuple[str, ...]:
    """The figures a group table shows, in the ranking's order: the group ranking's own less the unprinted."""
    return tuple(k for k in figures if k not in NOT_IN_GROUP_TABLES)
