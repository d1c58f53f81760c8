"""Groups then knockout (SPEC §7.4): the group tables, the recorded lots (摸牌), the knockout draw and the
bracket, for every face (tdesk, the window, the reports).

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

from tournament_desk.domain.errors import BadInput, Message, msg
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats.group_stage import GroupStage
from tournament_desk.domain.formats.groups import Qualifier
from tournament_desk.domain.formats.knockout import TBD, bracket_lines, rounds_of
from tournament_desk.domain.formats.knockout_stage import Knockout, settings_for
from tournament_desk.domain.levels import format_level
from tournament_desk.domain.ranking import RankedRow
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.standings import StandingRow
from tournament_desk.services.desk import Desk, audit, names_by_id, paired_rounds, rules_of, tournament
from tournament_desk.services.rounds import missing_tables
from tournament_desk.services.snapshot import load
from tournament_desk.services.stages import (
    StageInfo,
    add_stage,
    all_stages,
    current_stage,
    save_settings,
    stage_numbered,
)
from tournament_desk.storage import models as m

THIRDS = "thirds"  # ``record_lot``'s group name for a lot among the best thirds


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
    tied_thirds: list[str] = field(default_factory=list)  # thirds that must draw for the last knockout places


@dataclass(frozen=True)
class BracketMatchView:
    round: int  # the event's round number
    knockout_round: int  # 1 = the first knockout round
    position: int
    table: int | None
    home: str | None  # None: nobody (a bye); "" for a side not known yet
    away: str | None
    home_from: int | None
    away_from: int | None
    winner: str | None
    decided: bool
    levels: str  # "9 : 9" once played
    on_stage: str | None
    third_place: bool
    state: ResultState | None  # the stored table's state (None: not paired yet, or no table)


@dataclass(frozen=True)
class BracketView:
    size: int
    rounds: list[list[BracketMatchView]]
    placing: list[tuple[str, str, str | None]]  # (placing, name, group) in order
    round_names: list[Message]  # "Final", "Semi-finals", "Round of 16", …


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
        thirds = [names[e] for e in sorted(_tied_thirds(fmt, data))] if complete else []
        return GroupStageView(groups, size, chosen, waiting, drawn, thirds)


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

    ``group`` is a group's name (A, B, …), or ``thirds`` for the best thirds tied for the last knockout places.
    The program never draws the lot itself. Audited; allowed until the knockout is drawn.
    """
    group = group.strip().upper() if group.strip().lower() != THIRDS else THIRDS
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
            tied = _tied_thirds(fmt, data)
            outsider = "{names} is not among the thirds tied for the last knockout places."
        else:
            if group not in infos:
                raise BadInput("There is no group {group}; the groups are {names}.", group=group,
                               names="、".join(infos))  # fmt: skip
            if not infos[group].complete:
                raise BadInput("Group {group} still has matches to play; lots are drawn when they are over.",
                               group=group)  # fmt: skip
            rows = fmt.group_rankings(data)[group]
            tied = _tied_in(order, rows, session)
            outsider = "{names} is not among the entrants of group {group} tied on every criterion."
        if len(tied) < 2:
            if group == THIRDS:
                raise BadInput("No thirds are tied for the last knockout places; no lot is needed.")
            raise BadInput(
                "{name} is not tied with anyone in group {group} on every criterion; no lot is needed.",
                name=" ".join(order[0].split()) if order else "?",
                group=group,
            )
        ids = _ordered(session, order, tied, outsider, group=group)
        settings = dict(data.settings)
        key = "third_lots" if group == THIRDS else "lots"
        if group == THIRDS:
            settings["third_lots"] = {str(e): i for i, e in enumerate(ids, start=1)}
        else:
            lots = dict(settings.get("lots") or {})
            lots[group] = {**(lots.get(group) or {}), **{str(e): i for i, e in enumerate(ids, start=1)}}
            settings["lots"] = lots
        save_settings(session, stage.number, settings)
        names = names_by_id(session)
        audit(session, desk, "lot", new={"group": group, "order": [names[e] for e in ids], "kind": key},
              reason=reason)  # fmt: skip
    return group_stage(desk)


def _tied_in(order: Sequence[str], rows: Sequence[object], session: Session) -> set[int]:
    """The tied set the order is about: the entrants sharing a rank with the first one named (a lot may be
    recorded again, e.g. to correct a typing error, so a tie already resolved by a lot counts as well)."""
    ranked = [r for r in rows if isinstance(r, RankedRow)]
    by_name = {r.entrant.name: r for r in ranked}
    first = next((by_name[" ".join(n.split())] for n in order if " ".join(n.split()) in by_name), None)
    if first is None:
        return {r.entrant.id for r in ranked if r.lot_needed}
    key = (first.mp, first.h2h, first.level_diff)
    return {r.entrant.id for r in ranked if (r.mp, r.h2h, r.level_diff) == key and r.played == first.played}


def _tied_thirds(fmt: GroupStage, data: EventData) -> set[int]:
    """The thirds equal on points and level difference at the edge of the knockout places."""
    rankings = fmt.group_rankings(data)
    thirds = sorted(
        (rows[2] for rows in rankings.values() if len(rows) > 2 and rows[2].rank == 3),
        key=lambda r: (-r.mp, -r.level_diff),
    )
    room = fmt.knockout_size(data.settings, len(rankings)) - 2 * len(rankings)
    if room <= 0 or len(thirds) <= room:
        return set()
    edge = (thirds[room].mp, thirds[room].level_diff)
    if (thirds[room - 1].mp, thirds[room - 1].level_diff) != edge:
        return set()
    return {r.entrant.id for r in thirds if (r.mp, r.level_diff) == edge}


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
    director drew by hand. Byes go to the highest qualifiers. Allowed again until its first round is paired."""
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


ROUND_NAMES = {1: "Final", 2: "Semi-finals", 3: "Quarter-finals"}


def round_name(knockout_round: int, total: int) -> Message:
    """ "Final", "Semi-finals", "Quarter-finals", "Round of 16", … (translated by each face)."""
    left = total - knockout_round + 1
    return msg(ROUND_NAMES[left]) if left in ROUND_NAMES else msg("Round of {count}", count=2**left)


def bracket_view(desk: Desk) -> BracketView | None:
    """The knockout bracket as far as the results go, with the placing; None before the knockout is drawn."""
    with desk.db.transaction() as session:
        found = [(s, s.format) for s in all_stages(session) if isinstance(s.format, Knockout)]
        if not found:
            return None
        stage, knockout = found[0]
        data = load(session, stage=stage)
        if "lines" not in stage.settings:  # a knockout by draw before round 1: the bracket the draw gives
            people = data.active_in(1)
            if len(people) < 2 or not all(e.draw_no for e in people):
                return None
            data = knockout.drawn(data)
        first = int(data.settings["first_round"])
        stored = {
            (mt.round_no, frozenset((mt.home_id, mt.away_id))): mt
            for mt in session.scalars(select(m.Match).where(m.Match.round_no >= first))
        }
        levels = {
            k: (mt.home_level, mt.away_level, mt.on_stage)
            for k, mt in stored.items()
            if mt.home_level is not None and mt.away_level is not None and mt.kind == ResultState.PLAYED
        }
        bracket = knockout.bracket(data, levels)
        names = names_by_id(session)
        total = bracket.round_count

        def name(side: int | None) -> str | None:
            if side is None:
                return None
            return "" if side == TBD else names[side]

        # Knockout rounds into a round-robin final: the bracket ends where K remain (SPEC §7.7).
        played = knockout.rounds_to_play(bracket.size, data.settings)
        rounds = []
        for cells in bracket.rounds[:played]:
            row = []
            for c in cells:
                event_round = first + c.round - 1
                mt = None
                if c.home not in (None, TBD) and c.away not in (None, TBD):
                    mt = stored.get((event_round, frozenset((c.home, c.away))))
                lv = ""
                if c.level is not None:
                    lv = f"{format_level(c.level[0])} : {format_level(c.level[1])}"
                row.append(
                    BracketMatchView(
                        event_round,
                        c.round,
                        c.position,
                        mt.table_no if mt is not None else c.table,
                        name(c.home),
                        name(c.away),
                        c.home_from,
                        c.away_from,
                        names[c.winner] if c.winner is not None else None,
                        c.decided,
                        lv,
                        c.on_stage,
                        c.third_place,
                        ResultState(mt.kind) if mt is not None else None,
                    )
                )
            rounds.append(row)
        ranking = stage.format.rank(data, rules_of(session))
        later = current_stage(session)
        if later.number > stage.number:  # a round-robin final decides the first places (SPEC §7.7)
            ranking = later.format.rank(load(session, stage=later), rules_of(session))
        placing = [(r.placing or "", r.entrant.name, r.group) for r in ranking.rows]
        return BracketView(
            bracket.size, rounds, placing, [round_name(k, total) for k in range(1, played + 1)]
        )
