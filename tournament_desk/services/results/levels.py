"""Entering what happened at a table: the levels both sides reached, typed or imported from a sheet; putting a
table back (undo) or clearing it. Forfeits, late scoresheets and rulings are in ``forfeits``, the stored state
of a table in ``table_results``, MP deductions in ``deductions``."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput, Message, TournamentError, msg
from tournament_desk.domain.formats.base import Format, ResultKey
from tournament_desk.domain.levels import parse_level
from tournament_desk.domain.results import LARGEST, ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import Outcome
from tournament_desk.services.backups import take_backup
from tournament_desk.services.desk import Desk, audit, audit_chained, rules_of
from tournament_desk.services.results.forfeits import refresh_rulings
from tournament_desk.services.results.table import (
    ResultView,
    already_recorded,
    apply_outcome,
    apply_state,
    check_unchanged,
    find_table,
    is_empty,
    match_state,
    nothing_to_correct,
    recorded_row,
    recorded_text,
    refuse_rows,
    result_view,
)
from tournament_desk.services.sheets import TABLE_COLUMNS, read_sheet
from tournament_desk.services.stages import mode_of, stage_of_round
from tournament_desk.storage import models as m

RESULT_COLUMNS = {
    **TABLE_COLUMNS,
    "home": ("主队", "南北", "home", "ns"),
    "away": ("客队", "东西", "away", "ew"),
}


def table_state(desk: Desk, round_no: int, table_no: int) -> dict[str, object]:
    """What a table holds now, in the form ``restore_table`` takes back (for undo)."""
    with desk.db.transaction() as session:
        return match_state(find_table(session, round_no, table_no, changing=False))


def restore_table(
    desk: Desk,
    round_no: int,
    table_no: int,
    state: dict[str, object],
    *,
    reason: str | None = None,
    expected: dict[str, object] | None = None,
) -> ResultView:
    """Put a table back as ``table_state`` described it (undo and redo write through here, audited).

    ``expected``: the table as this station left it; if anyone changed it since, nothing is restored
    (undo restores what I changed, only if nobody changed it since).
    """
    with desk.db.transaction(write=True) as session:
        match = find_table(session, round_no, table_no)
        old = match_state(match)
        if expected is not None:
            check_unchanged(session, match, expected, old)
        apply_state(match, state)
        audit(session, desk, "restore", round_no=round_no, table_no=table_no, old=old, new=match_state(match),
              reason=reason)  # fmt: skip
        refresh_rulings(session, desk, round_no)
        return result_view(session, match)


def record_levels(
    session: Session,
    desk: Desk,
    rules: RuleSet,
    round_no: int,
    table_no: int,
    home: int,
    away: int,
    reason: str | None,
    on_stage: str | None = None,
    expected: dict[str, object] | None = None,
    correct: bool | None = None,
    games: tuple[int, int] | None = None,
) -> m.Match:
    """Record a table's levels inside the caller's write transaction (audited; rulings refreshed) and return
    its match: ``record_result``'s work for the callers that already hold the transaction (an import, the
    phones' confirmed entries, the director deciding a disputed table). Arguments as ``record_result``'s."""
    refused = mode_of(session).levels_refused()  # duplicate boards, a team match: its own sentence
    if refused is not None:
        raise BadInput(refused.template, **refused.params)
    match = find_table(session, round_no, table_no)
    fmt = stage_of_round(session, round_no).format
    outcome = fmt.table_outcome(
        home, away, rules, on_stage=on_stage, games=games
    )  # refuses what it cannot use
    old = match_state(match)
    if expected is not None:
        check_unchanged(session, match, expected, old)
    key = fmt.result_key(home, away, on_stage, games)
    if correct is not None:
        if _holds(match, fmt, key):
            return match  # the same result again: nothing changes, nothing is audited
        if correct and is_empty(match):
            raise nothing_to_correct(round_no, table_no)
        if not correct and not is_empty(match):
            raise already_recorded(session, match, recorded_text(session, match))
    _write_levels(session, desk, match, (home, away), outcome, key, games, reason, chained=False)
    refresh_rulings(session, desk, round_no)
    return match


def _write_levels(
    session: Session,
    desk: Desk,
    match: m.Match,
    levels: tuple[int, int],
    outcome: Outcome,
    key: ResultKey,
    games: tuple[int, int] | None,
    reason: str | None,
    *,
    chained: bool,
) -> None:
    """Set the table's levels and outcome and audit it (``chained``: without a flush, for an import)."""
    old = match_state(match)
    match.home_level, match.away_level = levels
    apply_outcome(match, ResultState.PLAYED, None, outcome)
    match.on_stage = key[2]
    match.home_games, match.away_games = games if games is not None else (None, None)
    write = audit_chained if chained else audit
    write(session, desk, "result", round_no=match.round_no, table_no=match.table_no, old=old,
          new=match_state(match), reason=reason)  # fmt: skip


def record_result(
    desk: Desk,
    round_no: int,
    table_no: int,
    home_level: str | int,
    away_level: str | int,
    *,
    reason: str | None = None,
    on_stage: str | None = None,
    expected: dict[str, object] | None = None,
    correct: bool | None = None,
    games: tuple[int, int] | None = None,
) -> ResultView:
    """Record the levels both sides reached at a table (audited).

    Knockout matches of equal levels need ``on_stage`` ("home" or "away"): the side on stage at the end wins.
    ``expected``: the table as the caller last read it (``table_state``); changed since → ``ChangedElsewhere``.
    ``correct`` (``table_results``): None, a second entry replaces the first; False, a first entry (a table
    holding another result or decision refuses with ``AlreadyRecorded``); True, a correction (a table with no
    result refuses). Given either way, the same result again changes nothing and is not audited.
    """
    home, away = parse_level(home_level), parse_level(away_level)
    with desk.db.transaction(write=True) as session:
        match = record_levels(session, desk, rules_of(session), round_no, table_no, home, away, reason,
                               on_stage, expected, correct, games)  # fmt: skip
        return result_view(session, match)


def _holds(match: m.Match, fmt: Format, key: ResultKey) -> bool:
    """The table holds exactly this played result already (a knockout's deciding side and games too)."""
    if match.kind != ResultState.PLAYED or match.home_level is None or match.away_level is None:
        return False
    games = (match.home_games, match.away_games) if match.home_games is not None else None
    held = fmt.result_key(match.home_level, match.away_level, match.on_stage, games)  # type: ignore[arg-type]
    return held == key


def holds_result(
    desk: Desk,
    round_no: int,
    table_no: int,
    home_level: str | int,
    away_level: str | int,
    *,
    on_stage: str | None = None,
    games: tuple[int, int] | None = None,
) -> ResultView | None:
    """The table's result when it holds exactly these levels already (a scoresheet typed twice), else None:
    a face that journals each step for undo skips the write, so the same result again changes nothing."""
    home, away = parse_level(home_level), parse_level(away_level)
    with desk.db.transaction() as session:
        match = find_table(session, round_no, table_no, changing=False)
        fmt = stage_of_round(session, round_no).format
        try:
            fmt.table_outcome(home, away, rules_of(session), on_stage=on_stage, games=games)
        except BadInput:
            return None  # the write says what is missing (a knockout of equal levels: the side on stage)
        if not _holds(match, fmt, fmt.result_key(home, away, on_stage, games)):
            return None
        return result_view(session, match)


def parse_games(text: str) -> tuple[int, int]:
    """Games won (局) by home and away, typed "2:1"."""
    parts = text.replace("：", ":").split(":")
    try:
        home, away = (int(p.strip()) for p in parts)
    except ValueError:
        raise BadInput("Games won are typed HOME:AWAY, e.g. 2:1, not '{text}'.", text=text) from None
    if home < 0 or away < 0 or home + away > 99:
        raise BadInput("Games won are typed HOME:AWAY, e.g. 2:1, not '{text}'.", text=text)
    return home, away


def parse_whole(text: str, what: str) -> int:
    """A round, table or board number as typed."""
    try:
        value = int(text.strip())
    except ValueError:
        if what == "round":
            raise BadInput("'{text}' is not a round number.", text=text) from None
        if what == "board":
            raise BadInput("'{text}' is not a board number.", text=text) from None
        raise BadInput("'{text}' is not a table number.", text=text) from None
    if abs(value) > LARGEST:  # no event has it (and the database could not hold it)
        said = {"round": "There is no round {number}.", "board": "There is no board {number}."}
        raise BadInput(said.get(what, "There is no table {number}."), number=text.strip())
    return value


def import_results(
    desk: Desk, sheet: Path, *, reason: str | None = None, correct: bool | None = None
) -> list[ResultView]:
    """Import a results sheet (columns round, table, home, away levels): every row or none; the tables written.

    ``correct``: None, every row is written; False, a row whose table holds another result refuses the whole
    sheet (``AlreadyRecorded``, naming each such row); True, such rows replace what is there. Given either
    way, a row the table holds already changes nothing.

    Each row is written and audited as ``record_levels`` would, in one transaction; a round's tables, its stage
    and the entrants are read once (``_SheetTables``), and the audit entries are chained and flushed together.
    """
    rows = read_sheet(sheet, RESULT_COLUMNS, required=tuple(RESULT_COLUMNS))
    if not rows:
        raise BadInput("'{path}' has no results to import.", path=str(sheet))
    problems: list[Message] = []
    recorded = False
    seen: dict[tuple[int, int], int] = {}
    with desk.db.transaction(write=True) as session:
        rules = rules_of(session)
        tables = _SheetTables(session)
        checked: list[tuple[m.Match, Format, int, int]] = []
        for row in rows:  # every row checked before anything is written (or backed up)
            try:
                round_no = parse_whole(row.cells["round"], "round")
                table_no = parse_whole(row.cells["table"], "table")
                home, away = parse_level(row.cells["home"]), parse_level(row.cells["away"])
                if (round_no, table_no) in seen:
                    raise BadInput("it repeats row {first}", first=seen[(round_no, table_no)])
                seen[(round_no, table_no)] = row.number
                match = tables.find(round_no, table_no)
                if tables.refused is not None:
                    raise BadInput(tables.refused.template, **tables.refused.params)
                fmt = tables.format(round_no)
                if correct is not None and _holds(match, fmt, fmt.result_key(home, away)):
                    continue  # the table holds this row already
                if correct is False and not is_empty(match):
                    recorded = True
                    held = recorded_row(session, match, recorded_text(session, match))
                    problems.append(msg("row {row}: {problem}", row=row.number, problem=held))
                    continue
                checked.append((match, fmt, home, away))
            except TournamentError as exc:
                problems.append(msg("row {row}: {problem}", row=row.number, problem=exc.message))
        refuse_rows(problems, recorded)
        if not checked:
            return []
        take_backup(desk, "before-import")
        return _write_sheet(session, desk, rules, checked, reason)


def _write_sheet(
    session: Session,
    desk: Desk,
    rules: RuleSet,
    checked: list[tuple[m.Match, Format, int, int]],
    reason: str | None,
) -> list[ResultView]:
    """Write the checked rows in order, each audited as ``record_levels`` does. Later rulings are refreshed
    after each row as there; with none after the sheet's first round (the usual case) there is nothing to
    refresh, since writing a result never makes a ruling."""
    first = min(match.round_no for match, *_ in checked)
    later_rulings = session.scalar(
        select(m.Match.id).where(m.Match.kind == ResultState.RULING, m.Match.round_no > first).limit(1)
    )
    entrants = session.scalars(select(m.Entrant)).all()  # held here: result_view finds them without a query
    for match, fmt, home, away in checked:
        outcome = fmt.table_outcome(home, away, rules)  # refuses what it cannot use, as record_levels does
        key = fmt.result_key(home, away)
        _write_levels(session, desk, match, (home, away), outcome, key, None, reason, chained=True)
        if later_rulings is not None:
            refresh_rulings(session, desk, match.round_no)
    views = [result_view(session, match) for match, *_ in checked]
    del entrants
    return views


class _SheetTables:
    """The tables a sheet names, checked as ``find_table`` checks them but read a round at a time: the first row
    of a round goes through ``find_table`` (the round paired, published, still open), then its tables come from
    one query; any table not found goes through ``find_table`` again for its sentence."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.refused = mode_of(session).levels_refused()  # duplicate boards, a team match: its own sentence
        self._rounds: dict[int, dict[int, m.Match]] = {}
        self._formats: dict[int, Format] = {}

    def find(self, round_no: int, table_no: int) -> m.Match:
        known = self._rounds.get(round_no)
        if known is not None and table_no in known:
            return known[table_no]
        match = find_table(self.session, round_no, table_no)  # raises for a round or table not there
        if known is None:
            query = select(m.Match).where(m.Match.round_no == round_no)
            self._rounds[round_no] = {mt.table_no: mt for mt in self.session.scalars(query)}
        return match

    def format(self, round_no: int) -> Format:
        if round_no not in self._formats:
            self._formats[round_no] = stage_of_round(self.session, round_no).format
        return self._formats[round_no]


def clear_result(desk: Desk, round_no: int, table_no: int, *, reason: str | None = None) -> ResultView:
    """Take a table's result away altogether: levels, forfeit, ruling (a result typed for the wrong table).

    A table decided by a withdrawal is left alone (reinstate the entrant instead); boards of a duplicate
    table are cleared board by board on their own sheet.
    """
    with desk.db.transaction(write=True) as session:
        match = find_table(session, round_no, table_no)
        if not ResultState(match.kind).has_result and match.home_level is None and match.away_level is None:
            raise BadInput(
                "Table {table} of round {round} has no result to clear.", table=table_no, round=round_no
            )
        if match.note == "withdrawn":
            raise BadInput(
                "Table {table} of round {round} was decided by a withdrawal; reinstate the entrant to change it.",
                table=table_no,
                round=round_no,
            )
        refused = mode_of(session).clearing_refused()  # duplicate boards, pair games: one by one
        if refused is not None:
            raise BadInput(refused.template, **refused.params)
        old = match_state(match)
        apply_outcome(match, ResultState.PENDING, None, None)
        match.home_level = match.away_level = None
        match.note = None
        audit(session, desk, "clear", round_no=round_no, table_no=table_no, old=old, new=match_state(match),
              reason=reason)  # fmt: skip
        refresh_rulings(session, desk, round_no)
        return result_view(session, match)
