"""``tdesk``: the headless face over the services (rules.md §12). Its commands and JSON shapes are a contract."""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import sys
import threading
from collections.abc import Sequence
from operator import methodcaller
from pathlib import Path

from tournament_desk.cli.dispatch import Run
from tournament_desk.cli.parser import build_parser, with_db_placeholder

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    # A whole `tdesk` process (argv from the command line, not a test calling main): no cyclic
    # garbage collection while the modules load, then those objects frozen out of every later
    # collection and a larger first generation. bench/cli.py: `pair` at 1000 entrants 0.60 → 0.42 s CPU.
    process = argv is None
    if process:
        gc.disable()
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(complete=False)  # `new` and `rules` get their options only when they run
    args, extra = parser.parse_known_args(with_db_placeholder(args_list))
    if extra and args.command == "boards" and not any(e.startswith("-") for e in extra):
        # argparse fills BOARDS before it reads the options, so boards after --round arrive as extras.
        args.boards = [*args.boards, *extra]
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    # Only now the one module of the command, and through it the services it uses: `--help` and a usage
    # error never load SQLAlchemy, and `standings` never loads the boards nor the phones' services
    # (cli.dispatch; tests/cli/test_import_floor.py, tests/cli/test_imports.py).
    commands = _commands(args)
    from tournament_desk.domain.errors import TournamentError
    from tournament_desk.i18n import render, tr

    if process:
        gc.freeze()
        gc.set_threshold(50_000, 20, 20)
        gc.enable()

    from tournament_desk import logs

    what = " ".join(str(getattr(args, k)) for k in ("command", "entrant_command") if getattr(args, k, None))
    logs.start("server" if args.command == "serve" else "tdesk")
    logs.log.info("tdesk %s", what)  # the command only: its arguments may hold a password
    waiting = _waiting_note(args)
    code = 0
    try:
        _run_with_login(args, commands)
    except TournamentError as exc:
        logs.refused(f"tdesk {what}", str(exc))
        sys.stderr.write(render(exc) + "\n")
        code = exc.exit_code
        return code
    except KeyboardInterrupt:
        code = 1
        return code
    except BrokenPipeError:  # the reader went away (`tdesk … | head`): stop quietly, as cat and ls do
        # (the Python docs' recipe: the rest of stdout goes nowhere, so the flush at exit cannot fail again)
        with contextlib.suppress(OSError, ValueError, AttributeError):  # a stdout with no descriptor
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Exception as exc:  # the contract: one plain sentence, never a traceback (that goes to the log)
        logs.error(f"tdesk {what}", exc)
        sys.stderr.write(tr("Unexpected error: {error}", error=f"{type(exc).__name__}: {exc}") + "\n")
        code = 1
        return code
    finally:
        if waiting is not None:
            waiting.cancel()
        logs.stop(f"exit {code}")
        logs.stop_writing()  # closed with the command: a test's many commands in one process, a folder unmounted
    return 0


def _commands(args: argparse.Namespace) -> type:
    """The class of commands that runs the parsed command: its own module's (``cli.dispatch.Run``), imported
    now; ``serve`` and ``freeze`` are functions given the common base. A command that names only a method
    (``methodcaller``) still runs, on the class that gathers them all (tests/cli/test_dispatch.py asks for a Run)."""
    if isinstance(args.run, Run):
        return args.run.commands()
    if isinstance(args.run, methodcaller):
        from tournament_desk.cli.commands import Cli

        return Cli
    from tournament_desk.cli.base import Commands

    return Commands


NOTE_AFTER_SECONDS = 2.0
SERVER_ADDRESSES = ("db", "to_db")  # the options that name a database server


def _run_with_login(args: argparse.Namespace, cli: type) -> None:
    """Run the command; a server address without a password gets it from libpq's password file, the keyring
    or (a person at the terminal, the server asking for one) a prompt, and the command runs again: a refused
    login changed nothing. A password in the address itself works, with a warning that ``ps`` shows it."""
    from tournament_desk.i18n import tr
    from tournament_desk.services import logins as passwords
    from tournament_desk.services.logins import LoginRefused, server_name

    typed = {
        o for o in SERVER_ADDRESSES if getattr(args, o, None) and passwords.carries_password(getattr(args, o))
    }
    for option in SERVER_ADDRESSES:
        url = getattr(args, option, None)
        if not url:
            continue
        if option in typed:
            line = tr("Warning: the password in --{option} is visible to every user of this computer (ps); keep it in "
                      "~/.pgpass (or PGPASSFILE) or the keyring instead, or leave it out to be asked for it.",
                      option=option.replace("_", "-"))  # fmt: skip
            sys.stderr.write(line + "\n")
        setattr(args, option, passwords.completed(url))
    asked: set[str] = set()
    while True:
        try:
            args.run(cli(args))
            return
        except LoginRefused as exc:
            refused = next((o for o in SERVER_ADDRESSES if getattr(args, o, None)
                            and server_name(getattr(args, o)) == exc.server), None)  # fmt: skip
            url = getattr(args, refused, None) if refused else None
            if refused is None or refused in asked | typed or not url or not _at_terminal():
                raise
            asked.add(refused)
            import getpass

            prompt = tr("Password for {server}: ", server=exc.server)
            setattr(args, refused, passwords.with_password(url, getpass.getpass(prompt)))


def _at_terminal() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def _waiting_note(args: argparse.Namespace) -> threading.Timer | None:
    """A command still running after 2 s while another program has the file open says what it waits for
    (it waits up to ``--wait`` seconds for that program to let go, then fails with one sentence)."""
    file = getattr(args, "file", None)
    if getattr(args, "db", None) or not file or getattr(args, "wait", None) is None:
        return None
    path = Path(file)

    def note() -> None:
        from tournament_desk.i18n import tr
        from tournament_desk.services.desk import who_holds

        holders = who_holds(path)
        if holders:
            line = tr("Waiting up to {seconds} s for {holders} to let go of '{path}'…", seconds=args.wait,
                      holders=holders, path=str(path))  # fmt: skip
            sys.stderr.write(line + "\n")
            sys.stderr.flush()

    timer = threading.Timer(NOTE_AFTER_SECONDS, note)
    timer.daemon = True
    timer.start()
    return timer
