"""Frozen public standings, the cross-table page and the static export of the public pages."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from urllib.parse import unquote

import pytest

from tests.web.client import Phone
from tests.web.events import make_cup
from tournament_desk.cli import main
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.levels import format_level
from tournament_desk.services import entrants as es
from tournament_desk.services import live_settings
from tournament_desk.services import results as rs
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import pair_next_round, round_view
from tournament_desk.services.standings import current_standings
from tournament_desk.web.app import create_app
from tournament_desk.web.static import MARKER, export_site

TEAMS = ["甲队", "乙队", "丙队", "丁队"]


def _event(path: Path, fmt: str = "swiss", played: int = 2) -> Desk:
    desk = create_tournament(path, name="春季升级赛", format=fmt, rounds=3) if fmt == "swiss" else (
        create_tournament(path, name="春季升级赛", format=fmt))  # fmt: skip
    for name in TEAMS:
        es.add_entrant(desk, name, players="张三、李四" if name == "甲队" else "")
    es.draw(desk, order=TEAMS)
    levels = [[("A", "2"), ("Q", "9")], [("2", "A"), ("3", "K")]]  # round 2 turns the order round
    for n in range(played):
        view = pair_next_round(desk)
        for i, t in enumerate(view.tables):
            home, away = levels[n % 2][i % 2]
            rs.record_result(desk, view.round, t.table, home, away)
    return desk


@pytest.fixture
def swiss(tmp_path: Path) -> Iterator[Desk]:
    desk = _event(tmp_path / "s.tdesk")
    yield desk
    desk.close()


def phone(desk: Desk, lang: str = "en") -> Phone:
    return Phone(create_app(desk, poll_seconds=0.05, stream_seconds=0.5), lang)


def _ranks(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<tr><td class="num">(\d+)</td><td>([^<]+)</td>', html)


# --- frozen public standings -----------------------------------------------------------------------------


def test_frozen_standings_show_the_earlier_round_with_a_note_and_the_desk_is_unaffected(swiss: Desk) -> None:
    c = phone(swiss)
    live = c.get("/standings").text
    assert "Standings after round 2" in live and "frozen" not in live
    after_one = [(str(r.rank), r.entrant.name) for r in current_standings(swiss, after_round=1).rows]
    after_two = [(str(r.rank), r.entrant.name) for r in current_standings(swiss).rows]
    assert after_one != after_two  # otherwise the freeze would show nothing
    assert _ranks(live) == after_two

    assert live_settings.set_freeze_rounds(swiss, 1) == 1
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

    live_settings.set_freeze_rounds(swiss, 0)
    assert _ranks(c.get("/standings").text) == after_two


def test_freezing_refuses_a_bad_number_and_changes_nothing(swiss: Desk) -> None:
    before = len(audit_trail(swiss))
    for bad in (-1, live_settings.MAX_FREEZE + 1):
        with pytest.raises(BadInput, match="0 to 30 rounds"):
            live_settings.set_freeze_rounds(swiss, bad)
    assert live_settings.freeze_rounds(swiss) == 0 and len(audit_trail(swiss)) == before


def test_freeze_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _event(tmp_path / "s.tdesk").close()
    f = str(tmp_path / "s.tdesk")
    assert main(["freeze", f, "2", "--json"]) == 0
    assert capsys.readouterr().out.strip() == '{"freeze_rounds": 2}'
    assert main(["freeze", f]) == 0 and "last 2 rounds" in capsys.readouterr().out
    assert main(["freeze", f, "99"]) == 2 and "0 to 30" in capsys.readouterr().err


# --- the cross-table ------------------------------------------------------------------------------------


def _cells(html: str) -> list[list[str]]:
    rows = re.findall(r"<tr>(.*?)</tr>", html)
    return [[unescape(c).replace("<br>", "\n") for c in re.findall(r"<td[^>]*>(.*?)</td>", r)] for r in rows]


def test_round_robin_cross_table_has_the_printed_sheets_figures(tmp_path: Path) -> None:
    desk = _event(tmp_path / "rr.tdesk", "round-robin", played=2)
    c = phone(desk)
    assert 'href="/crosstable"' in c.get("/standings").text
    page = c.get("/crosstable")
    assert page.status_code == 200 and "Cross-table after round 2" in page.text
    rows = {r[1]: r for r in _cells(page.text) if len(r) > 2}
    order = [r[1] for r in sorted(rows.values(), key=lambda r: int(r[0]))]
    standing = {r.entrant.name: r for r in current_standings(desk).rows}
    for name, row in rows.items():  # figures and rank at the right, as the standings have them
        assert row[-1] == str(standing[name].rank)
        mp = 2 + len(order) + current_standings(desk).columns.index("mp")
        assert float(row[mp]) == pytest.approx(standing[name].mp)
    for n in (1, 2):
        for t in round_view(desk, n).tables:
            assert t.home_level is not None and t.away_level is not None
            home_cell = rows[t.home][2 + order.index(t.away)]
            away_cell = rows[t.away][2 + order.index(t.home)]
            assert home_cell.startswith(f"{format_level(t.home_level)}:{format_level(t.away_level)}")
            assert away_cell.startswith(f"{format_level(t.away_level)}:{format_level(t.home_level)}")
            assert t.outcome is not None and f"/ {t.outcome.home_mp:g}" in home_cell
    # Frozen: the grid stops at round 1 (round 2's meetings are shown as still to play).
    live_settings.set_freeze_rounds(desk, 1)
    frozen = c.get("/crosstable").text
    assert "Cross-table after round 1" in frozen and "Standings frozen after round 1." in frozen
    desk.close()


def test_group_tables_page_and_no_cross_table_for_swiss(tmp_path: Path, swiss: Desk) -> None:
    make_cup(tmp_path / "cup.tdesk")
    with Desk.open(tmp_path / "cup.tdesk") as cup:
        page = phone(cup, "zh").get("/crosstable").text
        assert "A组" in page and "B组" in page and "出线" in page and "队1" in page
    c = phone(swiss)
    assert "/crosstable" not in c.get("/standings").text
    assert c.get("/crosstable").status_code == 404


# --- the static export ----------------------------------------------------------------------------------


def _hrefs(html: str) -> list[str]:
    return [unescape(h) for h in re.findall(r'href="([^"]*)"', html)]


def test_static_export_links_resolve_and_carry_no_server_parts(tmp_path: Path) -> None:
    desk = _event(tmp_path / "rr.tdesk", "round-robin", played=2)
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


def test_static_export_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _event(tmp_path / "s.tdesk").close()
    out = tmp_path / "网页"
    assert main(["export", str(tmp_path / "s.tdesk"), "site", "-o", str(out)]) == 0
    assert str(out) in capsys.readouterr().out
    assert (out / "index.html").is_file() and not (out / "crosstable.html").exists()  # Swiss: none
    assert "/crosstable" not in (out / "standings.html").read_text(encoding="utf-8")


def test_the_tie_break_that_decided_a_place_is_named_not_keyed(tmp_path: Path) -> None:
    """The players' standings and "my place" name the deciding tie-break as the printed standings do (标准分 /
    VP), never its key ("vp", "opp_mp")."""
    from tournament_desk.services.demo import create_demo
    from tournament_desk.services.live_public import player_card, public_standings
    from tournament_desk.web.pages import card_html, standings_html

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
