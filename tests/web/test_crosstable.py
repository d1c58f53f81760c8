"""The cross-table page (``/crosstable``): a round robin's grid with the printed sheet's figures, a cup's group
tables, and no page for a Swiss event."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from tests.web.client import phone
from tests.web.events import make_cup, public_event
from tournament_desk.domain.levels import format_level
from tournament_desk.services import live
from tournament_desk.services.desk import Desk
from tournament_desk.services.rounds import round_view
from tournament_desk.services.standings import current_standings

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


def _cells(html: str) -> list[list[str]]:
    rows = re.findall(r"<tr>(.*?)</tr>", html)
    return [[unescape(c).replace("<br>", "\n") for c in re.findall(r"<td[^>]*>(.*?)</td>", r)] for r in rows]


def test_round_robin_cross_table_has_the_printed_sheets_figures(tmp_path: Path) -> None:
    desk = public_event(tmp_path / "rr.tdesk", "round-robin", played=2)
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
    live.set_freeze_rounds(desk, 1)
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
