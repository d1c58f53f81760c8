"""The bundle's ``tdesk`` (``tdesk.exe``), the command line beside the app (installer/tournament-desk.spec).

The same as the ``tdesk`` a Python install gets: ``tournament_desk.cli.main``. No Qt is in it.
"""

import sys

from tournament_desk.cli import main

if __name__ == "__main__":
    sys.exit(main())
