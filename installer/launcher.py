"""The frozen application's entry point (installer/tournament-desk.spec): the same as ``tournament-desk``.

``tournament_desk.__main__.main`` calls ``multiprocessing.freeze_support()`` first, so the pairing child
that the window starts (a second run of this executable) becomes that child instead of a second window.
"""

import sys

from tournament_desk.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
