"""The ``tdesk`` command line as argparse sees it (SPEC §12)."""

from __future__ import annotations

import argparse
from datetime import date
from operator import methodcaller
from typing import Any

from tournament_desk.cli.parser_results import add_result_parsers, numbered, positive
from tournament_desk.cli.serve import add_parser as add_serve_parser
from tournament_desk.domain.rule_options import LATE_AWARDS, MP_SCALES, RULING_AWARDS
from tournament_desk.domain.rules import (
    DEFAULT_PRESET,
    DUPLICATE_CONVERSIONS,
    LEVEL_TABLES,
    WITHDRAWAL_AWARDS,
)
from tournament_desk.reports import REPORTS
from tournament_desk.services.choices import ENTRANT_KINDS, FORMATS, SCORINGS

DEMO_SCORINGS = ("levels", "team-match")  # the modes services/demo.py plays (tdesk demo --scoring)

DB_PLACEHOLDER = "\0db"


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a date like 2026-11-22") from None


CLI_WAIT_SECONDS = 30  # a script waits out another program's read; the window gives up sooner and says who


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tdesk", description="Tournament Desk: run a Shengji tournament headless."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, help: str, parent: Any = sub) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = parent.add_parser(name, help=help, description=help)
        p.add_argument("file", metavar="FILE", help="the tournament file")
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
        return p

    p = command("new", "create a tournament file")
    p.add_argument("--name", required=True)
    p.add_argument("--format", choices=FORMATS, default="swiss")
    p.add_argument("--entrants", choices=ENTRANT_KINDS, help="default: pairs; teams for --scoring duplicate")
    p.add_argument("--scoring", choices=SCORINGS, default="levels")
    p.add_argument("--rules", choices=tuple(LEVEL_TABLES), default=DEFAULT_PRESET)
    p.add_argument("--rounds", type=positive)
    p.add_argument("--double", action="store_true", help="round robin: every pair meets twice, sides swapped")
    p.add_argument(
        "--group-size", type=positive, help="groups then knockout: entrants per group (3–6, default 4)"
    )
    p.add_argument(
        "--knockout-size",
        type=positive,
        help="groups then knockout: a power of two (default from the groups)",
    )
    p.add_argument(
        "--snake", action="store_true", help="groups: the draw order is a seeding, snaked over the groups"
    )
    p.add_argument("--third-place", action="store_true", help="knockout: a third-place match is played")
    p.add_argument(
        "--finalists",
        type=positive,
        help="knockout-round-robin: how many play the round-robin final (4 or 8, default 4)",
    )
    p.add_argument("--boards-per-round", type=positive, help="Mitchell: boards each table plays a round")
    p.add_argument(
        "--even", choices=("skip", "relay"), help="Mitchell, even tables: a skip (default) or a relay"
    )
    p.add_argument("--pairs", metavar="P", help="team-match: the pairs a team sends, odd, 3–9 (default 5)")
    p.add_argument("--venue")
    p.add_argument("--starts", type=_date, metavar="YYYY-MM-DD", help="the first day")
    p.add_argument("--ends", type=_date, metavar="YYYY-MM-DD", help="the last day")
    p.set_defaults(run=methodcaller("new"))

    entrant = sub.add_parser("entrant", help="register, import, withdraw or list entrants")
    esub = entrant.add_subparsers(dest="entrant_command", required=True, metavar="ACTION")
    p = command("add", "register an entrant", esub)
    p.add_argument("name", metavar="NAME")
    p.add_argument("--unit")
    p.add_argument("--players", default="", help='player names, e.g. "甲,乙"')
    p.set_defaults(run=methodcaller("entrant_add"))
    p = command("import", "import a sign-up sheet (.xlsx or .csv): all rows or none", esub)
    p.add_argument("sheet", metavar="SHEET")
    p.set_defaults(run=methodcaller("entrant_import"))
    p = command("withdraw", "withdraw an entrant", esub)
    p.add_argument("name", metavar="NAME")
    p.add_argument("--after-round", type=numbered)
    p.add_argument("--reason")
    p.set_defaults(run=methodcaller("entrant_withdraw"))
    p = command("reinstate", "take a withdrawal back (while no later round has results)", esub)
    p.add_argument("name", metavar="NAME")
    p.add_argument("--reason")
    p.set_defaults(run=methodcaller("entrant_reinstate"))
    p = command("list", "list the entrants", esub)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=methodcaller("entrant_list"))

    p = command("draw", "make the round-1 draw, or (--stage knockout) the fresh knockout draw")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--seed", type=int)
    group.add_argument("--order", help='"NAME1,NAME2,…"')
    p.add_argument("--stage", choices=("groups", "knockout"), default="groups")
    p.add_argument("--reason")
    p.set_defaults(run=methodcaller("draw"))

    p = command("move", "copy the event to a database server (--to-db URL) or to a new file (--to FILE)")
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument(
        "--to-db",
        metavar="URL",
        help="an empty database, e.g. postgresql+psycopg://desk@host/cup (the password as for --db)",
    )
    where.add_argument("--to", metavar="FILE", help="a new tournament file")
    p.set_defaults(run=methodcaller("move"))

    p = command("declarers", "Mitchell: the fixed declarer seat (定庄) of boards, e.g. 1:N 2:E")
    p.add_argument("declarers", metavar="BOARD:SEAT", nargs="+")
    p.add_argument("--reason")
    p.set_defaults(run=methodcaller("declarers"))

    p = command("lot", "record the lot (摸牌) among entrants tied on every criterion in a group")
    p.add_argument("--group", required=True, help="the group (A, B, …), or 'knockout' across groups")
    p.add_argument("--order", required=True, help='"X,Y[,…]": best first')
    p.add_argument("--reason")
    p.set_defaults(run=methodcaller("lot"))

    p = command("groups", "show the group tables (groups then knockout)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=methodcaller("groups"))

    p = command("bracket", "show the knockout bracket and the placing (groups then knockout)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=methodcaller("bracket"))

    p = command("demo", "create a ready-made demo event")
    p.add_argument("--entrants", type=positive, default=24)
    p.add_argument("--units", type=positive)
    p.add_argument("--played", type=positive, default=3)
    p.add_argument("--rounds", type=positive, help="rounds planned (default: the larger of --played and 7)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--scoring", choices=DEMO_SCORINGS, default="levels",
        help="team-match: teams of --pairs pairs (default 5) with named players, pair games played",
    )  # fmt: skip
    p.add_argument("--pairs", metavar="P", help="team-match: the pairs a team sends, odd, 3–9 (default 5)")
    p.set_defaults(run=methodcaller("demo"))

    p = command("pair", "pair and publish the next round")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=methodcaller("pair"))

    p = command("round", "show the tables of a round, with where each result came from (desk or phones)")
    p.add_argument("round", metavar="ROUND", type=numbered)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=methodcaller("round"))

    p = command("disputes", "the tables whose two sides entered different results from their phones")
    p.add_argument("--round", type=numbered, help="one round (default: every round)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=methodcaller("disputes"))

    add_result_parsers(command)

    p = command("undo", "undo this station's last step (only if nobody changed the table since)")
    p.set_defaults(run=methodcaller("undo"))
    p = command("redo", "redo this station's last undone step (only if nobody changed the table since)")
    p.set_defaults(run=methodcaller("redo"))

    p = command("standings", "show the standings")
    p.add_argument("--after-round", type=numbered)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=methodcaller("standings"))

    p = command("backups", "list the automatic backups of a tournament file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=methodcaller("backups"))

    p = command(
        "restore", "put the tournament back as a backup has it (the current state is backed up first)"
    )
    p.add_argument("backup", metavar="BACKUP", help="a backup file, as `tdesk backups` lists them")
    p.add_argument("--reason", help="kept in the audit trail")
    p.set_defaults(run=methodcaller("restore"))

    p = command("rules", "read the rule set, or change it before round 1 is paired")
    p.add_argument("--json", action="store_true")
    p.add_argument("--preset", choices=tuple(LEVEL_TABLES), help="the level table of a preset")
    p.add_argument("--level-table", metavar="FILE.json", help="an edited level table (bands, edges, signs)")
    p.add_argument("--ruling-award", choices=RULING_AWARDS)
    p.add_argument("--ruling-vp", metavar="VP", help="the fixed ruling award")
    p.add_argument("--forfeit", metavar="MP:VP", help="what a forfeit gives the opponent, e.g. 2.5:12")
    p.add_argument("--bye", metavar="MP:VP", help="what a bye gives, e.g. 2.5:12")
    p.add_argument("--late-award", choices=LATE_AWARDS, help="what a late arrival gives the opponent")
    p.add_argument("--late-minutes", type=positive, metavar="N", help="late by more than N minutes forfeits")
    p.add_argument("--mp-scale", choices=tuple(MP_SCALES))
    p.add_argument("--withdrawal-award", choices=WITHDRAWAL_AWARDS)
    p.add_argument("--withdrawal-vp", metavar="VP", help="the fixed withdrawal award")
    p.add_argument("--tiebreaks", metavar="mp,vp,opp_mp", help="the Swiss tiebreak order")
    p.add_argument("--board-conversion", choices=DUPLICATE_CONVERSIONS)
    p.add_argument("--points-table", metavar='"20:1,40:2,…"', help="the 级分换算表")
    p.add_argument("--pairs", metavar="P", help="team-match: the pairs a team sends, odd, 3–9")
    p.add_argument("--reason", help="kept in the audit trail")
    p.set_defaults(run=methodcaller("rules"))

    p = command("export", "print or export a report as PDF or Excel")
    p.add_argument(
        "report",
        metavar="REPORT",
        choices=(*REPORTS, "bracket", "all", "site", "cards"),
        help=" | ".join((*REPORTS, "bracket", "all"))
        + " | site: every public page as plain .html files into the folder -o FOLDER (after the event)"
        + " | cards: each entrant's entry card (录分卡) for the phones, with --url",
    )
    p.add_argument("--round", type=numbered)
    p.add_argument("-o", "--output", required=True, metavar="OUT.pdf|OUT.xlsx")
    p.add_argument("--top", type=positive, metavar="N", help="certificates: places 1 to N (default 8)")
    p.add_argument("--organiser", metavar="TEXT", help="certificates: the organiser line (主办单位)")
    p.add_argument(
        "--live-url",
        metavar="URL",
        help="scoresheets (guide cards for Mitchell) with each table's QR code, e.g. http://192.168.1.20:8765/",
    )
    p.add_argument("--url", metavar="URL", help="cards: the LAN server's address the cards' QR codes open")
    p.add_argument("--name", action="append", metavar="NAME", help="cards: only this entrant's (repeatable)")
    p.set_defaults(run=methodcaller("export"))

    p = command("cards", "the entry cards (录分卡): list, reissue a lost one, release one from its phone")
    p.add_argument(
        "--reissue", metavar="NAME", help="a new code for NAME's lost card; the old code stops at once"
    )
    p.add_argument("--release", metavar="NAME", help="NAME's card lets go of its phone (the code stays)")
    p.add_argument("--reason", help="kept in the audit trail")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=methodcaller("cards"))
    p = command("phones", "close or open phone entry for a round or some of its tables")
    p.add_argument("round", type=numbered, metavar="ROUND")
    p.add_argument("--close", action="store_true", help="no phone may enter or confirm (the desk still can)")
    p.add_argument("--open", action="store_true", help="phones may enter again")
    p.add_argument(
        "--table", type=numbered, action="append", metavar="T", help="only this table (repeatable)"
    )
    p.add_argument("--reason", help="kept in the audit trail")
    p.set_defaults(run=methodcaller("phones"))

    p = command("audit", "show the audit trail: who changed what, when and why")
    p.add_argument("--round", type=numbered)
    p.add_argument("--table", type=numbered)
    p.add_argument("--entrant")
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--verify", action="store_true", help="check the trail's hash chain; name the first broken link"
    )
    p.set_defaults(run=methodcaller("audit"))

    add_serve_parser(command)
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
    if not db:
        return argv
    words = 2 if rest and rest[0] == "entrant" else 1
    if "--" in rest:  # after it argparse reads no option: the option goes before FILE instead
        return [*rest[:words], *db, DB_PLACEHOLDER, *rest[words:]]
    return [*rest[:words], DB_PLACEHOLDER, *rest[words:], *db]
