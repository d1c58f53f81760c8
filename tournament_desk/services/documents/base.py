"""What a format's printed documents are made of (rules.md §10): the context a document is made in, a document (how
to read the event for it and which builder draws it), a format's set of documents, and the documents most
formats share (the pairing sheet, the scoresheets, the standings, the ranking, the cross-table of results by
round, the certificates).

A document is made in two steps: ``make`` reads everything it needs now (so bad input is refused before any
file is written) and returns the builder that writes the file.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from tournament_desk.domain.errors import BadInput, Message
from tournament_desk.domain.formats.base import StagePlan
from tournament_desk.reports.certificates import TOP_PLACES, build_certificates
from tournament_desk.reports.crosstable import build_crosstable
from tournament_desk.reports.excel.workbook import build_workbook
from tournament_desk.reports.model import (
    CrossCell,
    CrossTableData,
    DuplicateSheetData,
    EventHeader,
    ScoresheetData,
    WorkbookData,
)
from tournament_desk.reports.pairings import build_pairings
from tournament_desk.reports.scoresheets.duplicate import build_duplicate_scoresheets
from tournament_desk.reports.scoresheets.levels import build_scoresheets
from tournament_desk.reports.standings import build_ranking, build_standings
from tournament_desk.services.desk import Desk
from tournament_desk.services.documents.reading import (
    entrant_data,
    last_paired,
    paired_round,
    round_data,
    standings_data,
)
from tournament_desk.services.event import EventInfo
from tournament_desk.services.results.board_sets import board_set
from tournament_desk.services.results.boards import round_sheets
from tournament_desk.services.rounds import round_view
from tournament_desk.services.standings import current_standings

Builder = Callable[[Path], None]

# The kinds of document (``tdesk export`` names them); ``ENTRY_SHEETS`` is the paper for table entry with each
# table's QR code (``web.printing``): a format's scoresheets unless it says otherwise.
PAIRINGS, SCORESHEETS, STANDINGS, RANKING = "pairings", "scoresheets", "standings", "ranking"
CROSSTABLE, CERTIFICATES, BRACKET = "crosstable", "certificates", "bracket"
ENTRY_SHEETS = "entry-sheets"


@dataclass(frozen=True)
class SheetStyle:
    """How a round's scoresheets ask for the result: a knockout match has no draw and no MP before it."""

    knockout: bool = False
    title: str = ""  # the knockout round's name ("四分之一决赛 Quarter-finals")


SheetMaker = Callable[["Context", int, SheetStyle], Builder]


@dataclass(frozen=True)
class Context:
    """One document being made: the event, the stage (1-based, in the event's chain) whose format makes it, and
    what was asked (the round, the certificates' places, the tables' entry addresses)."""

    desk: Desk
    info: EventInfo
    event: EventHeader
    stage: int
    current: int  # the stage the next round belongs to (the last one started)
    plans: tuple[StagePlan, ...]
    round_no: int | None = None
    top: int | None = None
    live_urls: Mapping[int, str] | None = None
    sheets: SheetMaker | None = None  # the scoring mode's scoresheets (the registry's choice)
    places: int = TOP_PLACES  # the places certificates go to by default (the event's format says)

    @property
    def plan(self) -> StagePlan | None:
        return self.plans[self.stage - 1] if self.stage <= len(self.plans) else None

    @property
    def started(self) -> bool:
        """Whether the document's stage has begun (a stage still to come has nothing to print yet)."""
        return self.stage <= self.current


def always(ctx: Context) -> bool:
    return True


@dataclass(frozen=True)
class Document:
    """How a document is made; ``ready``: whether ``all`` prints it now (else it is left out of the set until
    it can be printed, e.g. the bracket before the draw, the certificates before the final)."""

    make: Callable[[Context], Builder]
    ready: Callable[[Context], bool] = always


def unchanged(ctx: Context, data: WorkbookData) -> WorkbookData:
    return data


@dataclass(frozen=True)
class FormatDocuments:
    """The documents a stage format prints, by kind; why it refuses the kinds it does not print (a plain
    sentence, else the registry's default for the kind); the sheets it adds to the event workbook; the
    workbook's builder where the format has its own; the places certificates go to by default when it is the
    event's format."""

    documents: Mapping[str, Document]
    refusals: Mapping[str, Message] = field(default_factory=dict)
    workbook: Callable[[Context, WorkbookData], WorkbookData] = unchanged
    workbook_builder: Callable[[Path, WorkbookData], None] = build_workbook
    certificate_places: int = TOP_PLACES


@dataclass(frozen=True)
class ModeDocuments:
    """What a scoring mode prints whatever the format: its scoresheets, and what it adds to the workbook."""

    sheets: SheetMaker
    workbook: Callable[[Context, WorkbookData], WorkbookData] = unchanged


# --- the documents most formats share -----------------------------------------------------------------------


def pairing_sheet(ctx: Context) -> Builder:
    rnd = round_data(ctx.desk, paired_round(ctx.desk, ctx.round_no))
    event = ctx.event
    return lambda path: build_pairings(path, event, rnd)


def scoresheets(ctx: Context, style: SheetStyle = SheetStyle()) -> Builder:
    """The round's scoresheets as the event's scoring mode has them (levels, duplicate boards)."""
    make = ctx.sheets or level_sheets
    return make(ctx, paired_round(ctx.desk, ctx.round_no), style)


def level_sheets(ctx: Context, round_no: int, style: SheetStyle) -> Builder:
    rnd = round_data(ctx.desk, round_no, mp_before=not style.knockout)
    sheets = ScoresheetData(
        ctx.event,
        rnd,
        entrant_data(ctx.desk),
        ctx.info.rules,
        knockout=style.knockout,
        stage_title=style.title,
    )
    urls = ctx.live_urls
    return lambda path: build_scoresheets(path, sheets, live_urls=urls)


def duplicate_sheets(ctx: Context, round_no: int, style: SheetStyle) -> Builder:
    rnd = round_data(ctx.desk, round_no)
    sheets = round_sheets(ctx.desk, round_no)
    boards = sheets[0].boards if sheets else board_set(ctx.desk, round_no)
    entries = {s.table: s.entries for s in sheets}
    data = DuplicateSheetData(ctx.event, rnd, entrant_data(ctx.desk), boards, ctx.info.rules, entries)
    urls = ctx.live_urls
    return lambda path: build_duplicate_scoresheets(path, data, live_urls=urls)


def standings_table(ctx: Context) -> Builder:
    table = standings_data(ctx.desk, ctx.event, ctx.round_no)
    return lambda path: build_standings(path, table)


def final_ranking(ctx: Context) -> Builder:
    table = standings_data(ctx.desk, ctx.event, ctx.round_no)
    return lambda path: build_ranking(path, table)


def certificates(ctx: Context) -> Builder:
    table = standings_data(ctx.desk, ctx.event, ctx.round_no)
    if table.after_round == 0:  # before any result everyone shares first place: nothing to certify
        raise BadInput("Certificates need at least one round with all its results in.")
    top = ctx.top or ctx.places
    return lambda path: build_certificates(path, table, top=top)


def some_round_complete(ctx: Context) -> bool:
    return standings_data(ctx.desk, ctx.event, ctx.round_no).after_round > 0


def results_crosstable(ctx: Context) -> Builder:
    """The cross-table of a format paired as it goes: each entrant's opponent and result round by round."""
    data = crosstable_data(ctx.desk, ctx.event, ctx.round_no)
    return lambda path: build_crosstable(path, data)


def crosstable_data(desk: Desk, event: EventHeader, round_no: int | None) -> CrossTableData:
    table = current_standings(desk, after_round=round_no)
    last = round_no if round_no is not None else last_paired(desk)
    cells: dict[str, dict[int, CrossCell]] = {r.entrant.name: {} for r in table.rows}
    for n in range(1, last + 1):
        view = round_view(desk, n)
        for t in view.tables:
            o = t.outcome
            if o is None:  # paired, no result yet
                cells[t.home][n] = CrossCell(t.away, True, None, None, t.kind)
                cells[t.away][n] = CrossCell(t.home, False, None, None, t.kind)
            else:
                games = t.games if "games_won" in table.columns else None  # a team match: its pair games
                cells[t.home][n] = CrossCell(t.away, True, o.home_mp, o.home_vp, t.kind, games)
                cells[t.away][n] = CrossCell(
                    t.home, False, o.away_mp, o.away_vp, t.kind, games and games[::-1]
                )
        if view.bye is not None:
            mp, vp = view.bye_award or (0.0, 0.0)
            cells[view.bye][n] = CrossCell(None, True, mp, vp, view.bye_state)
    columns = tuple(k for k in table.columns if k != "placing")  # the standings' figures, as ranked
    return CrossTableData(event, table.after_round, last, tuple(table.rows), cells, columns)


SCORESHEET_DOCUMENT = Document(scoresheets)

# The documents of a format paired round by round (Swiss, and the default of a format with none of its own).
STANDARD: dict[str, Document] = {
    PAIRINGS: Document(pairing_sheet),
    SCORESHEETS: SCORESHEET_DOCUMENT,
    ENTRY_SHEETS: SCORESHEET_DOCUMENT,
    STANDINGS: Document(standings_table),
    RANKING: Document(final_ranking),
    CROSSTABLE: Document(results_crosstable),
    CERTIFICATES: Document(certificates, some_round_complete),
}
