"""The arguments of ``tdesk series export SERIES pdf|xlsx|html|png -o OUT`` (issue 30): the series' standings as
a document or pictures to share. Light: argparse and the dispatch's names only (``tdesk --help`` stays fast)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from tournament_desk.cli.dispatch import runs

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

KINDS = ("pdf", "xlsx", "html", "png")
HELP = "the series' standings as a PDF, a workbook, a static page or pictures to share"


def add_series_export(ssub: Any, series: Callable[[argparse.ArgumentParser], None]) -> None:
    """``export`` among the series' actions (``ssub``); ``series``: the SERIES argument every action has."""
    p = ssub.add_parser("export", help=HELP, description=HELP)
    p.set_defaults(run=runs("series_output", "series_export"))

    def arguments(p: argparse.ArgumentParser) -> None:
        series(p)
        p.add_argument("kind", choices=KINDS, metavar="pdf|xlsx|html|png", help="what to write")
        p.add_argument(
            "-o", "--output", required=True, metavar="OUT", help="the file (.pdf, .xlsx, .html, .png)"
        )
        p.add_argument("--url", metavar="URL", help="png: the published page the picture's QR code opens")

    ssub.later["export"] = arguments
