"""Printing the entry cards (录分卡, ``services.live``): one card per entrant still playing, with the QR code of
its ``/c/CODE`` address on the LAN server (``base_url``: the server's address as phones reach it)."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from tournament_desk.domain.errors import BadInput
from tournament_desk.reports.cards import CardData, EntryCardsData, build_entry_cards
from tournament_desk.services import live
from tournament_desk.services.desk import Desk
from tournament_desk.services.output import export as ex


def export_cards(
    desk: Desk, out: Path, *, base_url: str | None = None, names: Collection[str] | None = None
) -> Path:
    """Write the entry cards to ``out`` (a .pdf): every entrant's that has not withdrawn, or ``names``'
    (a reissued card: just that one). Without ``base_url`` the cards carry the code alone, no QR code."""
    out = Path(out)
    if out.suffix.lower() != ".pdf":
        raise BadInput("'{path}' must end in .pdf.", path=str(out))
    if not out.parent.is_dir():
        raise BadInput("The folder '{folder}' does not exist.", folder=str(out.parent))
    base = live.server_address(base_url) if base_url is not None else None
    cards = [c for c in live.cards(desk, names) if names is not None or not c.withdrawn]
    if not cards:
        raise BadInput("There are no entrants to print entry cards for.")
    data = EntryCardsData(
        ex.event_header(desk),
        [
            CardData(c.name, c.unit, c.players, c.draw_no, c.printed, f"{base}/c/{c.code}" if base else None)
            for c in cards
        ],
    )
    ex.write({out: lambda path: build_entry_cards(path, data)})
    if base_url is not None:
        live.note_printed_port(desk, base_url)  # the server comes back on the port these codes name
    return out
