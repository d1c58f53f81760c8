"""``python -m tournament_desk.cli``: the same as ``tdesk``."""

import sys

from tournament_desk.cli import main

sys.exit(main())
