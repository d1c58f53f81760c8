"""Team matches of pairs (团体赛, SPEC §5.8): the pair games of a team match, typed one by one or as a whole sheet.

A team match of P pairs is P pair games played at once (the line-ups in ``services.lineups`` say which pairs
meet at which board). Each game is typed as the two levels reached (+ the declarer, 庄家, on equal levels) or as
a pair that did not show (``absent``: it loses the game). Until all P games are known the match is pending;
then the games each team won are stored on the match (``home_games``/``away_games``) with its points (a win 3,
a loss 1; no VP), so standings, reports and the audit trail read it like any other table. A game changed later
recomputes the match; a game cleared makes it pending again. A forfeit or loss by ruling of the whole match
(``forfeits``) stays what the referee decided whatever games are typed afterwards.

Writes follow the desk's habits (``boards``): one transaction per action, audited old → new ("game" for one
game, "games" for a whole sheet, "restore" for undo), a stale read refused (``expected``), a first entry on a
game or table that holds something else refused (``correct``, SPEC §12), the same entry again a no-op.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput, Message, msg
from tournament_desk.domain.levels import format_level, parse_level
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.scoring import Outcome, score_late_scoresheet
from tournament_desk.domain.team_match import (
    PairGame,
    Winner,
    check_games,
    decided,
    game_winner,
    team_score,
)
from tournament_desk.services.desk import Desk, audit, names_by_id, rules_of
from tournament_desk.services.lineups import Lineup, lineup_in
from tournament_desk.services.results.table import (
    already_recorded,
    check_unchanged,
    find_table,
    match_state,
    nothing_to_correct,
)
from tournament_desk.services.stages import mode_of
from tournament_desk.storage import models as m

# What a caller saw of a table's games: game number → ``game_json`` of it (None: nothing entered).
GamesSeen = dict[int, list[object] | None]


@dataclass(frozen=True)
class GameLine:
    """One board of a team match: the pairs that meet there, what was entered, who won (None: not entered,
    or neither pair showed)."""

    game: PairGame
    home_pair: Message | str
    away_pair: Message | str
    entered: bool
    winner: Winner | None


@dataclass(frozen=True)
class TeamSheet:
    """One team match: its P boards, the games each team has won so far, and the result as stored."""

    round: int
    table: int
    home: str
    away: str
    pairs: int
    lines: tuple[GameLine, ...]
    home_won: int  # pair games won so far
    away_won: int
    sure: Winner | None  # the team already sure of the match (3 of 5 won) while games are still missing
    kind: ResultState
    side: str | None  # a forfeit's, ruling's or late scoresheet's side
    outcome: Outcome | None  # as stored (None while pending)
    lineups: tuple[Lineup, Lineup]

    @property
    def missing(self) -> tuple[int, ...]:
        """The games still without a result."""
        return tuple(line.game.game for line in self.lines if not line.entered)


# --- reading ------------------------------------------------------------------------------------------------
def _game(row: m.PairGame) -> PairGame:
    return PairGame(row.game_no, row.home_level, row.away_level, row.declarer, row.absent)  # type: ignore[arg-type]


def games_of(session: Session, match_id: int) -> list[PairGame]:
    """The pair games entered at a table, by game number."""
    rows = session.scalars(
        select(m.PairGame).where(m.PairGame.match_id == match_id).order_by(m.PairGame.game_no)
    )
    return [_game(r) for r in rows]


def game_json(game: PairGame | None) -> list[object] | None:
    """A game as the audit trail, undo and a stale-read check keep it: [home, away, declarer, absent]."""
    if game is None:
        return None
    levels = [format_level(v) if v is not None else None for v in (game.home_level, game.away_level)]
    return [*levels, game.declarer, game.absent]


def game_from_json(number: int, value: Sequence[object]) -> PairGame:
    home, away, declarer, absent = value
    return PairGame(
        number,
        parse_level(home) if home is not None else None,
        parse_level(away) if away is not None else None,
        declarer,  # type: ignore[arg-type]
        absent,  # type: ignore[arg-type]
    )


def _sheet(session: Session, match: m.Match, pairs: int, names: dict[int, str]) -> TeamSheet:
    games = {g.game: g for g in games_of(session, match.id)}
    home_line, away_line = (
        lineup_in(session, match.round_no, match.home_id, pairs),
        lineup_in(session, match.round_no, match.away_id, pairs),
    )
    lines = tuple(
        GameLine(
            games.get(n, PairGame(n)),
            home_line.names[n - 1],
            away_line.names[n - 1],
            n in games,
            game_winner(games[n]) if n in games else None,
        )
        for n in range(1, pairs + 1)
    )
    won = [line.winner for line in lines]
    outcome = None
    if ResultState(match.kind).scores:
        outcome = Outcome(
            match.home_mp or 0.0, match.away_mp or 0.0, match.home_vp or 0.0, match.away_vp or 0.0
        )
    return TeamSheet(
        match.round_no, match.table_no, names[match.home_id], names[match.away_id], pairs, lines,
        won.count("home"), won.count("away"), decided(list(games.values()), pairs), ResultState(match.kind),
        match.side, outcome, (home_line, away_line),
    )  # fmt: skip


def sheet_of(session: Session, match: m.Match) -> TeamSheet:
    """A table's team sheet inside the caller's transaction."""
    return _sheet(session, match, rules_of(session).team_pairs, names_by_id(session))


def team_sheet(desk: Desk, round_no: int, table_no: int) -> TeamSheet:
    """One team match as it stands: its boards, the pairs at each, the games entered and the result."""
    with desk.db.transaction() as session:
        return sheet_of(session, find_table(session, round_no, table_no, changing=False))


def round_team_sheets(desk: Desk, round_no: int) -> list[TeamSheet]:
    """Every team match of a round (for the entry page, the scoresheets and ``round --json``)."""
    with desk.db.transaction() as session:
        pairs, names = rules_of(session).team_pairs, names_by_id(session)
        matches = session.scalars(
            select(m.Match).where(m.Match.round_no == round_no).order_by(m.Match.table_no)
        )
        return [_sheet(session, mt, pairs, names) for mt in matches]


# --- the match settled from its games -----------------------------------------------------------------------
def settle(session: Session, match: m.Match, pairs: int) -> None:
    """Work the match's result out from its games: stored once all P are in, pending until then.

    A late scoresheet stays late (the responsible team 0, the other what the games give, nothing while a game
    is missing). A forfeit or a loss by ruling stays what the referee decided: games typed afterwards are kept,
    but never turn the table back into a played match; the director takes the decision back first
    (``forfeits.clear_decision``)."""
    state = ResultState(match.kind)
    if state in (ResultState.FORFEIT, ResultState.RULING, ResultState.ANNULLED) or match.note == "withdrawn":
        return
    outcome = played_outcome(session, match, pairs)
    if outcome is None:  # a game missing: nothing played to score (a late scoresheet stays the referee's)
        match.home_games = match.away_games = None
        match.home_mp = match.away_mp = match.home_vp = match.away_vp = None
        if state == ResultState.PLAYED:
            match.kind, match.side = ResultState.PENDING.value, None
        return
    score = team_score(games_of(session, match.id), pairs)
    if state == ResultState.LATE and match.side in ("home", "away", "both"):
        outcome = score_late_scoresheet(match.side, outcome)  # type: ignore[arg-type]
    else:
        match.kind, match.side = ResultState.PLAYED.value, None
    match.home_games, match.away_games = score.home_games, score.away_games
    match.home_mp, match.away_mp = outcome.home_mp, outcome.away_mp
    match.home_vp, match.away_vp = outcome.home_vp, outcome.away_vp


def played_outcome(session: Session, match: m.Match, pairs: int) -> Outcome | None:
    """What the match scores as played, once all P games are in (None until then): the scoring mode's
    points for the games each team won (SPEC §5.8: 3 : 1)."""
    games = games_of(session, match.id)
    if len(games) < pairs:
        return None
    score = team_score(games, pairs)
    won = (score.home_games, score.away_games)
    return mode_of(session).played_outcome(None, None, None, rules_of(session), games=won)


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


def _row(session: Session, match_id: int, number: int) -> m.PairGame | None:
    return session.scalars(
        select(m.PairGame).where(m.PairGame.match_id == match_id, m.PairGame.game_no == number)
    ).first()


def check_games_unchanged(session: Session, match: m.Match, expected: GamesSeen | None) -> None:
    """Refuse a write based on a stale read (issue 18): ``expected`` names games as the caller saw them."""
    if expected is None:
        return
    seen: dict[str, object] = {str(n): value for n, value in expected.items()}
    now: dict[str, object] = {}
    for n in expected:
        row = _row(session, match.id, n)
        now[str(n)] = game_json(_game(row)) if row is not None else None
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
) -> None:
    """Write (``game`` None: clear) one game of a table in the caller's transaction, settle the match and
    audit old → new. ``correct`` as ``record_game``'s."""
    row = _row(session, match.id, number)
    held = _game(row) if row is not None else None
    if correct is not None and game is not None:
        if held == game:
            return  # the same game again: nothing changes, nothing is audited
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
        session.delete(row)
    else:
        assert game is not None
        if row is None:
            row = m.PairGame(match_id=match.id, game_no=number)
            session.add(row)
        row.home_level, row.away_level = game.home_level, game.away_level
        row.declarer, row.absent = game.declarer, game.absent
    session.flush()
    settle(session, match, pairs)
    new: dict[str, object] = {"board": number, **match_state(match), "game": game_json(game)}
    audit(session, desk, "game", round_no=match.round_no, table_no=match.table_no, old=old, new=new,
          reason=reason)  # fmt: skip


def typed_game(
    game: int,
    home_level: str | int | None = None,
    away_level: str | int | None = None,
    *,
    declarer: str | None = None,
    absent: str | None = None,
) -> PairGame:
    """A game as typed (levels as in SPEC §4, e.g. 9, Q, 过A); an absent pair leaves the levels out."""
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
        row = _row(session, match.id, game.game)
        if row is None or _game(row) != wanted:
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
        pairs = rules_of(session).team_pairs
        match = find_table(session, round_no, table_no)
        check_games_unchanged(session, match, expected)
        write_game(session, desk, match, checked_game(typed, pairs), game, pairs, reason, correct)
        return sheet_of(session, match)


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
        pairs = rules_of(session).team_pairs
        match = find_table(session, round_no, table_no)
        check_games([PairGame(game)], pairs)
        check_games_unchanged(session, match, expected)
        write_game(session, desk, match, None, game, pairs, reason)
        return sheet_of(session, match)
