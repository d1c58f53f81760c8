"""Frozen public standings and the static export of the public pages."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from urllib.parse import unquote

import pytest

from tests.web.client import phone
from tests.web.events import TEAMS, public_event
from tournament_desk.domain.errors import BadInput
from tournament_desk.services import live
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.output.site import MARKER, export_site
from tournament_desk.services.rounds import round_view
from tournament_desk.services.standings import current_standings


def _ranks(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<tr><td class="num">(\d+)</td><td>([^<]+)</td>', html)


# --- frozen public standings -----------------------------------------------------------------------------


@pytest.mark.slow
def test_frozen_standings_show_the_earlier_round_with_a_note_and_the_desk_is_unaffected(swiss: Desk) -> None:
    c = phone(swiss)
    unfrozen = c.get("/standings").text
    assert "Standings after round 2" in unfrozen and "frozen" not in unfrozen
    after_one = [(str(r.rank), r.entrant.name) for r in current_standings(swiss, after_round=1).rows]
    after_two = [(str(r.rank), r.entrant.name) for r in current_standings(swiss).rows]
    assert after_one != after_two  # otherwise the freeze would show nothing
    assert _ranks(unfrozen) == after_two

    assert live.set_freeze_rounds(swiss, 1) == 1
    frozen = c.get("/standings").text
    assert "Standings after round 1" in frozen and "Standings frozen after round 1." in frozen
    assert _ranks(frozen) == after_one
    assert current_standings(swiss).after_round == 2  # the desk never freezes
    assert "名次冻结于第 1 轮后" in phone(swiss, "zh").get("/standings").text

    # A player's page: the place of round 1, but still the own result of round 2.
    card = c.get("/me/甲队").text
    rank_one = dict((n, r) for r, n in after_one)["甲队"]
    assert f"Place {rank_one} after round 1" in card and "Standings frozen after round 1." in card
    own = next(t for t in round_view(swiss, 2).tables if "甲队" in (t.home, t.away))
    assert f"<td>2</td><td>{own.table}</td>" in card
    entry = audit_trail(swiss)[-1]
    assert entry.action == "live-freeze" and entry.new == {"rounds": 1}

    live.set_freeze_rounds(swiss, 0)
    assert _ranks(c.get("/standings").text) == after_two


@pytest.mark.slow
def test_freezing_refuses_a_bad_number_and_changes_nothing(swiss: Desk) -> None:
    before = len(audit_trail(swiss))
    for bad in (-1, live.MAX_FREEZE + 1):
        with pytest.raises(BadInput, match="0 to 30 rounds"):
            live.set_freeze_rounds(swiss, bad)
    assert live.freeze_rounds(swiss) == 0 and len(audit_trail(swiss)) == before


# --- the static export ----------------------------------------------------------------------------------


def _hrefs(html: str) -> list[str]:
    return [unescape(h) for h in re.findall(r'href="([^"]*)"', html)]


@pytest.mark.slow
def test_static_export_links_resolve_and_carry_no_server_parts(tmp_path: Path) -> None:
    desk = public_event(tmp_path / "rr.tdesk", "round-robin", played=2)
    site = export_site(desk, tmp_path / "site")
    files = sorted(p for p in site.rglob("*.html"))
    names = {p.relative_to(site).as_posix() for p in files}
    assert {"index.html", "standings.html", "crosstable.html", "round-1.html", "round-2.html"} <= names
    assert {"en/index.html", "en/crosstable.html", "entrant-1.html", "en/entrant-4.html"} <= names
    checked = 0
    for p in files:
        html = p.read_text(encoding="utf-8")
        assert (
            "<script" not in html and "<form" not in html and "/t/" not in html and "EventSource" not in html
        )
        for href in _hrefs(html):
            assert not href.startswith(("/", "http:", "https:", "?")), (p, href)
            assert (p.parent / unquote(href)).resolve().is_file(), (p, href)
            checked += 1
    assert checked > 80
    index = (site / "index.html").read_text(encoding="utf-8")
    assert all(name in index for name in TEAMS) and "春季升级赛" in index
    assert "张三、李四" in (site / "entrant-1.html").read_text(encoding="utf-8")
    assert "Standings after round 2" in (site / "en" / "standings.html").read_text(encoding="utf-8")
    # A second export replaces the first; a folder with other files is refused and left as it was.
    (site / "round-1.html").write_text("old", encoding="utf-8")
    export_site(desk, site)
    assert (site / "round-1.html").read_text(encoding="utf-8") != "old" and (site / MARKER).exists()
    other = tmp_path / "photos"
    other.mkdir()
    (other / "a.jpg").write_bytes(b"x")
    with pytest.raises(BadInput, match="not empty and not an earlier export"):
        export_site(desk, other)
    assert [p.name for p in other.iterdir()] == ["a.jpg"]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".photos")]
    desk.close()


@pytest.mark.slow
def test_the_tie_break_that_decided_a_place_is_named_not_keyed(tmp_path: Path) -> None:
    """The players' standings and "my place" name the deciding tie-break as the printed standings do (标准分 /
    VP), never its key ("vp", "opp_mp")."""
    from tournament_desk.reports.html.pages import card_html, standings_html
    from tournament_desk.services.demo import create_demo
    from tournament_desk.services.live import player_card, public_standings

    with create_demo(tmp_path / "d.tdesk", entrants=16, units=4, played=3, seed=5) as desk:
        standing = public_standings(desk)
        decided = [r for r in standing.rows if r.separated_by]
        assert decided, "the demo has places decided by a tie-break"
        zh, en = standings_html("zh", standing), standings_html("en", standing)
        for key in {r.separated_by for r in decided}:
            assert f"<td>{key}</td>" not in zh and f"<td>{key}</td>" not in en
        assert "<td>标准分</td>" in zh or "<td>对手分</td>" in zh
        card = player_card(desk, decided[0].entrant.name)
        assert card is not None and card.separated_by
        page = card_html("zh", card)
        assert f"{card.separated_by}决定" not in page and "名次由" in page
