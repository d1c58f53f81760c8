"""The paper for table entry: a round's scoresheets (or what the event's format prints for its tables instead,
e.g. a Mitchell event's guide cards), each table's page carrying its entry address for the round as a QR code.

The director gives the server's address as phones reach it (``http://192.168.1.20:8765/``: what the Live
window or ``tdesk serve`` shows). The pages are the ones ``tdesk export scoresheets`` prints (``services.export``
with each table's address, ``live.entry_urls``); only the QR codes are added.
"""

from __future__ import annotations

from pathlib import Path

from tournament_desk.domain.errors import BadInput
from tournament_desk.services import live
from tournament_desk.services.desk import Desk
from tournament_desk.services.documents.base import SCORESHEETS
from tournament_desk.services.output import export as ex


def print_entry_sheets(desk: Desk, out: Path, base_url: str, *, round_no: int | None = None) -> Path:
    """Write the round's entry paper with QR codes to ``out`` (a .pdf); returns it.

    ``round_no``: default the last paired round, which must be published (tokens are made for published
    rounds only)."""
    out = Path(out)
    if out.suffix.lower() != ".pdf":
        raise BadInput("'{path}' must end in .pdf.", path=str(out))
    if not out.parent.is_dir():  # said before the round's checks, as the other exports say it
        raise BadInput("The folder '{folder}' does not exist.", folder=str(out.parent))
    number = ex.paired_round(desk, round_no)
    urls = live.entry_urls(desk, number, base_url)  # refuses an unpublished round or a bad address
    (written,) = ex.export(desk, SCORESHEETS, out, round_no=number, live_urls=urls)
    live.note_printed_port(desk, base_url)  # the server comes back on the port these codes name
    return written


def export_for_tables(
    desk: Desk,
    what: str,
    out: Path,
    *,
    round_no: int | None = None,
    live_url: str | None = None,
    top: int | None = None,
    organiser: str | None = None,
) -> list[Path]:
    """``services.export.export``, except that while the LAN server runs (``live_url``: its address as phones
    reach it) a round's scoresheets carry each table's entry QR code, as the window prints them. ``top`` and
    ``organiser``: the certificates' places and organiser line, as ``export`` takes them."""
    if live_url is not None and what == SCORESHEETS:
        return [print_entry_sheets(desk, out, live_url, round_no=round_no)]
    return ex.export(desk, what, out, round_no=round_no, top=top, organiser=organiser)
