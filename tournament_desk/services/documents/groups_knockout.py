"""The group stage of groups then knockout (rules.md §7.4): the standard documents, with the group tables (小组积分表)
as its cross-table and one workbook sheet per group. Its certificates wait for the knockout's final placing
(the knockout stage prints them once its final has a winner).
"""

from __future__ import annotations

from dataclasses import replace

from tournament_desk.domain.errors import BadInput
from tournament_desk.i18n import render
from tournament_desk.reports.group_tables import build_group_tables
from tournament_desk.reports.model import (
    EventHeader,
    GroupCellData,
    GroupStageData,
    GroupTableData,
    WorkbookData,
)
from tournament_desk.services.desk import Desk
from tournament_desk.services.documents.base import (
    CERTIFICATES,
    CROSSTABLE,
    STANDARD,
    Builder,
    Context,
    Document,
    FormatDocuments,
)
from tournament_desk.services.documents.reading import last_paired
from tournament_desk.services.documents.team_match import plays_team_matches
from tournament_desk.services.event import event_info
from tournament_desk.services.groups import GroupCell, group_stage
from tournament_desk.services.rounds import round_view


def group_games(desk: Desk) -> dict[tuple[str, str], str]:
    """Team matches of pairs (rules.md §5.8): each group match's pair games won, from either side ("3 : 2"), shown
    where a level match shows its levels. The group stage is the event's first stage."""
    shown: dict[tuple[str, str], str] = {}
    for n in range(1, last_paired(desk) + 1):
        view = round_view(desk, n)
        if view.stage != 1:
            break
        for t in view.tables:
            if t.games is not None:
                shown[(t.home, t.away)] = f"{t.games[0]} : {t.games[1]}"
                shown[(t.away, t.home)] = f"{t.games[1]} : {t.games[0]}"
    return shown


def _cell(cell: GroupCell, games: str | None) -> GroupCellData:
    return GroupCellData(cell.levels or games or "", cell.points, cell.state)


def group_stage_data(desk: Desk, event: EventHeader) -> GroupStageData:
    """Every group's grid and ranking (all results entered so far) and the qualifiers once known."""
    view = group_stage(desk)
    games = group_games(desk) if plays_team_matches(event_info(desk)) else {}
    # Tied across the groups for the last knockout places, their lot not drawn: they must draw too (待摸牌, as
    # ``tdesk groups`` marks them) — not a blank the sheet's reader takes for "out" (issue 27).
    across = set(view.tied_thirds) if not view.qualifiers else set()
    groups = tuple(
        GroupTableData(
            g.name,
            tuple(g.members),
            tuple(g.rows),
            {k: _cell(c, games.get(k)) for k, c in g.cells.items()},
            g.complete,
            (
                *g.lot_needed,
                *(r.entrant.name for r in g.rows if r.qualified is None and r.entrant.name in across),
            ),
        )
        for g in view.groups
    )
    return GroupStageData(
        event,
        groups,
        view.knockout_size,
        tuple(view.qualifiers),
        render(view.waiting_for) if view.waiting_for else None,
        view.drawn,
        figures=view.columns,
    )


def group_tables(ctx: Context) -> Builder:
    """The group tables (the round does not apply: a group's grid shows every result entered)."""
    data = group_stage_data(ctx.desk, ctx.event)
    return lambda path: build_group_tables(path, data)


def no_certificates_yet(ctx: Context) -> Builder:
    raise BadInput(
        "Certificates of a groups-then-knockout event follow the final placing: enter the final's result first."
    )


def never(ctx: Context) -> bool:
    return False


def with_groups(ctx: Context, data: WorkbookData) -> WorkbookData:
    return replace(data, groups=group_stage_data(ctx.desk, ctx.event))


DOCUMENTS = FormatDocuments(
    {
        **STANDARD,
        CROSSTABLE: Document(group_tables),
        CERTIFICATES: Document(no_certificates_yet, never),
    },
    workbook=with_groups,
)
