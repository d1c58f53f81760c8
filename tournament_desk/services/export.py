"""Printing and export (SPEC §10): read the event through the services, hand plain data to the builders.

Each report is first built into a hidden temporary file in the target folder and moved into place only
when every requested file is complete, so an error never leaves a half-written or partial set behind.
"""

from __future__ import annotations

import os
import secrets
from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from sqlalchemy import select

from tournament_desk.domain.errors import BadInput, Message
from tournament_desk.domain.results import ResultState
from tournament_desk.i18n import render
from tournament_desk.reports import REPORTS
from tournament_desk.reports.certificates import TOP_PLACES, build_certificates
from tournament_desk.reports.crosstable import build_crosstable
from tournament_desk.reports.duplicate import build_duplicate_scoresheets
from tournament_desk.reports.excel import build_workbook
from tournament_desk.reports.groups import build_bracket, build_group_tables, build_placing
from tournament_desk.reports.mitchell import (
    build_board_recap,
    build_direction_certificates,
    build_direction_rankings,
    build_guide_cards,
    build_mitchell_workbook,
    build_travellers,
)
from tournament_desk.reports.model import (
    AuditLine,
    BracketData,
    BracketMatch,
    CrossCell,
    CrossTableData,
    DirectionData,
    DuplicateSheetData,
    EntrantData,
    EventHeader,
    GroupCellData,
    GroupStageData,
    GroupTableData,
    GuideCardData,
    GuideCardRow,
    GuideCardsData,
    Meeting,
    MitchellResultsData,
    MitchellWorkbookData,
    PairedTable,
    PlacingRow,
    RoundData,
    RoundRobinGridData,
    ScoresheetData,
    StandingsData,
    TravellerData,
    TravellerLine,
    TravellersData,
    WorkbookData,
)
from tournament_desk.reports.pairings import build_pairings
from tournament_desk.reports.roundrobin import build_roundrobin_grid
from tournament_desk.reports.scoresheets import build_scoresheets
from tournament_desk.reports.standings import build_ranking, build_standings
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.board_sets import board_set
from tournament_desk.services.boards import round_sheets
from tournament_desk.services.desk import Desk, names_by_id, now, paired_rounds
from tournament_desk.services.entrants import list_entrants
from tournament_desk.services.event import event_info
from tournament_desk.services.groups import bracket_view, group_stage, is_group_event
from tournament_desk.services.pair_boards import movement_view, traveller
from tournament_desk.services.rounds import TableView, round_view, schedule_view
from tournament_desk.services.snapshot import load
from tournament_desk.services.stages import stage_of_round
from tournament_desk.services.standings import current_standings
from tournament_desk.storage import models as m
from tournament_desk.userdata import backup_folder

BRACKET = "bracket"  # groups then knockout: the bracket (对阵图) and the placing, once the knockout is drawn
CHOICES = (*REPORTS, BRACKET, "all")
SUFFIXES = (".pdf", ".xlsx")

Builder = Callable[[Path], None]


def export(
    desk: Desk, what: str, out: Path, *, round_no: int | None = None, top: int | None = None
) -> list[Path]:
    """Write the report ``what`` (or ``all``) to ``out``; the suffix .pdf or .xlsx picks the format.

    ``top``: certificates for the places up to this one (default 8; shared places all get theirs).

    ``round_no`` is the round of the pairing sheet and scoresheets (default: the last paired round) and the
    round the standings, ranking, cross-table and certificates follow (default: the last complete round).
    A PDF ``all`` writes one file per report beside ``out`` (``NAME-pairings.pdf``, …); Excel always
    writes the one workbook of the whole event. Returns the files written.
    """
    out = Path(out)
    if what not in CHOICES:
        raise BadInput(
            "Unknown report '{what}': choose one of {choices}.", what=what, choices=", ".join(CHOICES)
        )
    suffix = out.suffix.lower()
    if suffix not in SUFFIXES:
        raise BadInput("'{path}' must end in .pdf or .xlsx.", path=str(out))
    if not out.parent.is_dir():
        raise BadInput("The folder '{folder}' does not exist.", folder=str(out.parent))
    _refuse_overwriting_the_event(desk, out, what)
    if top is not None and not 1 <= top <= 500:
        raise BadInput("Certificates go to places 1 to a number from 1 to 500, not {top}.", top=top)
    if top is not None and what != "certificates":
        raise BadInput("The number of certificates goes with the certificates only.")
    if suffix == ".xlsx":
        data = _workbook_data(desk, round_no)
        if data.mitchell is not None:
            return write({out: lambda path: build_mitchell_workbook(path, data)})
        return write({out: lambda path: build_workbook(path, data)})
    if what == "all":
        jobs = {
            out.with_name(f"{out.stem}-{report}{out.suffix}"): _pdf(desk, report, round_no)
            for report in _all_reports(desk)
        }
    else:
        jobs = {out: _pdf(desk, what, round_no, top)}
    return write(jobs)


def _refuse_overwriting_the_event(desk: Desk, out: Path, what: str) -> None:
    """An export never replaces the tournament file, nor lands among its automatic backups."""
    event = desk.db.path
    if event is None:
        return
    targets = (
        [out]
        if what != "all" or out.suffix.lower() == ".xlsx"
        else [out.with_name(f"{out.stem}-{report}{out.suffix}") for report in _all_reports(desk)]
    )
    backups = backup_folder(event).resolve()
    for target in targets:
        resolved = target.resolve()
        if (
            resolved == event.resolve()
            or resolved.parent == backups
            or (resolved.exists() and resolved.is_file() and _is_sqlite(resolved))
        ):
            raise BadInput(
                "'{path}' is a tournament file (or one of its backups); export to another name.",
                path=str(target),
            )


def _all_reports(desk: Desk) -> tuple[str, ...]:
    """The PDFs ``all`` writes: every report; a groups-then-knockout event adds the bracket once the knockout
    is drawn, and leaves out the certificates until the final has a result (they follow the final placing)."""
    if not is_group_event(desk):
        return REPORTS
    view = bracket_view(desk)
    if view is None:
        return tuple(r for r in REPORTS if r != "certificates")
    if not any(text == "1" for text, _, _ in view.placing):
        return (*(r for r in REPORTS if r != "certificates"), BRACKET)
    return (*REPORTS, BRACKET)


def _final_decided(placing: tuple[PlacingRow, ...]) -> bool:
    """Place 1 is given once the final has a winner (until then the finalists are "1–2")."""
    return any(p.placing == "1" for p in placing)


def _is_sqlite(path: Path) -> bool:
    try:
        with path.open("rb") as fh:
            return fh.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


def _pdf(desk: Desk, what: str, round_no: int | None, top: int | None = None) -> Builder:
    """Read everything a report needs now (so bad input is found before any file is written)."""
    event = event_header(desk)
    if event_info(desk).board_scored:
        return _mitchell_pdf(desk, event, what, round_no)
    if what == "pairings":
        rnd = round_data(desk, paired_round(desk, round_no))
        return lambda path: build_pairings(path, event, rnd)
    if what == "scoresheets":
        return SCORESHEETS[event.scoring](desk, event, paired_round(desk, round_no))
    if what == "crosstable":
        return CROSSTABLES[event_info(desk).format](desk, event, round_no)
    if what == BRACKET:
        bracket = _bracket_data(desk, event)
        return lambda path: build_bracket(path, bracket)
    table = _standings(desk, event, round_no)
    placed = "placing" in table.columns  # a knockout: the standings are the placing (1, 2, 3–4, …)
    if placed and what in ("standings", "ranking"):
        placing = _placing_data(desk, event, table)
        right = f"第 {table.after_round} 轮后  After round {table.after_round}"
        return lambda path: build_placing(path, placing, right)
    if what == "standings":
        return lambda path: build_standings(path, table)
    if what == "ranking":
        return lambda path: build_ranking(path, table)
    if is_group_event(desk) and not (placed and _final_decided(_placing_data(desk, event, table).placing)):
        raise BadInput(
            "Certificates of a groups-then-knockout event follow the final placing: enter the final's "
            "result first."
        )
    if table.after_round == 0:  # before any result everyone shares first place: nothing to certify
        raise BadInput("Certificates need at least one round with all its results in.")
    return lambda path: build_certificates(path, table, top=top or TOP_PLACES)


def write(jobs: dict[Path, Builder]) -> list[Path]:
    """Build each file beside its target and put them all in place only when every one was built."""
    temps: dict[Path, Path] = {}
    try:
        for target, build in jobs.items():
            temps[target] = _temp_beside(target)
            build(temps[target])
        for target, temp in temps.items():
            os.replace(temp, target)
    finally:
        for temp in temps.values():
            temp.unlink(missing_ok=True)
    return list(jobs)


def _temp_beside(target: Path) -> Path:
    """A new hidden file next to ``target``, with the permissions a plain new file gets (umask applies)."""
    while True:
        temp = target.with_name(f".{target.stem}-{secrets.token_hex(4)}{target.suffix}")
        try:
            os.close(os.open(temp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666))
        except FileExistsError:
            continue
        return temp


# --- reading the event ------------------------------------------------------------------------------


def event_header(desk: Desk) -> EventHeader:
    """The event as every report's heading names it."""
    info = event_info(desk)
    ends_on = info.ends_on or info.starts_on
    return EventHeader(info.name, now(), info.entrants_kind, info.rounds_planned, ends_on, info.scoring)


def _last_paired(desk: Desk) -> int:
    with desk.db.transaction() as session:
        return paired_rounds(session)


def paired_round(desk: Desk, round_no: int | None) -> int:
    """The round asked for, or by default the last paired one (refused before round 1 is paired)."""
    if round_no is not None:
        return round_no
    last = _last_paired(desk)
    if not last:
        raise BadInput("No round has been paired yet.")
    return last


def _round_dates(desk: Desk) -> dict[int, datetime]:
    with desk.db.transaction() as session:
        return {number: at for number, at in session.execute(select(m.Round.number, m.Round.paired_at))}


def round_data(desk: Desk, round_no: int, *, mp_before: bool = True) -> RoundData:
    """A paired round's tables as the reports show them (``mp_before``: with each side's MP before it)."""
    view = round_view(desk, round_no)  # refuses a round that has not been paired
    mp: dict[str, float] = {}
    if mp_before:
        mp = {r.entrant.name: r.mp for r in current_standings(desk, after_round=round_no - 1).rows}
    tables = tuple(
        PairedTable(
            t.table, t.home, t.away, mp.get(t.home, 0.0), mp.get(t.away, 0.0), t.relaxed, t.kind, t.side,
            t.home_level, t.away_level,
            None if t.outcome is None
            else (t.outcome.home_mp, t.outcome.away_mp, t.outcome.home_vp, t.outcome.away_vp),
            t.xmp,
        )
        for t in view.tables
    )  # fmt: skip
    paired_at = _round_dates(desk).get(round_no)
    date = paired_at.strftime("%Y-%m-%d") if paired_at else ""
    bye_mp = mp.get(view.bye, 0.0) if view.bye else 0.0
    return RoundData(round_no, date, tables, view.bye, bye_mp, view.bye_award, view.published)


def _level_sheets(desk: Desk, event: EventHeader, round_no: int) -> Builder:
    sheets = ScoresheetData(event, round_data(desk, round_no), entrant_data(desk), event_info(desk).rules)
    return lambda path: build_scoresheets(path, sheets)


def _duplicate_sheets(desk: Desk, event: EventHeader, round_no: int) -> Builder:
    rnd = round_data(desk, round_no)
    sheets = round_sheets(desk, round_no)
    boards = sheets[0].boards if sheets else board_set(desk, round_no)
    entries = {s.table: s.entries for s in sheets}
    data = DuplicateSheetData(event, rnd, entrant_data(desk), boards, event_info(desk).rules, entries)
    return lambda path: build_duplicate_scoresheets(path, data)


# The scoresheet of each scoring mode, and the cross-table of each format (one entry each).
SCORESHEETS: dict[str, Callable[[Desk, EventHeader, int], Builder]] = {
    "levels": _level_sheets,
    "duplicate": _duplicate_sheets,
}


def entrant_data(desk: Desk) -> dict[str, EntrantData]:
    """Every entrant as the reports show it, by name."""
    return {
        e.name: EntrantData(e.name, e.unit, e.players, e.draw_no, e.withdrawn_after_round)
        for e in list_entrants(desk)
    }


def _standings(desk: Desk, event: EventHeader, round_no: int | None) -> StandingsData:
    table = current_standings(desk, after_round=round_no)
    return StandingsData(
        event,
        table.after_round,
        tuple(table.rows),
        table.complete,
        entrant_data(desk),
        table.chain,
        table.columns,
    )


def _crosstable(desk: Desk, event: EventHeader, round_no: int | None) -> CrossTableData:
    table = current_standings(desk, after_round=round_no)
    last = round_no if round_no is not None else _last_paired(desk)
    cells: dict[str, dict[int, CrossCell]] = {r.entrant.name: {} for r in table.rows}
    for n in range(1, last + 1):
        view = round_view(desk, n)
        for t in view.tables:
            o = t.outcome
            if o is None:  # paired, no result yet
                cells[t.home][n] = CrossCell(t.away, True, None, None, t.kind)
                cells[t.away][n] = CrossCell(t.home, False, None, None, t.kind)
            else:
                cells[t.home][n] = CrossCell(t.away, True, o.home_mp, o.home_vp, t.kind)
                cells[t.away][n] = CrossCell(t.home, False, o.away_mp, o.away_vp, t.kind)
        if view.bye is not None:
            mp, vp = view.bye_award or (0.0, 0.0)
            cells[view.bye][n] = CrossCell(None, True, mp, vp, view.bye_state)
    return CrossTableData(event, table.after_round, last, tuple(table.rows), cells)


def _swiss_crosstable(desk: Desk, event: EventHeader, round_no: int | None) -> Builder:
    data = _crosstable(desk, event, round_no)
    return lambda path: build_crosstable(path, data)


def _meeting(t: TableView, home: bool, counted: bool) -> Meeting:
    state = t.kind if counted else ResultState.PENDING
    levels = None
    if counted and t.home_level is not None and t.away_level is not None:
        levels = (t.home_level, t.away_level) if home else (t.away_level, t.home_level)
    o = t.outcome if counted else None
    vp = None if o is None else (o.home_vp if home else o.away_vp)
    mp = None if o is None else (o.home_mp if home else o.away_mp)
    return Meeting(0, home, state, levels, vp, mp)


def roundrobin_grid(desk: Desk, event: EventHeader, round_no: int | None) -> RoundRobinGridData:
    """Every scheduled meeting (results up to the standings' round; later ones as still to play)."""
    table = current_standings(desk, after_round=round_no)
    schedule = schedule_view(desk) or []
    draw = {e.name: e.draw_no or 0 for e in list_entrants(desk)}
    meetings: dict[tuple[str, str], list[Meeting]] = defaultdict(list)
    rests: dict[str, list[int]] = defaultdict(list)
    seen: set[str] = set()
    for rnd in schedule:
        stored = {t.table: t for t in round_view(desk, rnd.round).tables} if rnd.paired else {}
        counted = rnd.paired and rnd.round <= table.after_round
        for number, home, away in rnd.tables:
            seen.update((home, away))
            t = stored.get(number)
            if t is None:  # not paired yet: the schedule's meeting, to be played
                pending = Meeting(rnd.round, True, ResultState.PENDING, None, None, None)
                meetings[(home, away)].append(pending)
                meetings[(away, home)].append(replace(pending, home=False))
                continue
            meetings[(home, away)].append(replace(_meeting(t, True, counted), round=rnd.round))
            meetings[(away, home)].append(replace(_meeting(t, False, counted), round=rnd.round))
        if rnd.rest:
            seen.add(rnd.rest)
            rests[rnd.rest].append(rnd.round)
    order = tuple(sorted(seen, key=lambda name: draw.get(name, 0)))
    return RoundRobinGridData(
        event, table.after_round, order, tuple(r for r in table.rows if r.entrant.name in seen),
        table.columns, {k: tuple(v) for k, v in meetings.items()}, {k: tuple(v) for k, v in rests.items()},
        event_info(desk).rules.win_draw_loss,
    )  # fmt: skip


def _roundrobin_crosstable(desk: Desk, event: EventHeader, round_no: int | None) -> Builder:
    data = roundrobin_grid(desk, event, round_no)
    return lambda path: build_roundrobin_grid(path, data)


# --- groups then knockout ---------------------------------------------------------------------------------


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


def _group_tables(desk: Desk, event: EventHeader, round_no: int | None) -> Builder:
    """The group tables (``round_no`` does not apply: a group's grid shows every result entered)."""
    data = group_stage_data(desk, event)
    return lambda path: build_group_tables(path, data)


def _group_of(desk: Desk) -> tuple[dict[str, str], dict[str, str]]:
    """Each entrant's group, and each qualifier's origin ("A1": group A, first place)."""
    view = group_stage(desk)
    groups: dict[str, str] = {}
    origins: dict[str, str] = {}
    chosen = set(view.qualifiers)
    for g in view.groups:
        for name in g.members:
            groups[name] = g.name
        for row in g.rows:
            if row.entrant.name in chosen:
                origins[row.entrant.name] = f"{g.name}{row.rank}"
    return groups, origins


def _placing_rows(
    desk: Desk, placing: list[tuple[str, str, str | None]], groups: dict[str, str]
) -> tuple[PlacingRow, ...]:
    entrants = entrant_data(desk)
    rows = []
    for text, name, group in placing:
        e = entrants.get(name)
        rows.append(
            PlacingRow(text, name, group or groups.get(name), e.unit if e else None, e.players if e else ())
        )
    return tuple(rows)


def _round_titles(count: int, names: list[Message]) -> tuple[tuple[str, str], ...]:
    return tuple((render(n, "zh"), render(n, "en")) for n in names[:count])


def _bracket_data(desk: Desk, event: EventHeader) -> BracketData:
    view = bracket_view(desk)
    if view is None:
        if is_group_event(desk):
            raise BadInput(
                "The knockout has not been drawn yet: the bracket is printed after the knockout draw."
            )
        raise BadInput("This event has no knockout stage, so there is no bracket to print.")
    groups, origins = _group_of(desk)
    rounds = tuple(
        tuple(
            BracketMatch(
                mt.knockout_round,
                mt.position,
                mt.home,
                mt.away,
                round=mt.round,
                table=mt.table,
                winner=mt.winner,
                decided=mt.decided,
                levels=mt.levels,
                on_stage=mt.on_stage,
                third_place=mt.third_place,
                state=mt.state,
            )
            for mt in rnd
        )
        for rnd in view.rounds
    )
    placing = _placing_rows(desk, view.placing, groups)
    return BracketData(
        event,
        view.size,
        rounds,
        _round_titles(len(rounds), view.round_names),
        placing,
        origins,
        _final_decided(placing),
    )


def _placing_data(desk: Desk, event: EventHeader, table: StandingsData) -> BracketData:
    """The placing after the standings' round (the knockout's ranking) in the bracket's data."""
    groups, origins = _group_of(desk)
    placing = _placing_rows(
        desk, [(r.placing or str(r.rank), r.entrant.name, r.group) for r in table.rows], groups
    )
    view = bracket_view(desk)
    size = view.size if view is not None else 0
    return BracketData(event, size, (), (), placing, origins, _final_decided(placing))


CROSSTABLES: dict[str, Callable[[Desk, EventHeader, int | None], Builder]] = {
    "swiss": _swiss_crosstable,
    "round-robin": _roundrobin_crosstable,
    "groups-knockout": _group_tables,
}


def _workbook_data(desk: Desk, round_no: int | None) -> WorkbookData:
    event = event_header(desk)
    entrants = entrant_data(desk)
    rounds = tuple(round_data(desk, n, mp_before=False) for n in range(1, _last_paired(desk) + 1))
    audit = tuple(
        AuditLine(a.at, a.station, a.action, a.round, a.table, a.entrant, a.old, a.new, a.reason)
        for a in audit_trail(desk)
    )
    if event_info(desk).board_scored:  # a Mitchell event: no round sheets of levels, its own sheets instead
        mitchell = MitchellWorkbookData(
            guide_cards_data(desk, event),
            travellers_data(desk, event),
            mitchell_results(desk, event, round_no),
        )
        return WorkbookData(event, tuple(entrants.values()), (), _standings(desk, event, round_no), audit,
                            mitchell=mitchell)  # fmt: skip
    groups = is_group_event(desk)
    grid = roundrobin_grid(desk, event, round_no) if event_info(desk).scheduled and not groups else None
    stage = group_stage_data(desk, event) if groups else None
    bracket = _bracket_data(desk, event) if groups and bracket_view(desk) is not None else None
    return WorkbookData(
        event,
        tuple(entrants.values()),
        rounds,
        _standings(desk, event, round_no),
        audit,
        grid,
        stage,
        bracket,
    )


# --- pairs duplicate, Mitchell movement (SPEC §7.5) ------------------------------------------------------


def _mitchell_pdf(desk: Desk, event: EventHeader, what: str, round_no: int | None) -> Builder:
    """A Mitchell event's reports: the guide cards are its pairing sheet, the travellers its scoresheets,
    the board recap its cross-table; standings, ranking and certificates go by direction. The guide cards
    and travellers cover the whole movement (``round_no`` applies to the results only)."""
    if what == "pairings":
        guides = guide_cards_data(desk, event)
        return lambda path: build_guide_cards(path, guides)
    if what == "scoresheets":
        travellers = travellers_data(desk, event)
        return lambda path: build_travellers(path, travellers)
    if what == BRACKET:
        raise BadInput("This event has no knockout stage, so there is no bracket to print.")
    results = mitchell_results(desk, event, round_no)
    if what == "crosstable":
        return lambda path: build_board_recap(path, results)
    if what in ("standings", "ranking"):
        final = what == "ranking"
        return lambda path: build_direction_rankings(path, results, final=final)
    if results.after_round == 0:
        raise BadInput("Certificates need at least one round with all its results in.")
    return lambda path: build_direction_certificates(path, results)


def guide_cards_data(desk: Desk, event: EventHeader) -> GuideCardsData:
    """Every table's guide card, with the pairs' names and numbers (the movement as seated by the draw)."""
    view = movement_view(desk)
    cards = tuple(
        GuideCardData(
            table,
            tuple(
                GuideCardRow(
                    g.round, g.ns, view.seats[g.ns][1], g.ew, view.seats[g.ew][1], g.ew_from,
                    tuple(g.boards), g.boards_from, g.ew_to, g.boards_to, g.shares_with,
                )
                for g in guide
            ),
        )
        for table, guide in sorted(view.guides.items())
    )  # fmt: skip
    return GuideCardsData(event, view.tables, view.rounds, view.boards_per_round, view.even, cards)


def travellers_data(desk: Desk, event: EventHeader) -> TravellersData:
    """One traveller per board: every table that plays it in round order, its result where entered; a table
    annulled by a withdrawal is marked as not played."""
    view = movement_view(desk)
    annulled = {
        (n, t.table)
        for n in range(1, _last_paired(desk) + 1)
        for t in round_view(desk, n).tables
        if t.kind == ResultState.ANNULLED
    }
    plays: dict[int, list[tuple[int, int, str, str]]] = defaultdict(list)
    for table, guide in view.guides.items():
        for g in guide:
            for board in g.boards:
                plays[board].append((g.round, table, g.ns, g.ew))
    travellers = []
    for board in range(1, view.tables * view.boards_per_round + 1):
        entered = {(v.round, v.table): v for v in traveller(desk, board)}
        lines = []
        for round_no, table, ns, ew in sorted(plays[board]):
            line = TravellerLine(
                round_no, table, ns, view.seats[ns][1], ew, view.seats[ew][1],
                not_played=(round_no, table) in annulled,
            )  # fmt: skip
            v = entered.get((round_no, table))
            if v is not None:
                line = replace(line, points=v.points, penalty_ns=v.penalty_ns, penalty_ew=v.penalty_ew,
                               ns_result=v.ns_result, ns_mp=v.ns_mp, ew_mp=v.ew_mp)  # fmt: skip
            lines.append(line)
        travellers.append(TravellerData(board, view.declarers[board], tuple(lines)))
    return TravellersData(event, view.tables, view.rounds, view.boards_per_round, tuple(travellers))


def _board_scores(desk: Desk, after_round: int) -> dict[str, dict[str, dict[int, float]]]:
    """Direction → pair name → board → match points, counting the results up to ``after_round`` (the same
    figures the standings add up)."""
    with desk.db.transaction() as session:
        fmt = stage_of_round(session, 1).format
        board_scores = getattr(fmt, "board_scores", None)
        if board_scores is None:  # not a board-scored format (the caller checked event_info)
            return {"NS": {}, "EW": {}}
        scores = board_scores(load(session), after_round=after_round)
        names = names_by_id(session)
    return {d: {names[e]: dict(b) for e, b in per.items()} for d, per in scores.items()}


def mitchell_results(desk: Desk, event: EventHeader, round_no: int | None) -> MitchellResultsData:
    """The two directions' rankings after the standings' round, with every pair's board-by-board scores."""
    table = current_standings(desk, after_round=round_no)
    view = movement_view(desk)
    scores = _board_scores(desk, table.after_round)
    directions = tuple(
        DirectionData(
            direction,
            tuple(r for r in table.rows if r.direction == direction),
            {name: pair for name, (d, pair) in view.seats.items() if d == direction},
            scores.get(direction, {}),
        )
        for direction in ("NS", "EW")
    )
    boards = view.tables * view.boards_per_round
    return MitchellResultsData(
        event, table.after_round, table.complete, boards, directions, entrant_data(desk), view.rounds
    )
