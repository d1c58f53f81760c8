"""Round robin (rules.md §7.3): the standard documents, with the Berger cross-table (交叉表) as its cross-table and
its sheet in the workbook. The grid is drawn for any stage that plays a fixed schedule (the round-robin final of
§7.7 uses it too), in the event's round numbers.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.formats.base import Decided
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.table_state import WITHDRAWN
from tournament_desk.reports.crosstable import build_roundrobin_grid
from tournament_desk.reports.model import EventHeader, Meeting, RoundRobinGridData, WorkbookData
from tournament_desk.services.desk import Desk, names_by_id, rules_of
from tournament_desk.services.documents.base import (
    CROSSTABLE,
    STANDARD,
    Builder,
    Context,
    Document,
    FormatDocuments,
)
from tournament_desk.services.documents.team_match import plays_team_matches
from tournament_desk.services.entrants import list_entrants
from tournament_desk.services.event import event_info
from tournament_desk.services.rounds import ScheduledRound, TableView, schedule_view
from tournament_desk.services.snapshot import load
from tournament_desk.services.stages import current_stage, stage_numbered
from tournament_desk.services.standings import current_standings


def _meeting(t: TableView, home: bool, counted: bool, team: bool) -> Meeting:
    state = t.kind if counted else ResultState.PENDING
    levels = None
    if counted and t.home_level is not None and t.away_level is not None:
        levels = (t.home_level, t.away_level) if home else (t.away_level, t.home_level)
    o = t.outcome if counted else None
    vp = None if o is None else (o.home_vp if home else o.away_vp)
    mp = None if o is None else (o.home_mp if home else o.away_mp)
    games = t.games if counted and team else None  # a team match of pairs: the pair games each side won
    if games is not None and not home:
        games = (games[1], games[0])
    side = t.side if counted else None
    return Meeting(0, home, state, levels, vp, mp, games, (side, counted and t.note == WITHDRAWN))


def decided_ahead(
    desk: Desk, rounds: list[ScheduledRound], stage_no: int | None
) -> dict[tuple[int, str, str], Decided]:
    """The meetings still to pair that a withdrawal already decides — (round, home, away): annulled or forfeited,
    as the format will pair them (``Format.plan_round``)."""
    ahead: dict[tuple[int, str, str], Decided] = {}
    with desk.db.transaction() as session:
        stage = stage_numbered(session, stage_no) if stage_no is not None else current_stage(session)
        if stage is None:
            return ahead
        data, rules, names = load(session, stage=stage), rules_of(session), names_by_id(session)
        if not data.withdrawn_after:
            return ahead
        for rnd in (r for r in rounds if not r.paired):
            try:
                plan = stage.format.plan_round(data, rnd.round, rules)
            except BadInput:  # (a schedule it cannot plan now: the meetings are shown as to be played)
                continue
            for t in plan.tables:
                if (said := plan.decided.get(t.table)) is not None:
                    ahead[(rnd.round, names[t.home], names[t.away])] = said
    return ahead


def roundrobin_grid(
    desk: Desk, event: EventHeader, round_no: int | None, stage_no: int | None = None
) -> RoundRobinGridData:
    """Every scheduled meeting of the stage (results up to the standings' round; later ones as still to play)."""
    table = current_standings(desk, after_round=round_no)
    info = event_info(desk)
    team = plays_team_matches(info)  # its cells: the pair games won and the points (no VP)
    draw = {e.name: e.draw_no or 0 for e in list_entrants(desk)}
    meetings: dict[tuple[str, str], list[Meeting]] = defaultdict(list)
    rests: dict[str, list[int]] = defaultdict(list)
    seen: list[str] = []  # in the order the schedule meets them: Berger numbers for a final (§7.7)
    schedule = schedule_view(desk, stage_no) or []
    ahead = decided_ahead(desk, schedule, stage_no)
    for rnd in schedule:
        stored = {t.table: t for t in rnd.stored}
        counted = rnd.paired and rnd.round <= table.after_round
        for number, home, away in rnd.tables:
            seen += [n for n in (home, away) if n not in seen]
            t = stored.get(number)
            if (
                t is None
            ):  # not paired yet: the schedule's meeting, to be played (or what a withdrawal made it)
                said = ahead.get((rnd.round, home, away))
                pending = (
                    Meeting(rnd.round, True, ResultState.PENDING, None, None, None)
                    if said is None
                    else Meeting(rnd.round, True, said.state, None, None, None, None, (said.side, True))
                )
                meetings[(home, away)].append(pending)
                meetings[(away, home)].append(replace(pending, home=False))
                continue
            meetings[(home, away)].append(replace(_meeting(t, True, counted, team), round=rnd.round))
            meetings[(away, home)].append(replace(_meeting(t, False, counted, team), round=rnd.round))
        if rnd.rest:
            seen += [rnd.rest] if rnd.rest not in seen else []
            rests[rnd.rest].append(rnd.round)
    order = tuple(sorted(seen, key=lambda name: draw.get(name, 0)))
    columns = tuple(k for k in table.columns if k != "placing")  # the grid prints the rank at the right
    return RoundRobinGridData(
        event, table.after_round, order, tuple(r for r in table.rows if r.entrant.name in seen),
        columns, {k: tuple(v) for k, v in meetings.items()}, {k: tuple(v) for k, v in rests.items()},
        info.rules.win_draw_loss or team, team,
    )  # fmt: skip


def berger_crosstable(ctx: Context) -> Builder:
    data = roundrobin_grid(ctx.desk, ctx.event, ctx.round_no, ctx.stage)
    return lambda path: build_roundrobin_grid(path, data)


def with_grid(ctx: Context, data: WorkbookData) -> WorkbookData:
    return replace(data, grid=roundrobin_grid(ctx.desk, ctx.event, ctx.round_no, ctx.stage))


DOCUMENTS = FormatDocuments({**STANDARD, CROSSTABLE: Document(berger_crosstable)}, workbook=with_grid)
