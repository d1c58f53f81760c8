"""Reports of an event in progress: a round paired but not played, a draft, a deduction and a withdrawal."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.reports import poppler
from tournament_desk.reports.layout import num
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.entrants import withdraw
from tournament_desk.services.output.export import export
from tournament_desk.services.results.deductions import deduct
from tournament_desk.services.rounds import pair_next_round, round_view
from tournament_desk.services.standings import current_standings

pytestmark = pytest.mark.system  # poppler reads the PDF back


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Desk]:
    with create_demo(tmp_path / "live.tdesk", entrants=10, units=3, played=2, seed=3) as desk:
        yield desk


@pytest.mark.slow
def test_the_next_round_prints_before_any_result(live: Desk, tmp_path: Path) -> None:
    pair_next_round(live)
    view = round_view(live, 3)
    before = {r.entrant.name: r.mp for r in current_standings(live, after_round=2).rows}
    pairings, sheets, cross = (
        export(live, what, tmp_path / f"{what}.pdf")[0] for what in ("pairings", "scoresheets", "crosstable")
    )
    text = poppler.text(pairings)
    assert "第 3 轮" in text and "草稿" not in text
    top = view.tables[0]
    assert re.search(
        rf"1\s+{top.home}\s+{num(before[top.home])}\s+{top.away}\s+{num(before[top.away])}", text
    )
    assert poppler.pages(sheets) == len(view.tables)
    cross_text = poppler.text(cross)
    assert re.search(r"第\s*3\s*轮", cross_text) and "主 —" in cross_text  # paired, no result yet
    assert "第 2 轮后" in cross_text  # the totals are those of the last complete round


@pytest.mark.slow
def test_a_draft_round_is_marked(live: Desk, tmp_path: Path) -> None:
    pair_next_round(live, publish=False)
    (out,) = export(live, "pairings", tmp_path / "draft.pdf")
    assert "草稿" in poppler.text(out)
    (sheets,) = export(live, "scoresheets", tmp_path / "draft-sheets.pdf")
    assert "草稿（未发布）" in poppler.text(sheets)
    assert poppler.render(sheets, tmp_path / "png") == poppler.pages(sheets)


def test_deductions_and_withdrawals_show_in_the_standings(live: Desk, tmp_path: Path) -> None:
    rows = current_standings(live).rows
    penalised, leaving = rows[0].entrant.name, rows[-1].entrant.name
    deduct(live, 2, penalised, 0.5, reason="迟到")
    withdraw(live, leaving)
    (out,) = export(live, "standings", tmp_path / "s.pdf")
    text = poppler.text(out)
    line = next(line for line in text.splitlines() if penalised in line)
    assert "-0.5" in line.split()
    assert f"{leaving}（退赛）" in text
    (ranking,) = export(live, "ranking", tmp_path / "r.pdf")
    assert f"{leaving}（退赛）" in poppler.text(ranking)
