"""The words every document prints the same way: a result state's mark, a broken pairing rule, a side, a
withdrawn entrant's name."""

from __future__ import annotations

from tournament_desk.domain.results import ResultState
from tournament_desk.domain.standings import StandingEntrant

# A table decided off the board, or annulled, as marked in a grid cell, a bracket box or a note.
STATE_MARKS = {
    ResultState.FORFEIT: "弃权",
    ResultState.LATE: "迟交",
    ResultState.RULING: "判负",
    ResultState.ANNULLED: "注销",
}
RELAXED = {"same-unit": "同单位相遇", "rematch": "重复相遇"}  # the pairing rule a table broke
SIDES = {"home": "主队", "away": "客队", "both": "双方"}
WITHDRAWN = "（退赛）"


def entrant_name(entrant: StandingEntrant) -> str:
    """The name as a list prints it: marked when the entrant has withdrawn."""
    return entrant.name + (WITHDRAWN if entrant.withdrawn else "")
