"""Team matches of pairs (团体赛，每队 P 对, rules.md §5.8, seed 004 附件1): a team match is P pair games at once.

Board i of a team match puts the i-th pair of the home line-up against the i-th of the away line-up. A pair
game is won by the side that passed A (过A, level 15), else by the higher level, equal levels by the declarer
(庄家); a pair that does not show loses its game. The team that wins more pair games wins the match: 3 points,
the loser 1; a forfeited match 3 and 0. Teams are ranked by points, then the result between the tied teams,
then the game ratio (得失局率, games won ÷ games lost).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.levels import MIN_LEVEL, PASSED_ACE
from tournament_desk.domain.rules import DEFAULT_TEAM_PAIRS
from tournament_desk.domain.scoring import SIDES, Outcome, Side

Winner = Literal["home", "away"]
WINNERS: tuple[Winner, ...] = ("home", "away")

MIN_PAIRS, MAX_PAIRS, DEFAULT_PAIRS = 3, 9, DEFAULT_TEAM_PAIRS
WIN_POINTS, LOSS_POINTS, FORFEIT_POINTS = 3.0, 1.0, 3.0


def check_pairs(pairs: int) -> int:
    """The number of pairs a team sends: odd, 3 to 9, so a match of played games always has a winner."""
    if not (MIN_PAIRS <= pairs <= MAX_PAIRS and pairs % 2 == 1):
        raise BadInput("A team sends an odd number of pairs from 3 to 9, not {pairs}.", pairs=pairs)
    return pairs


@dataclass(frozen=True)
class PairGame:
    """One pair game of a team match, as the desk types it."""

    game: int  # the board of the team match, 1…P
    home_level: int | None = None  # 2…14, 15 = passed A (过A)
    away_level: int | None = None
    declarer: Winner | None = None  # the side declaring (庄家) when time was called: decides equal levels
    absent: Side | None = None  # the pair (or both) that did not show: it loses the game, no levels


def game_winner(game: PairGame) -> Winner | None:
    """Who won the pair game (None: neither pair showed). Refuses a game that does not say who won."""
    if game.declarer is not None and game.declarer not in WINNERS:
        raise BadInput(
            "Game {game}: the declarer is home or away, not {side}.", game=game.game, side=game.declarer
        )
    if game.absent is not None:
        if game.absent not in SIDES:
            raise BadInput(
                "Game {game}: the pair absent is home, away or both, not {side}.",
                game=game.game,
                side=game.absent,
            )
        if game.home_level is not None or game.away_level is not None:
            raise BadInput("Game {game}: a game a pair did not show for has no levels.", game=game.game)
        return None if game.absent == "both" else "away" if game.absent == "home" else "home"
    home, away = game.home_level, game.away_level
    if home is None or away is None:
        raise BadInput("Game {game} needs both levels (2–10, J, Q, K, A or 过A).", game=game.game)
    for level in (home, away):
        if not MIN_LEVEL <= level <= PASSED_ACE:
            raise BadInput("Game {game}: {level} is not a level.", game=game.game, level=level)
    if home == away == PASSED_ACE:
        raise BadInput("Game {game}: only one pair can pass A first.", game=game.game)
    if home != away:
        return "home" if home > away else "away"
    if game.declarer is None:
        raise BadInput(
            "Game {game}: the levels are equal, so say which pair declared (庄家): it wins.", game=game.game
        )
    return game.declarer


@dataclass(frozen=True)
class TeamScore:
    home_games: int
    away_games: int

    @property
    def winner(self) -> Winner | None:
        """The team that won more pair games; None only when games nobody won leave them equal."""
        if self.home_games == self.away_games:
            return None
        return "home" if self.home_games > self.away_games else "away"


def check_games(games: Sequence[PairGame], pairs: int) -> None:
    """Each game numbered 1…P at most once."""
    seen: set[int] = set()
    for g in games:
        if not 1 <= g.game <= pairs:
            raise BadInput(
                "A team match of {pairs} pairs has games 1 to {pairs}, not {game}.", pairs=pairs, game=g.game
            )
        if g.game in seen:
            raise BadInput("Game {game} is given twice.", game=g.game)
        seen.add(g.game)


def team_score(games: Sequence[PairGame], pairs: int) -> TeamScore:
    """The pair games each team won, once all P games are known (a game missing is refused)."""
    check_games(games, pairs)
    missing = sorted(set(range(1, pairs + 1)) - {g.game for g in games})
    if missing:
        raise BadInput(
            "The team match is not complete: game {games} has no result.",
            games=", ".join(str(n) for n in missing),
        )
    winners = [game_winner(g) for g in games]
    return TeamScore(winners.count("home"), winners.count("away"))


def decided(games: Sequence[PairGame], pairs: int) -> Winner | None:
    """The team already sure of the match while games are still being typed (3 of 5 won), else None.

    A team is sure once it has won more games than the other could still reach with every game left; with
    all P games in this is ``team_score``'s winner (a game neither pair showed for counts for nobody)."""
    check_games(games, pairs)
    won = [game_winner(g) for g in games]
    left = pairs - len(games)
    home, away = won.count("home"), won.count("away")
    if home > away + left:
        return "home"
    if away > home + left:
        return "away"
    return None


def team_outcome(score: TeamScore) -> Outcome:
    """Points of a played team match: the winner 3, the loser 1 (rules.md §5.8). Team matches have no VP.

    Equal games can only come from games neither pair showed for; docs/rules.md is silent, so both teams score
    as losers (1 : 1) — the program's choice, printed on the scoresheet."""
    winner = score.winner
    if winner == "home":
        return Outcome(WIN_POINTS, LOSS_POINTS, 0.0, 0.0)
    if winner == "away":
        return Outcome(LOSS_POINTS, WIN_POINTS, 0.0, 0.0)
    return Outcome(LOSS_POINTS, LOSS_POINTS, 0.0, 0.0)


def team_forfeit(side: Side) -> Outcome:
    """A forfeited team match: the forfeiting team 0, its opponent 3; both forfeit: 0 and 0 (rules.md §5.8)."""
    if side == "home":
        return Outcome(0.0, FORFEIT_POINTS, 0.0, 0.0)
    if side == "away":
        return Outcome(FORFEIT_POINTS, 0.0, 0.0, 0.0)
    return Outcome(0.0, 0.0, 0.0, 0.0)


def game_ratio(won: int, lost: int) -> float:
    """得失局率: pair games won ÷ lost; a team that lost none ranks first (infinite ratio)."""
    return float("inf") if lost == 0 and won > 0 else (won / lost if lost else 0.0)


def default_lineup(pairs: int) -> tuple[int, ...]:
    """The line-up when none is given: the pairs in registration order (rules.md §5.8)."""
    return tuple(range(1, check_pairs(pairs) + 1))


def check_lineup(order: Sequence[int], pairs: int) -> tuple[int, ...]:
    """A line-up: each of the team's pairs 1…P at one board. Refuses a pair twice or missing."""
    if sorted(order) != list(range(1, pairs + 1)):
        raise BadInput(
            "A line-up lists each of the team's pairs 1 to {pairs} once, not {order}.",
            pairs=pairs,
            order=",".join(str(n) for n in order),
        )
    return tuple(order)
