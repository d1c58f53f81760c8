"""The paper for table entry: a round's scoresheets (level or duplicate) or, for a Mitchell event, the guide
cards, each table's page carrying its entry address for the round as a QR code.

The director gives the server's address as phones reach it (``http://192.168.1.20:8765/``: what the Live
window or ``tdesk serve`` shows). The pages are the ones ``tdesk export scoresheets`` / ``pairings`` print,
built from the same data (``services.export``); only the QR codes are added.
"""

from __future__ import annotations

from pathlib import Path

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.scoring_modes import scoring_mode
from tournament_desk.reports.duplicate import build_duplicate_scoresheets
from tournament_desk.reports.mitchell import build_guide_cards
from tournament_desk.reports.model import DuplicateSheetData, ScoresheetData
from tournament_desk.reports.scoresheets import build_scoresheets
from tournament_desk.services import export as ex
from tournament_desk.services import live
from tournament_desk.services.board_sets import board_set
from tournament_desk.services.boards import round_sheets
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import event_info


def print_entry_sheets(desk: Desk, out: Path, base_url: str, *, round_no: int | None = None) -> Path:
    """Write the round's entry paper with QR codes to ``out`` (a .pdf); returns it.

    ``round_no``: default the last paired round, which must be published (tokens are made for published
    rounds only)."""
    out = Path(out)
    if out.suffix.lower() != ".pdf":
        raise BadInput("'{path}' must end in .pdf.", path=str(out))
    if not out.parent.is_dir():
        raise BadInput("The folder '{folder}' does not exist.", folder=str(out.parent))
    number = ex.paired_round(desk, round_no)
    urls = live.entry_urls(desk, number, base_url)  # refuses an unpublished round or a bad address
    info = event_info(desk)
    event = ex.event_header(desk)
    if info.board_scored:
        guides = ex.guide_cards_data(desk, event)
        ex.write({out: lambda path: build_guide_cards(path, guides, live_urls=urls, live_round=number)})
        return out
    rnd = ex.round_data(desk, number)
    if scoring_mode(info.scoring).takes_levels:
        sheets = ScoresheetData(event, rnd, ex.entrant_data(desk), info.rules)
        ex.write({out: lambda path: build_scoresheets(path, sheets, live_urls=urls)})
        return out
    tables = round_sheets(desk, number)
    boards = tables[0].boards if tables else board_set(desk, number)
    data = DuplicateSheetData(
        event, rnd, ex.entrant_data(desk), boards, info.rules, {s.table: s.entries for s in tables}
    )
    ex.write({out: lambda path: build_duplicate_scoresheets(path, data, live_urls=urls)})
    return out


def export_for_tables(
    desk: Desk, what: str, out: Path, *, round_no: int | None = None, live_url: str | None = None
) -> list[Path]:
    """``services.export.export``, except that while the LAN server runs (``live_url``: its address as phones
    reach it) a round's scoresheets carry each table's entry QR code, as the window prints them."""
    if live_url is not None and what == "scoresheets":
        return [print_entry_sheets(desk, out, live_url, round_no=round_no)]
    return ex.export(desk, what, out, round_no=round_no)
