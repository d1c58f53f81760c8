"""The round-robin final of knockout rounds into a round-robin final (rules.md §7.7): the round robin's documents
among the finalists, with the event's placing as its standings and ranking (the finalists' figures; the entrants
knocked out before placed after them by the round they lost in, their figures blank), the final's Berger
cross-table, and certificates once the final's last round has every result.
"""

from __future__ import annotations

from dataclasses import replace

from tournament_desk.domain.errors import BadInput
from tournament_desk.reports.certificates import build_certificates
from tournament_desk.reports.model import StandingsData, WorkbookData
from tournament_desk.reports.standings import build_ranking, build_standings
from tournament_desk.services.documents import round_robin
from tournament_desk.services.documents.base import (
    CERTIFICATES,
    CROSSTABLE,
    RANKING,
    STANDARD,
    STANDINGS,
    Builder,
    Context,
    Document,
    FormatDocuments,
)
from tournament_desk.services.documents.reading import standings_data


def placing(ctx: Context) -> StandingsData:
    table = standings_data(ctx.desk, ctx.event, ctx.round_no)
    out = frozenset(r.entrant.name for r in table.rows if r.qualified is False)
    return replace(table, no_figures=out)


def standings(ctx: Context) -> Builder:
    table = placing(ctx)
    return lambda path: build_standings(path, table)


def ranking(ctx: Context) -> Builder:
    table = placing(ctx)
    return lambda path: build_ranking(path, table)


def over(ctx: Context) -> bool:
    table = standings_data(ctx.desk, ctx.event, ctx.round_no)
    return ctx.started and table.complete and table.after_round >= (ctx.info.rounds_planned or 0)


def certificates(ctx: Context) -> Builder:
    if not over(ctx):
        raise BadInput(
            "Certificates follow the final placing: the round-robin final still has results to enter."
        )
    table = placing(ctx)
    top = ctx.top or ctx.places
    return lambda path: build_certificates(path, table, top=top)


def started(ctx: Context) -> bool:
    return ctx.started


def crosstable(ctx: Context) -> Builder:
    if not ctx.started:
        raise BadInput(
            "The round-robin final has not started yet: its cross-table is printed once its first round is paired."
        )
    return round_robin.berger_crosstable(ctx)


def with_grid(ctx: Context, data: WorkbookData) -> WorkbookData:
    """The final's cross-table sheet, and the standings with the knocked-out entrants' figures blank."""
    if not ctx.started:
        return data
    out = frozenset(r.entrant.name for r in data.standings.rows if r.qualified is False)
    data = replace(data, standings=replace(data.standings, no_figures=out))
    return round_robin.with_grid(ctx, data)


DOCUMENTS = FormatDocuments(
    {
        **STANDARD,
        STANDINGS: Document(standings),
        RANKING: Document(ranking),
        CROSSTABLE: Document(crosstable, started),
        CERTIFICATES: Document(certificates, over),
    },
    workbook=with_grid,
)
