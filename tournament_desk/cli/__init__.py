"""``tdesk``: the headless face over the services (SPEC §12). Its commands and JSON shapes are a contract."""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

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
    parser = build_parser()
    args, extra = parser.parse_known_args(with_db_placeholder(args_list))
    if extra and args.command == "boards" and not any(e.startswith("-") for e in extra):
        # argparse fills BOARDS before it reads the options, so boards after --round arrive as extras.
        args.boards = [*args.boards, *extra]
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    # Only now the commands, and through them the services: `--help` and a usage error never load
    # SQLAlchemy, and each command imports what it uses (tests/cli/test_import_floor.py).
    from tournament_desk.cli.commands import Cli
    from tournament_desk.domain.errors import TournamentError
    from tournament_desk.i18n import render, tr

    if process:
        gc.freeze()
        gc.set_threshold(50_000, 20, 20)
        gc.enable()

    waiting = _waiting_note(args)
    try:
        args.run(Cli(args))
    except TournamentError as exc:
        sys.stderr.write(render(exc) + "\n")
        return exc.exit_code
    except KeyboardInterrupt:
        return 1
    except BrokenPipeError:  # the reader went away (`tdesk … | head`): stop quietly, as cat and ls do
        # (the Python docs' recipe: the rest of stdout goes nowhere, so the flush at exit cannot fail again)
        with contextlib.suppress(OSError, ValueError, AttributeError):  # a stdout with no descriptor
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Exception as exc:  # the contract: one plain sentence, never a traceback
        sys.stderr.write(tr("Unexpected error: {error}", error=f"{type(exc).__name__}: {exc}") + "\n")
        return 1
    finally:
        if waiting is not None:
            waiting.cancel()
    return 0


NOTE_AFTER_SECONDS = 2.0


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
