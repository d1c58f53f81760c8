"""Groups then knockout, the knockout stage as a format (SPEC §7.4; seeds 003 and 004).

Created by the knockout draw (``services.knockout.draw_knockout``), never by ``tdesk new``. Its settings hold
the draw: ``size`` (a power of two), ``lines`` (the first round's lines, entrant ids with ``None`` for a bye),
``first_round`` (the event's round number of the first knockout round), ``third_place`` and ``qualifiers``
(entrant, group, place, seed of each). Every later round follows from the results: the bracket is worked out
from the stored matches each time, so a corrected result moves the right entrant on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from tournament_desk.domain.errors import BadInput, msg
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats.base import (
    Decided,
    Format,
    PlannedRound,
    Ranking,
    TableFact,
    WithdrawalPlan,
    gone_sides,
    withdrawal_changes,
)
from tournament_desk.domain.formats.knockout import (
    TBD,
    WIN_POINTS,
    Bracket,
    MatchKey,
    Side,
    bracket_placing,
    build_bracket,
    match_winner,
)
from tournament_desk.domain.pairing import PairedTable
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import Outcome, score_forfeit, score_levels
from tournament_desk.domain.sorting import LazyNameKey
from tournament_desk.domain.standings import StandingRow


def knockout_outcome(home_level: int, away_level: int, on_stage: Side | None, rules: RuleSet) -> Outcome:
    """A knockout match: the winner 3, the loser 0 (VP as §5.1 for the record); equal levels need ``on_stage``."""
    winner = match_winner(home_level, away_level, on_stage)
    vp = score_levels(home_level, away_level, rules)
    home_mp, away_mp = (WIN_POINTS, 0.0) if winner == "home" else (0.0, WIN_POINTS)
    return Outcome(home_mp, away_mp, vp.home_vp, vp.away_vp)


class Knockout(Format):
    name = "knockout"
    adjustable = False
    stage_label = "knockout"
    scheduled = False
    creatable = False
    knockout = True

    def bracket(
        self, data: EventData, levels: Mapping[MatchKey, tuple[int, int, str | None]] | None = None
    ) -> Bracket:
        s = data.settings
        first = int(s["first_round"])
        results: dict[MatchKey, int | None] = {}
        for m in data.matches:
            if m.round < first or m.away is None:
                continue
            winner = m.home if m.home_mp > m.away_mp else m.away if m.away_mp > m.home_mp else None
            results[(m.round, frozenset((m.home, m.away)))] = winner
        return build_bracket(
            [int(x) if x is not None else None for x in s["lines"]],
            int(s["size"]),
            first,
            results,
            third_place=bool(s.get("third_place")),
            levels=levels,
        )

    def plan_round(
        self,
        data: EventData,
        round_no: int,
        rules: RuleSet,
        *,
        locked: Sequence[tuple[int, int]] = (),
    ) -> PlannedRound:
        bracket = self.bracket(data)
        k = round_no - bracket.first_round + 1
        if not 1 <= k <= bracket.round_count:
            raise BadInput("Every round of the knockout has been paired.")
        cells = bracket.rounds[k - 1]
        if any(TBD in (c.home, c.away) for c in cells):
            raise BadInput("The knockout's round {round} has matches without a winner.", round=round_no - 1)
        names = {e.id: e.name for e in data.entrants}
        tables: list[PairedTable] = []
        decided: dict[int, Decided] = {}
        notes = []
        for c in cells:
            if c.table is None:
                if c.winner is not None:
                    notes.append(msg("{name} goes through without a match (bye).", name=names[c.winner]))
                continue
            assert c.home is not None and c.away is not None
            tables.append(PairedTable(c.table, c.home, c.away))
            fixed = self._decided(data, round_no, c.home, c.away, rules)
            if fixed is not None:
                decided[c.table] = fixed
        return PlannedRound(tuple(tables), None, ResultState.REST, decided, notes=tuple(notes))

    def _decided(
        self, data: EventData, round_no: int, home: int, away: int, rules: RuleSet
    ) -> Decided | None:
        gone = gone_sides(data, round_no, home, away)
        if not gone:
            return None
        side = gone[0] if len(gone) == 1 else "both"
        return Decided(ResultState.FORFEIT, side, score_forfeit(side, rules), "withdrawn")  # type: ignore[arg-type]

    def withdraw(
        self,
        data: EventData,
        entrant: int,
        after_round: int,
        tables: Sequence[TableFact],
        rules: RuleSet,
    ) -> WithdrawalPlan:
        first = int(data.settings["first_round"])
        later = [t for t in tables if t.round >= first]
        return WithdrawalPlan(
            withdrawal_changes(
                later, entrant, after_round, lambda t: self._decided(data, t.round, t.home, t.away, rules)
            )
        )

    def rank(self, data: EventData, rules: RuleSet, *, after_round: int | None = None) -> Ranking:
        """The final placing (SPEC §7.4): 1, 2, 3–4 (3 and 4 after a third-place match), 5–8, …; those out
        in the groups share the places after the qualifiers."""
        if after_round is not None:
            data = _until(data, after_round)
        qualified = {int(q["entrant"]): q for q in data.settings.get("qualifiers", [])}
        placing = bracket_placing(self.bracket(data), len(qualified))
        first_out = len(qualified) + 1
        last = len(data.entrants)
        out_text = str(first_out) if first_out == last else f"{first_out}–{last}"
        played: dict[int, int] = {}
        for m in data.matches:
            for side in (m.home, m.away):
                if side is not None:
                    played[side] = played.get(side, 0) + 1
        rows = []
        for e in data.entrants:
            q = qualified.get(e.id)
            best, text = placing.get(e.id, (first_out, out_text)) if q else (first_out, out_text)
            rows.append(
                StandingRow(
                    best,
                    e,
                    0.0,
                    0.0,
                    0.0,
                    0,
                    0.0,
                    None,
                    group=q["group"] if q else None,
                    qualified=q is not None,
                    placing=text,
                )
            )
        # Best place first; among the same best place the narrower range ("1–4" before "1–8"), then by name.
        rows.sort(key=lambda r: (r.rank, _worst(r.placing), LazyNameKey(r.entrant.name, r.entrant.sort_key)))
        return Ranking(rows, ("placing",), ("placing",))


def _worst(placing: str | None) -> int:
    return int((placing or "0").rsplit("–", 1)[-1])


def _until(data: EventData, after_round: int) -> EventData:
    return replace(data, matches=[m for m in data.matches if m.round <= after_round])


def settings_for(
    size: int,
    lines: Sequence[int | None],
    first_round: int,
    third_place: bool,
    qualifiers: Sequence[Mapping[str, Any]],
) -> dict[str, Any]:
    return {
        "size": size,
        "lines": list(lines),
        "first_round": first_round,
        "third_place": third_place,
        "qualifiers": [dict(q) for q in qualifiers],
    }
