"""What every ``tdesk`` command has: its parsed arguments, the tournament it opens and where it prints."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from tournament_desk.cli.output import (
    text_table,
)
from tournament_desk.i18n import render
from tournament_desk.services.desk import Desk


class Commands:
    """The base of each kind of ``tdesk`` command; ``commands.Cli`` gathers them all."""

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
