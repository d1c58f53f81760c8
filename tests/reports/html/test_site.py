"""The static site's files: every page in Chinese at the top and in English under ``en/``, linked relatively."""

from __future__ import annotations

import re
from types import SimpleNamespace

from tournament_desk.domain.standings import StandingEntrant, StandingRow
from tournament_desk.reports.html.shapes import SiteData
from tournament_desk.reports.html.site import site_pages

ROWS = (
    StandingRow(1, StandingEntrant(1, "甲队"), 3.0, 15, 0, 1, 0, None),
    StandingRow(2, StandingEntrant(2, "乙<队>"), 0.0, 5, 3, 1, 0, "mp"),
)


def card(name: str) -> SimpleNamespace:
    entrant = SimpleNamespace(name=name, players=(), unit=None)
    return SimpleNamespace(entrant=entrant, current_round=1, table=1, seat="home", opponent="对手", bye=False,
                           rounds=(), rank=1, mp=3.0, vp=15.0, separated_by=None, standings_after=1, frozen=False,
                           games=None)  # fmt: skip


def site() -> dict[str, str]:
    table = SimpleNamespace(table=1, home="甲队", away="乙<队>", home_level=14, away_level=9)
    data = SiteData(
        event="春季赛",
        rounds=(SimpleNamespace(round=1, tables=(table,), bye=None),),  # type: ignore[arg-type]
        standings=SimpleNamespace(after_round=1, rows=ROWS, frozen=0, columns=("mp", "vp")),  # type: ignore[arg-type]
        cards=(card("甲队"), card("乙<队>")),  # type: ignore[arg-type]
        crosstable=None,
    )
    return site_pages(data)


def test_every_page_in_both_languages() -> None:
    files = site()
    top = {"index.html", "standings.html", "round-1.html", "entrant-1.html", "entrant-2.html"}
    assert set(files) == top | {f"en/{name}" for name in top}
    assert "crosstable.html" not in files  # the format has none


def test_links_are_relative_and_lead_to_pages_of_the_site() -> None:
    files = site()
    for name, html in files.items():
        folder = name.rpartition("/")[0]
        for href in re.findall(r'href="([^"]+)"', html):
            assert not href.startswith(("/", "http")), (name, href)
            target = href if not folder else (href[3:] if href.startswith("../") else f"{folder}/{href}")
            assert target in files, (name, href)


def test_names_are_escaped_and_the_english_pages_are_english() -> None:
    files = site()
    assert "乙&lt;队&gt;" in files["index.html"] and "乙<队>" not in files["index.html"]
    assert "Standings after round 1" in files["en/standings.html"]
    assert "Round 1 pairings" in files["en/round-1.html"] and "A : 9" in files["en/round-1.html"]
    assert '<html lang="zh-CN">' in files["index.html"] and '<html lang="en">' in files["en/index.html"]
