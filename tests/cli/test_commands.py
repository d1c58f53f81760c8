"""``Cli`` gathers every kind of command: each command the parser knows runs a method ``Cli`` has."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from operator import methodcaller

from tournament_desk.cli.commands import Cli
from tournament_desk.cli.parser import build_parser


def runs(parser: argparse.ArgumentParser, prefix: str = "") -> Iterator[tuple[str, object]]:
    """(command, what it runs) for every command and sub-command of the parser."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                run = sub.get_default("run")
                if run is not None:
                    yield f"{prefix}{name}", run
                yield from runs(sub, f"{prefix}{name} ")


def test_every_command_runs_a_method_of_cli() -> None:
    found = dict(runs(build_parser()))
    assert {"new", "pair", "result", "audit", "entrant add", "undo"} <= set(found)
    for command, run in found.items():
        if isinstance(run, methodcaller):
            method = re.fullmatch(r"operator\.methodcaller\('(\w+)'\)", repr(run))
            assert method is not None, command
            assert callable(getattr(Cli, method[1], None)), command
        else:
            assert callable(run), command  # serve and freeze: functions given the Cli


def test_cli_is_every_kind_of_command() -> None:
    kinds = {k.__name__ for k in Cli.__mro__}
    assert {"EventCommands", "EntrantCommands", "RoundCommands", "ResultCommands", "AuditCommands",
            "BoardCommands", "CardCommands", "GroupCommands", "MitchellCommands", "UndoCommands"} <= kinds  # fmt: skip
