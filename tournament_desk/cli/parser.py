"""The ``tdesk`` command line as argparse sees it (rules.md §12)."""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable

from tournament_desk import __version__
from tournament_desk.cli import parser_arguments as arguments
from tournament_desk.cli.dispatch import Run, runs
from tournament_desk.cli.parser_results import add_result_parsers, positive
from tournament_desk.cli.parser_series import add_series_parsers
from tournament_desk.cli.serve import add_parser as add_serve_parser

DB_PLACEHOLDER = "\0db"


TYPE_CHECKING = False  # typing's, without importing typing: `tdesk --help` stays light
if TYPE_CHECKING:
    from typing import Any

    SubParsers = argparse._SubParsersAction[argparse.ArgumentParser]
else:
    SubParsers = argparse._SubParsersAction


# argparse asks gettext for its own few words (usage, the help option's line) three times for each of the 48
# parsers ``build_parser`` makes, and each ask searches the locale folders again: two thirds of building the parser
# (about 6 ms a command, by hand). The answers cannot change while a command runs, so each is looked up once.
argparse._ = functools.cache(argparse._)  # type: ignore[attr-defined]

CLI_WAIT_SECONDS = 30  # a script waits out another program's read; the window gives up sooner and says who


def _common_arguments(p: argparse.ArgumentParser, *, file_needed: bool = True) -> None:
    """What every command on a tournament takes: FILE, or --db URL; --station; --wait."""
    p.add_argument("file", metavar="FILE", nargs=None if file_needed else "?", help="the tournament file")
    p.add_argument(
        "--db",
        metavar="URL",
        help="a database server's URL instead of FILE, without the password "
        "(from ~/.pgpass or PGPASSFILE, the keyring, or asked): postgresql+psycopg://desk@host/cup",
    )
    p.add_argument("--station", metavar="NAME", help="this station's name in the audit trail")
    p.add_argument(
        "--wait", metavar="SECONDS", type=positive, default=CLI_WAIT_SECONDS,
        help=f"how long to wait for another program that holds the file (default {CLI_WAIT_SECONDS})",
    )  # fmt: skip


class LazyCommands(SubParsers):
    """The commands, each listed (its name and help) at once but given its arguments only when it runs or its
    help is asked for: ``tdesk --help`` builds no command's arguments and imports none of the domain's choices
    (``new``, ``rules``), and ``tdesk standings`` builds only its own (issue 29: ``--help`` ≤ 2× ``python -c
    pass``). Every help reads the same as when the whole parser is built at once (``build_parser()``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.later: dict[str, Callable[[argparse.ArgumentParser], None]] = {}

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:  # fmt: skip
        self.complete(values[0])
        super().__call__(parser, namespace, values, option_string)

    def complete(self, *names: str) -> None:
        """Add the options left for later: of the commands named, or of all."""
        for name in names or tuple(self.later):
            add = self.later.pop(name, None)
            if add is not None:
                add(self.choices[name])


def build_parser(complete: bool = True) -> argparse.ArgumentParser:
    """Every command and its arguments. ``complete=False`` (``tdesk`` itself) lists every command but gives a
    command its arguments only when it runs or its help is asked for (``LazyCommands``)."""
    parser = argparse.ArgumentParser(
        prog="tdesk", description="Tournament Desk: run a Shengji tournament headless."
    )
    parser.add_argument(
        "--version", action="version", version=f"tdesk (Tournament Desk · 赛事编排台) {__version__}"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", action=LazyCommands)
    assert isinstance(sub, LazyCommands)

    def command(
        name: str,
        help: str,
        run: Run | None = None,
        add: Callable[[argparse.ArgumentParser], None] | None = None,
        parent: LazyCommands = sub,
    ) -> argparse.ArgumentParser:
        """A command on a tournament: FILE, --db, --station and --wait, then what ``add`` adds. With ``run``
        (what it runs), those arguments are added only when it runs or its help is asked for; without, at once
        (``cli.serve`` adds its own arguments and says what runs)."""
        p: argparse.ArgumentParser = parent.add_parser(name, help=help, description=help)
        if run is None:
            _common_arguments(p)
            return p
        p.set_defaults(run=run)

        def arguments(p: argparse.ArgumentParser) -> None:
            _common_arguments(p)
            if add is not None:
                add(p)

        parent.later[name] = arguments
        return p

    command("new", "create a tournament file", runs("event", "new"), arguments.new_arguments)

    entrant = sub.add_parser("entrant", help="register, import, withdraw or list entrants")
    esub = entrant.add_subparsers(
        dest="entrant_command", required=True, metavar="ACTION", action=LazyCommands
    )
    assert isinstance(esub, LazyCommands)
    command(
        "add",
        "register an entrant",
        runs("entrants", "entrant_add"),
        arguments.entrant_add_arguments,
        parent=esub,
    )
    command(
        "import",
        "import a sign-up sheet (.xlsx or .csv): all rows or none",
        runs("entrants", "entrant_import"),
        arguments.entrant_import_arguments,
        parent=esub,
    )
    command(
        "withdraw",
        "withdraw an entrant",
        runs("entrants", "entrant_withdraw"),
        arguments.entrant_withdraw_arguments,
        parent=esub,
    )
    command(
        "reinstate",
        "take a withdrawal back (while no later round has results)",
        runs("entrants", "entrant_reinstate"),
        arguments.entrant_reinstate_arguments,
        parent=esub,
    )
    command(
        "list",
        "list the entrants",
        runs("entrants", "entrant_list"),
        arguments.entrant_list_arguments,
        parent=esub,
    )

    command(
        "draw",
        "make the round-1 draw, or (--stage knockout) the fresh knockout draw",
        runs("entrants", "draw"),
        arguments.draw_arguments,
    )

    command(
        "move",
        "copy the event to a database server (--to-db URL) or to a new file (--to FILE)",
        runs("event", "move"),
        arguments.move_arguments,
    )

    command(
        "declarers",
        "Mitchell: the fixed declarer seat (定庄) of boards, e.g. 1:N 2:E",
        runs("mitchell", "declarers"),
        arguments.declarers_arguments,
    )

    command(
        "lot",
        "record the lot (摸牌) among entrants tied on every criterion in a group",
        runs("groups", "lot"),
        arguments.lot_arguments,
    )

    command(
        "groups",
        "show the group tables (groups then knockout)",
        runs("groups", "groups"),
        arguments.groups_arguments,
    )

    command(
        "bracket",
        "show the knockout bracket and the placing (groups then knockout)",
        runs("groups", "bracket"),
        arguments.bracket_arguments,
    )

    command("demo", "create a ready-made demo event", runs("event", "demo"), arguments.demo_arguments)

    command("pair", "pair and publish the next round", runs("rounds", "pair"), arguments.pair_arguments)

    command(
        "round",
        "show the tables of a round, with where each result came from (desk or phones)",
        runs("rounds", "round"),
        arguments.round_arguments,
    )

    command(
        "disputes",
        "the tables whose two sides entered different results from their phones",
        runs("rounds", "disputes"),
        arguments.disputes_arguments,
    )

    add_result_parsers(command)

    command(
        "undo", "undo this station's last step (only if nobody changed the table since)", runs("undo", "undo")
    )
    command(
        "redo",
        "redo this station's last undone step (only if nobody changed the table since)",
        runs("undo", "redo"),
    )

    command("standings", "show the standings", runs("standings", "standings"), arguments.standings_arguments)

    command(
        "backups",
        "list the automatic backups of a tournament file",
        runs("event", "backups"),
        arguments.backups_arguments,
    )

    command(
        "restore",
        "put the tournament back as a backup has it (the current state is backed up first)",
        runs("event", "restore"),
        arguments.restore_arguments,
    )

    command(
        "rules",
        "read the rule set, or change it before round 1 is paired",
        runs("event", "rules"),
        arguments.rules_arguments,
    )

    command(
        "export",
        "print or export a report as PDF or Excel",
        runs("event", "export"),
        arguments.export_arguments,
    )

    command(
        "cards",
        "the entry cards (录分卡): list, reissue a lost one, release one from its phone",
        runs("cards", "cards"),
        arguments.cards_arguments,
    )
    command(
        "phones",
        "close or open phone entry for a round or some of its tables",
        runs("cards", "phones"),
        arguments.phones_arguments,
    )

    command(
        "audit",
        "show the audit trail: who changed what, when and why",
        runs("audit", "audit"),
        arguments.audit_arguments,
    )

    players = sub.add_parser("players", help=arguments.PLAYERS_HELP, description=arguments.PLAYERS_HELP)
    players.set_defaults(run=runs("players", "players"))

    def players_arguments(p: argparse.ArgumentParser) -> None:  # FILE, or only the registry on this computer
        _common_arguments(p, file_needed=False)
        arguments.players_arguments(p)

    sub.later["players"] = players_arguments

    add_serve_parser(command)
    ssub = add_series_parsers(sub, LazyCommands)
    if complete:
        sub.complete()
        esub.complete()
        ssub.complete()
    return parser


def with_db_placeholder(argv: list[str]) -> list[str]:
    """``--db URL`` replaces FILE: put a placeholder where FILE stands so the positionals line up.

    The option moves to the end because argparse fills optional positionals (``result``'s) in one go.
    """
    rest, db = [], []
    i = 0
    while i < len(argv):
        if argv[i] == "--db" and i + 1 < len(argv):
            db = ["--db", argv[i + 1]]
            i += 2
            continue
        if argv[i].startswith("--db="):
            db = [argv[i]]
        else:
            rest.append(argv[i])
        i += 1
    if not db or (rest and rest[0] == "series"):  # series add: --db names member events, not the file
        return argv
    words = 2 if rest and rest[0] == "entrant" else 1
    if "--" in rest:  # after it argparse reads no option: the option goes before FILE instead
        return [*rest[:words], *db, DB_PLACEHOLDER, *rest[words:]]
    return [*rest[:words], DB_PLACEHOLDER, *rest[words:], *db]
