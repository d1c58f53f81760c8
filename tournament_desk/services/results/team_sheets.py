"""A team match's whole scoresheet at once (rules.md §5.8): all P pair games of a table in one action, typed (the
window's "Enter" of a complete match), imported from a sheet (``tdesk result --import``), or put back (undo).

A sheet is refused as a whole: a game missing, given twice, or not saying who won changes nothing. The
imported sheet has one row per pair game::

    round,table,game,home,away,declarer,absent
    1,1,1,9,7,,
    1,1,2,J,J,away,
    1,1,3,,,,home

``home``/``away`` are the levels reached (2–10, J, Q, K, A or 过A); ``declarer`` (home/away, 主/客) decides equal
levels; ``absent`` (home/away/both, 主/客/双方) names a pair that did not show, and then the levels stay empty.
Every table named must have all P of its games on the sheet; every row is written, or none.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from sqlalchemy import delete
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput, Message, TournamentError, msg
from tournament_desk.domain.levels import parse_level
from tournament_desk.domain.team_match import PairGame, team_score
from tournament_desk.services.backups import take_backup
from tournament_desk.services.desk import Desk, audit, rules_of
from tournament_desk.services.results.levels import parse_whole
from tournament_desk.services.results.table import (
    already_recorded,
    apply_state,
    check_unchanged,
    find_table,
    is_empty,
    match_state,
    nothing_to_correct,
    recorded_row,
    recorded_text,
    refuse_rows,
)
from tournament_desk.services.results.team_games import checked_game, settle
from tournament_desk.services.results.team_views import (
    TeamSheet,
    game_from_json,
    game_json,
    games_of,
    sheet_from,
)
from tournament_desk.services.sheets import TABLE_COLUMNS, read_sheet
from tournament_desk.storage import models as m

GAME_COLUMNS = {
    **TABLE_COLUMNS,
    "game": ("局", "场", "对局", "game", "board"),
    "home": ("主队", "home"),
    "away": ("客队", "away"),
    "declarer": ("庄家", "declarer"),
    "absent": ("缺席", "absent"),
}
_SIDES = {"home": "home", "主": "home", "主队": "home", "away": "away", "客": "away", "客队": "away"}
_ABSENT = {**_SIDES, "both": "both", "双方": "both", "both sides": "both"}


def full_state(session: Session, match: m.Match) -> dict[str, object]:
    """A table's games and result, as the audit trail keeps a whole sheet and undo puts it back."""
    return state_of(match, games_of(session, match.id))


def state_of(match: m.Match, games: Sequence[PairGame]) -> dict[str, object]:
    """``full_state`` from the games the caller holds (what it has just written or read): no read again."""
    return {**match_state(match), "pair_games": {str(g.game): game_json(g) for g in games}}


def games_state(desk: Desk, round_no: int, table_no: int) -> dict[str, object]:
    """``full_state`` of a table, in its own read (for undo)."""
    with desk.db.transaction() as session:
        return full_state(session, find_table(session, round_no, table_no, changing=False))


def _sheet_text(games: Sequence[PairGame], pairs: int) -> Message:
    if len(games) == pairs:
        score = team_score(games, pairs)
        return msg("pair games {home} : {away}", home=score.home_games, away=score.away_games)
    return msg("{count} of {pairs} pair games", count=len(games), pairs=pairs)


def write_sheet(
    session: Session,
    desk: Desk,
    match: m.Match,
    games: Sequence[PairGame],
    pairs: int,
    reason: str | None,
    correct: bool | None = None,
    expected: dict[str, object] | None = None,
) -> list[PairGame]:
    """Replace a table's games with all P of ``games`` in the caller's transaction, settle and audit ("games");
    the captains' phones showing the table read it again. Refused as a whole (nothing written) when a game is
    missing, repeated or does not say who won. Gives back the games the table now holds, by number."""
    checked = sorted((checked_game(g, pairs) for g in games), key=lambda g: g.game)
    team_score(checked, pairs)  # every game 1…P exactly once, each with a winner
    held = games_of(session, match.id)
    old = state_of(match, held)
    if expected is not None:
        check_unchanged(session, match, expected, old)
    if correct is not None:
        if held == checked and not match.note:
            return checked  # the same sheet again: nothing changes, nothing is audited
        if correct is False and held:
            raise already_recorded(session, match, _sheet_text(held, pairs))
        if correct is False and not is_empty(match):
            raise already_recorded(session, match, recorded_text(session, match))
        if correct and not held and is_empty(match):
            raise nothing_to_correct(match.round_no, match.table_no)
    _replace(session, match, checked)
    settle(session, match, pairs, checked)
    audit(session, desk, "games", round_no=match.round_no, table_no=match.table_no, old=old,
          new=state_of(match, checked), reason=reason)  # fmt: skip
    return checked


def _replace(session: Session, match: m.Match, games: Sequence[PairGame]) -> None:
    session.execute(delete(m.PairGame).where(m.PairGame.match_id == match.id))
    session.add_all(
        m.PairGame(
            match_id=match.id, game_no=g.game, home_level=g.home_level, away_level=g.away_level,
            declarer=g.declarer, absent=g.absent,
        )
        for g in games
    )  # fmt: skip
    session.flush()


def record_games(
    desk: Desk,
    round_no: int,
    table_no: int,
    games: Sequence[PairGame],
    *,
    reason: str | None = None,
    correct: bool | None = None,
    expected: dict[str, object] | None = None,
) -> TeamSheet:
    """Record all P pair games of a team match at once (audited once); ``correct`` as ``record_game``'s (a
    table holding other games refuses a first entry), ``expected`` a ``full_state`` the caller saw."""
    with desk.db.transaction(write=True) as session:
        pairs = rules_of(session).team_pairs
        match = find_table(session, round_no, table_no)
        stored = write_sheet(session, desk, match, games, pairs, reason, correct, expected)
        return sheet_from(session, match, pairs, stored)


def restore_games(
    desk: Desk,
    round_no: int,
    table_no: int,
    state: dict[str, object],
    *,
    reason: str | None = None,
    expected: dict[str, object] | None = None,
) -> TeamSheet:
    """Put a table's games and result back as ``full_state`` described them (undo, redo; audited "restore");
    ``expected``: the table as this station left it; changed since → ``ChangedElsewhere``."""
    with desk.db.transaction(write=True) as session:
        pairs = rules_of(session).team_pairs
        match = find_table(session, round_no, table_no)
        old = full_state(session, match)
        if expected is not None:
            check_unchanged(session, match, expected, old)
        stored = state.get("pair_games")
        assert isinstance(stored, dict)
        games = sorted((game_from_json(int(n), v) for n, v in stored.items()), key=lambda g: g.game)
        _replace(session, match, games)
        apply_state(match, state)
        session.flush()
        audit(session, desk, "restore", round_no=round_no, table_no=table_no, old=old,
              new=state_of(match, games), reason=reason)  # fmt: skip
        return sheet_from(session, match, pairs, games)


# --- the sheet of pair games ------------------------------------------------------------------------------
def _side(text: str, sides: dict[str, str]) -> str | None:
    text = text.strip()
    if not text:
        return None
    found = sides.get(text.lower())
    if found is None:
        raise BadInput("'{text}' is not home or away.", text=text)
    return found


def _row_game(cells: dict[str, str]) -> PairGame:
    absent = _side(cells.get("absent", ""), _ABSENT)
    if absent is not None:
        return PairGame(parse_whole(cells["game"], "board"), absent=absent)  # type: ignore[arg-type]
    return PairGame(
        parse_whole(cells["game"], "board"),
        parse_level(cells.get("home", "")),
        parse_level(cells.get("away", "")),
        _side(cells.get("declarer", ""), _SIDES),  # type: ignore[arg-type]
    )


def import_team_games(
    desk: Desk, sheet: Path, *, reason: str | None = None, correct: bool | None = None
) -> list[TeamSheet]:
    """Import pair games (one row per game, every game of each table named): every row or none; the tables
    written. ``correct`` as ``results.import_results``' (a table holding other games refuses the sheet)."""
    rows = read_sheet(sheet, GAME_COLUMNS, required=("round", "table", "game"))
    if not rows:
        raise BadInput("'{path}' has no results to import.", path=str(sheet))
    problems: list[Message] = []
    tables: dict[tuple[int, int], list[tuple[int, PairGame]]] = {}
    for row in rows:
        try:
            key = (parse_whole(row.cells["round"], "round"), parse_whole(row.cells["table"], "table"))
            tables.setdefault(key, []).append((row.number, _row_game(row.cells)))
        except TournamentError as exc:
            problems.append(msg("row {row}: {problem}", row=row.number, problem=exc.message))
    recorded = False
    with desk.db.transaction(write=True) as session:
        pairs = rules_of(session).team_pairs
        checked: list[tuple[m.Match, list[PairGame]]] = []
        for (round_no, table_no), found in tables.items():
            first = found[0][0]
            try:
                match = find_table(session, round_no, table_no)
                games = sorted((checked_game(g, pairs) for _, g in found), key=lambda g: g.game)
                team_score(games, pairs)
                held = games_of(session, match.id)
                if correct is not None and held == games:
                    continue  # the table holds this sheet already
                if correct is False and (held or not is_empty(match)):
                    recorded = True
                    text = recorded_text(session, match) if not held else _sheet_text(held, pairs)
                    problems.append(
                        msg("row {row}: {problem}", row=first, problem=recorded_row(session, match, text))
                    )
                    continue
                checked.append((match, games))
            except TournamentError as exc:
                problems.append(msg("row {row}: {problem}", row=first, problem=exc.message))
        refuse_rows(problems, recorded)
        if not checked:
            return []
        take_backup(desk, "before-import")
        written = [
            (match, write_sheet(session, desk, match, games, pairs, reason)) for match, games in checked
        ]
        return [sheet_from(session, mt, pairs, games) for mt, games in written]
