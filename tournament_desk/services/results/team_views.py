"""A team match as the desk, the phones and the documents read it (rules.md §5.8): its P boards with the pairs
that meet there, the games entered and the result as stored (``TeamSheet``), and the stored games themselves
(``games_of``, ``game_rows``; ``game_json`` as the audit trail, undo and a stale-read check keep one).

Writing them is ``team_games``' (one game) and ``team_sheets``' (a whole sheet); both give back the sheet from
the games they hold (``sheet_from``), without reading the table again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import Message
from tournament_desk.domain.levels import format_level, parse_level
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.scoring import Outcome
from tournament_desk.domain.team_match import PairGame, Winner, decided, game_winner
from tournament_desk.services.desk import Desk, rules_of
from tournament_desk.services.lineups import Lineup, lineups_in
from tournament_desk.services.results.table import find_table
from tournament_desk.storage import models as m


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
def stored_game(row: m.PairGame) -> PairGame:
    """A stored game row as the domain's game."""
    return PairGame(row.game_no, row.home_level, row.away_level, row.declarer, row.absent)  # type: ignore[arg-type]


def games_of(session: Session, match_id: int) -> list[PairGame]:
    """The pair games entered at a table, by game number."""
    rows = session.scalars(
        select(m.PairGame).where(m.PairGame.match_id == match_id).order_by(m.PairGame.game_no)
    )
    return [stored_game(r) for r in rows]


def game_rows(session: Session, match_id: int) -> dict[int, m.PairGame]:
    """A table's stored game rows by number, read once for a write that checks, changes and shows them."""
    rows = session.scalars(select(m.PairGame).where(m.PairGame.match_id == match_id))
    return {r.game_no: r for r in rows}


def games_in(rows: dict[int, m.PairGame]) -> list[PairGame]:
    """``game_rows`` as games, by game number (what a write holds in memory: no read again)."""
    return [stored_game(rows[n]) for n in sorted(rows)]


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


def sheet_from(
    session: Session,
    match: m.Match,
    pairs: int,
    entered: Sequence[PairGame],
    lineups: tuple[Lineup, Lineup] | None = None,
) -> TeamSheet:
    """A table's team sheet from its games as the caller holds them (``entered``) and its line-ups (read when
    not given)."""
    games = {g.game: g for g in entered}
    if lineups is None:
        (lineups,) = lineups_in(session, match.round_no, [(match.home_id, match.away_id)], pairs)
    home_line, away_line = lineups
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
        match.round_no, match.table_no, home_line.team, away_line.team, pairs, lines,
        won.count("home"), won.count("away"), decided(list(games.values()), pairs), ResultState(match.kind),
        match.side, outcome, (home_line, away_line),
    )  # fmt: skip


def sheet_of(session: Session, match: m.Match) -> TeamSheet:
    """A table's team sheet inside the caller's transaction."""
    return sheet_from(session, match, rules_of(session).team_pairs, games_of(session, match.id))


def team_sheet(desk: Desk, round_no: int, table_no: int) -> TeamSheet:
    """One team match as it stands: its boards, the pairs at each, the games entered and the result."""
    with desk.db.transaction() as session:
        return sheet_of(session, find_table(session, round_no, table_no, changing=False))


def round_team_sheets(desk: Desk, round_no: int) -> list[TeamSheet]:
    """Every team match of a round (for the entry page, the scoresheets and ``round --json``): the round's
    games and line-ups in three reads, not four per table."""
    with desk.db.transaction() as session:
        pairs = rules_of(session).team_pairs
        matches = session.scalars(
            select(m.Match).where(m.Match.round_no == round_no).order_by(m.Match.table_no)
        ).all()
        games: dict[int, list[PairGame]] = {mt.id: [] for mt in matches}
        rows = session.scalars(
            select(m.PairGame)
            .join(m.Match, m.Match.id == m.PairGame.match_id)
            .where(m.Match.round_no == round_no)
            .order_by(m.PairGame.match_id, m.PairGame.game_no)
        )
        for row in rows:
            games[row.match_id].append(stored_game(row))
        lineups = lineups_in(session, round_no, [(mt.home_id, mt.away_id) for mt in matches], pairs)
        return [
            sheet_from(session, mt, pairs, games[mt.id], ln) for mt, ln in zip(matches, lineups, strict=True)
        ]
