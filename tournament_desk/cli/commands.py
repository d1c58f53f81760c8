"""The ``tdesk`` commands: each opens the tournament, calls one service and prints what it did.

Imported only once the arguments are parsed; the demo and export commands import their services
(pairing, reportlab, openpyxl) inside the method, so that other commands do not pay for them.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from tournament_desk.cli.boards import BoardCommands, signed
from tournament_desk.cli.cards import CardCommands
from tournament_desk.cli.groups import GroupCommands
from tournament_desk.cli.mitchell import MitchellCommands
from tournament_desk.cli.output import (
    change_text,
    correction,
    entries_json,
    entry_text,
    first_entry,
    number,
    source_of,
    standings_json,
    table_figures,
    text_table,
)
from tournament_desk.cli.rules import read_level_table, rules_json, rules_text
from tournament_desk.cli.undo import UndoCommands
from tournament_desk.domain.errors import BadInput, TournamentError
from tournament_desk.domain.levels import format_level
from tournament_desk.domain.results import FIGURE_LABELS, ResultState, figure_text
from tournament_desk.domain.rule_options import apply_options
from tournament_desk.domain.scoring_modes import scoring_mode
from tournament_desk.i18n import render, tr
from tournament_desk.services import deductions as deduction_services
from tournament_desk.services import entrants as entrant_services
from tournament_desk.services import forfeits as forfeit_services
from tournament_desk.services import results as result_services
from tournament_desk.services import undo as undo_services
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.board_sets import board_sets
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament, event_info, update_rules
from tournament_desk.services.formats import format_services
from tournament_desk.services.live_claims import LiveTableView
from tournament_desk.services.rounds import RoundView, TableView, pair_next_round, round_view
from tournament_desk.services.standings import current_standings
from tournament_desk.services.table_results import ResultView


class Cli(BoardCommands, CardCommands, GroupCommands, MitchellCommands, UndoCommands):
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args

    def out(self, text: str) -> None:
        sys.stdout.write(text + "\n")

    def table(self, headers: Sequence[str], rows: Sequence[Sequence[object]], numeric: set[int]) -> str:
        return text_table(headers, rows, numeric)

    def open(self) -> Desk:
        station = getattr(self.args, "station", None)
        if self.args.db:
            return Desk.open(url=self.args.db, station=station)
        desk = Desk.open(Path(self.args.file), station=station, busy_seconds=getattr(self.args, "wait", None))
        if (note := desk.opening_note) is not None:
            sys.stderr.write(render(note) + "\n")
        return desk

    def target(self) -> tuple[Path | None, str | None]:
        return (None, self.args.db) if self.args.db else (Path(self.args.file), None)

    # --- commands -------------------------------------------------------------------------------
    def new(self) -> None:
        a = self.args
        path, url = self.target()
        with create_tournament(
            path,
            url=url,
            station=a.station,
            name=a.name,
            format=a.format,
            entrants=a.entrants,
            scoring=a.scoring,
            rules=a.rules,
            rounds=a.rounds,
            venue=a.venue,
            starts_on=a.starts,
            ends_on=a.ends,
            double=a.double,
            group_size=a.group_size,
            knockout_size=a.knockout_size,
            snake=a.snake,
            third_place=a.third_place,
            finalists=a.finalists,
            boards_per_round=a.boards_per_round,
            even=a.even,
        ) as desk:
            self.out(tr("Created the tournament '{name}'.", name=a.name.strip()))
            if scoring_mode(a.scoring).boards:  # the director checks the default boards and edits them
                self.print_board_sets(board_sets(desk))

    def demo(self) -> None:
        a = self.args
        path, url = self.target()
        from tournament_desk.services.demo import create_demo

        with create_demo(
            path, url=url, entrants=a.entrants, units=a.units, played=a.played, seed=a.seed, rounds=a.rounds
        ):
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

    def entrant_reinstate(self) -> None:
        with self.open() as desk:
            info = entrant_services.reinstate(desk, self.args.name, reason=self.args.reason)
        self.out(tr("{name} is back in the event.", name=info.name))

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
            text_table(
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
        if self.args.stage == "groups":
            self.draw_entrants()
        else:
            self.draw_knockout()

    def draw_entrants(self) -> None:
        with self.open() as desk:
            order = self.args.order.replace("，", ",").split(",") if self.args.order is not None else None
            drawn = entrant_services.draw(desk, seed=self.args.seed, order=order)
            self.out(text_table([tr("No."), tr("Name")], [[i, e.name] for i, e in enumerate(drawn, 1)], {0}))

    def pair(self) -> None:
        with self.open() as desk:
            view = pair_next_round(desk)
        self.print_round(view)

    def round(self) -> None:
        from tournament_desk.services.live import live_tables

        with self.open() as desk:
            view = round_view(desk, self.args.round)
            phones = {t.table: t for t in live_tables(desk, self.args.round)}
        self.print_round(view, figures=True, phones=phones)

    def print_round(
        self, view: RoundView, *, figures: bool = False, phones: dict[int, LiveTableView] | None = None
    ) -> None:
        phones = phones or {}
        if self.args.json:
            tables = [
                {"table": t.table, **({"group": t.group} if t.group else {}), "home": t.home, "away": t.away,
                 **({"boards": list(t.boards)} if t.boards else {})}
                for t in view.tables
            ]  # fmt: skip
            if view.knockout:
                for row, t in zip(tables, view.tables, strict=True):
                    row["winner"] = {"home": t.home, "away": t.away}.get(t.winner or "")
                    if t.on_stage:
                        row["on_stage"] = t.on_stage
            if figures:  # ``round``: each table's state and stored result, and where it came from
                tables = [
                    {
                        **row,
                        "state": t.kind.value,
                        **table_figures(t),
                        **self.source_json(t, phones.get(t.table)),
                    }
                    for row, t in zip(tables, view.tables, strict=True)
                ]
            shown: dict[str, object] = {"round": view.round}
            if view.stage_label is not None:
                shown["stage"] = view.stage_label
            elif figures:
                shown["stage"] = view.stage
            shown.update(tables=tables, bye=view.bye)
            if view.bye is not None and view.bye_state != ResultState.BYE:
                shown["bye_state"] = view.bye_state.value  # a round robin's rest: no score
            shown["relaxed"] = [{"table": t.table, "rule": r} for t in view.tables for r in t.relaxed]
            if view.repeat_bye:
                shown["repeat_bye"] = True
            if view.stranded:
                shown["no_legal_partner"] = list(view.stranded)
            if view.rests:
                shown["rests"] = list(view.rests)
            if view.notes:
                shown["notes"] = [render(n) for n in view.notes]
            self.out(json.dumps(shown, ensure_ascii=False))
            return
        rows = []
        for t in view.tables:
            result = ""
            if t.kind == ResultState.PLAYED and t.home_level and t.away_level:
                result = f"{format_level(t.home_level)} : {format_level(t.away_level)}"
            elif t.kind == ResultState.PLAYED and t.xmp is not None:
                result = f"{signed(t.xmp)} XMP"
            elif t.kind.has_result:
                result = tr(t.kind.value)
            note = ", ".join(tr("breaks the {rule} rule", rule=tr(r)) for r in t.relaxed)
            if t.note == "withdrawn":
                note = tr("decided by a withdrawal")
            if t.winner:
                note = tr("{name} goes on", name=t.home if t.winner == "home" else t.away)
                if t.on_stage:
                    note += " (" + tr("on stage") + ")"
            if t.group:
                note = (tr("Group {group}", group=t.group) + " " + note).strip()
            if not figures:
                rows.append([t.table, t.home, t.away, result, note])
                continue
            source = source_of(t, phones.get(t.table))
            note = tr("; ").join(filter(None, [note, self.entered_note(phones.get(t.table), source)]))
            rows.append([t.table, t.home, t.away, result, tr(source) if source else "", note])
        self.out(tr("Round {round}", round=view.round))
        headers = [
            tr("Table"),
            tr("Home / NS"),
            tr("Away / EW"),
            tr("Result"),
            *([tr("Source")] if figures else []),
            "",
        ]
        self.out(text_table(headers, rows, {0}))
        if view.bye and view.bye_state == ResultState.REST:
            self.out(tr("Rests: {name}", name=view.bye))
        elif view.bye:
            self.out(tr("Bye: {name}", name=view.bye))
        if view.rests and not view.notes:
            self.out(tr("Rests: {name}", name="、".join(view.rests)))
        for told in view.notes:
            self.out(render(told))

    def source_json(self, t: TableView, phones: LiveTableView | None) -> dict[str, object]:
        """``round --json``: where a table's result came from, and what each side entered while it waits."""
        source = source_of(t, phones)
        shown: dict[str, object] = {"source": source}
        if phones is not None and source in ("entered", "disputed"):
            shown.update(entries_json(phones))
        return shown

    def entered_note(self, phones: LiveTableView | None, source: str | None) -> str:
        """The text of ``round``: what each side entered from its phone, while the table waits or is disputed."""
        if phones is None or source not in ("entered", "disputed"):
            return ""
        said = [
            tr("{name} entered {entry}", name=name, entry=entry)
            for side, name in (("home", phones.home), ("away", phones.away))
            if (entry := entry_text(phones, side, disputed_only=source == "disputed")) is not None  # type: ignore[arg-type]
        ]
        return tr("; ").join(said)

    def result(self) -> None:
        a = self.args
        correct = correction(a)  # before the file is opened: nothing is written on error
        if a.points is not None:
            self.result_pair_board()
            return
        if a.board is not None or a.open is not None or a.closed is not None or a.penalty:
            self.result_board()
            return
        with self.open() as desk, first_entry():
            if a.import_file:
                if a.round is not None:
                    raise BadInput("Give either --import or ROUND TABLE HOME AWAY, not both.")
                if scoring_mode(event_info(desk).scoring).boards:
                    self.import_boards(Path(a.import_file))
                    return
                faces = format_services(event_info(desk).stage_format)
                self.out(
                    render(faces.import_sheet(desk, Path(a.import_file), reason=a.reason, correct=correct))
                )
                return
            if None in (a.round, a.table, a.home, a.away):
                raise BadInput("Give ROUND TABLE HOME_LEVEL AWAY_LEVEL, or --import SHEET.")
            round_no = result_services.parse_whole(a.round, "round")
            table_no = result_services.parse_whole(a.table, "table")
            # The same result again changes nothing: no write, no audit entry, no undo step.
            games = result_services.parse_games(a.games) if a.games is not None else None
            same = result_services.holds_result(desk, round_no, table_no, a.home, a.away, on_stage=a.on_stage,
                                                games=games)  # fmt: skip
            if same is not None:
                self.print_result(same)
                return
            what = undo_services.label("levels", home=a.home, away=a.away)  # tdesk undo takes it back
            view = undo_services.record(desk, "table", round_no, table_no, what, result_services.record_result,
                                        a.home, a.away, reason=a.reason, on_stage=a.on_stage,
                                        correct=correct, games=games)  # fmt: skip
            self.print_result(view)

    def disputes(self) -> None:
        from tournament_desk.services.live import disputes

        with self.open() as desk:
            queue = disputes(desk, self.args.round)
        if self.args.json:
            shown = [
                {"round": t.round, "table": t.table, "home": t.home, "away": t.away, "entry": t.entry,
                 **entries_json(t, disputed_only=True)}
                for t in queue
            ]  # fmt: skip
            self.out(json.dumps(shown, ensure_ascii=False))
            return
        if not queue:
            if self.args.round is None:
                self.out(tr("No table is disputed: the two sides' entries agree wherever both have entered."))
            else:
                self.out(tr("No table of round {round} is disputed.", round=self.args.round))
            return
        self.out(tr("Disputed tables: the two sides entered different results; the director decides."))
        rows = [
            [t.round, t.table, t.home, t.away, entry_text(t, "home", disputed_only=True) or "",
             entry_text(t, "away", disputed_only=True) or ""]
            for t in queue
        ]  # fmt: skip
        headers = [
            tr("Round"),
            tr("Table"),
            tr("Home / NS"),
            tr("Away / EW"),
            tr("Home entered"),
            tr("Away entered"),
        ]
        self.out(text_table(headers, rows, {0, 1}))

    def print_result(self, view: ResultView) -> None:
        o = view.outcome
        self.out(
            tr(
                "Round {round} table {table}: {home} {home_vp} VP {home_mp} MP – {away} {away_vp} VP {away_mp} MP",
                round=view.round,
                table=view.table,
                home=view.home,
                away=view.away,
                home_vp=number(o.home_vp),
                away_vp=number(o.away_vp),
                home_mp=number(o.home_mp),
                away_mp=number(o.away_mp),
            )
        )

    def decision(self) -> bool:
        """``--remove`` takes a forfeit or ruling back; otherwise ``--side`` is needed. True when done here."""
        a = self.args
        if a.remove:
            with self.open() as desk:
                self.print_result(forfeit_services.clear_decision(desk, a.round, a.table, reason=a.reason))
            return True
        if a.side is None:
            raise BadInput("Give --side (the side it goes against), or --remove to take it back.")
        return False

    def forfeit(self) -> None:
        a = self.args
        if self.decision():
            return
        with self.open() as desk:
            self.print_result(
                forfeit_services.forfeit(
                    desk, a.round, a.table, a.side, reason=a.reason, late=a.late, arrival=a.late_arrival
                )
            )

    def ruling(self) -> None:
        a = self.args
        if self.decision():
            return
        with self.open() as desk:
            self.print_result(forfeit_services.rule_loss(desk, a.round, a.table, a.side, reason=a.reason))

    def deduct(self) -> None:
        a = self.args
        with self.open() as desk:
            done = deduction_services.deduct(desk, a.round, a.name, _float(a.mp), reason=a.reason)
            self.out(
                tr(
                    "Deducted {mp} MP from {name} in round {round}.",
                    mp=number(done.mp),
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
        headers = [tr("Rank"), tr("Name"), tr("Unit"), *(tr(FIGURE_LABELS[c]) for c in result.columns)]
        headers.append(tr("Played"))
        rows: list[list[object]] = [
            [
                r.rank,
                r.entrant.name + (" " + tr("(withdrawn)") if r.entrant.withdrawn else ""),
                r.entrant.unit or "",
                *(figure_text(r, c) for c in result.columns),
                r.played,
            ]
            for r in result.rows
        ]
        self.out(text_table(headers, rows, {0, *range(3, len(headers))}))

    def move(self) -> None:
        from tournament_desk.services.transfer import move

        a = self.args
        source_path, source_url = self.target()
        counts = move(source_path=source_path, source_url=source_url, target_path=Path(a.to) if a.to else None,
                      target_url=a.to_db, station=a.station)  # fmt: skip
        self.out(
            tr(
                "Moved the event: {rows} rows in {tables} tables, each checked against the original.",
                rows=sum(counts.values()),
                tables=len(counts),
            )
        )

    def verify_audit(self) -> None:
        from tournament_desk.services.audit import verify_trail

        with self.open() as desk:
            check = verify_trail(desk)
        if check.broken_at is None and check.problem is not None:  # a result differs from what the trail says
            raise AuditBroken(check.problem.template, **check.problem.params)
        if check.broken_at is None:
            self.out(
                tr(
                    "The audit trail is intact: {count} entries, each chained to the one before.",
                    count=check.entries,
                )
            )
            return
        raise AuditBroken(
            "The audit trail was changed outside the program at entry {id} ({at}): that entry and every one after "
            "it can no longer be trusted; open a backup to compare.",
            id=check.broken_at,
            at=check.broken_when.isoformat(sep=" ") if check.broken_when else "?",
        )

    def backups(self) -> None:
        from tournament_desk.services.backups import list_backups

        with self.open() as desk:
            found = list_backups(desk)
        if self.args.json:
            shown = [
                {"path": str(b.path), "at": b.at.isoformat(sep=" "), "label": b.label, "round": b.round,
                 "size": b.size, "checked": b.checked}
                for b in found
            ]  # fmt: skip
            self.out(json.dumps(shown, ensure_ascii=False))
            return
        if not found:
            self.out(tr("No automatic backup yet: one is taken before every pairing, import and withdrawal."))
            return
        rows = [
            [b.at.isoformat(sep=" "), b.label, b.round or "", f"{b.size // 1024} KB",
             tr("ok") if b.checked else tr("damaged"), str(b.path)]
            for b in found
        ]  # fmt: skip
        headers = [tr("Time"), tr("Taken"), tr("Round"), tr("Size"), tr("Check"), tr("File")]
        self.out(text_table(headers, rows, {2, 3}))

    def restore(self) -> None:
        from tournament_desk.services.backups import restore_backup

        with self.open() as desk:
            kept = restore_backup(desk, Path(self.args.backup), reason=self.args.reason)
        self.out(tr("Restored {backup}.", backup=Path(self.args.backup).name))
        if kept is not None:
            self.out(tr("The state before the restore is kept as {path}.", path=str(kept)))

    def rules(self) -> None:
        a = self.args
        options = {
            key: getattr(a, key)
            for key in ("preset", "ruling_award", "ruling_vp", "forfeit", "bye", "late_award", "late_minutes",
                        "mp_scale", "withdrawal_award", "withdrawal_vp", "tiebreaks", "board_conversion",
                        "points_table")
        }  # fmt: skip
        if a.level_table is not None:
            options["level_table"] = read_level_table(Path(a.level_table))
        with self.open() as desk:
            rules = event_info(desk).rules
            if any(v is not None for v in options.values()):
                rules = update_rules(desk, apply_options(rules, options), reason=a.reason)
                if not a.json:
                    self.out(tr("The rules are changed."))
        if a.json:
            self.out(json.dumps(rules_json(rules), ensure_ascii=False))
            return
        self.out(rules_text(rules))

    def export(self) -> None:
        from tournament_desk.services.export import export

        a = self.args
        if a.report == "cards":  # the entry cards (cli/cards.py)
            self.export_cards()
            return
        if a.url is not None or a.name:
            raise BadInput("--url and --name go with the entry cards: tdesk export FILE cards --url URL.")
        if a.report == "site":  # the static web pages (tournament_desk/web/static.py)
            from tournament_desk.web.static import export_site

            with self.open() as desk:
                self.out(tr("Wrote {files}.", files=str(export_site(desk, Path(a.output)))))
            return
        if a.live_url is not None:
            if a.report != "scoresheets":
                raise BadInput(
                    "--live-url goes with the scoresheets: each table's sheet carries its entry QR code."
                )
            from tournament_desk.web.printing import print_entry_sheets

            with self.open() as desk:
                done = print_entry_sheets(desk, Path(a.output), a.live_url, round_no=a.round)
            self.out(tr("Wrote {files}.", files=str(done)))
            return
        with self.open() as desk:
            written = export(desk, a.report, Path(a.output), round_no=a.round, top=a.top)
        self.out(tr("Wrote {files}.", files=", ".join(str(p) for p in written)))

    def audit(self) -> None:
        a = self.args
        if a.verify:
            self.verify_audit()
            return
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
             change_text(e.old, e.new), e.reason or ""]
            for e in entries
        ]  # fmt: skip
        self.out(text_table(headers, rows, {3, 4}))


class AuditBroken(TournamentError):
    """``tdesk audit --verify`` found a broken link: exit status 1, like any finding that is not bad input."""


def _float(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise BadInput("'{text}' is not a number.", text=text) from None
