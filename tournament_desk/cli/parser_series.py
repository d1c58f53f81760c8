"""The arguments of ``tdesk series`` (rules.md §12, §13): a series file, not a tournament, so its commands take
SERIES and, where they read events, tournament files or ``--db URL`` (repeated) of the member events."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from tournament_desk.cli.dispatch import runs
from tournament_desk.cli.parser_results import numbered, positive

TYPE_CHECKING = False  # typing's, without importing typing: `tdesk --help` stays light
if TYPE_CHECKING:
    from typing import Any

Adder = Callable[[argparse.ArgumentParser], None]


def _series(p: argparse.ArgumentParser) -> None:
    p.add_argument("series", metavar="SERIES", help="the series file (.tdseries)")
    p.add_argument("--station", metavar="NAME", help="this station's name in the series' audit trail")


def _new(p: argparse.ArgumentParser) -> None:
    p.add_argument("--name", required=True)
    p.add_argument("--points", required=True, help='points of places 1, 2, 3 …, e.g. "10,7,5,3" (0 beyond)')
    p.add_argument("--best", type=numbered, help="count each one's best N events (default: all)")
    p.add_argument(
        "--min-events", type=positive, default=0, help="fewer events than this: listed, not ranked"
    )
    p.add_argument(
        "--per", choices=("entrant", "unit"), default="entrant", help="unit: a meet, the units' totals"
    )


def _add(p: argparse.ArgumentParser) -> None:
    p.add_argument("events", metavar="EVENT", nargs="*", help="tournament files whose final places score")
    p.add_argument(
        "--db", dest="urls", metavar="URL", action="append", default=[], help="an event on a database server"
    )
    p.add_argument("--reason", metavar="TEXT")


def _remove(p: argparse.ArgumentParser) -> None:
    p.add_argument("number", type=numbered, help="the event's number in the series (tdesk series standings)")
    p.add_argument("--reason", metavar="TEXT")


def _json(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true")


def _merge(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "spellings",
        metavar="SPELLING",
        nargs="+",
        help="NAME|UNIT (a unit's name with --per unit), the first kept; or one number of tdesk series merges",
    )
    p.add_argument("--reason", metavar="TEXT")


def _unmerge(p: argparse.ArgumentParser) -> None:
    p.add_argument("spelling", metavar="SPELLING", help="NAME|UNIT (a unit's name with --per unit)")
    p.add_argument("--reason", metavar="TEXT")


def _reason(p: argparse.ArgumentParser) -> None:
    p.add_argument("--reason", metavar="TEXT")


COMMANDS: tuple[tuple[str, str, str, Adder], ...] = (
    ("new", "create a series file: points by final place, best N, minimum events, per entrant or unit",
     "series_new", _new),
    ("add", "add member events (tournament files or --db URLs): read, never changed", "series_add", _add),
    ("remove", "take a member event out of the series", "series_remove", _remove),
    ("standings", "the series' standings, worked out from the events as they are now", "series_standings", _json),
    ("merges", "spellings that likely name one entrant (or unit), to confirm", "series_merges", _json),
    ("merge", "confirm that spellings name one entrant (or unit)", "series_merge", _merge),
    ("unmerge", "take back a confirmed merge", "series_unmerge", _unmerge),
    ("confirm", "accept the member events' changes since they were added", "series_confirm", _reason),
    ("audit", "the series' audit trail: who changed what, when", "series_audit", _json),
)  # fmt: skip


def add_series_parsers(sub: Any, lazy: type) -> Any:
    """``tdesk series ACTION SERIES …`` under ``sub``; each action's arguments added when it runs or its help is
    asked for (``lazy``: ``cli.parser.LazyCommands``). Returns the actions' sub-parsers, to complete."""
    series = sub.add_parser("series", help="a series or a sports meet scored over many events")
    ssub = series.add_subparsers(dest="series_command", required=True, metavar="ACTION", action=lazy)
    for name, text, method, add in COMMANDS:
        p = ssub.add_parser(name, help=text, description=text)
        p.set_defaults(run=runs("series", method))

        def arguments(p: argparse.ArgumentParser, add: Adder = add) -> None:
            _series(p)
            add(p)

        ssub.later[name] = arguments
    from tournament_desk.cli.parser_series_output import add_series_export  # export: its own module

    add_series_export(ssub, _series)
    return ssub
