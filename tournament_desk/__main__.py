"""``python -m tournament_desk [FILE]`` and ``tournament-desk [FILE]``: the desktop application."""

from __future__ import annotations

import sys


def main() -> int:
    from tournament_desk.gui.app import main as gui_main

    return gui_main(sys.argv)


if __name__ == "__main__":
    sys.exit(main())
