"""Each ``tdesk`` command names the one module that runs it, and the parser a process builds (each command's
arguments only when it runs) reads and helps exactly as the whole parser does (issue 29)."""

from __future__ import annotations

import argparse
import contextlib
import inspect
import io
from collections.abc import Iterator

import pytest

from tournament_desk.cli.base import Commands
from tournament_desk.cli.commands import Cli
from tournament_desk.cli.dispatch import MODULES, Run, runs
from tournament_desk.cli.parser import LazyCommands, build_parser


def commands(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every command and sub-command, as the words that name it."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield (*prefix, name)
                yield from commands(sub, (*prefix, name))


def runs_of(parser: argparse.ArgumentParser) -> dict[tuple[str, ...], object]:
    found = {}
    for words in commands(parser):
        sub = parser
        for word in words:
            action = next(a for a in sub._actions if isinstance(a, argparse._SubParsersAction))
            sub = action.choices[word]
        if (run := sub.get_default("run")) is not None:
            found[words] = run
    return found


def test_every_command_names_a_module_whose_commands_have_its_method() -> None:
    found = runs_of(build_parser())
    assert {("standings",), ("pair",), ("result",), ("entrant", "add"), ("serve",)} <= set(found)
    for words, run in found.items():
        if not isinstance(run, Run):  # serve and freeze: functions given the common base; nothing else
            assert inspect.isfunction(run) and run.__module__ == "tournament_desk.cli.serve", words
            continue
        kind = run.commands()
        assert issubclass(kind, Commands), words
        assert callable(getattr(kind, run.method, None)), words
        assert getattr(Cli, run.method) is getattr(kind, run.method), words  # Cli gathers the very same


def test_every_commands_module_is_run_by_some_command_and_gathered_by_cli() -> None:
    modules = {run.module for run in runs_of(build_parser()).values() if isinstance(run, Run)}
    assert modules == set(MODULES)
    assert {Run(module, "x").commands() for module in MODULES} <= set(Cli.__mro__)


def test_a_run_names_a_module_that_exists() -> None:
    assert runs("standings", "standings") == Run("standings", "standings")
    assert repr(runs("event", "new")) == "Run('event', 'new')"
    with pytest.raises(ValueError, match=r"tournament_desk\.cli\.boards_and_more"):
        Run("boards_and_more", "boards")


def test_the_process_parser_builds_only_the_command_it_runs() -> None:
    parser = build_parser(complete=False)
    sub = next(a for a in parser._actions if isinstance(a, LazyCommands))
    assert {"new", "rules", "standings", "result"} <= set(sub.later)
    args, extra = parser.parse_known_args(["standings", "e.tdesk", "--json", "--after-round", "2"])
    assert (args.file, args.json, args.after_round, extra) == ("e.tdesk", True, 2, [])
    assert "standings" not in sub.later and {"new", "rules", "result"} <= set(sub.later)
    assert sub.choices["new"]._actions[1:] == []  # nothing but its -h until it runs


def help_text(parser: argparse.ArgumentParser, words: tuple[str, ...]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        parser.parse_args([*words, "--help"])
    return out.getvalue()


def test_every_help_reads_the_same_from_the_process_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    whole = build_parser()
    every = [(), *commands(whole)]
    assert len(every) > 30
    for words in every:
        assert help_text(build_parser(complete=False), words) == help_text(whole, words), words


@pytest.mark.parametrize(
    "argv",
    [
        [
            "new",
            "e.tdesk",
            "--name",
            "杯",
            "--rules",
            "one-deck-40",
            "--format",
            "round-robin",
            "--double",
        ],
        ["entrant", "add", "e.tdesk", "甲队", "--unit", "北京"],
        ["result", "e.tdesk", "2", "3", "Q", "9", "--correct", "--reason", "misread"],
        ["rules", "e.tdesk", "--mp-scale", "win-draw-loss", "--json"],
        ["boards", "e.tdesk", "1:9:S:S", "--round", "2"],
        ["export", "e.tdesk", "standings", "-o", "s.pdf"],
    ],
)
def test_the_process_parser_reads_what_the_whole_parser_reads(argv: list[str]) -> None:
    assert build_parser(complete=False).parse_known_args(argv) == build_parser().parse_known_args(argv)
