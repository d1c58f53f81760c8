"""``python -m tournament_desk`` and ``tournament-desk``: the desktop application.

Until the GUI lands this opens the command line's help, so the README's first command already works.
"""

from __future__ import annotations

import sys

from tournament_desk.cli import main as cli_main


def main() -> int:
    return cli_main(sys.argv[1:] or ["--help"])


if __name__ == "__main__":
    sys.exit(main())
