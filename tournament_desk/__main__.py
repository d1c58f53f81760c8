"""``python -m tournament_desk [FILE]`` and ``tournament-desk [FILE]``: the desktop application.

``--version`` prints the version; ``--self-test`` checks this copy of the program without a display
(tournament_desk/selftest.py) and exits 0 or 1; ``--cli ARGS`` (as the first argument) is ``tdesk ARGS``,
run without loading Qt: how the installed app starts its own command line, e.g. the LAN server
(tournament_desk/launch.py). Anything else starts the window, opening FILE if given.
The installers' executable runs this same function (installer/launcher.py).
"""

from __future__ import annotations

import multiprocessing
import sys

from tournament_desk.launch import CLI_FLAG


def _printable_output() -> None:
    """Chinese text on a console that cannot show it comes out escaped rather than as a crash."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def main(argv: list[str] | None = None) -> int:
    # In the frozen app the pairing child (gui/worker.py) is this same executable started again:
    # freeze_support() turns it into the child and never returns. Outside a frozen app it does nothing.
    multiprocessing.freeze_support()
    args = list(sys.argv if argv is None else argv)
    if args[1:2] == [CLI_FLAG]:
        from tournament_desk.cli import main as cli_main

        if argv is None:  # a whole process: tdesk's main reads sys.argv itself (and tunes the collector)
            del sys.argv[1]
            return cli_main()
        return cli_main(args[2:])
    if "--version" in args[1:]:
        _printable_output()
        from tournament_desk import __version__

        print(f"Tournament Desk (赛事编排台) {__version__}")
        return 0
    if "--self-test" in args[1:]:
        _printable_output()
        from tournament_desk.selftest import run as self_test

        return self_test()
    from tournament_desk.gui.app import main as gui_main

    return gui_main(args)


if __name__ == "__main__":
    sys.exit(main())
