"""The knockout as a stage (rules.md §7.4, §7.6, §7.7; seeds 000, 003 and 004).

Either the second stage of groups then knockout, created by the knockout draw of the qualifiers
(``services.groups.draw_knockout``), or an event's first stage (``tdesk new --format knockout``): then the
round-1 draw numbers take their places in the standard seeding order when round 1 is paired. Its settings hold
the bracket: ``size`` (a power of two), ``lines`` (the first round's lines, entrant ids with ``None`` for a
bye), ``first_round`` (the event's round number of the first knockout round), ``third_place``, ``finalists``
(played until that many remain, §7.7) and ``qualifiers`` (entrant, group, place, seed of each). Every later
round follows from the results: the bracket is worked out from the stored matches each time, so a corrected
result moves the right entrant on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from tournament_desk.domain.errors import BadInput, Message, msg
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats.base import (
    Advance,
    Advancing,
    Decided,
    Format,
    Games,
    PlannedRound,
    Ranking,
    ResultKey,
    StagePlan,
    Withdrawal,
    WithdrawalPlan,
    withdrawal_changes,
    withdrawn_table,
)
from tournament_desk.domain.formats.knockout import (
    TBD,
    WIN_POINTS,
    Bracket,
    BracketCell,
    MatchKey,
    Side,
    bracket_placing,
    bracket_size,
    build_bracket,
    drawn_lines,
    match_winner,
    rounds_of,
)
from tournament_desk.domain.pairing import Locked, PairedTable
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import Outcome, score_levels
from tournament_desk.domain.scoring_modes.base import ScoringMode
from tournament_desk.domain.sorting import LazyNameKey
from tournament_desk.domain.standings import StandingRow

FINALISTS = (4, 8)  # a knockout into a round-robin final is played until this many remain (rules.md §7.7)


def knockout_outcome(
    home_level: int,
    away_level: int,
    on_stage: Side | None,
    rules: RuleSet,
    games: tuple[int, int] | None = None,
) -> Outcome:
    """A knockout match: the winner 3, the loser 0 (VP as §5.1 for the record); equal levels need ``on_stage``
    (in a match of several games: equal games and levels)."""
    winner = match_winner(home_level, away_level, on_stage, games)
    vp = score_levels(home_level, away_level, rules)
    home_mp, away_mp = (WIN_POINTS, 0.0) if winner == "home" else (0.0, WIN_POINTS)
    return Outcome(home_mp, away_mp, vp.home_vp, vp.away_vp)


class Knockout(Format):
    """The knockout by draw (rules.md §7.6), and the knockout stage after groups (§7.4)."""

    name = "knockout"
    adjustable = False
    stage_label = "knockout"
    scheduled = False
    settings_names = ("third_place",)
    # A match is won by the higher level, equal levels by the side on stage (§7.6): the desk types the two
    # levels; or, in a team match of pairs, by the team that won more pair games (§5.8: "with any format that
    # pairs teams"; P is odd, so only games neither pair showed for can leave it equal, decided by a ruling).
    # A tie of duplicate boards could not be decided. (After groups, this stage plays on in the groups' mode.)
    scorings = ("levels", "team-match")

    def check_settings(self, settings: Mapping[str, Any], entrants_kind: str) -> dict[str, Any]:
        return {"third_place": bool(settings.get("third_place", False))}

    def planned_rounds(self, entrant_count: int, settings: Mapping[str, Any]) -> int | None:
        if entrant_count < 2:
            return None
        size = int(settings.get("size") or bracket_size(entrant_count))
        return self.rounds_to_play(size, settings)

    def rounds_to_play(self, size: int, settings: Mapping[str, Any]) -> int:
        finalists = settings.get("finalists")
        return rounds_of(size) - (rounds_of(int(finalists)) if finalists else 0)

    def drawn(self, data: EventData) -> EventData:
        """``data`` with the bracket in its settings: the round-1 draw numbers of the entrants still in,
        placed in the standard seeding order (the knockout by draw, §7.6), unless a draw placed them."""
        if "lines" in data.settings:
            return data
        people = sorted(data.active_in(1), key=lambda e: (e.draw_no, e.id))
        if any(not e.draw_no for e in people):
            raise BadInput("The entrants have no draw numbers yet: make the draw before pairing round 1.")
        size, lines = drawn_lines([e.id for e in people])
        settings = {
            **data.settings,
            "size": size,
            "lines": lines,
            "first_round": 1,
            "qualifiers": [{"entrant": e.id, "group": None, "place": None, "seed": i}
                           for i, e in enumerate(people, start=1)],
        }  # fmt: skip
        return replace(data, settings=settings)

    def bracket(
        self, data: EventData, levels: Mapping[MatchKey, tuple[int, int, str | None]] | None = None
    ) -> Bracket:
        s = self.drawn(data).settings
        first = int(s["first_round"])
        results: dict[MatchKey, int | None] = {}
        for m in data.matches:
            if m.round < first or m.away is None:
                continue
            if m.home_mp == m.away_mp > 0:
                continue  # played and left equal (equal pair games, a tie of boards): no winner yet, a ruling
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

    def plan_round(self, data: EventData, round_no: int, rules: RuleSet, locked: Locked = ()) -> PlannedRound:
        fresh = "lines" not in data.settings
        data = self.drawn(data)
        bracket = self.bracket(data)
        k = round_no - bracket.first_round + 1
        if not 1 <= k <= self.rounds_to_play(bracket.size, data.settings):
            raise BadInput("Every round of the knockout has been paired.")
        cells = bracket.rounds[k - 1]
        if any(TBD in (c.home, c.away) for c in cells):
            raise _undecided(bracket.rounds[k - 2], round_no - 1)
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
            fixed = withdrawn_table(data, round_no, c.home, c.away, rules)
            if fixed is not None:
                decided[c.table] = fixed
        return PlannedRound(
            tuple(tables),
            None,
            ResultState.REST,
            decided,
            notes=tuple(notes),
            settings=dict(data.settings) if fresh else None,
        )

    # --- a knockout ends (§7.7: when the last K remain) --------------------------------------------------
    def stage_over(self, data: EventData, paired: int) -> bool:
        if not data.settings.get("finalists") or "lines" not in data.settings:
            return False
        first = int(data.settings["first_round"])
        return paired >= first + self.rounds_to_play(int(data.settings["size"]), data.settings) - 1

    def advancing(self, data: EventData, rules: RuleSet) -> Advancing:
        bracket = self.bracket(data)
        played = self.rounds_to_play(bracket.size, data.settings)
        remaining = [side for c in bracket.rounds[played] if not c.third_place for side in (c.home, c.away)]
        if any(side == TBD for side in remaining):
            raise BadInput("The knockout's round {round} has matches without a winner.",
                           round=bracket.first_round + played - 1)  # fmt: skip
        finalists = tuple(side for side in remaining if side is not None)
        placing = bracket_placing(bracket, len(data.settings.get("qualifiers", [])))
        placed = tuple((e, best, text) for e, (best, text) in sorted(placing.items()) if e not in finalists)
        return Advancing(finalists, placed)

    # --- one table -------------------------------------------------------------------------------------
    def _score(self, home: int, away: int, rules: RuleSet, on_stage: str | None, games: Games) -> Outcome:
        if on_stage is not None and on_stage not in ("home", "away"):
            raise BadInput("The side on stage must be home or away, not '{side}'.", side=on_stage)
        return knockout_outcome(home, away, on_stage, rules, games)  # type: ignore[arg-type]

    def result_key(
        self, home: int, away: int, on_stage: str | None = None, games: tuple[int, int] | None = None
    ) -> ResultKey:
        deciding = home == away and (games is None or games[0] == games[1])
        return (home, away, on_stage if deciding else None, games)

    def winner(self, home_mp: float, away_mp: float) -> str | None:
        if home_mp == away_mp:
            return None
        return "home" if home_mp > away_mp else "away"

    def closed_after(self, round_no: int) -> Message | None:
        return msg(
            "The winners of round {round} already play in round {next}; its results can no longer change.",
            round=round_no,
            next=round_no + 1,
        )

    def withdrawal_note(self, rules: RuleSet, mode: ScoringMode | None = None) -> Message:
        return msg(
            "Its next match is a walkover: its opponent goes through. Withdrawn before the first round is paired, "
            "it is left out of the bracket."
        )

    def withdraw(self, data: EventData, leaving: Withdrawal, rules: RuleSet) -> WithdrawalPlan:
        # A knockout by draw withdrawn from before round 1 is paired: no bracket yet, it is left out of the draw.
        first = int(data.settings.get("first_round", 1))
        later = replace(leaving, tables=tuple(t for t in leaving.tables if t.round >= first))
        return WithdrawalPlan(
            withdrawal_changes(later, lambda t: withdrawn_table(data, t.round, t.home, t.away, rules))
        )

    def rank(self, data: EventData, rules: RuleSet, *, after_round: int | None = None) -> Ranking:
        """The final placing (rules.md §7.4): 1, 2, 3–4 (3 and 4 after a third-place match), 5–8, …; those out
        in the groups share the places after the qualifiers."""
        if after_round is not None:
            data = _until(data, after_round)
        if "lines" not in data.settings and not data.matches:
            return self._undrawn(data)
        data = self.drawn(data)
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
                    played.get(e.id, 0),
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

    def _undrawn(self, data: EventData) -> Ranking:
        """Before round 1 of a knockout by draw: everyone still shares every place."""
        count = len(data.entrants)
        text = "1" if count == 1 else f"1–{count}"
        rows = [
            StandingRow(1, e, 0.0, 0.0, 0.0, 0, 0.0, None, qualified=True, placing=text)
            for e in sorted(data.entrants, key=lambda e: LazyNameKey(e.name, e.sort_key))
        ]
        return Ranking(rows, ("placing",), ("placing",))


class KnockoutToFinal(Knockout):
    """Knockout rounds into a round-robin final (rules.md §7.7; seed 004, 喜羊羊杯): a knockout by draw played until
    ``finalists`` (4 or 8) remain, who then play a Berger round robin for places 1 to K
    (``final_stage.RoundRobinFinal``)."""

    name = "knockout-round-robin"
    settings_names = ("finalists",)

    def check_settings(self, settings: Mapping[str, Any], entrants_kind: str) -> dict[str, Any]:
        finalists = int(settings.get("finalists") or FINALISTS[0])
        if finalists not in FINALISTS:
            raise BadInput(
                "The round-robin final is played by 4 or 8 entrants, not {count}.", count=finalists
            )
        return {"third_place": False, "finalists": finalists}

    def chain(self, settings: Mapping[str, Any]) -> tuple[StagePlan, ...]:
        count = int(settings.get("finalists") or FINALISTS[0])
        return (StagePlan(self.name, Advance("last", count)), StagePlan("round-robin-final"))

    def planned_rounds(self, entrant_count: int, settings: Mapping[str, Any]) -> int | None:
        finalists = int(settings.get("finalists") or FINALISTS[0])
        if entrant_count <= finalists:
            return None
        size = int(settings.get("size") or bracket_size(entrant_count))
        return self.rounds_to_play(size, settings) + finalists - 1

    def plan_round(self, data: EventData, round_no: int, rules: RuleSet, locked: Locked = ()) -> PlannedRound:
        finalists = int(data.settings.get("finalists") or FINALISTS[0])
        if round_no == 1 and len(data.active_in(1)) <= finalists:
            raise BadInput(
                "Knockout rounds into a final of {count} need more than {count} entrants; {entrants} are in.",
                count=finalists,
                entrants=len(data.active_in(1)),
            )
        return super().plan_round(data, round_no, rules, locked=locked)


def _undecided(cells: Sequence[BracketCell], round_no: int) -> BadInput:
    """Why the round after ``round_no`` cannot be paired: the tables of ``cells`` (its matches) with no winner."""
    tables = "、".join(str(c.table) for c in cells if c.table is not None and not c.decided)
    return BadInput(
        "The knockout's round {round} has matches without a winner (table {tables}): type their results; a "
        "match that ended equal is decided by a ruling (判负).",
        round=round_no,
        tables=tables,
    )


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
