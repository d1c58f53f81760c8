"""The Live dialog's queue of disputed tables: how a table's dispute reads in the queue, what the director types to
decide it and which service takes the decision — by what the table's phones enter (``LiveTableView.entry``), which
the services chose through the event's scoring mode and the stage's format (``services.modes``,
``services.formats``). No format or scoring mode is named here: a new kind of entry is one more ``DisputeKind``.

- levels (``Q:9``; a knockout's equal levels with the side on stage, ``9:9:home``): ``live.resolve``;
- one board (``3:65``; duplicate ``3c:65``, with a penalty ``3c:65 EW10``): ``live.decide_board``;
- one pair game of a team match (``2: 9 7``, ``2: J J 客``, ``4: 缺席 主``): ``live.decide_game``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from tournament_desk.domain.levels import MIN_LEVEL, format_level
from tournament_desk.domain.team_match import PairGame
from tournament_desk.services import live
from tournament_desk.services.desk import Desk
from tournament_desk.services.live import Entry, LiveTableView


def tr(text: str) -> str:
    return QCoreApplication.translate("LiveDisputes", text)


def decide_levels(desk: Desk, round_no: int, table_no: int, text: str) -> LiveTableView:
    """``Q:9`` (full-width ``：`` too); a knockout's equal levels name the side on stage: ``9:9:home``."""
    home, _, away = text.replace("：", ":").partition(":")
    return live.resolve(desk, round_no, table_no, home, away)


def claims_differ(table: LiveTableView) -> str:
    """Both sides' claims of a table of levels or boards: ``Q : 9  ≠  J : 9``, the disputed boards ``3: 85 +EW 10
    ≠  3: 90 +EW 10`` (``live.claim_text``)."""
    home, away = (live.claim_text(table, side, disputed_only=True) for side in ("home", "away"))
    return f"{home}  ≠  {away}"


def game_text(table: LiveTableView, game: PairGame | None) -> str:
    """One pair game as a team entered it: ``9 : 7``, ``J : J, 丁队 declaring``, ``the pair of 甲队 absent``."""
    if game is None:
        return tr("not entered")
    team = {"home": table.home, "away": table.away}
    if game.absent == "both":
        return tr("both pairs absent")
    if game.absent is not None:
        return tr("the pair of %1 absent").replace("%1", team[game.absent])
    levels = f"{format_level(game.home_level or MIN_LEVEL)} : {format_level(game.away_level or MIN_LEVEL)}"
    if game.declarer is not None:
        return tr("%1, %2 declaring").replace("%1", levels).replace("%2", team[game.declarer])
    return levels


def games_differ(table: LiveTableView) -> str:
    """Each disputed game with both teams' entries side by side: ``game 2: J : J, 丁队 declaring ≠ J : J, 甲队
    declaring; game 3: …``."""
    return tr("; ").join(
        tr("game %1: %2  ≠  %3")
        .replace("%1", str(g.game))
        .replace("%2", game_text(table, g.home))
        .replace("%3", game_text(table, g.away))
        for g in table.disputed_games
    )


@dataclass(frozen=True)
class DisputeKind:
    """How the desk decides one kind of table: the hint in the typing box, the service that takes the typed
    decision (``action(desk, round, table, text)``) and the queue's text of what the two sides differ on."""

    hint: Callable[[], str]
    action: Callable[[Desk, int, int, str], LiveTableView]
    differs: Callable[[LiveTableView], str]


LEVELS = DisputeKind(
    lambda: tr("The levels home : away, e.g. Q:9 (equal levels in a knockout: 9:9:home)"),
    decide_levels,
    claims_differ,
)
BOARDS = DisputeKind(
    lambda: tr("One board and its defenders' points, e.g. 3:65 (a penalty: 3:65 EW10)"),
    live.decide_board,
    claims_differ,
)
ROOM_BOARDS = DisputeKind(
    lambda: tr("One board, its room and the defenders' points, e.g. 3c:65 (closed room), 3o:40 (open room)"),
    live.decide_board,
    claims_differ,
)
GAMES = DisputeKind(
    lambda: tr("One pair game: 2: 9 7; equal levels with the declarer, 2: J J 客; a pair absent, 4: 缺席 主"),
    live.decide_game,
    games_differ,
)
DISPUTE_KINDS: dict[Entry, DisputeKind] = {
    "levels": LEVELS,
    "levels-on-stage": LEVELS,
    "boards": BOARDS,
    "room-boards": ROOM_BOARDS,
    "team-games": GAMES,
}


def dispute_kind(table: LiveTableView) -> DisputeKind:
    """How the desk decides ``table``; a kind of entry not listed here is decided by levels."""
    return DISPUTE_KINDS.get(table.entry, LEVELS)


def general_hint() -> str:
    """The typing box's hint while no table is chosen."""
    return tr("Choose a table, then type the decided result: levels Q:9, a board 3:65 or a pair game 2: 9 7")


def queue_text(table: LiveTableView) -> str:
    """One line of the queue: ``3/1  甲 – 乙:  Q : 9  ≠  J : 9``."""
    differs = dispute_kind(table).differs(table)
    return f"{table.round}/{table.table}  {table.home} – {table.away}:  {differs}"
