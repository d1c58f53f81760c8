"""How ``tdesk`` prints: aligned tables that count Chinese characters as two columns, and the JSON shapes."""

from __future__ import annotations

import argparse
import json
import math
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from tournament_desk.domain.errors import BadInput, Message
from tournament_desk.domain.levels import MIN_LEVEL, format_level
from tournament_desk.domain.results import figure
from tournament_desk.i18n import render, tr
from tournament_desk.services.results.table import AlreadyRecorded

if TYPE_CHECKING:  # types only: printing the standings must not load the phones' services (cli.dispatch)
    from tournament_desk.domain.team_match import PairGame
    from tournament_desk.services.live import LiveGame, LiveTableView, Side
    from tournament_desk.services.rounds import TableView
    from tournament_desk.services.standings import Standings


def number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else round(value, 2)


def text_width(text: str) -> int:
    """Terminal columns: a wide (CJK) character takes two."""
    if text.isascii():  # most cells, and a table of 2500 rows has 25000 of them
        return len(text)
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, width: int, right: bool = False) -> str:
    gap = " " * max(0, width - text_width(text))
    return gap + text if right else text + gap


def text_table(headers: Sequence[str], rows: Sequence[Sequence[object]], numeric: set[int]) -> str:
    cells = [[str(c) for c in headers], *[[("" if c is None else str(c)) for c in row] for row in rows]]
    widths = [max(text_width(r[i]) for r in cells) for i in range(len(headers))]
    return "\n".join(
        "  ".join(pad(c, widths[i], i in numeric) for i, c in enumerate(r)).rstrip() for r in cells
    )


def change_text(old: Any, new: Any) -> str:
    def short(value: Any) -> str:
        text = json.dumps(value, ensure_ascii=False)
        return text if len(text) <= 60 else text[:57] + "…"

    if old is None:
        return short(new)
    return f"{short(old)} → {short(new)}"


def table_figures(t: TableView) -> dict[str, Any]:
    """A table's levels and stored figures for ``round --json`` (nothing while it has no result)."""
    out: dict[str, Any] = {}
    if t.home_level is not None and t.away_level is not None:
        out.update(home_level=format_level(t.home_level), away_level=format_level(t.away_level))
    if t.outcome is not None:
        o = t.outcome
        out.update(home_mp=o.home_mp, away_mp=o.away_mp, home_vp=number(o.home_vp), away_vp=number(o.away_vp))
    if t.side is not None:
        out["side"] = t.side
    if t.note == "withdrawn":  # decided by a withdrawal (the side that withdrew: ``side``, where stored)
        out["withdrawal"] = True
    if t.games is not None:
        out["games"] = f"{t.games[0]}:{t.games[1]}"
    return out


def standings_json(result: Standings) -> dict[str, Any]:
    """rules.md §12's shape. A format ranked by other figures (round robin) adds them, its chain's columns and
    what separated each row; opponents' score has no meaning there and is null. Ranked by points (3/1/0, a team
    match's 3/1): ``"points"`` too; a team match: ``"games_won"``, ``"games_lost"``, ``"game_ratio"`` (null when the
    team lost no pair game: it ranks first on the ratio)."""
    swiss = result.columns[:3] == ("mp", "vp", "opp_mp")
    extra = () if swiss else tuple(k for k in result.columns if k not in ("mp", "vp", "points"))
    staged = result.stage is not None
    return {
        "after_round": result.after_round,
        **({} if swiss else {"format": result.format, "columns": list(result.columns)}),
        **({"stage": result.stage} if staged else {}),
        "rows": [
            {
                "rank": r.rank,
                "name": r.entrant.name,
                "unit": r.entrant.unit,
                "mp": float(r.mp),
                "vp": number(r.vp),
                "opp_mp": float(r.opp_mp) if swiss else None,
                "played": r.played,
                "deducted": float(r.deducted),
                "withdrawn": r.entrant.withdrawn,
                **({"xmp": r.xmp} if r.xmp is not None else {}),
                **({"points": float(r.mp)} if "points" in result.columns else {}),
                **{k: _finite(figure(r, k)) for k in extra if k != "xmp"},
                **({} if swiss else {"separated_by": r.separated_by}),
                **({"group": r.group, "qualified": r.qualified} if staged else {}),
                **({"lot_needed": True} if r.lot_needed else {}),
                **({"board_scores": list(r.board_scores)} if r.board_scores is not None else {}),
            }
            for r in result.rows
        ],
    }


def _finite(value: Any) -> Any:
    """A figure as JSON can hold it: a game ratio of a team that lost no game (infinite) is null."""
    return None if isinstance(value, float) and math.isinf(value) else value


# --- a result already recorded (rules.md §12): refused unless --correct --reason --------------------------------
def correction(args: argparse.Namespace) -> bool:
    """Whether this write is a correction (``--correct``), which needs ``--reason``: the audit trail keeps why
    a recorded result changed, for the player who asks at the end of the day."""
    if not getattr(args, "correct", False):
        return False
    if not (args.reason or "").strip():
        raise BadInput(
            'A correction needs a reason for the audit trail: give --reason TEXT too, e.g. --reason "scoresheet misread".'
        )
    return True


@contextmanager
def first_entry() -> Iterator[None]:
    """A first entry refused because the table holds another result: the sentence says how to replace it."""
    try:
        yield
    except AlreadyRecorded as refused:
        raise AlreadyRecorded(
            "{refusal} Give --correct --reason TEXT to replace what is recorded.", refusal=refused.message
        ) from None


# --- what the tables' phones entered (rules.md §12: round's "source", disputes) ----------------------------------
# The live page's words for where a table stands → the command line's.
SOURCES = {
    "open": None,
    "pending": "entered",
    "confirmed": "confirmed",
    "disputed": "disputed",
    "desk": "desk",
}


def source_of(table: TableView, phones: LiveTableView | None) -> str | None:
    """``desk`` | ``entered`` | ``confirmed`` | ``disputed``, or None: nothing recorded and no phone entered."""
    if phones is not None and phones.source != "open":
        return SOURCES[phones.source]
    if table.kind.has_result or table.home_level is not None or table.xmp is not None:
        return "desk"
    return None


def entry_text(table: LiveTableView, side: Side, *, disputed_only: bool = False) -> str | None:
    """What one side entered from its phone, in the user's language: ``Q : 9``, ``9 : 9, 甲 on stage``, the
    boards (``3: 85 +EW 10; 4 open room: 40``), or a team match's pair games not recorded yet (``game 2: J : J,
    丁队 declaring; game 4: the pair of 甲队 absent``); ``disputed_only``: the boards or games the sides differ
    on. None: nothing."""
    if table.games:
        return games_entry_text(table, side, disputed_only=disputed_only)
    if table.by_boards:
        lines = table.disputed_boards if disputed_only else table.boards
        parts = []
        for line in lines:
            board = line.home if side == "home" else line.away
            if board is None:
                continue
            label = (
                tr("{board} ({room} room)", board=line.board, room=tr(line.room))
                if line.room
                else str(line.board)
            )
            parts.append(f"{label}: {board.text()}")
        return tr("; ").join(parts) or None
    claim = table.home_claim if side == "home" else table.away_claim
    if claim is None:
        return None
    levels = f"{format_level(claim[0])} : {format_level(claim[1])}"
    on_stage = table.home_on_stage if side == "home" else table.away_on_stage
    if on_stage in ("home", "away"):
        who = table.home if on_stage == "home" else table.away
        return tr("{levels}, {side} on stage", levels=levels, side=who)
    return levels


def entries_json(table: LiveTableView, *, disputed_only: bool = False) -> dict[str, Any]:
    """Both sides' entries for ``round --json`` and ``disputes --json``: levels as ``Q : 9`` (with the side on
    stage each entered, in a knockout); a board table's boards as ``board_entries`` (``"boards"`` is rules.md §12's
    list of the board numbers a Mitchell table plays); a team match's pair games as ``game_entries``, with each
    side's entries in one line as ``home_entry`` / ``away_entry`` (``game 2: J:J away declaring``)."""
    out: dict[str, Any] = {}
    if table.games:
        return games_entries_json(table, disputed_only=disputed_only)
    if table.by_boards:
        lines = table.disputed_boards if disputed_only else table.boards
        out["board_entries"] = [
            {"board": b.board, **({"room": b.room} if b.room else {}),
             "home": b.home.text() if b.home else None, "away": b.away.text() if b.away else None,
             "recorded": b.recorded.text() if b.recorded else None}
            for b in lines
        ]  # fmt: skip
        return out
    for side, claim, stage in (("home", table.home_claim, table.home_on_stage),
                               ("away", table.away_claim, table.away_on_stage)):  # fmt: skip
        out[f"{side}_entry"] = f"{format_level(claim[0])} : {format_level(claim[1])}" if claim else None
        if table.entry == "levels-on-stage":
            out[f"{side}_on_stage"] = stage
    return out


# --- a team match of pairs (rules.md §5.8): what each team's card entered, game by game -------------------------
def game_result_text(table: LiveTableView, game: PairGame) -> str:
    """One pair game as a team entered it, in the user's language: ``9 : 7``, ``J : J, 丁队 declaring``,
    ``the pair of 甲队 absent``."""
    team = {"home": table.home, "away": table.away}
    if game.absent == "both":
        return tr("both pairs absent")
    if game.absent is not None:
        return tr("the pair of {team} absent", team=team[game.absent])
    levels = f"{format_level(game.home_level or MIN_LEVEL)} : {format_level(game.away_level or MIN_LEVEL)}"
    if game.declarer is not None:
        return tr("{levels}, {team} declaring", levels=levels, team=team[game.declarer])
    return levels


def waiting_games(table: LiveTableView, *, disputed_only: bool) -> tuple[LiveGame, ...]:
    """The games the sides differ on (``disputed_only``), else every game the desk does not hold yet."""
    if disputed_only:
        return table.disputed_games
    return tuple(g for g in table.games if g.recorded is None)


def games_entry_text(table: LiveTableView, side: Side, *, disputed_only: bool = False) -> str | None:
    """One team's entries of the pair games still waiting (or disputed), in the user's language."""
    parts = [
        tr("game {game}: {result}", game=line.game, result=game_result_text(table, game))
        for line in waiting_games(table, disputed_only=disputed_only)
        if (game := line.home if side == "home" else line.away) is not None
    ]
    return tr("; ").join(parts) or None


def pair_game_json(game: PairGame | None) -> dict[str, Any] | None:
    """A pair game as ``round --json`` gives the recorded ones (``pair_games``): levels, declarer, absent."""
    if game is None:
        return None
    return {
        "home_level": format_level(game.home_level) if game.home_level is not None else None,
        "away_level": format_level(game.away_level) if game.away_level is not None else None,
        "declarer": game.declarer,
        "absent": game.absent,
    }


def _pair_name(pair: Message | str) -> str:
    return pair if isinstance(pair, str) else render(pair)


def games_entries_json(table: LiveTableView, *, disputed_only: bool = False) -> dict[str, Any]:
    """A team match's entries: every game (``disputed_only``: the disputed ones) with the pairs there, each
    team's entry, what the desk holds and where the game stands (open | entered | confirmed | disputed | desk)."""
    from tournament_desk.services.live import claim_text

    lines = table.disputed_games if disputed_only else table.games
    return {
        "home_entry": claim_text(table, "home", disputed_only=disputed_only) or None,
        "away_entry": claim_text(table, "away", disputed_only=disputed_only) or None,
        "game_entries": [
            {"game": g.game, "home_pair": _pair_name(g.home_pair), "away_pair": _pair_name(g.away_pair),
             "home": pair_game_json(g.home), "away": pair_game_json(g.away),
             "recorded": pair_game_json(g.recorded), "state": g.state}
            for g in lines
        ],
    }  # fmt: skip
