"""The event as a whole: ``tdesk new``, ``demo``, ``move``, ``backups``, ``restore``, ``rules`` and ``export``.

The demo and export commands import their services (pairing, reportlab, openpyxl) inside the method, so that
other commands do not pay for them.
"""

from __future__ import annotations

import json
from pathlib import Path

from tournament_desk.cli.boards import BoardCommands
from tournament_desk.cli.cards import CardCommands
from tournament_desk.cli.output import (
    text_table,
)
from tournament_desk.cli.pictures import PICTURE_ONLY, PictureCommands
from tournament_desk.cli.rules import explain_text, read_level_table, rules_json, rules_text
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.rule_options import apply_options
from tournament_desk.domain.scoring_modes import scoring_mode
from tournament_desk.i18n import render, tr
from tournament_desk.services.event import create_tournament, event_info, update_rules
from tournament_desk.services.results.board_sets import board_sets


class EventCommands(BoardCommands, CardCommands, PictureCommands):
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
            pairs=a.pairs,
        ) as desk:
            self.out(tr("Created the tournament '{name}'.", name=a.name.strip()))
            if scoring_mode(a.scoring).boards:  # the director checks the default boards and edits them
                self.print_board_sets(board_sets(desk))

    def demo(self) -> None:
        a = self.args
        path, url = self.target()
        from tournament_desk.services.demo import create_demo

        with create_demo(path, url=url, entrants=a.entrants, units=a.units, played=a.played, seed=a.seed,
                         rounds=a.rounds, scoring=a.scoring, pairs=a.pairs) as desk:  # fmt: skip
            info = event_info(desk)
            units = a.units or max(1, a.entrants // 4)
            pairs = scoring_mode(info.scoring).team_pairs(info.rules)
            if pairs is not None:
                self.out(tr("Created a demo team-match event: {entrants} teams of {pairs} pairs in {units} units, "
                            "{played} rounds played.", entrants=a.entrants, pairs=pairs, units=units,
                            played=a.played))  # fmt: skip
                return
            self.out(
                tr(
                    "Created a demo event: {entrants} entrants in {units} units, {played} rounds played.",
                    entrants=a.entrants,
                    units=units,
                    played=a.played,
                )
            )

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
            [b.at.isoformat(sep=" "), render(b.what), b.round or "", f"{b.size // 1024} KB",
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
        if a.pairs is not None:
            options["pairs"] = a.pairs
        with self.open() as desk:
            info = event_info(desk)
            rules, mode = info.rules, scoring_mode(info.scoring)
            if a.pairs is not None and mode.team_pairs(rules) is None:
                raise BadInput("Only a team match of pairs (--scoring team-match) sends a number of pairs.")
            if any(v is not None for v in options.values()):
                rules = update_rules(desk, apply_options(rules, options), reason=a.reason)
                if not a.json:
                    self.out(tr("The rules are changed."))
        if a.json:
            self.out(json.dumps(rules_json(rules), ensure_ascii=False))
            return
        self.out(
            explain_text(rules, mode) if a.explain else rules_text(rules, mode, withdrawal=info.withdrawal)
        )

    def export(self) -> None:
        from tournament_desk.services.output.export import export

        a = self.args
        if a.png or a.report in PICTURE_ONLY:  # a picture to share (cli/pictures.py)
            self.export_picture()
            return
        if a.report == "cards":  # the entry cards (cli/cards.py)
            self.export_cards()
            return
        if a.url is not None or a.name:
            raise BadInput("--url and --name go with the entry cards: tdesk export FILE cards --url URL.")
        if a.report == "site":  # the static web pages (tournament_desk/web/static.py)
            from tournament_desk.services.output.site import export_site

            with self.open() as desk:
                self.out(tr("Wrote {files}.", files=str(export_site(desk, Path(a.output)))))
            return
        if a.live_url is not None:
            if a.report != "scoresheets":
                raise BadInput(
                    "--live-url goes with the scoresheets: each table's sheet carries its entry QR code."
                )
            from tournament_desk.services.output.printing import print_entry_sheets

            with self.open() as desk:
                done = print_entry_sheets(desk, Path(a.output), a.live_url, round_no=a.round)
            self.out(tr("Wrote {files}.", files=str(done)))
            return
        with self.open() as desk:
            written = export(
                desk, a.report, Path(a.output), round_no=a.round, top=a.top, organiser=a.organiser
            )
        self.out(tr("Wrote {files}.", files=", ".join(str(p) for p in written)))
