"""Pictures to share (issue 30): the standings, a round's "find your table" list or results, the knockout
bracket, the final ranking or one entrant's card as phone-shaped PNGs, for the players' WeChat group.

Everything a picture shows is read in one read transaction (one moment of the event) as the printed sheets
read it (``services.documents``); the picture is then laid out as a narrow PDF page (``reports.pictures``) and
rasterised by pdfium at ``SCALE`` pixels a point, 1080 pixels wide. A long list gives several pictures of at
most ``MAX_ROWS`` rows: ``名次.png`` becomes ``名次-1.png``, ``名次-2.png``…

The QR code at the foot opens the live page: ``url`` is the LAN server's address as phones reach it (the
Live window shows it; the picture adds its page: /standings, /find, /pairings, /me/NAME), or a published
page's full address, which is used as it is.
"""

from __future__ import annotations

import io
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from urllib.parse import quote, urlsplit

import pypdfium2 as pdfium
from PIL import Image

from tournament_desk.domain.errors import BadInput
from tournament_desk.reports.model import BracketData, BracketMatch, EventHeader
from tournament_desk.reports.picture_sheets import (
    bracket_picture,
    card_picture,
    card_rounds,
    find_picture,
    ranking_picture,
    results_picture,
    standings_picture,
)
from tournament_desk.reports.pictures import MAX_ROWS, SCALE, PictureData, build_pictures, palette
from tournament_desk.services import documents
from tournament_desk.services.bracket import bracket_view
from tournament_desk.services.desk import Desk, one_read
from tournament_desk.services.documents.base import BRACKET, Context
from tournament_desk.services.documents.knockout import knockout_round, round_title
from tournament_desk.services.documents.reading import (
    entrant_data,
    event_header,
    last_paired,
    paired_round,
    round_data,
    standings_data,
)
from tournament_desk.services.event import event_info
from tournament_desk.services.output.export import write

STANDINGS, PAIRINGS, RESULTS, RANKING, CARD = "standings", "pairings", "results", "ranking", "card"
KINDS = (STANDINGS, PAIRINGS, RESULTS, BRACKET, RANKING, CARD)
ROUND_KINDS = (PAIRINGS, RESULTS)  # a round's: --round N (default: the last paired round)
PAGES = {
    STANDINGS: "/standings",
    RANKING: "/standings",
    PAIRINGS: "/find",
    RESULTS: "/pairings",
    BRACKET: "/",
}


@dataclass(frozen=True)
class Picture:
    """One picture as PNG bytes, with its size in pixels and its place in a split list (1 of 3)."""

    png: bytes
    width: int
    height: int
    number: int = 1
    total: int = 1


def qr_address(url: str | None, kind: str, entrant: str | None = None) -> str | None:
    """The address the QR code opens: the LAN server's page for this picture (the server's address as given,
    with no path), or a published page's address as it is given."""
    if url is None or not url.strip():
        return None
    base = url.strip()
    parts = urlsplit(base)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise BadInput("'{url}' is not a web address: it starts with http:// or https://.", url=base)
    if parts.path.strip("/") or parts.query:
        return base  # a published page
    page = f"/me/{quote(entrant, safe='')}" if kind == CARD and entrant else PAGES.get(kind, "/")
    return base.rstrip("/") + page


@one_read
def picture_data(
    desk: Desk, kind: str, *, round_no: int | None = None, entrant: str | None = None, url: str | None = None
) -> PictureData:
    """Read what the picture ``kind`` shows now (one read transaction); refused in one sentence when the
    event has nothing of that kind to show (a bracket before the draw, a round not paired…)."""
    if kind not in KINDS:
        raise BadInput(
            "Unknown picture '{what}': choose one of {choices}.", what=kind, choices=", ".join(KINDS)
        )
    if kind != CARD and entrant is not None:
        raise BadInput("--entrant goes with the entrant's card: tdesk export FILE card --png --entrant NAME.")
    if round_no is not None and kind in (BRACKET, CARD):
        raise BadInput("A round goes with the standings, a round's pairings and its results only.")
    address = qr_address(url, kind, entrant)
    header = event_header(desk)
    if kind in (STANDINGS, RANKING):
        table = standings_data(desk, header, round_no)
        return (standings_picture if kind == STANDINGS else ranking_picture)(table, address)
    if kind in ROUND_KINDS:
        number = paired_round(desk, round_no)
        if kind == RESULTS:
            return results_picture(header, round_data(desk, number, mp_before=False), address)
        return find_picture(header, round_data(desk, number), address, _byes(desk, header, number))
    if kind == BRACKET:
        return bracket_picture(_bracket(desk, header), address)
    return _card(desk, header, entrant, address)


def _byes(desk: Desk, header: EventHeader, number: int) -> tuple[str, ...]:
    """A knockout round's byes (who goes through without a match: listed in "find your table" too)."""
    if bracket_view(desk) is None:
        return ()
    # ``knockout_round`` reads the bracket through the context's desk only (the stage is not asked).
    ctx = Context(desk, event_info(desk), header, 1, 1, ())
    return knockout_round(ctx, number)[1]


def _bracket(desk: Desk, header: EventHeader) -> BracketData:
    documents.make(desk, BRACKET)  # the event's own refusal when it prints no bracket, or not yet
    view = bracket_view(desk)
    assert view is not None  # make() refused otherwise
    rounds = tuple(
        tuple(
            BracketMatch(m.knockout_round, m.position, m.home, m.away, round=m.round, table=m.table,
                         winner=m.winner, decided=m.decided, levels=m.levels, on_stage=m.on_stage,
                         third_place=m.third_place, state=m.state)
            for m in matches
        )
        for matches in view.rounds
    )  # fmt: skip
    titles = tuple(round_title(n) for n in view.round_names[: len(rounds)])
    return BracketData(header, view.size, rounds, titles)


def _card(desk: Desk, header: EventHeader, name: str | None, address: str | None) -> PictureData:
    if not name or not name.strip():
        raise BadInput("Say whose card: tdesk export FILE card --png --entrant NAME.")
    entrants = entrant_data(desk)
    found = entrants.get(name.strip())
    if found is None:
        raise BadInput("There is no entrant called '{name}'.", name=name.strip())
    rounds = [round_data(desk, n, mp_before=False) for n in range(1, last_paired(desk) + 1)]
    table = standings_data(desk, header, None)
    return card_picture(table, found, card_rounds(found.name, rounds), address)


def render(
    data: PictureData, most: int = MAX_ROWS, *, pdf: Path | None = None, first_only: bool = False
) -> list[Picture]:
    """The pictures as PNGs (``pdf``: also keep the intermediate PDF there, one page a picture;
    ``first_only``: only the first picture, as the clipboard takes one)."""
    with tempfile.TemporaryDirectory(prefix="tdesk-picture-") as folder:
        path = pdf if pdf is not None else Path(folder) / "picture.pdf"
        total = build_pictures(path, data, most, first_only=first_only)
        document = pdfium.PdfDocument(str(path))
        try:
            pages = [_png(document[i]) for i in range(len(document))]
        finally:
            document.close()
    return [Picture(png, w, h, n, total) for n, (png, w, h) in enumerate(pages, start=1)]


@cache
def _palette() -> Image.Image:
    """The pictures' colours as a palette image (``reports.pictures.palette``), for an 8-bit PNG."""
    colours = [v for rgb in palette() for v in rgb]
    image = Image.new("P", (1, 1))
    image.putpalette(colours + [0] * (768 - len(colours)))
    return image


def _png(page: pdfium.PdfPage) -> tuple[bytes, int, int]:
    bitmap = page.render(scale=SCALE)
    try:
        image = bitmap.to_pil().quantize(palette=_palette(), dither=Image.Dither.NONE)
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", compress_level=1, dpi=(72 * SCALE, 72 * SCALE))
        return buffer.getvalue(), image.width, image.height
    finally:
        bitmap.close()
        page.close()


def pictures(
    desk: Desk, kind: str, *, round_no: int | None = None, entrant: str | None = None, url: str | None = None,
    first_only: bool = False,
) -> list[Picture]:  # fmt: skip
    """The picture(s) of ``kind`` now: read in one snapshot, drawn after it has closed (``first_only``: the
    first picture of a split list, which still says how many there are)."""
    data = picture_data(desk, kind, round_no=round_no, entrant=entrant, url=url)
    return render(data, first_only=first_only)


def picture_paths(out: Path, total: int) -> list[Path]:
    """Where the pictures go: ``out`` itself for one, ``NAME-1.png``, ``NAME-2.png``… for several."""
    if total == 1:
        return [out]
    return [out.with_name(f"{out.stem}-{n}{out.suffix}") for n in range(1, total + 1)]


def export_pictures(
    desk: Desk, kind: str, out: Path, *, round_no: int | None = None, entrant: str | None = None,
    url: str | None = None,
) -> list[Path]:  # fmt: skip
    """Write the picture(s) of ``kind`` as PNG: ``out`` (a .png), or ``out``'s name numbered when the list is
    split; all of them or none. Returns the files written."""
    out = Path(out)
    if out.suffix.lower() != ".png":
        raise BadInput("'{path}' must end in .png.", path=str(out))
    if not out.parent.is_dir():
        raise BadInput("The folder '{folder}' does not exist.", folder=str(out.parent))
    made = pictures(desk, kind, round_no=round_no, entrant=entrant, url=url)
    jobs = {path: _writer(p.png) for path, p in zip(picture_paths(out, len(made)), made, strict=True)}
    return write(jobs)


def _writer(png: bytes) -> Callable[[Path], None]:
    def build(path: Path) -> None:
        path.write_bytes(png)

    return build
