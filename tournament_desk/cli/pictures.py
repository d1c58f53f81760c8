"""``tdesk export FILE KIND --png``: a picture to share (issue 30, ``services.output.pictures``).

    tdesk export FILE standings|ranking [--round N] --png -o 名次.png [--url URL]
    tdesk export FILE pairings|results [--round N] --png -o 第3轮.png [--url URL]
    tdesk export FILE bracket --png -o 对阵.png [--url URL]
    tdesk export FILE card --entrant NAME --png -o 我的成绩.png [--url URL]

A long list is split into pictures of at most 60 rows: ``名次.png`` becomes ``名次-1.png``, ``名次-2.png``…
``--url``: the LAN server's address (the picture's QR code opens its page there), or a published page's.
"""

from __future__ import annotations

from pathlib import Path

from tournament_desk.cli.base import Commands
from tournament_desk.domain.errors import BadInput
from tournament_desk.i18n import tr

PICTURE_ONLY = ("results", "card")  # kinds that are pictures only (no PDF of their own)


class PictureCommands(Commands):
    """``tdesk export … --png``."""

    def export_picture(self) -> None:
        a = self.args
        if not a.png:
            raise BadInput("'{report}' is a picture: add --png and -o OUT.png.", report=a.report)
        if a.top is not None or a.organiser is not None or a.live_url is not None or a.name:
            raise BadInput("--top, --organiser, --live-url and --name do not go with a picture (--png).")
        from tournament_desk.services.output.pictures import export_pictures

        with self.open() as desk:
            written = export_pictures(
                desk, a.report, Path(a.output), round_no=a.round, entrant=a.entrant, url=a.url
            )
        self.out(tr("Wrote {files}.", files=", ".join(str(p) for p in written)))
