"""The static site's files: every public page with relative links and the inline style, to post anywhere.

An index of rounds and entrants, the standings (the public ones: frozen while the director freezes them), every
published round's pairings and results, the cross-table where the format has one and each entrant's page;
Chinese at the top level, English in ``en/``. No event stream, no entry forms, no table codes.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from tournament_desk.i18n import tr as plain
from tournament_desk.reports.html import pages
from tournament_desk.reports.html.crosstable import crosstable_html
from tournament_desk.reports.html.pages import tr
from tournament_desk.reports.html.shapes import RoundLike, SiteData

LANGS = {"zh": "", "en": "en"}


def _entrant_file(number: int) -> str:
    return f"entrant-{number}.html"


def _round_file(number: int) -> str:
    return f"round-{number}.html"


def _index(lang: str, event: str, rounds: Sequence[RoundLike], names: list[str], cross: bool) -> str:
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


def site_pages(data: SiteData) -> dict[str, str]:
    """Every file of the site (relative path → HTML)."""
    cross = data.crosstable
    has_cross = cross is not None
    names = [c.entrant.name for c in data.cards]
    files: dict[str, str] = {}
    for lang, folder in LANGS.items():
        prefix = f"{folder}/" if folder else ""

        def put(name: str, title: str, body: str, lang: str = lang, prefix: str = prefix) -> None:
            files[prefix + name] = pages.static_page(lang, title, body, file=name, crosstable=has_cross)

        put("index.html", data.event, _index(lang, data.event, data.rounds, names, has_cross))
        put("standings.html", plain("Standings", lang), pages.standings_html(lang, data.standings))
        for v in data.rounds:
            title = plain("Round {round} pairings", lang, round=v.round)
            put(_round_file(v.round), title, pages.pairings_html(lang, v))
        if cross is not None:
            put("crosstable.html", plain("Cross-table", lang), crosstable_html(lang, cross))
        for i, card in enumerate(data.cards, start=1):
            put(_entrant_file(i), card.entrant.name, pages.card_html(lang, card))
    return files
