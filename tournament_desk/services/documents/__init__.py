"""The printed documents of each format (rules.md §10), found through one registry: ``documents_for(stage format)``.

Each stage format has a module here declaring the documents it prints (its pairing sheet, scoresheets,
standings, ranking, cross-table, certificates, bracket), how each is read from the event and drawn, and the
sheets it adds to the event workbook. A format with no module of its own prints what the nearest registered
format it is built on prints (a Swiss variant prints the Swiss documents), else the standard set.

An event is a chain of stages (``EventInfo.stage_formats``). A round's pairing sheet and scoresheets are made
by the format of the stage the round belongs to; the standings, ranking and certificates by the stage that
ranks them (the current one, ``EventInfo.stage_format``; after an earlier round, that round's); any other
document by the current stage's format when it prints one, else by the first other stage of the chain that
does (groups then knockout keeps printing its group tables once the knockout is on; the knockout rounds of
§7.7 print the final's cross-table once the final is on, and the final the knockout's bracket).
A document no stage prints is refused in one plain sentence.

The documents of each scoring mode (levels, duplicate boards, team matches of pairs) are chosen here too, by
the scoring mode's name: its scoresheets, and the sheets it adds to the workbook (a team match's pair games).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from tournament_desk.domain.errors import BadInput, Message, msg
from tournament_desk.domain.formats import format_named
from tournament_desk.domain.formats.base import StagePlan
from tournament_desk.reports.model import WorkbookData
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk, one_read, paired_rounds
from tournament_desk.services.documents import (
    groups_knockout,
    knockout,
    knockout_round_robin,
    mitchell,
    round_robin,
    round_robin_final,
    swiss,
    team_match,
)
from tournament_desk.services.documents.base import (
    BRACKET,
    CERTIFICATES,
    CROSSTABLE,
    ENTRY_SHEETS,
    PAIRINGS,
    RANKING,
    SCORESHEETS,
    STANDARD,
    STANDINGS,
    Builder,
    Context,
    Document,
    FormatDocuments,
    ModeDocuments,
    duplicate_sheets,
    level_sheets,
)
from tournament_desk.services.documents.reading import (
    entrant_data,
    event_header,
    last_paired,
    round_data,
    standings_data,
)
from tournament_desk.services.event import EventInfo, event_info
from tournament_desk.services.stages import all_stages, event_chain, stage_of_round

# Every stage format's documents, by the name stored with the stage.
DOCUMENTS: dict[str, FormatDocuments] = {
    "swiss": swiss.DOCUMENTS,
    "round-robin": round_robin.DOCUMENTS,
    "groups-knockout": groups_knockout.DOCUMENTS,
    "knockout": knockout.DOCUMENTS,
    "knockout-round-robin": knockout_round_robin.DOCUMENTS,
    "round-robin-final": round_robin_final.DOCUMENTS,
    "mitchell": mitchell.DOCUMENTS,
}
DEFAULT = FormatDocuments(STANDARD)

# Each scoring mode's documents, by the scoring mode's name (a mode without its own: the level sheets).
MODE_DOCUMENTS: dict[str, ModeDocuments] = {
    "levels": ModeDocuments(level_sheets),
    "duplicate": ModeDocuments(duplicate_sheets),
    "team-match": ModeDocuments(team_match.team_sheets, team_match.with_pair_games),
}
LEVELS = MODE_DOCUMENTS["levels"]

# The reports ``tdesk export`` names, in the order ``all`` writes them.
KINDS = (PAIRINGS, SCORESHEETS, STANDINGS, RANKING, CROSSTABLE, CERTIFICATES, BRACKET)
ROUND_KINDS = (PAIRINGS, SCORESHEETS, ENTRY_SHEETS)  # made by the stage the round belongs to
# Made by the stage that ranks them: the round's asked for (``services.standings``), else the current one.
RANKED_KINDS = (STANDINGS, RANKING, CERTIFICATES)

REFUSALS: dict[str, Message] = {
    BRACKET: msg("This event has no knockout stage, so there is no bracket to print."),
    CROSSTABLE: msg("This event's format prints no cross-table."),
}


def documents_for(stage_format: str) -> FormatDocuments:
    """The documents of a stage format: its own module's; for a format without one, those of the registered
    format it is built on (its nearest base class with documents), else the standard set."""
    found = DOCUMENTS.get(stage_format)
    if found is not None:
        return found
    try:
        fmt = format_named(stage_format)
    except BadInput:
        return DEFAULT
    for base in type(fmt).__mro__[1:]:
        name = base.__dict__.get("name")
        if isinstance(name, str) and name in DOCUMENTS:
            return DOCUMENTS[name]
    return DEFAULT


@dataclass(frozen=True)
class _Event:
    info: EventInfo
    current: int  # the stage the next round belongs to
    chain: tuple[str, ...]  # every stage's format, in order
    plans: tuple[StagePlan, ...]


def _event(desk: Desk) -> _Event:
    info = event_info(desk)
    with desk.db.transaction() as session:
        current = max(len(all_stages(session)), 1)
        plans = event_chain(session)
    chain = info.stage_formats or (info.stage_format,)
    return _Event(info, min(current, len(chain)), chain, plans)


def _round_stage(desk: Desk, round_no: int | None, current: int) -> int:
    """The stage of the round a round's sheet is for (the last paired by default; the current stage before any)."""
    with desk.db.transaction() as session:
        number = round_no if round_no is not None else paired_rounds(session)
        if not number:
            return current
        return min(stage_of_round(session, number).number, current)


def _search(event: _Event, kind: str, start: int) -> tuple[int, Document] | None:
    """The stage (1-based) that makes ``kind``, starting from ``start``, then the chain in order."""
    order = [start, *(i for i in range(1, len(event.chain) + 1) if i != start)]
    for stage in order:
        found = documents_for(event.chain[stage - 1]).documents.get(kind)
        if found is not None:
            return stage, found
    return None


def _refuse(event: _Event, kind: str) -> BadInput:
    own = documents_for(event.chain[event.current - 1]).refusals.get(kind) or REFUSALS.get(kind)
    if own is None:
        own = msg("This event's format does not print the {report}.", report=kind)
    return BadInput(own.template, **own.params)


def _context(
    desk: Desk,
    event: _Event,
    stage: int,
    *,
    round_no: int | None = None,
    top: int | None = None,
    live_urls: Mapping[int, str] | None = None,
    organiser: str | None = None,
) -> Context:
    return Context(
        desk,
        event.info,
        replace(event_header(desk), organiser=organiser),
        stage,
        event.current,
        event.plans,
        round_no=round_no,
        top=top,
        live_urls=live_urls,
        sheets=MODE_DOCUMENTS.get(event.info.scoring, LEVELS).sheets,
        places=documents_for(event.chain[0]).certificate_places,
    )


def _located(desk: Desk, event: _Event, kind: str, round_no: int | None) -> tuple[int, Document] | None:
    start = event.current
    if kind in ROUND_KINDS or (kind in RANKED_KINDS and round_no is not None):
        start = _round_stage(desk, round_no, event.current)
    return _search(event, kind, start)


@one_read
def make(
    desk: Desk,
    kind: str,
    *,
    round_no: int | None = None,
    top: int | None = None,
    live_urls: Mapping[int, str] | None = None,
    organiser: str | None = None,
) -> Builder:
    """Read everything the document ``kind`` needs now and return the builder that writes it; a document this
    event's formats do not print, or cannot print yet, is refused in one plain sentence (BadInput)."""
    event = _event(desk)
    found = _located(desk, event, kind, round_no)
    if found is None:
        raise _refuse(event, kind)
    stage, document = found
    ctx = _context(desk, event, stage, round_no=round_no, top=top, live_urls=live_urls, organiser=organiser)
    return document.make(ctx)


@one_read
def certificate_places(desk: Desk) -> int:
    """The places certificates go to unless the director says otherwise (8; a knockout's 3; a Mitchell
    movement's 3 in each direction)."""
    return documents_for(_event(desk).chain[0]).certificate_places


@one_read
def printable(desk: Desk) -> tuple[str, ...]:
    """The reports some stage of this event prints (the export menu's choices), in ``KINDS`` order."""
    event = _event(desk)
    return tuple(kind for kind in KINDS if _search(event, kind, event.current) is not None)


@one_read
def ready(desk: Desk, round_no: int | None = None) -> tuple[str, ...]:
    """The reports ``all`` writes now: those this event prints and can print now (the bracket after the
    draw, the certificates once the placing is final, …)."""
    event = _event(desk)
    chosen = []
    for kind in KINDS:
        found = _located(desk, event, kind, round_no)
        if found is None:
            continue
        stage, document = found
        try:
            now = document.ready(_context(desk, event, stage, round_no=round_no))
        except BadInput:  # asked for what cannot be: making the document says why, in the set's order
            now = True
        if now:
            chosen.append(kind)
    return tuple(chosen)


@one_read
def workbook(desk: Desk, round_no: int | None) -> Builder:
    """The event workbook: the sheets every event has (entrants, each round, the standings, the audit trail)
    with each stage's own sheets, written by the current stage's workbook builder."""
    event = _event(desk)
    header = event_header(desk)
    rounds = tuple(round_data(desk, n, mp_before=False) for n in range(1, last_paired(desk) + 1))
    audit = tuple(audit_trail(desk))
    standings = standings_data(desk, header, round_no)
    data = WorkbookData(header, tuple(entrant_data(desk).values()), rounds, standings, audit)
    for stage, name in enumerate(event.chain, start=1):
        data = documents_for(name).workbook(_context(desk, event, stage, round_no=round_no), data)
    mode = MODE_DOCUMENTS.get(event.info.scoring, LEVELS)
    data = mode.workbook(_context(desk, event, event.current, round_no=round_no), data)
    build = documents_for(event.chain[event.current - 1]).workbook_builder
    final = data
    return lambda path: build(path, final)
