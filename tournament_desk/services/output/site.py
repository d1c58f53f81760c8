"""After the event: every public page as plain .html files in one folder, to post anywhere (no server).

What the pages show is read in one read transaction (one snapshot of the file, even while a station writes),
then rendered by the same renderers as the LAN server's pages (``reports.html``) and written to a temporary
folder beside the target, which is renamed when complete.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from tournament_desk.domain.errors import BadInput
from tournament_desk.reports.html.shapes import SiteData
from tournament_desk.reports.html.site import site_pages
from tournament_desk.services import live
from tournament_desk.services.desk import Desk, paired_rounds
from tournament_desk.services.output.disk import disk_trouble
from tournament_desk.services.rounds import round_view

MARKER = ".tournament-desk-site"  # marks a folder as a previous export: it may be replaced


def site_data(desk: Desk) -> SiteData:
    """What the static site shows, read in one read transaction (every read below joins it)."""
    with desk.db.transaction() as session:
        event = live.event_name(desk)
        last = paired_rounds(session)
        rounds = [v for v in (round_view(desk, n) for n in range(1, last + 1)) if v.published]
        return SiteData(
            event, rounds, live.public_standings(desk), live.player_cards(desk), live.crosstable_view(desk)
        )


def _check_target(target: Path) -> None:
    if target.exists() and not target.is_dir():
        raise BadInput("{folder} is a file, not a folder.", folder=str(target))
    if target.is_dir() and any(target.iterdir()) and not (target / MARKER).exists():
        raise BadInput(
            "The folder {folder} is not empty and not an earlier export of these pages: choose an empty folder.",
            folder=str(target),
        )


def export_site(desk: Desk, target: Path) -> Path:
    """Write the public pages into ``target`` (an empty folder, a new one, or an earlier export to replace)."""
    target = target.resolve()
    _check_target(target)
    files = site_pages(site_data(desk))
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    except OSError as exc:
        trouble = disk_trouble(exc, target)
        if trouble is None:
            raise
        raise trouble from exc
    try:
        for name, html in files.items():
            path = work / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(html, encoding="utf-8")
        (work / MARKER).write_text("Tournament Desk static pages\n", encoding="utf-8")
        _check_target(target)  # nothing appeared there meanwhile
        old = None
        if target.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{target.name}-old-", dir=target.parent))
            old.rmdir()
            target.rename(old)
        work.rename(target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException as exc:
        shutil.rmtree(work, ignore_errors=True)
        trouble = disk_trouble(exc, target)
        if trouble is not None:
            raise trouble from exc
        raise
    return target
