"""The group stage of groups then knockout (SPEC §7.4): the standard documents, with the group tables (小组积分表)
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
from tournament_desk.services.groups import group_stage


def group_stage_data(desk: Desk, event: EventHeader) -> GroupStageData:
    """Every group's grid and ranking (all results entered so far) and the qualifiers once known."""
    view = group_stage(desk)
    groups = tuple(
        GroupTableData(
            g.name,
            tuple(g.members),
            tuple(g.rows),
            {k: GroupCellData(c.levels, c.points, c.state) for k, c in g.cells.items()},
            g.complete,
            tuple(g.lot_needed),
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
