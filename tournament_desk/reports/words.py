"""The words every document prints the same way: a result state's mark, a broken pairing rule, a side, a
withdrawn entrant's name; and what a table is (``domain.table_state``, the one place that says it) as the
sheets print it, in Chinese and English."""

from __future__ import annotations

from tournament_desk.domain.errors import Message
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.standings import StandingEntrant
from tournament_desk.domain.table_state import (
    Side,
    TableState,
    round_label,
    round_words,
    seat_words,
    table_words,
)
from tournament_desk.i18n import render
from tournament_desk.reports.model import PairedTable

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


def both_languages(message: Message, sep: str = " ") -> str:
    """A message as a printed sheet says it: the Chinese, then the English (``sep`` between: "\\n" for a
    cell's two lines)."""
    return f"{render(message, 'zh')}{sep}{render(message, 'en')}"


def state_of(table: PairedTable) -> TableState:
    return TableState(table.kind, table.side, table.withdrawal)


def table_note(table: PairedTable, sep: str = "\n", *, named: bool = False) -> str:
    """The note of a table not played as paired (a withdrawal, forfeit, late scoresheet, ruling, annulled), in
    both languages; "" for a table played or still to play. ``named``: the sides by name, not Home / Away."""
    said = table_words(state_of(table), table.home, table.away) if named else table_words(state_of(table))
    return both_languages(said, sep) if said is not None else ""


def seat_note(table: PairedTable, side: Side) -> tuple[str, str] | None:
    """What the "find your table" list says instead of a side's table and seat (None: its seat)."""
    told = seat_words(state_of(table), side)
    if told is None:
        return None
    what, why = told
    return render(what, "zh"), render(why, "zh") if why is not None else "—"


def rest_or_bye(state: ResultState, award: tuple[float, float] | None, sep: str = "\n") -> tuple[str, str]:
    """The round's entrant without a table: its label (轮休 / 轮空) and what it gets, in both languages."""
    return render(round_label(state), "zh"), both_languages(round_words(state, award), sep)
