"""``tdesk series export SERIES pdf|xlsx|html|png -o OUT [--url URL]`` (issue 30): the series' standings, read once
from the member events as they are now, written as a PDF, a workbook, a static page or pictures to share
(``services.output.series``). A long list makes several pictures: ``名次.png`` becomes ``名次-1.png``, ….
"""

from __future__ import annotations

from pathlib import Path

from tournament_desk.cli.base import Commands
from tournament_desk.i18n import tr


class SeriesOutputCommands(Commands):
    def series_export(self) -> None:
        # Here, not at the top: ``cli.commands`` gathers every command class and must stay light (the report
        # builders load openpyxl and reportlab).
        from tournament_desk.services.output.series import check_request, export_series
        from tournament_desk.services.series import open_series

        a = self.args
        out = Path(a.output)
        check_request(None, a.kind, out)  # a wrong name refused before the series is opened
        with open_series(Path(a.series), station=a.station) as desk:
            written = export_series(desk, a.kind, out, url=a.url)
        self.out(tr("Wrote {files}.", files=", ".join(str(p) for p in written)))
