"""Team matches of pairs (团体赛, rules.md §5.8): the pair games of a team match, typed one by one or as a whole sheet.

A team match of P pairs is P pair games played at once (the line-ups in ``services.lineups`` say which pairs
meet at which board). Each game is typed as the two levels reached (+ the declarer, 庄家, on equal levels) or as
a pair that did not show (``absent``: it loses the game). Until all P games are known the match is pending;
then the games each team won are stored on the match (``home_games``/``away_games``) with its points (a win 3,
a loss 1; no VP), so standings, reports and the audit trail read it like any other table. A game changed later
recomputes the match; a game cleared makes it pending again. A forfeit or loss by ruling of the whole match
(``forfeits``) stays what the referee decided whatever games are typed afterwards.

Writes follow the desk's habits (``boards``): one transaction per action, audited old → new ("game" for one
game, "games" for a whole sheet, "restore" for undo), a stale read refused (``expected``), a first entry on a
game or table that holds something else refused (``correct``, rules.md §12), the same entry again a no-op.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput, Message, msg
from tournament_desk.domain.levels import format_level, parse_level
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import Outcome, score_late_scoresheet
from tournament_desk.domain.team_match import PairGame, TeamScore, check_games, game_winner, team_score
from tournament_desk.services.desk import Desk, audit, names_by_id, rules_of
from tournament_desk.services.results.table import (
    already_recorded,
    check_unchanged,
    find_table,
    match_state,
    nothing_to_correct,
)
from tournament_desk.services.results.team_views import (
    TeamSheet,
    game_json,
    game_rows,
    games_in,
    games_of,
    sheet_from,
    sheet_of,
    stored_game,
)
from tournament_desk.services.stages import mode_of
from tournament_desk.storage import models as m

# What a caller saw of a table's games: game number → ``game_json`` of it (None: nothing entered).
GamesSeen = dict[int, list[object] | None]


# --- the match settled from its games -----------------------------------------------------------------------
def settle(
    session: Session,
    match: m.Match,
    pairs: int,
    games: Sequence[PairGame] | None = None,
    rules: RuleSet | None = None,
) -> None:
    """Work the match's result out from its games: stored once all P are in, pending until then.

    ``games``: the table's games as the caller holds them (else read); ``rules``: the event's (else read).
    A late scoresheet stays late (the responsible team 0, the other what the games give, nothing while a game
    is missing). A forfeit or a loss by ruling stays what the referee decided: games typed afterwards are kept,
    but never turn the table back into a played match; the director takes the decision back first
    (``forfeits.clear_decision``)."""
    state = ResultState(match.kind)
    if state in (ResultState.FORFEIT, ResultState.RULING, ResultState.ANNULLED) or match.note == "withdrawn":
        return
    if games is None:
        games = games_of(session, match.id)
    score = team_score(games, pairs) if len(games) >= pairs else None
    outcome = _points(session, score, rules) if score is not None else None
    if (
        score is None or outcome is None
    ):  # a game missing: nothing to score (a late scoresheet stays the referee's)
        match.home_games = match.away_games = None
        match.home_mp = match.away_mp = match.home_vp = match.away_vp = None
        if state == ResultState.PLAYED:
            match.kind, match.side = ResultState.PENDING.value, None
        return
    if state == ResultState.LATE and match.side in ("home", "away", "both"):
        outcome = score_late_scoresheet(match.side, outcome)  # type: ignore[arg-type]
    else:
        match.kind, match.side = ResultState.PLAYED.value, None
    match.home_games, match.away_games = score.home_games, score.away_games
    match.home_mp, match.away_mp = outcome.home_mp, outcome.away_mp
    match.home_vp, match.away_vp = outcome.home_vp, outcome.away_vp


def played_outcome(session: Session, match: m.Match, pairs: int) -> Outcome | None:
    """What the match scores as played, once all P games are in (None until then): the scoring mode's
    points for the games each team won (rules.md §5.8: 3 : 1)."""
    games = games_of(session, match.id)
    if len(games) < pairs:
        return None
    return _points(session, team_score(games, pairs), None)


def _points(session: Session, score: TeamScore, rules: RuleSet | None) -> Outcome | None:
    won = (score.home_games, score.away_games)
    return mode_of(session).played_outcome(None, None, None, rules or rules_of(session), games=won)


# --- one game -----------------------------------------------------------------------------------------------
def game_text(session: Session, match: m.Match, game: PairGame) -> Message | str:
    """A game as a refusal names it: ``9 : 7``, ``9 : 9, 甲队 declaring``, ``甲队's pair absent``."""
    names = names_by_id(session)
    team = {"home": names[match.home_id], "away": names[match.away_id]}
    if game.absent == "both":
        return msg("both pairs absent")
    if game.absent is not None:
        return msg("the pair of {team} absent", team=team[game.absent])
    levels = f"{format_level(game.home_level or 2)} : {format_level(game.away_level or 2)}"
    if game.home_level == game.away_level and game.declarer is not None:
        return msg("{levels}, {team} declaring", levels=levels, team=team[game.declarer])
    return levels


def checked_game(game: PairGame, pairs: int) -> PairGame:
    """A game as typed, refused unless it says who won: levels (+ the declarer when equal), or a pair absent;
    what does not matter is dropped (a declarer on unequal levels, levels beside an absent pair)."""
    check_games([game], pairs)
    if game.absent is not None:
        if game.absent not in ("home", "away", "both"):
            raise BadInput("The absent pair must be home, away or both, not '{side}'.", side=game.absent)
        return PairGame(game.game, absent=game.absent)
    if game.declarer is not None and game.declarer not in ("home", "away"):
        raise BadInput("The declarer must be home or away, not '{side}'.", side=game.declarer)
    game_winner(game)  # refuses a game that does not say who won
    declarer = game.declarer if game.home_level == game.away_level else None
    return PairGame(game.game, game.home_level, game.away_level, declarer)


def check_games_unchanged(
    session: Session, match: m.Match, expected: GamesSeen | None, rows: dict[int, m.PairGame] | None = None
) -> None:
    """Refuse a write based on a stale read (issue 18): ``expected`` names games as the caller saw them;
    ``rows``: the table's ``game_rows`` when the caller holds them."""
    if expected is None:
        return
    if rows is None:
        rows = game_rows(session, match.id)
    seen: dict[str, object] = {str(n): value for n, value in expected.items()}
    now: dict[str, object] = {}
    for n in expected:
        row = rows.get(n)
        now[str(n)] = game_json(stored_game(row)) if row is not None else None
    check_unchanged(session, match, seen, now)


def write_game(
    session: Session,
    desk: Desk,
    match: m.Match,
    game: PairGame | None,
    number: int,
    pairs: int,
    reason: str | None,
    correct: bool | None = None,
    *,
    rows: dict[int, m.PairGame] | None = None,
    rules: RuleSet | None = None,
) -> bool:
    """Write (``game`` None: clear) one game of a table in the caller's transaction, settle the match and
    audit old → new; False when nothing changed (the same game again). ``correct`` as ``record_game``'s.
    ``rows``: the table's ``game_rows`` when the caller holds them, kept up to date here (so the caller shows
    the table without reading it again); ``rules``: the event's, when the caller holds them."""
    if rows is None:
        rows = game_rows(session, match.id)
    row = rows.get(number)
    held = stored_game(row) if row is not None else None
    if correct is not None and game is not None:
        if held == game:
            return False  # the same game again: nothing changes, nothing is audited
        if correct is False and held is not None:
            raise already_recorded(session, match, game_text(session, match, held), board=number)
        if correct and held is None:
            raise nothing_to_correct(match.round_no, match.table_no, number)
    if game is None and row is None:
        raise BadInput(
            "Round {round} table {table} game {game} has no result to clear.",
            round=match.round_no,
            table=match.table_no,
            game=number,
        )
    old: dict[str, object] = {"board": number, **match_state(match), "game": game_json(held)}
    if row is not None and game is None:
        session.delete(rows.pop(number))
    else:
        assert game is not None
        if row is None:
            row = rows[number] = m.PairGame(match_id=match.id, game_no=number)
            session.add(row)
        row.home_level, row.away_level = game.home_level, game.away_level
        row.declarer, row.absent = game.declarer, game.absent
    settle(session, match, pairs, games_in(rows), rules)  # the audit's flush writes the game and the match
    new: dict[str, object] = {"board": number, **match_state(match), "game": game_json(game)}
    audit(session, desk, "game", round_no=match.round_no, table_no=match.table_no, old=old, new=new,
          reason=reason)  # fmt: skip
    return True


def typed_game(
    game: int,
    home_level: str | int | None = None,
    away_level: str | int | None = None,
    *,
    declarer: str | None = None,
    absent: str | None = None,
) -> PairGame:
    """A game as typed (levels as in rules.md §4, e.g. 9, Q, 过A); an absent pair leaves the levels out."""
    if absent is None and (home_level is None or away_level is None):
        raise BadInput("Game {game} needs both levels (2–10, J, Q, K, A or 过A).", game=game)
    return PairGame(
        game,
        parse_level(home_level) if home_level is not None and absent is None else None,
        parse_level(away_level) if away_level is not None and absent is None else None,
        declarer,  # type: ignore[arg-type]
        absent,  # type: ignore[arg-type]
    )


def holds_game(desk: Desk, round_no: int, table_no: int, game: PairGame) -> TeamSheet | None:
    """The table's sheet when the game holds exactly this result already (a scoresheet typed twice), else
    None: a face that journals each step for undo skips the write, so the same game again changes nothing."""
    with desk.db.transaction() as session:
        pairs = rules_of(session).team_pairs
        match = find_table(session, round_no, table_no, changing=False)
        try:
            wanted = checked_game(game, pairs)
        except BadInput:
            return None  # the write says what is wrong
        row = game_rows(session, match.id).get(game.game)
        if row is None or stored_game(row) != wanted:
            return None
        return sheet_of(session, match)


def record_game(
    desk: Desk,
    round_no: int,
    table_no: int,
    game: int,
    home_level: str | int | None = None,
    away_level: str | int | None = None,
    *,
    declarer: str | None = None,
    absent: str | None = None,
    reason: str | None = None,
    correct: bool | None = None,
    expected: GamesSeen | None = None,
) -> TeamSheet:
    """Record one pair game of a team match (audited): the two levels (``declarer``, home or away, decides
    equal levels), or ``absent`` (home, away or both: that pair did not show and loses the game).

    The match's result follows once all P games are known. ``correct``: None, a game entered again replaces
    the first; False, a first entry (a game holding another result refuses with ``AlreadyRecorded``); True, a
    correction (a game with no result refuses). Given either way, the same game again changes nothing.
    ``expected``: the games as the caller saw them (``game_json``); changed since → ``ChangedElsewhere``."""
    typed = typed_game(game, home_level, away_level, declarer=declarer, absent=absent)
    with desk.db.transaction(write=True) as session:
        rules = rules_of(session)
        pairs = rules.team_pairs
        match = find_table(session, round_no, table_no)
        rows = game_rows(session, match.id)  # read once: checked, written, shown
        check_games_unchanged(session, match, expected, rows)
        wanted = checked_game(typed, pairs)
        write_game(session, desk, match, wanted, game, pairs, reason, correct, rows=rows, rules=rules)
        return sheet_from(session, match, pairs, games_in(rows))


def clear_game(
    desk: Desk,
    round_no: int,
    table_no: int,
    game: int,
    *,
    reason: str | None = None,
    expected: GamesSeen | None = None,
) -> TeamSheet:
    """Take one game's result away (typed at the wrong board): the match is pending again (audited)."""
    with desk.db.transaction(write=True) as session:
        rules = rules_of(session)
        pairs = rules.team_pairs
        match = find_table(session, round_no, table_no)
        check_games([PairGame(game)], pairs)
        rows = game_rows(session, match.id)
        check_games_unchanged(session, match, expected, rows)
        write_game(session, desk, match, None, game, pairs, reason, rows=rows, rules=rules)
        return sheet_from(session, match, pairs, games_in(rows))
