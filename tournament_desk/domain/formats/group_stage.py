"""Groups then knockout, the group stage as a format (rules.md §7.4, §5.7; seed 003).

The event's first stage: the groups are made from the draw (or the director's seeding) when round 1 is paired
and stored with the stage; each group plays a Berger round robin, tables numbered group by group; the ranking
is per group (points → mini-league → 小分 → the recorded lot) with the qualifiers marked. The knockout is the
second stage (``knockout.Knockout``), created by the knockout draw.

Stage settings (stored as JSON): ``group_size``, ``knockout_size`` (None: the default for the group count),
``snake``, ``third_place``; once round 1 is paired ``groups`` (entrant ids, by group); and the recorded lots:
``lots`` (group name → {entrant id: position}) and ``third_lots`` ({entrant id: position}).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from tournament_desk.domain.errors import BadInput, Message, msg
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats.base import (
    Advance,
    Decided,
    Format,
    PlannedRound,
    Ranking,
    StagePlan,
    Withdrawal,
    WithdrawalPlan,
    withdrawal_changes,
    withdrawn_table,
)
from tournament_desk.domain.formats.groups import (
    MAX_GROUP,
    MIN_GROUP,
    Qualifier,
    default_knockout_size,
    group_names,
    group_schedule,
    make_groups,
    possible_qualifiers,
    qualifiers,
)
from tournament_desk.domain.formats.round_robin import annulled_by_withdrawal, league_row
from tournament_desk.domain.pairing import Locked, PairedTable
from tournament_desk.domain.ranking import GROUP_RANKING, RankedRow, RankingChain, rank_chain
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import MP_SCALE_WIN_DRAW_LOSS, Award, RuleSet
from tournament_desk.domain.scoring_modes.base import ScoringMode
from tournament_desk.domain.sorting import LazyNameKey
from tournament_desk.domain.standings import StandingRow

MAX_KNOCKOUT = 256
WIN_POINTS = 3.0  # a forfeit or ruling in a group: 3 to the innocent side (rules.md §7.4)


def rounds_in_knockout(size: int) -> int:
    return size.bit_length() - 1


def check_knockout_size(size: int) -> int:
    if size < 2 or size > MAX_KNOCKOUT or size & (size - 1):
        raise BadInput(
            "The knockout size must be a power of two from 2 to {most}, not {size}.",
            most=MAX_KNOCKOUT,
            size=size,
        )
    return size


@dataclass(frozen=True)
class GroupInfo:
    """One group: its name, members (Berger order) and whether all its matches have a result."""

    name: str
    members: tuple[int, ...]
    complete: bool


class GroupStage(Format):
    name = "groups-knockout"
    adjustable = False
    stage_label = "groups"
    scheduled = True
    settings_names = ("group_size", "knockout_size", "snake", "third_place")

    # --- settings ---------------------------------------------------------------------------------------
    def check_settings(self, settings: Mapping[str, Any], entrants_kind: str) -> dict[str, Any]:
        size = int(settings.get("group_size") or 4)
        if not MIN_GROUP <= size <= MAX_GROUP:
            raise BadInput(
                "Groups have {least} to {most} entrants, not {size}.",
                least=MIN_GROUP,
                most=MAX_GROUP,
                size=size,
            )
        knockout = settings.get("knockout_size")
        return {
            "group_size": size,
            "knockout_size": check_knockout_size(int(knockout)) if knockout is not None else None,
            "snake": bool(settings.get("snake", False)),
            "third_place": bool(settings.get("third_place", False)),
        }

    def chain(self, settings: Mapping[str, Any]) -> tuple[StagePlan, ...]:
        """Groups, then the knockout of the qualifiers, drawn afresh by the director (§7.4)."""
        return (StagePlan(self.name, Advance("qualifiers")), StagePlan("knockout"))

    def default_rules(self, rules: RuleSet) -> RuleSet:
        """Win 3 / draw 1 / loss 0, and a forfeit is a win for the innocent side (rules.md §5.2, §7.4)."""
        return replace(
            rules, mp_scale=MP_SCALE_WIN_DRAW_LOSS, forfeit_win=Award(WIN_POINTS, rules.forfeit_win.vp)
        )

    def knockout_size(self, settings: Mapping[str, Any], groups: int) -> int:
        chosen = settings.get("knockout_size")
        return int(chosen) if chosen else default_knockout_size(groups)

    def planned_rounds(self, entrant_count: int, settings: Mapping[str, Any]) -> int | None:
        if entrant_count < MIN_GROUP:
            return None
        groups = make_groups(list(range(entrant_count)), int(settings.get("group_size") or 4))
        return len(group_schedule(groups)) + rounds_in_knockout(self.knockout_size(settings, len(groups)))

    # --- the groups -------------------------------------------------------------------------------------
    def groups(self, data: EventData) -> list[list[int]]:
        """The groups (entrant ids in Berger order): as stored once round 1 is paired, else as they would be
        made now from the draw numbers of the entrants not withdrawn."""
        stored = data.settings.get("groups")
        if stored:
            return [list(g) for g in stored]
        ids = [e.id for e in sorted(data.entrants, key=lambda e: (e.draw_no, e.id)) if not e.withdrawn]
        if len(ids) < MIN_GROUP:
            raise BadInput("Groups then knockout needs at least {least} entrants.", least=MIN_GROUP)
        return make_groups(
            ids, int(data.settings.get("group_size") or 4), snake=bool(data.settings.get("snake"))
        )

    def group_rounds(self, data: EventData) -> int:
        return len(group_schedule(self.groups(data)))

    def groups_by_entrant(self, settings: Mapping[str, Any]) -> dict[int, str]:
        stored = settings.get("groups") or []
        return {
            int(e): name
            for name, members in zip(group_names(len(stored)), stored, strict=True)
            for e in members
        }

    def group_of(self, data: EventData) -> dict[int, str]:
        groups = self.groups(data)
        return {
            e: name for name, members in zip(group_names(len(groups)), groups, strict=True) for e in members
        }

    def group_info(self, data: EventData, *, after_round: int | None = None) -> list[GroupInfo]:
        """Each group, complete once all its matches (up to ``after_round``) have a result."""
        groups = self.groups(data)
        played = {
            frozenset((home, away))
            for r, home, away, state in data.schedule
            if ResultState(state).has_result and (after_round is None or r <= after_round)
        }
        schedule = group_schedule(groups)
        infos = []
        for name, members in zip(group_names(len(groups)), groups, strict=True):
            needed = [frozenset((t.home, t.away)) for rnd in schedule for t in rnd if t.group == name]
            complete = bool(data.schedule) and all(pair in played for pair in needed)
            infos.append(GroupInfo(name, tuple(members), complete))
        return infos

    # --- pairing ----------------------------------------------------------------------------------------
    def schedule(self, data: EventData) -> list[PlannedRound]:
        groups = self.groups(data)
        return [
            PlannedRound(
                tuple(PairedTable(t.table, t.home, t.away) for t in tables), rests=self._rests(groups, tables)
            )
            for tables in group_schedule(groups)
        ]

    @staticmethod
    def _rests(groups: Sequence[Sequence[int]], tables: Sequence[Any]) -> tuple[int, ...]:
        seated = {e for t in tables for e in (t.home, t.away)}
        return tuple(e for g in groups for e in g if e not in seated)

    def plan_round(self, data: EventData, round_no: int, rules: RuleSet, locked: Locked = ()) -> PlannedRound:
        groups = self.groups(data)
        schedule = group_schedule(groups)
        if round_no > len(schedule):
            raise BadInput(
                "The group stage is over after round {rounds}: record any lots and draw the knockout "
                "(tdesk draw --stage knockout).",
                rounds=len(schedule),
            )
        tables = schedule[round_no - 1]
        annulled = partial(self._annulled, data, groups)
        decided: dict[int, Decided] = {}
        for t in tables:
            fixed = withdrawn_table(data, round_no, t.home, t.away, rules, annulled=annulled)
            if fixed is not None:
                decided[t.table] = fixed
        rests = self._rests(groups, tables)
        names = {e.id: e.name for e in data.entrants}
        notes = (
            (msg("Resting this round (no score): {names}.", names="、".join(names[e] for e in rests)),)
            if rests
            else ()
        )
        settings = {**data.settings, "groups": groups} if "groups" not in data.settings else None
        return PlannedRound(
            tuple(PairedTable(t.table, t.home, t.away) for t in tables),
            None,
            ResultState.REST,
            decided,
            notes=notes,
            settings=settings,
            rests=rests,
        )

    # --- withdrawal (rules.md §5.7 within a group) -------------------------------------------------------------
    @staticmethod
    def _annulled(data: EventData, groups: Sequence[Sequence[int]], entrant: int) -> bool:
        """Withdrawn having met fewer than half of its group: its results count for nobody."""
        group = next((g for g in groups if entrant in g), None)
        return group is not None and annulled_by_withdrawal(data, entrant, len(group) - 1)

    def withdrawal_note(self, rules: RuleSet, mode: ScoringMode | None = None) -> Message:
        """rules.md §7.4 with §5.7: the half rule within the entrant's group; a later group match is forfeited."""
        return msg(
            "Fewer than half its group matches played: all its results are annulled (注销) and count for nobody, "
            "and it is listed at the bottom of its group. Half or more: its results stand and each later group "
            "opponent wins by forfeit."
        )

    def withdraw(self, data: EventData, leaving: Withdrawal, rules: RuleSet) -> WithdrawalPlan:
        annulled = partial(self._annulled, data, self.groups(data))
        changes = withdrawal_changes(
            leaving,
            lambda t: withdrawn_table(data, t.round, t.home, t.away, rules, annulled=annulled),
            annul=annulled(leaving.entrant),
        )
        return WithdrawalPlan(changes, (), annulled_all=annulled(leaving.entrant))

    # --- ranking (rules.md §7.4) -------------------------------------------------------------------------------
    def group_rankings(
        self, data: EventData, *, after_round: int | None = None
    ) -> dict[str, list[RankedRow]]:
        """Each group ranked: points → mini-league → 小分 → the recorded lot, or the scoring mode's chain then
        the lot (team matches, rules.md §5.8); annulled entrants left out. A lot is needed only once the group's
        matches are all played: before that, entrants equal so far share a rank and nobody must draw."""
        chain = self.ranking_chain(data).steps
        groups = self.groups(data)
        last_group_round = len(group_schedule(groups))
        last = min(after_round, last_group_round) if after_round is not None else last_group_round
        by_id = {e.id: e for e in data.entrants}
        lots: Mapping[str, Mapping[str, int]] = data.settings.get("lots") or {}
        complete = {g.name for g in self.group_info(data, after_round=last) if g.complete}
        result: dict[str, list[RankedRow]] = {}
        for name, members in zip(group_names(len(groups)), groups, strict=True):
            alive = [by_id[e] for e in members if not self._annulled(data, groups, e)]
            ids = set(members)
            matches = [m for m in data.matches if m.home in ids and m.away in ids]
            group_lots = {int(k): int(v) for k, v in (lots.get(name) or {}).items()}
            ranked = rank_chain(
                alive, matches, data.deductions, chain=chain, after_round=last, lots=group_lots
            )
            result[name] = ranked if name in complete else [replace(r, lot_needed=False) for r in ranked]
        return result

    @staticmethod
    def ranking_chain(data: EventData) -> RankingChain:
        """The groups' chain: rules.md §7.4's, or the scoring mode's own (team matches, §5.8), the lot last."""
        own = data.mode.ranking()
        return own.with_lot() if own is not None else GROUP_RANKING

    def annulled(self, data: EventData) -> set[int]:
        groups = self.groups(data)
        return {e for g in groups for e in g if self._annulled(data, groups, e)}

    def qualifiers(self, data: EventData, rules: RuleSet) -> list[Qualifier]:
        """The knockout's qualifiers; refused while a group is unfinished or a deciding lot is missing."""
        unfinished = [g.name for g in self.group_info(data) if not g.complete]
        if unfinished:
            raise BadInput(
                "Group {groups} has matches without a result; the knockout is drawn when every group is over.",
                groups="、".join(unfinished),
            )
        groups = self.groups(data)
        third_lots = {int(k): int(v) for k, v in (data.settings.get("third_lots") or {}).items()}
        return qualifiers(
            self.group_rankings(data),
            self.knockout_size(data.settings, len(groups)),
            third_lots=third_lots,
            across=self.ranking_chain(data).across(),
        )

    def qualification(
        self, data: EventData, rankings: Mapping[str, Sequence[RankedRow]]
    ) -> dict[int, bool | None]:
        """Whether each entrant goes to the knockout. While a group has matches to play: True for a top two
        that can no longer change, None for the rest. Once every group is over: True for an entrant that goes
        on whichever way the outstanding lots fall, False for one that cannot, None for those the lots decide."""
        infos = {g.name: g for g in self.group_info(data)}
        status: dict[int, bool | None] = {r.entrant.id: None for rows in rankings.values() for r in rows}
        if not all(g.complete for g in infos.values()):
            for name, rows in rankings.items():
                for row in rows:
                    tied = sum(1 for r in rows if r.rank == row.rank)
                    if infos[name].complete and row.rank + tied - 1 <= 2:
                        status[row.entrant.id] = True
            return status
        outcomes = possible_qualifiers(
            rankings,
            self.knockout_size(data.settings, len(infos)),
            third_lots={int(k): int(v) for k, v in (data.settings.get("third_lots") or {}).items()},
            across=self.ranking_chain(data).across(),
        )
        if not outcomes:
            return status
        for e in status:
            ways = {e in chosen for chosen in outcomes}
            status[e] = ways.pop() if len(ways) == 1 else None
        return status

    def rank(self, data: EventData, rules: RuleSet, *, after_round: int | None = None) -> Ranking:
        rankings = self.group_rankings(data, after_round=after_round)
        qualified = self.qualification(data, rankings)
        rows: list[StandingRow] = []
        gone = self.annulled(data)
        group_of = self.group_of(data)
        own = data.mode.ranking() is not None
        for name, ranked in rankings.items():
            rows.extend(
                league_row(r, group=name, qualified=qualified.get(r.entrant.id), games=own) for r in ranked
            )
            last = len(ranked) + 1
            rows.extend(
                StandingRow(last, e, 0.0, 0.0, 0.0, 0, 0.0, "withdrawn", group=name, qualified=False)
                for e in sorted(
                    (e for e in data.entrants if e.id in gone and group_of.get(e.id) == name),
                    key=lambda e: LazyNameKey(e.name, e.sort_key),
                )
            )
        chain = self.ranking_chain(data)
        return Ranking(rows, chain.columns, chain.keys)
