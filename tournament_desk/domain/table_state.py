"""What a table of a round is, said in one place (issue 27): played or still to play, a forfeit, a late
scoresheet or a ruling (against which side), annulled, and whether a withdrawal decided it; and the round's
entrant without a table, who rests (no score) or has the bye (the award).

The words are messages (English templates, the Chinese in ``i18n/zh_cn_tables.py``): the window, ``tdesk`` and
the phones render them in the language in use, the printed sheets in both (``reports.words``). Nothing else
words a table's state: a screen and a sheet that disagree about a table is the defect this module prevents.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tournament_desk.domain.errors import Message, msg
from tournament_desk.domain.results import ResultState

WITHDRAWN = "withdrawn"  # the note stored on a table a withdrawal decided
Side = Literal["home", "away"]

HOME: Message = msg("Home")  # a side named by its place, where the names are printed beside it
AWAY: Message = msg("Away")


@dataclass(frozen=True)
class TableState:
    """A table as the desk has it. ``side``: the side a forfeit, late scoresheet or ruling went against, or the
    side that withdrew ("both": both sides; None: none, or not known); ``withdrawal``: a withdrawal decided it."""

    kind: ResultState
    side: str | None = None
    withdrawal: bool = False

    @classmethod
    def of(cls, kind: ResultState, side: str | None, note: str | None) -> TableState:
        """From what a table stores (or, for the side of a withdrawal, what ``services.rounds`` worked out from
        who has withdrawn): its state, side and note."""
        return cls(kind, side, note == WITHDRAWN)

    def withdrew(self, home: str, away: str) -> tuple[str, ...]:
        """The entrants whose withdrawal decided the table, by name (none: no withdrawal, or the side unknown)."""
        if not self.withdrawal:
            return ()
        return tuple(
            name for name, theirs in ((home, self.against("home")), (away, self.against("away"))) if theirs
        )

    @property
    def at_the_table(self) -> bool:
        """Whether the two sides sit down to play it (a seat, a scoresheet to fill): not when it was decided
        without play — by a withdrawal, a forfeit — or annulled."""
        return not self.withdrawal and self.kind not in (ResultState.FORFEIT, ResultState.ANNULLED)

    def against(self, side: Side) -> bool:
        return self.side in (side, "both")


def withdrawn_side(home_gone: bool, away_gone: bool) -> str | None:
    """The side of a table that withdrew, from which of its entrants have withdrawn (None: neither)."""
    if home_gone and away_gone:
        return "both"
    return "home" if home_gone else "away" if away_gone else None


# (kind, withdrawal) → the words when one side is against it ({who}), when both are.
_WORDS: dict[tuple[ResultState, bool], tuple[Message, Message]] = {
    (ResultState.ANNULLED, True): (msg("{who} withdrew: annulled"), msg("Both sides withdrew: annulled")),
    (ResultState.FORFEIT, True): (msg("{who} withdrew: forfeit"), msg("Both sides withdrew: forfeit")),
    (ResultState.FORFEIT, False): (msg("{who} forfeits"), msg("Both sides forfeit")),
    (ResultState.LATE, False): (msg("{who}: late scoresheet"), msg("Both sides: late scoresheet")),
    (ResultState.RULING, False): (msg("{who} loses by ruling"), msg("Both sides lose by ruling")),
}


def table_words(state: TableState, home: object = HOME, away: object = AWAY) -> Message | None:
    """What a table's note says (None: nothing, it is played or still to play). ``home``/``away`` name the
    sides: their names, or (the default) the words Home and Away where the names stand beside the note."""
    if state.kind is ResultState.ANNULLED and (not state.withdrawal or state.side is None):
        return msg("Annulled: a side withdrew") if state.withdrawal else msg("Annulled")
    words = _WORDS.get((state.kind, state.withdrawal)) or _WORDS.get((state.kind, False))
    if words is None:
        return None
    one, both = words
    if state.side == "both":
        return both
    who = home if state.side == "home" else away if state.side == "away" else msg("a side")
    return msg(one.template, who=who)


def seat_words(state: TableState, side: Side) -> tuple[Message, Message | None] | None:
    """What one side of a table not played is told instead of its seat — what it does, and why (None: it sits
    down at the table)."""
    if state.at_the_table:
        return None
    mine, theirs = state.against(side), state.against("away" if side == "home" else "home")
    if mine and state.withdrawal:
        return msg("withdrew"), None
    if mine:  # a forfeit
        return msg("forfeits"), None
    why = (
        msg("opponent withdrew")
        if state.withdrawal and theirs
        else msg("opponent forfeits")
        if theirs
        else None
    )
    if state.kind is ResultState.ANNULLED:
        return msg("rests"), why or msg("annulled")
    return msg("no match"), why


def round_words(state: ResultState, award: tuple[float, float] | None = None) -> Message:
    """What the round's entrant without a table gets: a rest (no match, no score) or the bye (its award)."""
    if state is ResultState.REST:
        return msg("Rest: no match, no score")
    mp, vp = award or (0.0, 0.0)
    return msg("Bye: {mp} MP, {vp} VP", mp=_figure(mp), vp=_figure(vp))


def round_label(state: ResultState) -> Message:
    """The one word for the round's entrant without a table: Rest or Bye."""
    return msg("Rest") if state is ResultState.REST else msg("Bye")


def _figure(value: float) -> str:
    return f"{value:g}"
