"""``tdesk``: the headless face over the services (SPEC §12). Its commands and JSON shapes are a contract."""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any

from tournament_desk.cli_boards import BoardCommands, signed
from tournament_desk.cli_boards import add_parsers as add_board_parsers
from tournament_desk.domain.errors import BadInput, TournamentError
from tournament_desk.domain.levels import format_level
from tournament_desk.domain.rules import DEFAULT_PRESET, LEVEL_TABLES
from tournament_desk.i18n import render, tr
from tournament_desk.services import entrants as entrant_services
from tournament_desk.services import results as result_services
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.board_sets import board_sets
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import ENTRANT_KINDS, FORMATS, SCORINGS, create_tournament, event_info
from tournament_desk.services.export import REPORTS, export
from tournament_desk.services.rounds import RoundView, pair_next_round, round_view
from tournament_desk.services.standings import Standings, current_standings

DB_PLACEHOLDER = "\0db"


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else round(value, 2)


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int, right: bool = False) -> str:
    gap = " " * max(0, width - _width(text))
    return gap + text if right else text + gap


def _table(headers: Sequence[str], rows: Sequence[Sequence[object]], numeric: set[int]) -> str:
    cells = [[str(c) for c in headers], *[[("" if c is None else str(c)) for c in row] for row in rows]]
    widths = [max(_width(r[i]) for r in cells) for i in range(len(headers))]
    return "\n".join(
        "  ".join(_pad(c, widths[i], i in numeric) for i, c in enumerate(r)).rstrip() for r in cells
    )


class Cli(BoardCommands):
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args

    def out(self, text: str) -> None:
        sys.stdout.write(text + "\n")

    def table(self, headers: Sequence[str], rows: Sequence[Sequence[object]], numeric: set[int]) -> str:
        return _table(headers, rows, numeric)

    def open(self) -> Desk:
        if self.args.db:
            return Desk.open(url=self.args.db)
        return Desk.open(Path(self.args.file))

    def target(self) -> tuple[Path | None, str | None]:
        return (None, self.args.db) if self.args.db else (Path(self.args.file), None)

    # --- commands -------------------------------------------------------------------------------
    def new(self) -> None:
        a = self.args
        path, url = self.target()
        with create_tournament(
            path,
            url=url,
            name=a.name,
            format=a.format,
            entrants=a.entrants,
            scoring=a.scoring,
            rules=a.rules,
            rounds=a.rounds,
            venue=a.venue,
            starts_on=a.starts,
            ends_on=a.ends,
        ) as desk:
            self.out(tr("Created the tournament '{name}'.", name=a.name.strip()))
            if a.scoring == "duplicate":  # the director checks the default boards and edits them
                self.print_board_sets(board_sets(desk))

    def demo(self) -> None:
        a = self.args
        path, url = self.target()
        with create_demo(path, url=url, entrants=a.entrants, units=a.units, played=a.played, seed=a.seed):
            self.out(
                tr(
                    "Created a demo event: {entrants} entrants in {units} units, {played} rounds played.",
                    entrants=a.entrants,
                    units=a.units or max(1, a.entrants // 4),
                    played=a.played,
                )
            )

    def entrant_add(self) -> None:
        with self.open() as desk:
            info = entrant_services.add_entrant(
                desk, self.args.name, unit=self.args.unit, players=self.args.players
            )
            self.out(tr("Registered {name} (draw number {draw_no}).", name=info.name, draw_no=info.draw_no))

    def entrant_import(self) -> None:
        with self.open() as desk:
            added = entrant_services.import_entrants(desk, Path(self.args.sheet))
            self.out(tr("Imported {count} entrants.", count=len(added)))

    def entrant_withdraw(self) -> None:
        with self.open() as desk:
            info = entrant_services.withdraw(
                desk, self.args.name, after_round=self.args.after_round, reason=self.args.reason
            )
            self.out(
                tr("{name} withdraws after round {round}.", name=info.name, round=info.withdrawn_after_round)
            )

    def entrant_list(self) -> None:
        with self.open() as desk:
            rows = entrant_services.list_entrants(desk)
        if self.args.json:
            self.out(
                json.dumps(
                    [
                        {
                            "name": e.name,
                            "unit": e.unit,
                            "players": list(e.players),
                            "draw_no": e.draw_no,
                            "withdrawn_after_round": e.withdrawn_after_round,
                        }
                        for e in rows
                    ],
                    ensure_ascii=False,
                )
            )
            return
        headers = [tr("No."), tr("Name"), tr("Unit"), tr("Players"), tr("Status")]
        self.out(
            _table(
                headers,
                [
                    [
                        e.draw_no,
                        e.name,
                        e.unit or "",
                        "、".join(e.players),
                        tr("withdrawn after round {round}", round=e.withdrawn_after_round)
                        if e.withdrawn_after_round is not None
                        else "",
                    ]
                    for e in rows
                ],
                {0},
            )
        )

    def draw(self) -> None:
        with self.open() as desk:
            order = self.args.order.replace("，", ",").split(",") if self.args.order is not None else None
            drawn = entrant_services.draw(desk, seed=self.args.seed, order=order)
            self.out(_table([tr("No."), tr("Name")], [[i, e.name] for i, e in enumerate(drawn, 1)], {0}))

    def pair(self) -> None:
        with self.open() as desk:
            view = pair_next_round(desk)
        self.print_round(view)

    def round(self) -> None:
        with self.open() as desk:
            view = round_view(desk, self.args.round)
        self.print_round(view)

    def print_round(self, view: RoundView) -> None:
        if self.args.json:
            self.out(
                json.dumps(
                    {
                        "round": view.round,
                        "tables": [{"table": t.table, "home": t.home, "away": t.away} for t in view.tables],
                        "bye": view.bye,
                        "relaxed": [{"table": t.table, "rule": r} for t in view.tables for r in t.relaxed],
                    },
                    ensure_ascii=False,
                )
            )
            return
        rows = []
        for t in view.tables:
            result = ""
            if t.kind == "played" and t.home_level and t.away_level:
                result = f"{format_level(t.home_level)} : {format_level(t.away_level)}"
            elif t.kind == "played" and t.xmp is not None:
                result = f"{signed(t.xmp)} XMP"
            elif t.kind != "pending":
                result = tr(t.kind)
            note = ", ".join(tr("breaks the {rule} rule", rule=tr(r)) for r in t.relaxed)
            rows.append([t.table, t.home, t.away, result, note])
        self.out(tr("Round {round}", round=view.round))
        self.out(_table([tr("Table"), tr("Home / NS"), tr("Away / EW"), tr("Result"), ""], rows, {0}))
        if view.bye:
            self.out(tr("Bye: {name}", name=view.bye))

    def result(self) -> None:
        a = self.args
        if a.board is not None or a.open is not None or a.closed is not None or a.penalty:
            self.result_board()
            return
        with self.open() as desk:
            if a.import_file:
                if a.round is not None:
                    raise BadInput("Give either --import or ROUND TABLE HOME AWAY, not both.")
                if event_info(desk).scoring == "duplicate":
                    self.import_boards(Path(a.import_file))
                    return
                done = result_services.import_results(desk, Path(a.import_file), reason=a.reason)
                self.out(tr("Imported {count} results.", count=len(done)))
                return
            if None in (a.round, a.table, a.home, a.away):
                raise BadInput("Give ROUND TABLE HOME_LEVEL AWAY_LEVEL, or --import SHEET.")
            view = result_services.record_result(
                desk,
                result_services.parse_whole(a.round, "round"),
                result_services.parse_whole(a.table, "table"),
                a.home,
                a.away,
                reason=a.reason,
            )
            self.print_result(view)

    def print_result(self, view: result_services.ResultView) -> None:
        o = view.outcome
        self.out(
            tr(
                "Round {round} table {table}: {home} {home_vp} VP {home_mp} MP – {away} {away_vp} VP {away_mp} MP",
                round=view.round,
                table=view.table,
                home=view.home,
                away=view.away,
                home_vp=_number(o.home_vp),
                away_vp=_number(o.away_vp),
                home_mp=_number(o.home_mp),
                away_mp=_number(o.away_mp),
            )
        )

    def forfeit(self) -> None:
        a = self.args
        with self.open() as desk:
            self.print_result(
                result_services.forfeit(desk, a.round, a.table, a.side, reason=a.reason, late=a.late)
            )

    def ruling(self) -> None:
        a = self.args
        with self.open() as desk:
            self.print_result(result_services.rule_loss(desk, a.round, a.table, a.side, reason=a.reason))

    def deduct(self) -> None:
        a = self.args
        with self.open() as desk:
            done = result_services.deduct(desk, a.round, a.name, _float(a.mp), reason=a.reason)
            self.out(
                tr(
                    "Deducted {mp} MP from {name} in round {round}.",
                    mp=_number(done.mp),
                    name=done.name,
                    round=a.round,
                )
            )

    def standings(self) -> None:
        with self.open() as desk:
            result = current_standings(desk, self.args.after_round)
        if self.args.json:
            self.out(json.dumps(standings_json(result), ensure_ascii=False))
            return
        self.out(tr("Standings after round {round}", round=result.after_round))
        if not result.complete:
            self.out(tr("Some results of these rounds are still missing."))
        headers = [tr("Rank"), tr("Name"), tr("Unit"), tr("MP"), tr("VP"), tr("Opp. MP"), tr("Played")]
        rows: list[list[object]] = [
            [
                r.rank,
                r.entrant.name + (" " + tr("(withdrawn)") if r.entrant.withdrawn else ""),
                r.entrant.unit or "",
                f"{r.mp:g}",
                f"{r.vp:g}",
                f"{r.opp_mp:g}",
                r.played,
            ]
            for r in result.rows
        ]
        if any(r.xmp is not None for r in result.rows):  # duplicate events: the levels won on the boards
            headers.append(tr("XMP"))
            for row, r in zip(rows, result.rows, strict=True):
                row.append(signed(r.xmp))
        self.out(_table(headers, rows, {0, 3, 4, 5, 6, 7}))

    def export(self) -> None:
        a = self.args
        with self.open() as desk:
            written = export(desk, a.report, Path(a.output), round_no=a.round)
        self.out(tr("Wrote {files}.", files=", ".join(str(p) for p in written)))

    def audit(self) -> None:
        a = self.args
        with self.open() as desk:
            entries = audit_trail(desk, round_no=a.round, table_no=a.table, entrant=a.entrant)
        if a.json:
            self.out(
                json.dumps([{**vars(e), "at": e.at.isoformat(sep=" ")} for e in entries], ensure_ascii=False)
            )
            return
        headers = [tr("Time"), tr("Station"), tr("Action"), tr("Round"), tr("Table"), tr("Entrant"), tr("Change"),
                   tr("Reason")]  # fmt: skip
        rows = [
            [e.at.isoformat(sep=" "), e.station, tr(e.action), e.round, e.table, e.entrant,
             _change(e.old, e.new), e.reason or ""]
            for e in entries
        ]  # fmt: skip
        self.out(_table(headers, rows, {3, 4}))


def _change(old: Any, new: Any) -> str:
    def short(value: Any) -> str:
        text = json.dumps(value, ensure_ascii=False)
        return text if len(text) <= 60 else text[:57] + "…"

    if old is None:
        return short(new)
    return f"{short(old)} → {short(new)}"


def standings_json(result: Standings) -> dict[str, Any]:
    return {
        "after_round": result.after_round,
        "rows": [
            {
                "rank": r.rank,
                "name": r.entrant.name,
                "unit": r.entrant.unit,
                "mp": float(r.mp),
                "vp": _number(r.vp),
                "opp_mp": float(r.opp_mp),
                "played": r.played,
                "deducted": float(r.deducted),
                "withdrawn": r.entrant.withdrawn,
                **({"xmp": r.xmp} if r.xmp is not None else {}),
            }
            for r in result.rows
        ],
    }


def _float(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise BadInput("'{text}' is not a number.", text=text) from None


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a date like 2026-11-22") from None


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tdesk", description="Tournament Desk: run a Shengji tournament headless."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, help: str, parent: Any = sub) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = parent.add_parser(name, help=help, description=help)
        p.add_argument("file", metavar="FILE", help="the tournament file")
        p.add_argument("--db", metavar="URL", help="a SQLAlchemy database URL instead of FILE")
        return p

    p = command("new", "create a tournament file")
    p.add_argument("--name", required=True)
    p.add_argument("--format", choices=FORMATS, default="swiss")
    p.add_argument("--entrants", choices=ENTRANT_KINDS, help="default: pairs; teams for --scoring duplicate")
    p.add_argument("--scoring", choices=SCORINGS, default="levels")
    p.add_argument("--rules", choices=tuple(LEVEL_TABLES), default=DEFAULT_PRESET)
    p.add_argument("--rounds", type=_positive)
    p.add_argument("--venue")
    p.add_argument("--starts", type=_date, metavar="YYYY-MM-DD", help="the first day")
    p.add_argument("--ends", type=_date, metavar="YYYY-MM-DD", help="the last day")
    p.set_defaults(run=Cli.new)

    entrant = sub.add_parser("entrant", help="register, import, withdraw or list entrants")
    esub = entrant.add_subparsers(dest="entrant_command", required=True, metavar="ACTION")
    p = command("add", "register an entrant", esub)
    p.add_argument("name", metavar="NAME")
    p.add_argument("--unit")
    p.add_argument("--players", default="", help='player names, e.g. "甲,乙"')
    p.set_defaults(run=Cli.entrant_add)
    p = command("import", "import a sign-up sheet (.xlsx or .csv): all rows or none", esub)
    p.add_argument("sheet", metavar="SHEET")
    p.set_defaults(run=Cli.entrant_import)
    p = command("withdraw", "withdraw an entrant", esub)
    p.add_argument("name", metavar="NAME")
    p.add_argument("--after-round", type=_positive)
    p.add_argument("--reason")
    p.set_defaults(run=Cli.entrant_withdraw)
    p = command("list", "list the entrants", esub)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=Cli.entrant_list)

    p = command("draw", "make the round-1 draw")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--seed", type=int)
    group.add_argument("--order", help='"NAME1,NAME2,…"')
    p.set_defaults(run=Cli.draw)

    p = command("demo", "create a ready-made demo event")
    p.add_argument("--entrants", type=_positive, default=24)
    p.add_argument("--units", type=_positive)
    p.add_argument("--played", type=_positive, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(run=Cli.demo)

    p = command("pair", "pair and publish the next round")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=Cli.pair)

    p = command("round", "show the tables of a round")
    p.add_argument("round", metavar="ROUND", type=_positive)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=Cli.round)

    p = command("result", "record the levels reached at a table, or import a results sheet")
    p.add_argument("round", metavar="ROUND", nargs="?")
    p.add_argument("table", metavar="TABLE", nargs="?")
    p.add_argument("home", metavar="HOME_LEVEL", nargs="?")
    p.add_argument("away", metavar="AWAY_LEVEL", nargs="?")
    p.add_argument("--import", dest="import_file", metavar="RESULTS")
    p.add_argument("--reason")
    p.set_defaults(run=Cli.result)
    add_board_parsers(command, p)

    p = command("forfeit", "record a forfeit at a table")
    p.add_argument("round", metavar="ROUND", type=_positive)
    p.add_argument("table", metavar="TABLE", type=_positive)
    p.add_argument("--side", choices=("home", "away", "both"), required=True)
    p.add_argument("--reason")
    p.add_argument("--late", action="store_true", help="a late scoresheet: the other side keeps its result")
    p.set_defaults(run=Cli.forfeit)

    p = command("ruling", "record a loss by ruling (判负)")
    p.add_argument("round", metavar="ROUND", type=_positive)
    p.add_argument("table", metavar="TABLE", type=_positive)
    p.add_argument("--side", choices=("home", "away"), required=True, help="the offending side")
    p.add_argument("--reason")
    p.set_defaults(run=Cli.ruling)

    p = command("deduct", "deduct match points for a discipline violation")
    p.add_argument("round", metavar="ROUND", type=_positive)
    p.add_argument("name", metavar="NAME")
    p.add_argument("mp", metavar="MP")
    p.add_argument("--reason", required=True)
    p.set_defaults(run=Cli.deduct)

    p = command("standings", "show the standings")
    p.add_argument("--after-round", type=_positive)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=Cli.standings)

    p = command("export", "print or export a report as PDF or Excel")
    p.add_argument("report", metavar="REPORT", choices=(*REPORTS, "all"), help=" | ".join((*REPORTS, "all")))
    p.add_argument("--round", type=_positive)
    p.add_argument("-o", "--output", required=True, metavar="OUT.pdf|OUT.xlsx")
    p.set_defaults(run=Cli.export)

    p = command("audit", "show the audit trail: who changed what, when and why")
    p.add_argument("--round", type=_positive)
    p.add_argument("--table", type=_positive)
    p.add_argument("--entrant")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=Cli.audit)
    return parser


def _with_db_placeholder(argv: list[str]) -> list[str]:
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
    return [*rest[:words], DB_PLACEHOLDER, *rest[words:], *db]


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args, extra = parser.parse_known_args(_with_db_placeholder(args_list))
    if extra and args.command == "boards" and not any(e.startswith("-") for e in extra):
        # argparse fills BOARDS before it reads the options, so boards after --round arrive as extras.
        args.boards = [*args.boards, *extra]
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        args.run(Cli(args))
    except TournamentError as exc:
        sys.stderr.write(render(exc) + "\n")
        return exc.exit_code
    except KeyboardInterrupt:
        return 1
    except Exception as exc:  # the contract: one plain sentence, never a traceback
        sys.stderr.write(tr("Unexpected error: {error}", error=f"{type(exc).__name__}: {exc}") + "\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
