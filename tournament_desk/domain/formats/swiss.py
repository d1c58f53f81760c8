"""Swiss (积分编排, rules.md §7.1, §7.2, §8, §9): paired round by round from the standings by weighted matching."""

from __future__ import annotations

from tournament_desk.domain.errors import BadInput, msg
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats.base import (
    Decided,
    Format,
    PlannedRound,
    Ranking,
    TableFact,
    Withdrawal,
    WithdrawalPlan,
    void_byes,
    withdrawal_changes,
)
from tournament_desk.domain.formats.round_robin import league_row
from tournament_desk.domain.pairing import Locked
from tournament_desk.domain.ranking import rank_chain
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import Side
from tournament_desk.domain.standings import standings


class Swiss(Format):
    name = "swiss"

    def plan_round(self, data: EventData, round_no: int, rules: RuleSet, locked: Locked = ()) -> PlannedRound:
        entrants = data.pairing_entrants(round_no)
        if len(entrants) < 2:
            raise BadInput("At least two active entrants are needed to pair a round.")
        # The engine is loaded here, when a round is paired: the standings and the window's reading of a round
        # go through this format too and never need it.
        from tournament_desk.domain.pairing.swiss import pair_round

        pairing = pair_round(entrants, locked=locked)
        names = {e.id: e.name for e in data.entrants}
        notes = []
        if pairing.repeat_bye and pairing.bye is not None:
            notes.append(
                msg(
                    "Every entrant to pair has had a bye, so {name} (the lowest-ranked with the fewest) gets "
                    "another.",
                    name=names[pairing.bye],
                )
            )
        if pairing.stranded:
            notes.append(
                msg(
                    "Rules were relaxed: no legal partner was left for {names}.",
                    names=", ".join(names[i] for i in pairing.stranded),
                )
            )
        elif any(t.relaxed for t in pairing.tables):
            notes.append(msg("The rules were relaxed because no pairing of the whole field keeps them all."))
        return PlannedRound(
            pairing.tables,
            pairing.bye,
            ResultState.BYE,
            notes=tuple(notes),
            repeat_bye=pairing.repeat_bye,
            stranded=pairing.stranded,
        )

    def rank(self, data: EventData, rules: RuleSet, *, after_round: int | None = None) -> Ranking:
        """rules.md §9 (MP → VP → opponents' score, as the rule set lists them), or the chain the scoring mode
        brings (team matches of pairs, §5.8: points → the result between the tied → game ratio)."""
        own = data.mode.ranking()
        if own is not None:
            ranked = rank_chain(
                data.entrants, data.matches, data.deductions, chain=own.steps, after_round=after_round
            )
            return Ranking([league_row(r, games=True) for r in ranked], own.columns, own.keys)
        rows = standings(
            data.entrants, data.matches, data.deductions, after_round=after_round, tiebreaks=rules.tiebreaks
        )
        return Ranking(rows, ("mp", "vp", "opp_mp"), tuple(rules.tiebreaks))

    def withdraw(self, data: EventData, leaving: Withdrawal, rules: RuleSet) -> WithdrawalPlan:
        """Results played stand; a later table already paired is forfeited by the withdrawn side — by both
        sides when its opponent has withdrawn from that round too, whichever withdrew first (rules.md §5.7); a
        later bye it holds is void."""

        def forfeited(t: TableFact) -> Decided:
            side: Side = "home" if t.home == leaving.entrant else "away"
            gone = data.withdrawn_after.get(t.away if side == "home" else t.home)
            if gone is not None and gone < t.round:  # its opponent has left that round too
                side = "both"
            return Decided(
                ResultState.FORFEIT, side, data.mode.forfeit_outcome(side, rules), note="withdrawn"
            )

        return WithdrawalPlan(withdrawal_changes(leaving, forfeited), void_byes(data, leaving))
