"""Groups then knockout (rules.md §7.4): the group tables, the recorded lots (摸牌) and the knockout draw, for every
face (tdesk, the window, the reports); the bracket is ``services.bracket``'s.

The group stage is stage 1 (``domain.formats.group_stage``), the knockout stage 2
(``domain.formats.knockout_stage``), created here by the draw.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput, Message
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats.group_stage import GroupStage
from tournament_desk.domain.formats.groups import Qualifier, cross_group_ties
from tournament_desk.domain.formats.knockout import bracket_lines, rounds_of
from tournament_desk.domain.formats.knockout_stage import Knockout, settings_for
from tournament_desk.domain.levels import format_level
from tournament_desk.domain.ranking import RankedRow, RankingChain
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.standings import StandingRow
from tournament_desk.services.desk import Desk, audit, names_by_id, paired_rounds, rules_of, tournament
from tournament_desk.services.rounds import missing_tables
from tournament_desk.services.snapshot import load
from tournament_desk.services.stages import (
    StageInfo,
    add_stage,
    save_settings,
    stage_numbered,
)
from tournament_desk.storage import models as m

THIRDS = (
    "thirds"  # ``record_lot``'s group name for a lot across the groups (the last knockout places or byes)
)
ACROSS_NAMES = (THIRDS, "knockout")  # either names that lot


@dataclass(frozen=True)
class GroupCell:
    """One match of a group seen from the row's side: levels "9 : 6", points, or the state (forfeit…)."""

    levels: str
    points: float | None
    state: ResultState


@dataclass(frozen=True)
class GroupView:
    name: str
    rows: list[StandingRow]  # ranked within the group
    members: list[str]  # Berger order (the grid's rows and columns)
    cells: dict[tuple[str, str], GroupCell]  # (row's name, opponent's name)
    complete: bool
    lot_needed: list[str]  # entrants tied on every criterion who must draw cards


@dataclass(frozen=True)
class GroupStageView:
    groups: list[GroupView]
    knockout_size: int
    qualifiers: list[str]  # in seed order, once every group is over and no deciding lot is missing
    waiting_for: Message | None  # why the qualifiers are not known yet (each face renders it)
    drawn: bool  # the knockout has been drawn
    # entrants of different groups that must draw (or drew) for the last knockout places or the byes
    tied_thirds: list[str] = field(default_factory=list)
    tied_for: str | None = None  # which boundary they are tied at: "thirds" (the last places) or "byes"
    columns: tuple[str, ...] = ()  # the figures the group ranking shows (its chain's, or the scoring mode's)


def _group_stage(session: Session) -> tuple[StageInfo, GroupStage]:
    stage = stage_numbered(session, 1)
    if stage is None or not isinstance(stage.format, GroupStage):
        raise BadInput("This event has no group stage.")
    return stage, stage.format


def _group_data(session: Session) -> tuple[EventData, GroupStage]:
    stage, fmt = _group_stage(session)
    return load(session, stage=stage), fmt


def is_group_event(desk: Desk) -> bool:
    with desk.db.transaction() as session:
        stage = stage_numbered(session, 1)
        return stage is not None and isinstance(stage.format, GroupStage)


def group_stage(desk: Desk) -> GroupStageView:
    """Every group: its ranking, the results grid, whether it is over, who must draw a lot; the qualifiers."""
    with desk.db.transaction() as session:
        data, fmt = _group_data(session)
        ranking = fmt.rank(data, rules_of(session))
        names = names_by_id(session)
        infos = fmt.group_info(data)
        cells = _cells(session, fmt, data, names)
        groups = []
        for info in infos:
            rows = [r for r in ranking.rows if r.group == info.name]
            groups.append(
                GroupView(
                    info.name,
                    rows,
                    [names[e] for e in info.members],
                    {k: v for k, v in cells.items() if k[0] in {names[e] for e in info.members}},
                    info.complete,
                    [r.entrant.name for r in rows if r.lot_needed],
                )
            )
        chosen: list[str] = []
        waiting = None
        try:
            chosen = [names[q.entrant] for q in fmt.qualifiers(data, rules_of(session))]
        except BadInput as refused:
            waiting = refused.message
        drawn = stage_numbered(session, 2) is not None
        size = fmt.knockout_size(data.settings, len(infos))
        complete = all(g.complete for g in infos)
        tied, tied_for = _tied_across(fmt, data) if complete else (set(), None)
        thirds = [names[e] for e in sorted(tied)]
        return GroupStageView(
            groups, size, chosen, waiting, drawn, thirds, tied_for=tied_for, columns=ranking.columns
        )


def _cells(
    session: Session, fmt: GroupStage, data: EventData, names: dict[int, str]
) -> dict[tuple[str, str], GroupCell]:
    last = fmt.group_rounds(data)
    cells: dict[tuple[str, str], GroupCell] = {}
    for mt in session.scalars(select(m.Match).where(m.Match.round_no <= last)):
        state = ResultState(mt.kind)
        home, away = names[mt.home_id], names[mt.away_id]
        levels = ("", "")
        if mt.home_level is not None and mt.away_level is not None:
            levels = (format_level(mt.home_level), format_level(mt.away_level))
        scored = state.scores
        cells[(home, away)] = GroupCell(
            f"{levels[0]} : {levels[1]}" if levels[0] else "", mt.home_mp if scored else None, state
        )
        cells[(away, home)] = GroupCell(
            f"{levels[1]} : {levels[0]}" if levels[0] else "", mt.away_mp if scored else None, state
        )
    return cells


def _ordered(
    session: Session, order: Sequence[str], expected: set[int], outsider: str, **fields: object
) -> list[int]:
    """The entrants named in ``order`` (ids), which must be exactly ``expected``, each once; ``outsider``
    is the sentence (with ``{names}``) for a name that does not belong."""
    names = [" ".join(n.split()) for n in order if n.strip()]
    by_name = {e.name: e.id for e in session.scalars(select(m.Entrant))}
    for name in names:
        if name not in by_name:
            raise BadInput("There is no entrant called '{name}'.", name=name)
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise BadInput("'{name}' appears more than once in the order.", name=repeated[0])
    ids = [by_name[n] for n in names]
    id_names = names_by_id(session)
    extra = [id_names[i] for i in ids if i not in expected]
    if extra:
        raise BadInput(outsider, names="、".join(extra), **fields)
    missing = [id_names[i] for i in expected if i not in ids]
    if missing:
        raise BadInput("The order leaves out {names}.", names="、".join(sorted(missing)))
    return ids


def record_lot(desk: Desk, group: str, order: Sequence[str], *, reason: str | None = None) -> GroupStageView:
    """Record the drawing of cards (摸牌) among entrants tied on every criterion: ``order`` best first.

    ``group`` is a group's name (A, B, …), or ``thirds`` (also ``knockout``) for a lot across the groups:
    the best thirds tied for the last knockout places, or qualifiers of the same place tied for the byes.
    The program never draws the lot itself. Audited; allowed until the knockout is drawn.
    """
    group = THIRDS if group.strip().lower() in ACROSS_NAMES else group.strip().upper()
    with desk.db.transaction(write=True) as session:
        stage, fmt = _group_stage(session)
        if stage_numbered(session, 2) is not None:
            raise BadInput("The knockout has been drawn; the lots can no longer change.")
        data = load(session, stage=stage)
        if not data.settings.get("groups"):
            raise BadInput(
                "The groups are made when round 1 is paired; there is nothing to draw lots for yet."
            )
        infos = {g.name: g for g in fmt.group_info(data)}
        if group == THIRDS:
            if not all(g.complete for g in infos.values()):
                raise BadInput("Lots across the groups are drawn when every group is over.")
            tied, tied_for = _tied_across(fmt, data)
            outsider = (
                "{names} is not among the entrants tied across the groups for the byes of the knockout."
                if tied_for == "byes"
                else "{names} is not among the thirds tied for the last knockout places."
            )
        else:
            if group not in infos:
                raise BadInput("There is no group {group}; the groups are {names}.", group=group,
                               names="、".join(infos))  # fmt: skip
            if not infos[group].complete:
                raise BadInput("Group {group} still has matches to play; lots are drawn when they are over.",
                               group=group)  # fmt: skip
            rows = fmt.group_rankings(data)[group]
            tied = _tied_in(order, rows, session, fmt.ranking_chain(data))
            outsider = "{names} is not among the entrants of group {group} tied on every criterion."
        if len(tied) < 2:
            if group == THIRDS:
                raise BadInput(
                    "No entrants of different groups are tied for the last knockout places or the byes; "
                    "no lot is needed."
                )
            raise BadInput(
                "{name} is not tied with anyone in group {group} on every criterion; no lot is needed.",
                name=" ".join(order[0].split()) if order else "?",
                group=group,
            )
        ids = _ordered(session, order, tied, outsider, group=group)
        settings = dict(data.settings)
        key = "third_lots" if group == THIRDS else "lots"
        if group == THIRDS:  # kept beside any other cross-group lot; a tied entrant's old position replaced
            old = {k: v for k, v in (settings.get("third_lots") or {}).items() if int(k) not in tied}
            settings["third_lots"] = {**old, **{str(e): i for i, e in enumerate(ids, start=1)}}
        else:
            lots = dict(settings.get("lots") or {})
            lots[group] = {**(lots.get(group) or {}), **{str(e): i for i, e in enumerate(ids, start=1)}}
            settings["lots"] = lots
        save_settings(session, stage.number, settings)
        names = names_by_id(session)
        audit(session, desk, "lot", new={"group": group, "order": [names[e] for e in ids], "kind": key},
              reason=reason)  # fmt: skip
    return group_stage(desk)


def _tied_in(order: Sequence[str], rows: Sequence[object], session: Session, chain: RankingChain) -> set[int]:
    """The tied set the order is about: the entrants sharing a rank with the first one named (a lot may be
    recorded again, e.g. to correct a typing error, so a tie already resolved by a lot counts as well)."""
    ranked = [r for r in rows if isinstance(r, RankedRow)]
    by_name = {r.entrant.name: r for r in ranked}
    first = next((by_name[" ".join(n.split())] for n in order if " ".join(n.split()) in by_name), None)
    if first is None:
        return {r.entrant.id for r in ranked if r.lot_needed}
    key = chain.tie_key(first)
    return {r.entrant.id for r in ranked if chain.tie_key(r) == key and r.played == first.played}


def _tied_across(fmt: GroupStage, data: EventData) -> tuple[set[int], str | None]:
    """The entrants of different groups equal on every cross-group criterion (points and level difference;
    a team match: game ratio) at a boundary that decides who goes on or who gets a bye, and which boundary."""
    rankings = fmt.group_rankings(data)
    return cross_group_ties(
        rankings, fmt.knockout_size(data.settings, len(rankings)), fmt.ranking_chain(data).across()
    )


@dataclass(frozen=True)
class KnockoutDraw:
    lines: list[str | None]  # the first round's lines: names, None for a bye
    seed: int | None


def draw_knockout(
    desk: Desk,
    *,
    seed: int | None = None,
    order: Sequence[str] | None = None,
    reason: str | None = None,
) -> KnockoutDraw:
    """The fresh knockout draw (重新抽签) of exactly the qualifiers: a recorded random draw, or the order the
    director drew by hand. Byes go to the highest qualifiers (rules.md §7.4), by the ranking and the recorded lots,
    whatever the order: the draw decides where each line sits and who meets whom, and is refused while a lot
    that decides a bye is missing. Allowed again until its first round is paired."""
    with desk.db.transaction(write=True) as session:
        stage, fmt = _group_stage(session)
        data = load(session, stage=stage)
        last = paired_rounds(session)
        group_rounds = fmt.group_rounds(data) if data.settings.get("groups") else 0
        if not data.settings.get("groups") or last < group_rounds:
            raise BadInput(
                "The group stage is not over: {played} of its {rounds} rounds have been paired.",
                played=last,
                rounds=group_rounds or "?",
            )
        if missing_tables(session, last):
            raise BadInput("Round {round} still has tables without a result; enter them first.", round=last)
        existing = session.get(m.Stage, 2)
        if existing is not None and last > group_rounds:
            raise BadInput("The knockout's first round has been paired; the draw can no longer change.")
        chosen: list[Qualifier] = fmt.qualifiers(data, rules_of(session))
        ids = {q.entrant for q in chosen}
        if order is not None:
            drawn = _ordered(session, order, ids, "{names} did not qualify for the knockout.")
            method: dict[str, object] = {"method": "order"}
        else:
            if seed is None:
                seed = random.SystemRandom().randrange(1, 10**9)
            drawn = [q.entrant for q in chosen]
            random.Random(seed).shuffle(drawn)
            method = {"method": "random", "seed": seed}
        size = fmt.knockout_size(data.settings, len(fmt.groups(data)))
        lines = [s.entrant for s in bracket_lines(drawn, {q.entrant: q.seed for q in chosen}, size)]
        settings = settings_for(
            size,
            lines,
            group_rounds + 1,
            bool(data.settings.get("third_place")),
            [{"entrant": q.entrant, "group": q.group, "place": q.place, "seed": q.seed} for q in chosen],
        )
        names = names_by_id(session)
        if existing is not None:
            old = {"lines": [names.get(e) if e is not None else None for e in existing_lines(existing)]}
            session.delete(existing)
            session.flush()
        else:
            old = None
        add_stage(session, 2, Knockout(), settings)
        event = tournament(session)
        event.rounds_planned = group_rounds + rounds_of(size)
        shown = [names[e] if e is not None else None for e in lines]
        audit(session, desk, "knockout-draw", old=old, new={**method, "lines": shown}, reason=reason)
        return KnockoutDraw(shown, seed)


def existing_lines(row: m.Stage) -> list[int | None]:
    return list(json.loads(row.settings_json or "{}").get("lines", []))
