"""After the event: every public page as plain .html files in one folder, to post anywhere (no server).

The pages are the live server's own renderers (``web.pages``, ``web.crosstable``) with relative links and the
inline style: an index of rounds and entrants, the standings (the public ones: frozen while the director
freezes them), every published round's pairings and results, the cross-table where the format has one and each
entrant's page; Chinese at the top level, English in ``en/``. No event stream, no entry forms, no table codes.
The pages are written to a temporary folder beside the target, which is renamed when complete.
"""

from __future__ import annotations

import shutil
import tempfile
from html import escape
from pathlib import Path

from tournament_desk.domain.errors import BadInput
from tournament_desk.i18n import tr as plain
from tournament_desk.services import live_public
from tournament_desk.services.desk import Desk, paired_rounds
from tournament_desk.services.rounds import RoundView, round_view
from tournament_desk.web import pages
from tournament_desk.web.crosstable import crosstable_html, crosstable_view
from tournament_desk.web.pages import tr

MARKER = ".tournament-desk-site"  # marks a folder as a previous export: it may be replaced
LANGS = {"zh": "", "en": "en"}


def _entrant_file(number: int) -> str:
    return f"entrant-{number}.html"


def _round_file(number: int) -> str:
    return f"round-{number}.html"


def _index(lang: str, event: str, rounds: list[RoundView], names: list[str], cross: bool) -> str:
    items = "".join(
        f'<li><a href="{_round_file(v.round)}">{tr("Round {round} pairings", lang, round=v.round)}</a></li>'
        for v in rounds
    )
    people = "".join(
        f'<li><a href="{_entrant_file(i)}">{escape(name)}</a></li>' for i, name in enumerate(names, start=1)
    )
    extra = f'<li><a href="crosstable.html">{tr("Cross-table", lang)}</a></li>' if cross else ""
    return (
        f'<h1>{escape(event)}</h1><ul><li><a href="standings.html">{tr("Standings", lang)}</a></li>{extra}'
        f"{items}</ul><h2>{tr('Entrants', lang)}</h2><ul>{people}</ul>"
    )


def site_pages(desk: Desk) -> dict[str, str]:
    """Every file of the export (relative path → HTML)."""
    event = live_public.event_name(desk)
    with desk.db.transaction() as session:
        last = paired_rounds(session)
    rounds = [v for v in (round_view(desk, n) for n in range(1, last + 1)) if v.published]
    standing = live_public.public_standings(desk)
    cards = live_public.player_cards(desk)
    cross = crosstable_view(desk)
    has_cross = cross is not None
    files: dict[str, str] = {}
    for lang, folder in LANGS.items():
        prefix = f"{folder}/" if folder else ""

        def put(name: str, title: str, body: str, lang: str = lang, prefix: str = prefix) -> None:
            files[prefix + name] = pages.static_page(lang, title, body, file=name, crosstable=has_cross)

        names = [c.entrant.name for c in cards]
        put("index.html", event, _index(lang, event, rounds, names, has_cross))
        put("standings.html", plain("Standings", lang), pages.standings_html(lang, standing))
        for v in rounds:
            title = plain("Round {round} pairings", lang, round=v.round)
            put(_round_file(v.round), title, pages.pairings_html(lang, v))
        if has_cross:
            put("crosstable.html", plain("Cross-table", lang), crosstable_html(lang, cross))
        for i, card in enumerate(cards, start=1):
            put(_entrant_file(i), card.entrant.name, pages.card_html(lang, card))
    return files


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
    files = site_pages(desk)
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
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
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return target
