"""The round-robin final of knockout rounds into a round-robin final (rules.md §7.7; seed 004, 喜羊羊杯).

Started by the services when the knockout has left K entrants (``Knockout.advancing``): those K play a Berger
round robin (§7.3) among themselves, numbered in bracket order, and its ranking decides places 1 to K; the
entrants knocked out before keep the places the knockout gave them (shared within a round).

Settings: ``members`` (entrant ids in Berger order), ``first_round`` (the event's round of the final's round 1)
and ``placed`` ([entrant, best place, place text] of the others). The round robin sees only its members and its
own rounds, renumbered from 1, so the round-robin module runs it unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tournament_desk.domain.errors import Message
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats.base import (
    Advancing,
    Format,
    PlannedRound,
    Ranking,
    Withdrawal,
    WithdrawalPlan,
)
from tournament_desk.domain.formats.round_robin import RoundRobin
from tournament_desk.domain.pairing import Locked
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring_modes.base import ScoringMode
from tournament_desk.domain.sorting import LazyNameKey
from tournament_desk.domain.standings import Deduction, StandingRow


class RoundRobinFinal(Format):
    name = "round-robin-final"
    adjustable = False
    scheduled = True
    creatable = False
    stage_label = "final"

    def __init__(self) -> None:
        self.league = RoundRobin()

    def starts_from(self, advancing: Advancing, first_round: int) -> dict[str, Any]:
        return {
            "members": list(advancing.entrants),
            "first_round": first_round,
            "placed": [list(p) for p in advancing.placed],
            "double": False,
        }

    def planned_rounds(self, entrant_count: int, settings: Mapping[str, Any]) -> int | None:
        members = settings.get("members") or []
        return self.league.planned_rounds(len(members), settings)

    @staticmethod
    def local(data: EventData) -> EventData:
        """The final alone: its members (Berger numbers in bracket order) and its rounds, numbered from 1."""
        s = data.settings
        members = [int(e) for e in s.get("members", [])]
        shift = int(s.get("first_round", 1)) - 1
        number = {e: i for i, e in enumerate(members, start=1)}
        inside = set(members)

        def later(after: int | None) -> int | None:
            return None if after is None else max(after - shift, 0)

        return EventData(
            entrants=[replace(e, draw_no=number[e.id]) for e in data.entrants if e.id in inside],
            units={e: u for e, u in data.units.items() if e in inside},
            withdrawn_after={e: later(a) for e, a in data.withdrawn_after.items() if e in inside},
            matches=[m._replace(round=m.round - shift) for m in data.matches if m.round > shift],
            deductions=[
                Deduction(d.round - shift, d.entrant, d.mp)
                for d in data.deductions
                if d.round > shift and d.entrant in inside
            ],
            pairings=[(h, a) for h, a in data.pairings if h in inside and a in inside],
            byes=set(),
            bye_holders={r - shift: e for r, e in data.bye_holders.items() if r > shift},
            settings=s,
            schedule=[(r - shift, h, a, st) for r, h, a, st in data.schedule if r > shift],
            mode=data.mode,
        )

    def plan_round(self, data: EventData, round_no: int, rules: RuleSet, locked: Locked = ()) -> PlannedRound:
        shift = int(data.settings["first_round"]) - 1
        return self.league.plan_round(self.local(data), round_no - shift, rules)

    def schedule(self, data: EventData) -> list[PlannedRound] | None:
        return self.league.schedule(self.local(data))

    def withdrawal_note(self, rules: RuleSet, mode: ScoringMode | None = None) -> Message:
        return self.league.withdrawal_note(rules, mode)

    def withdraw(self, data: EventData, leaving: Withdrawal, rules: RuleSet) -> WithdrawalPlan:
        shift = int(data.settings["first_round"]) - 1
        own = Withdrawal(
            leaving.entrant,
            max(leaving.after_round - shift, 0),
            tuple(replace(t, round=t.round - shift) for t in leaving.tables if t.round > shift),
        )
        plan = self.league.withdraw(self.local(data), own, rules)
        return WithdrawalPlan(
            {(r + shift, t): d for (r, t), d in plan.changes.items()},
            tuple(r + shift for r in plan.void_byes),
            plan.annulled_all,
        )

    def rank(self, data: EventData, rules: RuleSet, *, after_round: int | None = None) -> Ranking:
        shift = int(data.settings["first_round"]) - 1
        after = None if after_round is None else max(after_round - shift, 0)
        league = self.league.rank(self.local(data), rules, after_round=after)
        # ``played`` counts the event's rounds with a result (rules.md §9), the knockout rounds too.
        played: dict[int, int] = {}
        started = False  # whether a round of the final has a result (as of ``after_round``)
        for m in data.matches:
            if after_round is None or m.round <= after_round:
                started = started or m.round > shift
                for side in (m.home, m.away):
                    if side is not None:
                        played[side] = played.get(side, 0) + 1
        # Before the final has a result its members still share every place it decides ("1–4").
        shared = f"1–{len(league.rows)}" if len(league.rows) > 1 else "1"
        rows = [
            replace(
                r,
                placing=str(r.rank) if started else shared,
                qualified=True,
                played=played.get(r.entrant.id, 0),
            )
            for r in league.rows
        ]
        placed = sorted(
            (p for p in data.settings.get("placed", [])),
            key=lambda p: (int(p[1]), str(p[2])),
        )
        names = {e.id: e for e in data.entrants}
        out = [
            StandingRow(
                int(best),
                names[int(e)],
                0.0,
                0.0,
                0.0,
                played.get(int(e), 0),
                0.0,
                None,
                qualified=False,
                placing=str(text),
            )
            for e, best, text in placed
            if int(e) in names
        ]
        out.sort(key=lambda r: (r.rank, LazyNameKey(r.entrant.name, r.entrant.sort_key)))
        return Ranking([*rows, *out], ("placing", *league.columns), league.chain)
