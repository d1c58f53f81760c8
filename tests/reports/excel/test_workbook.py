"""The event workbook read back with openpyxl."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.workbook import Workbook

from tournament_desk.reports.excel.sheets import display_width
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.entrants import list_entrants
from tournament_desk.services.output.export import export
from tournament_desk.services.rounds import round_view
from tournament_desk.services.standings import current_standings


@pytest.fixture(scope="module")
def workbook(event: Desk, tmp_path_factory: pytest.TempPathFactory) -> Workbook:
    (out,) = export(event, "all", tmp_path_factory.mktemp("xlsx") / "event.xlsx")
    return load_workbook(out)


@pytest.mark.slow
def test_one_sheet_each_for_entrants_rounds_standings_and_audit(workbook: Workbook) -> None:
    assert workbook.sheetnames == ["参赛队", "第1轮", "第2轮", "第3轮", "第3轮后名次", "操作记录"]
    for ws in workbook.worksheets:
        assert ws.freeze_panes == "A2"
        assert all(isinstance(c.value, str) and c.value for c in ws[1])


def test_standings_sheet_matches_the_standings(event: Desk, workbook: Workbook) -> None:
    rows = list(workbook["第3轮后名次"].iter_rows(min_row=2, values_only=True))
    expected = current_standings(event).rows
    assert len(rows) == len(expected)
    for got, want in zip(rows, expected, strict=True):
        rank, name, unit, mp, vp, opp_mp, played = got[:7]
        assert (rank, name, unit, played) == (want.rank, want.entrant.name, want.entrant.unit, want.played)
        assert (mp, vp, opp_mp) == (want.mp, want.vp, want.opp_mp)
        assert all(isinstance(v, int | float) for v in (rank, mp, vp, opp_mp, played))


def test_round_sheets_hold_pairings_and_results_as_numbers(event: Desk, workbook: Workbook) -> None:
    for n in (1, 2, 3):
        view = round_view(event, n)
        rows = list(workbook[f"第{n}轮"].iter_rows(min_row=2, values_only=True))
        assert len(rows) == len(view.tables) + (view.bye is not None)
        for row, t in zip(rows, view.tables, strict=False):
            assert row[:3] == (t.table, t.home, t.away)
            assert t.outcome is not None
            assert row[6:10] == (t.outcome.home_mp, t.outcome.away_mp, t.outcome.home_vp, t.outcome.away_vp)
            assert all(isinstance(v, int | float) for v in row[6:10])


def test_entrants_and_audit_sheets(event: Desk, workbook: Workbook) -> None:
    entrants = list(workbook["参赛队"].iter_rows(min_row=2, values_only=True))
    assert {(r[1], r[2]) for r in entrants} == {(e.name, e.unit) for e in list_entrants(event)}
    assert all(isinstance(r[0], int) for r in entrants)
    audit = list(workbook["操作记录"].iter_rows(min_row=2, values_only=True))
    assert len(audit) == len(audit_trail(event))
    assert all(isinstance(r[0], datetime) for r in audit)
    assert any(r[2] == "Round paired" for r in audit)  # the tests run in English (test_audit_sheet: Chinese)


def test_columns_are_wide_enough_for_chinese_names(workbook: Workbook) -> None:
    ws = workbook["第3轮后名次"]
    longest = max(display_width(c.value) for c in ws["B"])
    assert ws.column_dimensions["B"].width >= longest
    assert display_width("华东师范一队") == 12 and display_width("Team 1") == 6


def test_every_report_name_writes_the_same_workbook(event: Desk, tmp_path: Path) -> None:
    (out,) = export(event, "ranking", tmp_path / "r.xlsx", round_no=2)
    wb = load_workbook(out)
    assert "第2轮后名次" in wb.sheetnames
    first = next(wb["第2轮后名次"].iter_rows(min_row=2, values_only=True))
    assert first[1] == current_standings(event, after_round=2).rows[0].entrant.name
