"""The arguments of ``tdesk``'s result commands (rules.md §12): ``result`` (levels, duplicate boards, Mitchell boards,
team-match pair games, imports), ``boards``, ``lineup``, ``forfeit``, ``ruling`` and ``deduct``."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from tournament_desk.cli.dispatch import runs

# ``command(name, help, run, add)``: a subcommand taking FILE, --db, --station and --wait, then what ``add``
# adds, only once it runs or its help is asked for (cli/parser.py).
Command = Callable[..., argparse.ArgumentParser]


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative")
    return value


def numbered(text: str) -> int:
    """A round, table or board number: past any event (and past what the database holds) it is a typo."""
    # Imported only once a number is read: `tdesk --help` loads nothing of the domain.
    from tournament_desk.domain.results import LARGEST

    value = positive(text)
    if value > LARGEST:
        raise argparse.ArgumentTypeError(f"{value} is too large")
    return value


def add_result_parsers(command: Command) -> None:
    """The result commands, each made by ``command`` (its arguments added when it runs)."""
    command(
        "result",
        "record the levels reached at a table, or import a results sheet",
        runs("results", "result"),
        _result_arguments,
    )
    command(
        "boards", "set or show the boards of a duplicate event", runs("boards", "boards"), _boards_arguments
    )
    command(
        "lineup",
        "set or show the line-ups of a team match of pairs",
        runs("team_match", "lineup"),
        _lineup_arguments,
    )
    command("forfeit", "record a forfeit at a table", runs("results", "forfeit"), _forfeit_arguments)
    command("ruling", "record a loss by ruling (判负)", runs("results", "ruling"), _ruling_arguments)
    command(
        "deduct",
        "deduct match points for a discipline violation",
        runs("results", "deduct"),
        _deduct_arguments,
    )


def _result_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("round", metavar="ROUND", nargs="?")
    p.add_argument("table", metavar="TABLE", nargs="?")
    p.add_argument("home", metavar="HOME_LEVEL", nargs="?")
    p.add_argument("away", metavar="AWAY_LEVEL", nargs="?")
    p.add_argument("--import", dest="import_file", metavar="RESULTS")
    p.add_argument("--reason", help="kept in the audit trail (needed with --correct)")
    p.add_argument(
        "--on-stage",
        choices=("home", "away"),
        help="knockout, equal levels: the side on stage (在台上) at the end",
    )
    p.add_argument(
        "--games",
        metavar="H:A",
        help="knockout played over several games (局): the games each side won, e.g. 2:1",
    )
    _board_options(p)
    _team_options(p)


def _forfeit_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("round", metavar="ROUND", type=numbered)
    p.add_argument("table", metavar="TABLE", type=numbered)
    p.add_argument("--side", choices=("home", "away", "both"))
    p.add_argument("--reason")
    p.add_argument("--late", action="store_true", help="a late scoresheet: the other side keeps its result")
    p.add_argument(
        "--late-arrival", action="store_true", help="arrived after the rule set's limit (its award applies)"
    )
    p.add_argument("--remove", action="store_true", help="take the table's forfeit or ruling back")


def _ruling_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("round", metavar="ROUND", type=numbered)
    p.add_argument("table", metavar="TABLE", type=numbered)
    p.add_argument("--side", choices=("home", "away"), help="the offending side")
    p.add_argument("--reason")
    p.add_argument("--remove", action="store_true", help="take the table's forfeit or ruling back")


def _deduct_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("round", metavar="ROUND", type=numbered)
    p.add_argument("name", metavar="NAME")
    p.add_argument("mp", metavar="MP")
    p.add_argument("--reason", required=True)


def _boards_arguments(p: argparse.ArgumentParser) -> None:
    """``tdesk boards``: a duplicate event's boards."""
    p.add_argument("boards", metavar="N:LEVEL:SEAT:TRUMP", nargs="*",
                   help="e.g. 1:9:S:S 2:10:E:NT (SEAT N/E/S/W = declarer; TRUMP S/H/D/C/NT or ♠♥♦♣/无主)")  # fmt: skip
    p.add_argument("--round", type=int, help="one round (default: every round not yet played)")
    p.add_argument("--table", type=int, help="with --round: show a table's boards as entered")
    p.add_argument("--reason")
    p.add_argument("--json", action="store_true")


def _board_options(p: argparse.ArgumentParser) -> None:
    """The duplicate (and Mitchell) options of ``tdesk result``."""
    p.add_argument("--board", metavar="N", help="duplicate events: the board")
    p.add_argument("--open", metavar="POINTS", help="the defenders' points in the open room")
    p.add_argument("--closed", metavar="POINTS", help="the defenders' points in the closed room")
    p.add_argument("--penalty", metavar="ROOM:SIDE:POINTS", action="append",
                   help="penalty points awarded to a side, e.g. open:NS:20 (repeatable); Mitchell: NS:10")  # fmt: skip
    p.add_argument(
        "--points", metavar="POINTS", help="Mitchell: the defenders' points of the board at the table"
    )
    p.add_argument(
        "--correct",
        action="store_true",
        help="replace a different result already recorded (with --reason TEXT); without it that is refused",
    )


def _lineup_arguments(p: argparse.ArgumentParser) -> None:
    """``tdesk lineup`` (rules.md §5.8)."""
    p.add_argument("round", metavar="ROUND", type=numbered)
    p.add_argument("table", metavar="TABLE", type=numbered)
    p.add_argument(
        "--home", metavar='"2,1,3,4,5"', help="the home team's pairs in board order (numbers or names)"
    )
    p.add_argument("--away", metavar='"1,2,3,4,5"', help="the away team's pairs in board order")
    p.add_argument("--reason")
    p.add_argument("--json", action="store_true")


def _team_options(p: argparse.ArgumentParser) -> None:
    """The team-match options of ``tdesk result`` (rules.md §5.8)."""
    p.add_argument(
        "--game",
        nargs="+",
        metavar="N [HOME AWAY]",
        help="team match of pairs: the pair game (1–P), then the levels its home and away pairs reached",
    )
    p.add_argument(
        "--declarer",
        choices=("home", "away"),
        help="team match, equal levels: the declaring pair (庄家) wins",
    )
    p.add_argument(
        "--absent",
        choices=("home", "away", "both"),
        help="team match: the pair that did not show loses its game",
    )
