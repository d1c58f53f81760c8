"""A series' or a sports meet's standings as a PDF, a workbook, a static page or pictures to share (issue 30).

One read: the series' standings are worked out once from the member events as they are now
(``services.series_standings``, inside one read transaction of the series file) and turned into the plain data
every document is fed (``reports.series_data``); the documents are drawn after it. Each file is built in a hidden
temporary file beside its target and moved into place only when every one is complete (``export.write``): a
failed or partial export leaves nothing, and a full disk is one sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from urllib.parse import urlsplit

from tournament_desk.domain.errors import BadInput
from tournament_desk.i18n import render as said
from tournament_desk.reports.excel.series import build_series_workbook
from tournament_desk.reports.html.series import series_html
from tournament_desk.reports.picture_series import series_picture
from tournament_desk.reports.series import build_series
from tournament_desk.reports.series_data import SeriesData, SeriesEventData, SeriesRowData
from tournament_desk.services.output.export import write
from tournament_desk.services.output.pictures import Picture, picture_paths, render
from tournament_desk.services.series import SeriesDesk, shown_source
from tournament_desk.services.series_standings import SeriesStandings, series_standings

PDF, XLSX, HTML, PNG = "pdf", "xlsx", "html", "png"
KINDS = (PDF, XLSX, HTML, PNG)
SUFFIXES = {PDF: ".pdf", XLSX: ".xlsx", HTML: ".html", PNG: ".png"}
SQLITE = b"SQLite format 3\x00"


def plain(table: SeriesStandings, printed_at: datetime | None = None) -> SeriesData:
    """The standings as the documents' plain data (a problem already a sentence in the reader's language)."""
    events = tuple(
        SeriesEventData(
            e.member.number,
            e.name,
            shown_source(e.member.source),
            e.status,
            e.changed,
            e.after_round,
            said(e.problem) if e.problem is not None else "",
        )
        for e in table.events
    )
    rows = tuple(
        SeriesRowData(r.rank, r.name, r.unit, r.points, r.events, r.played, r.counted) for r in table.rows
    )
    when = printed_at or datetime.now().replace(microsecond=0)
    return SeriesData(table.name, when, table.rule, events, rows)


def series_data(desk: SeriesDesk) -> SeriesData:
    """What every document of the series shows, read once: one snapshot of the series file, each member event
    read as it is now."""
    with desk.db.transaction():
        table = series_standings(desk)
    return plain(table)


def check_request(desk: SeriesDesk | None, kind: str, out: Path) -> None:
    """Refuse, before anything is read, a kind we do not make, a name that does not fit it, a folder that is not
    there, and a target that is the series file or any database file."""
    if kind not in KINDS:
        raise BadInput(
            "Unknown series export '{what}': choose one of {choices}.", what=kind, choices=", ".join(KINDS)
        )
    if out.suffix.lower() != SUFFIXES[kind]:
        raise BadInput("'{path}' must end in {suffix}.", path=str(out), suffix=SUFFIXES[kind])
    if not out.parent.is_dir():
        raise BadInput("The folder '{folder}' does not exist.", folder=str(out.parent))
    series_file = desk.db.path if desk is not None else None
    resolved = out.resolve()
    if (series_file is not None and resolved == series_file.resolve()) or _is_database(resolved):
        raise BadInput("'{path}' is a series or tournament file; export to another name.", path=str(out))


def _is_database(path: Path) -> bool:
    try:
        with path.open("rb") as fh:
            return fh.read(16) == SQLITE
    except OSError:
        return False


def qr_url(url: str | None) -> str | None:
    """A published page's address for the picture's QR code (None: no QR code)."""
    if url is None or not url.strip():
        return None
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise BadInput("'{url}' is not a web address: it starts with http:// or https://.", url=url.strip())
    return url.strip()


def series_pictures(data: SeriesData, url: str | None = None, *, first_only: bool = False) -> list[Picture]:
    """The standings as phone-shaped PNGs (``first_only``: the first of a split list, as the clipboard takes)."""
    return render(series_picture(data, qr_url(url)), first_only=first_only)


def write_series(data: SeriesData, kind: str, out: Path, *, url: str | None = None) -> list[Path]:
    """Write ``data`` as ``kind`` to ``out`` (pictures of a long list: NAME-1.png, NAME-2.png…), all or none.
    Returns the files written."""
    out = Path(out)
    check_request(None, kind, out)
    jobs: dict[Path, Callable[[Path], None]]
    if kind == PDF:
        jobs = {out: lambda path: build_series(path, data)}
    elif kind == XLSX:
        jobs = {out: lambda path: build_series_workbook(path, data)}
    elif kind == HTML:
        jobs = {out: _html(series_html(data))}
    else:
        made = series_pictures(data, url)
        jobs = {path: _png(p.png) for path, p in zip(picture_paths(out, len(made)), made, strict=True)}
    return write(jobs)


def export_series(desk: SeriesDesk, kind: str, out: Path, *, url: str | None = None) -> list[Path]:
    """``tdesk series export``: the request checked, the standings read once, the file(s) written."""
    out = Path(out)
    check_request(desk, kind, out)
    if kind != PNG and url is not None:
        raise BadInput("--url goes with a picture (png) only.")
    qr_url(url)
    return write_series(series_data(desk), kind, out, url=url)


def _html(page: str) -> Callable[[Path], None]:
    def build(path: Path) -> None:
        path.write_text(page, encoding="utf-8")

    return build


def _png(png: bytes) -> Callable[[Path], None]:
    def build(path: Path) -> None:
        path.write_bytes(png)

    return build
