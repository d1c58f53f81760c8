"""Round robin (循环赛, rules.md §7.3, §5.7; seed 000): the FIDE Berger schedule, VP or win/draw/loss ranking.

Berger numbers are the draw numbers of the entrants in the event when round 1 is paired (an entrant withdrawn
before round 1 is not in the schedule). With an odd count the dummy's opponent rests: no table, no score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from tournament_desk.domain.errors import BadInput, Message, msg
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats.base import (
    Decided,
    Format,
    PlannedRound,
    Ranking,
    Withdrawal,
    WithdrawalPlan,
    void_byes,
    withdrawal_changes,
    withdrawn_table,
)
from tournament_desk.domain.formats.berger import berger_schedule, rounds_needed
from tournament_desk.domain.pairing import Locked, PairedTable
from tournament_desk.domain.ranking import CHAINS, Chain, RankedRow, rank_chain
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import Outcome, Side
from tournament_desk.domain.scoring_modes.base import ScoringMode
from tournament_desk.domain.sorting import LazyNameKey
from tournament_desk.domain.standings import StandingEntrant, StandingRow

MAX_ENTRANTS = 40  # a round robin of more would take longer than any event runs (39 rounds)


def schedule_entrants(data: EventData) -> list[StandingEntrant]:
    """The entrants in the schedule, in Berger-number order (draw order).

    Once round 1 is paired the schedule is every entrant it seated or rested (a later withdrawal keeps its
    Berger number); before that, every entrant not withdrawn.
    """
    if data.schedule or data.bye_holders:
        seated = {e for _, home, away, _ in data.schedule for e in (home, away)} | set(
            data.bye_holders.values()
        )
        chosen = [e for e in data.entrants if e.id in seated]
    else:
        chosen = [e for e in data.entrants if data.withdrawn_after.get(e.id) is None]
    return sorted(chosen, key=lambda e: (e.draw_no, e.id))


class RoundRobin(Format):
    name = "round-robin"
    adjustable = False
    scheduled = True
    settings_names = ("double",)

    def check_settings(self, settings: Mapping[str, Any], entrants_kind: str) -> dict[str, Any]:
        return {"double": bool(settings.get("double", False))}

    def cycles(self, settings: Mapping[str, Any]) -> int:
        return 2 if settings.get("double") else 1

    def planned_rounds(self, entrant_count: int, settings: Mapping[str, Any]) -> int | None:
        if entrant_count < 2:
            return None
        return rounds_needed(entrant_count, double=bool(settings.get("double")))

    def check_entrants(self, count: int) -> None:
        if count < 3:
            raise BadInput("A round robin needs at least three entrants.")
        if count > MAX_ENTRANTS:
            raise BadInput(
                "A round robin of {count} entrants would take {rounds} rounds; at most {most} entrants.",
                count=count,
                rounds=count - 1 + count % 2,
                most=MAX_ENTRANTS,
            )

    def schedule(self, data: EventData) -> list[PlannedRound]:
        """Every round as the schedule has it now (withdrawals taken into account for unpaired rounds)."""
        people = schedule_entrants(data)
        self.check_entrants(len(people))
        rounds = rounds_needed(len(people), double=bool(data.settings.get("double")))
        return [self._round(data, people, k) for k in range(1, rounds + 1)]

    def plan_round(self, data: EventData, round_no: int, rules: RuleSet, locked: Locked = ()) -> PlannedRound:
        people = schedule_entrants(data)
        self.check_entrants(len(people))
        return self._round(data, people, round_no, rules)

    def _round(
        self, data: EventData, people: list[StandingEntrant], round_no: int, rules: RuleSet | None = None
    ) -> PlannedRound:
        schedule = berger_schedule(len(people), double=bool(data.settings.get("double")))
        if not 1 <= round_no <= len(schedule):
            raise BadInput("All {rounds} rounds of this round robin have been paired.", rounds=len(schedule))
        by_number = {i: e.id for i, e in enumerate(people, start=1)}
        tables: list[PairedTable] = []
        decided: dict[int, Decided] = {}
        rest: int | None = None
        for home_no, away_no in schedule[round_no - 1]:
            home, away = by_number.get(home_no), by_number.get(away_no)
            if home is None or away is None:  # the dummy (odd count): its opponent rests
                resting = home if home is not None else away
                gone = data.withdrawn_after.get(resting) if resting is not None else None
                rest = (
                    resting if gone is None or gone >= round_no else None
                )  # a withdrawn entrant rests no more
                continue
            number = len(tables) + 1
            tables.append(PairedTable(number, home, away))
            if rules is not None:
                fixed = self._decided(data, people, round_no, home, away, rules)
                if fixed is not None:
                    decided[number] = fixed
        return PlannedRound(tuple(tables), rest, ResultState.REST, decided)

    # --- withdrawal (rules.md §5.7, seed 000 art. 18) -------------------------------------------------------
    def _annulled(self, data: EventData, people: Sequence[StandingEntrant], entrant: int) -> bool:
        return annulled_by_withdrawal(data, entrant, (len(people) - 1) * self.cycles(data.settings))

    def _decided(
        self,
        data: EventData,
        people: Sequence[StandingEntrant],
        round_no: int,
        home: int,
        away: int,
        rules: RuleSet,
    ) -> Decided | None:
        annulled = partial(self._annulled, data, people)
        forfeit = partial(withdrawal_forfeit, data, rules)
        return withdrawn_table(data, round_no, home, away, rules, annulled=annulled, forfeit=forfeit)

    def withdrawal_note(self, rules: RuleSet, mode: ScoringMode | None = None) -> Message:
        """rules.md §5.7 (seed 000 art. 18): annulled before half its matches, else each later opponent's award."""
        return msg(
            "Fewer than half its matches played: all its results are annulled (注销) and count for nobody, its "
            "later opponents rest, and it is listed at the bottom. Half or more: its results stand and each later "
            "opponent gets {award}.",
            award=withdrawal_award_text(rules, mode),
        )

    def withdraw(self, data: EventData, leaving: Withdrawal, rules: RuleSet) -> WithdrawalPlan:
        people = schedule_entrants(data)
        annul = self._annulled(data, people, leaving.entrant)
        changes = withdrawal_changes(
            leaving, lambda t: self._decided(data, people, t.round, t.home, t.away, rules), annul=annul
        )
        return WithdrawalPlan(changes, void_byes(data, leaving), annulled_all=annul)

    # --- ranking (rules.md §7.3) -----------------------------------------------------------------------------
    def rank(self, data: EventData, rules: RuleSet, *, after_round: int | None = None) -> Ranking:
        """rules.md §7.3 (VP or win/draw/loss chain), or the chain the scoring mode brings (team matches, §5.8)."""
        own = data.mode.ranking()
        chain: Chain = "points" if rules.win_draw_loss else "vp"
        people = schedule_entrants(data) if (data.schedule or data.bye_holders) else data.entrants
        # An entrant whose results were all annulled is listed as withdrawn at the bottom (seed 000 art. 18).
        gone = {e.id for e in people if self._annulled(data, people, e.id)}
        ranked = rank_chain(
            [e for e in data.entrants if e.id not in gone],
            data.matches,
            data.deductions,
            chain=own.steps if own is not None else CHAINS[chain],
            after_round=after_round,
        )
        last = len(ranked) + 1
        bottom = [
            RankedRow(last, e, 0.0, 0.0, None, 0, 0, 0.0, "withdrawn")
            for e in sorted(
                (e for e in data.entrants if e.id in gone), key=lambda e: LazyNameKey(e.name, e.sort_key)
            )
        ]
        rows = [league_row(r, games=own is not None) for r in (*ranked, *bottom)]
        if own is not None:
            return Ranking(rows, own.columns, own.keys)
        if chain == "points":
            return Ranking(rows, ("points", "h2h", "level_diff"), ("points", "h2h_points", "level_diff"))
        return Ranking(rows, ("vp", "h2h", "mp"), ("vp", "h2h_vp", "mp"))


def annulled_by_withdrawal(data: EventData, entrant: int, scheduled: int) -> bool:
    """Withdrawn having met fewer than half of its ``scheduled`` opponents: all its results count for nobody
    (seed 000 art. 18; a group stage's group is a round robin too)."""
    after = data.withdrawn_after.get(entrant)
    if after is None:
        return False
    met = sum(
        1
        for round_no, home, away, state in data.schedule
        if round_no <= after and entrant in (home, away) and ResultState(state).has_result
    )
    return 2 * met < scheduled


def league_row(
    r: RankedRow, *, group: str | None = None, qualified: bool | None = None, games: bool = False
) -> StandingRow:
    """A round robin's ranked row as the standings show it (a group stage's with its group and qualification;
    ``games``: a team match of pairs', with its pair games won and lost and the game ratio)."""
    return StandingRow(
        rank=r.rank,
        entrant=r.entrant,
        mp=r.mp,
        vp=r.vp,
        opp_mp=0.0,
        played=r.played,
        deducted=r.deducted,
        separated_by=r.separated_by,
        h2h=r.h2h,
        level_diff=r.level_diff,
        group=group,
        qualified=qualified,
        lot_needed=r.lot_needed,  # only a group's chain ends in a lot
        games_won=r.games_won if games else None,
        games_lost=r.games_lost if games else None,
        game_ratio=r.game_ratio if games else None,
    )


def withdrawal_forfeit(data: EventData, rules: RuleSet, side: Side, home: int, away: int) -> Outcome:
    """A table forfeited by a withdrawal: the remaining side gets the withdrawal award in VP (rules.md §5.7), as
    the scoring mode scores a ruling (a team match: a match won by forfeit)."""
    if side == "both":
        return data.mode.forfeit_outcome(side, rules)
    innocent, withdrawn = (away, home) if side == "home" else (home, away)
    awarded = withdrawal_vp(data, rules, innocent=innocent, withdrawn=withdrawn)
    return data.mode.ruling_outcome(side, awarded, rules)


def _played_vps(data: EventData, entrant: int) -> list[float]:
    """VP of the matches an entrant actually played at a table (byes, forfeits, rulings left out)."""
    played = {(r, h, a) for r, h, a, state in data.schedule if state == ResultState.PLAYED}
    vps: list[float] = []
    for m in data.matches:
        if m.away is None or (m.round, m.home, m.away) not in played:
            continue
        if m.home == entrant:
            vps.append(m.home_vp)
        elif m.away == entrant:
            vps.append(m.away_vp)
    return vps


def withdrawal_vp(data: EventData, rules: RuleSet, *, innocent: int, withdrawn: int) -> float:
    """The VP each remaining opponent of a withdrawn entrant gets (rules.md §5.7: the rule set's choice)."""

    def average(entrant: int) -> float:
        vps = _played_vps(data, entrant)
        return round(sum(vps) / len(vps), 1) if vps else 12.0

    if rules.withdrawal_award == "own-average":
        return average(innocent)
    if rules.withdrawal_award == "twenty-minus-withdrawn-average":
        return round(20 - average(withdrawn), 1)
    return rules.withdrawal_vp


def withdrawal_award_text(rules: RuleSet, mode: ScoringMode | None = None) -> Message:
    """What each later opponent of an entrant that withdrew after half its matches gets (rules.md §5.7): the
    scoring mode's award where it has one (a team match), else the rule set's."""
    own = mode.withdrawal_award(rules) if mode is not None else None
    if own is not None:
        return own
    if rules.win_draw_loss:
        return msg("a win")
    if rules.withdrawal_award == "own-average":
        return msg("its own average VP so far")
    if rules.withdrawal_award == "twenty-minus-withdrawn-average":
        return msg("20 minus the withdrawn side's average VP")
    return msg("a fixed {vp} VP", vp=f"{rules.withdrawal_vp:g}")
