"""The knockout rounds of knockout rounds into a round-robin final (rules.md §7.7): the knockout's documents, with the
bracket cut after the rounds it plays (its last column names who goes on to the final, and the placing beside it
is the event's), and no certificates of its own: the final's placing decides them. The final prints its
cross-table (``round_robin_final``).
"""

from __future__ import annotations

from dataclasses import replace

from tournament_desk.domain.errors import BadInput
from tournament_desk.reports.bracket import build_bracket
from tournament_desk.reports.model import BracketData, WorkbookData
from tournament_desk.services.documents import knockout
from tournament_desk.services.documents.base import (
    BRACKET,
    CERTIFICATES,
    Builder,
    Context,
    Document,
    FormatDocuments,
)
from tournament_desk.services.documents.reading import standings_data

FINAL = ("循环赛决赛", "Round-robin final")
FINALISTS = 4  # the chain's default when the plan does not say


def knockout_rounds(ctx: Context) -> BracketData:
    """The bracket's rounds up to the one that leaves the finalists (``bracket_view`` ends there), and the
    event's placing so far."""
    plan = ctx.plan
    finalists = (plan.advance.count if plan is not None else None) or FINALISTS
    placing = standings_data(ctx.desk, ctx.event, None)
    data = knockout.bracket_data(ctx, goes_on_to=FINAL, placing=placing)
    note = (
        f"名次 1–{finalists} 由循环赛决赛决定；淘汰赛中同一轮被淘汰者并列其后。  Places 1–{finalists}: the "
        "round-robin final; entrants out in the same knockout round share the places after them."
    )
    return replace(data, placing_note=note)


def bracket(ctx: Context) -> Builder:
    data = knockout_rounds(ctx)
    return lambda path: build_bracket(path, data)


def with_bracket(ctx: Context, data: WorkbookData) -> WorkbookData:
    if not knockout.has_bracket(ctx):
        return data
    return replace(data, bracket=knockout_rounds(ctx))


def final_first(ctx: Context) -> Builder:
    raise BadInput("Certificates follow the final placing: the round-robin final still has results to enter.")


def never(ctx: Context) -> bool:
    return False


DOCUMENTS = FormatDocuments(
    {
        **knockout.DOCUMENTS.documents,
        BRACKET: Document(bracket, knockout.has_bracket),
        CERTIFICATES: Document(final_first, never),
    },
    refusals=knockout.DOCUMENTS.refusals,
    workbook=with_bracket,
    certificate_places=knockout.CERTIFIED_PLACES,
)
