"""How the desk starts the command line of this very program as a child process (no Qt here).

From source (``python -m tournament_desk`` or the ``tournament-desk`` script) that is this Python with
``-m tournament_desk.cli``. In the installed app (PyInstaller, ``sys.frozen``) ``sys.executable`` is the app
itself, which knows no ``-m``: there it is the app with ``--cli`` first, which ``tournament_desk.__main__.main``
hands to ``tdesk``'s own ``main`` before anything loads Qt (installer/launcher.py).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

CLI_FLAG = "--cli"


def cli_command(args: Sequence[str]) -> tuple[str, list[str]]:
    """The program and arguments that run ``tdesk ARGS`` with this copy of Tournament Desk."""
    if getattr(sys, "frozen", False):
        return sys.executable, [CLI_FLAG, *args]
    return sys.executable, ["-m", "tournament_desk.cli", *args]
