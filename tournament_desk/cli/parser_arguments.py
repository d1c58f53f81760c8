"""The arguments of each ``tdesk`` command (rules.md §12), added to its parser only when it runs or its help is
asked for (``cli.parser``): the result commands' are in ``cli.parser_results``, ``serve`` and ``freeze``'s in
``cli.serve``. An option listing the domain's choices imports them here, inside its command's function, so that
``tdesk --help`` loads nothing of the domain."""

from __future__ import annotations

import argparse

from tournament_desk.cli.parser_results import numbered, positive
from tournament_desk.reports import REPORTS

TYPE_CHECKING = False  # typing's, without importing typing: `tdesk --help` stays light
if TYPE_CHECKING:
    from datetime import date


DEMO_SCORINGS = ("levels", "team-match")  # the modes services/demo.py plays (tdesk demo --scoring)


def _date(text: str) -> date:
    from datetime import date

    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a date like 2026-11-22") from None


def new_arguments(p: argparse.ArgumentParser) -> None:
    from tournament_desk.domain.rules import DEFAULT_PRESET, LEVEL_TABLES
    from tournament_desk.services.choices import ENTRANT_KINDS, FORMATS, SCORINGS

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


def rules_arguments(p: argparse.ArgumentParser) -> None:
    from tournament_desk.domain.rule_options import LATE_AWARDS, MP_SCALES, RULING_AWARDS
    from tournament_desk.domain.rules import DUPLICATE_CONVERSIONS, LEVEL_TABLES, WITHDRAWAL_AWARDS

    p.add_argument("--json", action="store_true")
    p.add_argument("--explain", action="store_true", help="what each rule means, its regulation, an example")
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


def entrant_add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", metavar="NAME")
    p.add_argument("--unit")
    p.add_argument("--players", default="", help='player names, e.g. "甲,乙"')


def entrant_import_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("sheet", metavar="SHEET")


def entrant_withdraw_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", metavar="NAME")
    p.add_argument("--after-round", type=numbered)
    p.add_argument("--reason")


def entrant_reinstate_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", metavar="NAME")
    p.add_argument("--reason")


def entrant_list_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true")


def draw_arguments(p: argparse.ArgumentParser) -> None:
    group = p.add_mutually_exclusive_group()
    group.add_argument("--seed", type=int)
    group.add_argument("--order", help='"NAME1,NAME2,…"')
    p.add_argument("--stage", choices=("groups", "knockout"), default="groups")
    p.add_argument("--reason")


def move_arguments(p: argparse.ArgumentParser) -> None:
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument(
        "--to-db",
        metavar="URL",
        help="an empty database, e.g. postgresql+psycopg://desk@host/cup (the password as for --db)",
    )
    where.add_argument("--to", metavar="FILE", help="a new tournament file")


def declarers_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("declarers", metavar="BOARD:SEAT", nargs="+")
    p.add_argument("--reason")


def lot_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--group", required=True, help="the group (A, B, …), or 'knockout' across groups")
    p.add_argument("--order", required=True, help='"X,Y[,…]": best first')
    p.add_argument("--reason")


def groups_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true")


def bracket_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true")


def demo_arguments(p: argparse.ArgumentParser) -> None:
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


def pair_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true")


def round_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("round", metavar="ROUND", type=numbered)
    p.add_argument("--json", action="store_true")


def disputes_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--round", type=numbered, help="one round (default: every round)")
    p.add_argument("--json", action="store_true")


def standings_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--after-round", type=numbered)
    p.add_argument("--json", action="store_true")


def backups_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true")


def restore_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("backup", metavar="BACKUP", help="a backup file, as `tdesk backups` lists them")
    p.add_argument("--reason", help="kept in the audit trail")


def export_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "report",
        metavar="REPORT",
        choices=(*REPORTS, "bracket", "all", "site", "cards", "results", "card"),
        help=" | ".join((*REPORTS, "bracket", "all"))
        + " | site: every public page as plain .html files into the folder -o FOLDER (after the event)"
        + " | cards: each entrant's entry card (录分卡) for the phones, with --url"
        + " | with --png: standings, ranking, pairings, results, bracket or card (--entrant NAME) as a picture",
    )
    p.add_argument(
        "--png",
        action="store_true",
        help="a phone-shaped picture to share (1080 px wide; a long list: OUT-1.png, OUT-2.png, …)",
    )
    p.add_argument("--entrant", metavar="NAME", help="card --png: whose card")
    p.add_argument("--round", type=numbered)
    p.add_argument("-o", "--output", required=True, metavar="OUT.pdf|OUT.xlsx|OUT.png")
    p.add_argument("--top", type=positive, metavar="N", help="certificates: places 1 to N (default 8)")
    p.add_argument("--organiser", metavar="TEXT", help="certificates: the organiser line (主办单位)")
    p.add_argument(
        "--live-url",
        metavar="URL",
        help="scoresheets (guide cards for Mitchell) with each table's QR code, e.g. http://192.168.1.20:8765/",
    )
    p.add_argument(
        "--url",
        metavar="URL",
        help="cards, --png: the LAN server's address the QR codes open (or, --png, a published page's)",
    )
    p.add_argument("--name", action="append", metavar="NAME", help="cards: only this entrant's (repeatable)")


def cards_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--reissue", metavar="NAME", help="a new code for NAME's lost card; the old code stops at once"
    )
    p.add_argument("--release", metavar="NAME", help="NAME's card lets go of its phone (the code stays)")
    p.add_argument("--reason", help="kept in the audit trail")
    p.add_argument("--json", action="store_true")


def phones_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("round", type=numbered, metavar="ROUND")
    p.add_argument("--close", action="store_true", help="no phone may enter or confirm (the desk still can)")
    p.add_argument("--open", action="store_true", help="phones may enter again")
    p.add_argument(
        "--table", type=numbered, action="append", metavar="T", help="only this table (repeatable)"
    )
    p.add_argument("--reason", help="kept in the audit trail")


def audit_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--round", type=numbered)
    p.add_argument("--table", type=numbered)
    p.add_argument("--entrant")
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--verify", action="store_true", help="check the trail's hash chain; name the first broken link"
    )


PLAYERS_HELP = "list an event's players, confirm merges with the registry of players, export or import it"


def players_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true")
    p.add_argument("--merge", nargs=2, type=numbered, metavar=("PLAYER", "REGISTRY"),
                   help="confirm that the event's player PLAYER is the registry's player REGISTRY")  # fmt: skip
    p.add_argument("--not-same", nargs=2, type=numbered, metavar=("PLAYER", "REGISTRY"),
                   help="say they are two people: the merge is not proposed again")  # fmt: skip
    p.add_argument("--ident", nargs=2, metavar=("PLAYER", "IDENT"),
                   help="a player's ident: a phone's last digits, a member number ('' clears it)")  # fmt: skip
    p.add_argument("--remember", action="store_true", help="put the event's players in the registry")
    p.add_argument("--reason", help="kept in the audit trail")
    p.add_argument("--registry", action="store_true", help="list the registry of players on this computer")
    p.add_argument("--registry-export", metavar="OUT", help="write the registry to OUT (.xlsx or .csv)")
    p.add_argument("--registry-import", metavar="IN", help="read players into the registry (.xlsx or .csv)")
