"""Swiss (积分编排, SPEC §7.1, §7.2, §8, §9): paired round by round from the standings by weighted matching."""

from __future__ import annotations

from collections.abc import Sequence

from tournament_desk.domain.errors import BadInput, msg
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats.base import (
    Decided,
    Format,
    PlannedRound,
    Ranking,
    TableFact,
    WithdrawalPlan,
)
from tournament_desk.domain.pairing import pair_round
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import Side, score_forfeit
from tournament_desk.domain.standings import standings


class Swiss(Format):
    name = "swiss"

    def plan_round(
        self,
        data: EventData,
        round_no: int,
        rules: RuleSet,
        *,
        locked: Sequence[tuple[int, int]] = (),
    ) -> PlannedRound:
        entrants = data.pairing_entrants(round_no)
        if len(entrants) < 2:
            raise BadInput("At least two active entrants are needed to pair a round.")
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
        rows = standings(
            data.entrants, data.matches, data.deductions, after_round=after_round, tiebreaks=rules.tiebreaks
        )
        return Ranking(rows, ("mp", "vp", "opp_mp"), tuple(rules.tiebreaks))

    def withdraw(
        self,
        data: EventData,
        entrant: int,
        after_round: int,
        tables: Sequence[TableFact],
        rules: RuleSet,
    ) -> WithdrawalPlan:
        """Results played stand; a later table already paired is forfeited by the withdrawn side — by both
        sides when its opponent has withdrawn from that round too, whichever withdrew first (SPEC §5.7); a
        later bye it holds is void."""
        changes: dict[tuple[int, int], Decided] = {}
        for t in tables:
            if t.round <= after_round or entrant not in (t.home, t.away):
                continue
            opponent = t.away if t.home == entrant else t.home
            gone = data.withdrawn_after.get(opponent)
            side: Side = "home" if t.home == entrant else "away"
            if gone is not None and gone < t.round:  # its opponent has left that round too
                side = "both"
            changes[(t.round, t.table)] = Decided(
                ResultState.FORFEIT, side, score_forfeit(side, rules), note="withdrawn"
            )
        void = tuple(r for r, holder in data.bye_holders.items() if holder == entrant and r > after_round)
        return WithdrawalPlan(changes, void)
