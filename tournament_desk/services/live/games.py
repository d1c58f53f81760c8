"""How the tables' phones see a team match of pairs (rules.md §5.8): each of its P boards with the pairs of both
line-ups, the game as each team's card entered it and as the desk holds it, and where the match stands.

Read by ``tables.view_of`` (every view of a table) and written by ``team_games`` (the submissions); no writes
here.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.orm import Session

from tournament_desk.services.live.claims import LiveGame, LiveTableView, Source, decode_games
from tournament_desk.services.results.team_views import sheet_of
from tournament_desk.storage import models as m


def game_lines(session: Session, row: m.LiveTable, match: m.Match) -> tuple[LiveGame, ...]:
    """The match's boards in order: pairs, both teams' claims, the game the desk holds."""
    sheet = sheet_of(session, match)
    home = decode_games(row.home_claim, sheet.pairs)
    away = decode_games(row.away_claim, sheet.pairs)
    return tuple(
        LiveGame(
            line.game.game,
            line.home_pair,
            line.away_pair,
            home[i],
            away[i],
            line.game if line.entered else None,
        )
        for i, line in enumerate(sheet.lines)
    )


def claims_status(lines: Sequence[LiveGame]) -> str:
    """Where the two teams' claims stand, as ``live_table.status`` keeps it: ``disputed`` while a game they
    differ on is not decided at the desk, ``confirmed`` once every game is recorded as both entered it,
    ``pending`` when anything was entered, else ``open``."""
    states = [line.state for line in lines]
    if "disputed" in states:
        return "disputed"
    if states and all(s == "confirmed" for s in states):
        return "confirmed"
    return "pending" if any(line.home or line.away for line in lines) else "open"


def games_source(match: m.Match, lines: Sequence[LiveGame]) -> Source:
    """A team match: the desk's once the referee decided the match (a forfeit, a ruling, a late scoresheet)
    or every game is in and some of them not as both teams entered them."""
    if match.kind not in ("pending", "played"):
        return "desk"
    if lines and all(line.recorded is not None for line in lines):
        return "confirmed" if all(line.state == "confirmed" for line in lines) else "desk"
    status = claims_status(lines)
    if status == "open" and any(line.recorded is not None for line in lines):
        return "pending"  # games typed at the desk, the others still the teams' to enter
    return status  # type: ignore[return-value]


def games_view(session: Session, row: m.LiveTable, match: m.Match, home: str, away: str) -> LiveTableView:
    lines = game_lines(session, row, match)
    won = None  # the pair games each team won, once the match is settled
    if match.home_games is not None and match.away_games is not None:
        won = (match.home_games, match.away_games)
    return LiveTableView(
        row.round_no, row.table_no, row.token, home, away, games_source(match, lines), row.version,
        None, None, row.home_device is not None, row.away_device is not None, won, "team-games",
        locked=row.locked, games=lines,
    )  # fmt: skip
