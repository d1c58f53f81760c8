"""``tdesk``: the headless face over the services (SPEC §12). Its commands and JSON shapes are a contract."""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence

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
