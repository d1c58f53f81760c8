"""Names a hostile (or unlucky) sign-up sheet brings are stored, shown and exported as the text they are:
never a live formula in a workbook, never markup in a PDF (issue 15)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.reports import poppler
from tournament_desk.services import entrants as es
from tournament_desk.services.event import create_tournament
from tournament_desk.services.output.export import export
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round

HOSTILE = [
    '=HYPERLINK("http://x","click")',
    "=cmd|' /C calc'!A0",
    "+1+1",
    "@SUM(1)",
    "-2+3",
    "<b>粗体</b> & <font>队</font>",
]


@pytest.mark.slow
def test_an_exported_workbook_holds_no_formula(tmp_path: Path) -> None:
    with create_tournament(tmp_path / "h.tdesk", name="=1+1 杯", rounds=2) as desk:
        for i, name in enumerate(HOSTILE):
            es.add_entrant(desk, name, unit=f"=A{i}", players=["=B1", "+C2"])
        view = pair_next_round(desk)
        for t in view.tables:
            rs.record_result(desk, 1, t.table, "Q", "9", reason='=HYPERLINK("http://y")')
        es.withdraw(desk, HOSTILE[0], reason="@cmd")
        out = export(desk, "all", tmp_path / "h.xlsx")[0]
    with zipfile.ZipFile(out) as z:  # no <f> element anywhere: Excel would run it
        assert not [n for n in z.namelist() if n.endswith(".xml") and b"<f>" in z.read(n)]
    book = load_workbook(out)
    formulas = [
        c.coordinate for ws in book.worksheets for row in ws.iter_rows() for c in row if c.data_type == "f"
    ]
    assert formulas == []
    names = {c.value for c in book["参赛队"]["B"]}
    assert set(HOSTILE) <= names


@pytest.mark.slow
@pytest.mark.system  # poppler
def test_a_pdf_prints_markup_literally(tmp_path: Path) -> None:
    poppler.require_poppler()
    with create_tournament(tmp_path / "p.tdesk", name="<i>杯</i> & 赛", rounds=1) as desk:
        for name in HOSTILE:
            es.add_entrant(desk, name)
        pair_next_round(desk)
        files = export(desk, "pairings", tmp_path / "p.pdf", round_no=1)
    text = "".join(poppler.page_texts(files[0]))
    assert "<b>粗体</b> & <font>队</font>" in text and '=HYPERLINK("http://x","click")' in text


def test_a_sign_up_sheet_with_look_alike_names(tmp_path: Path) -> None:
    """Full-width, zero-width and spaced copies of one name are refused as repeats, with their rows; a
    control character is refused with its row; a near-duplicate is only flagged."""
    sheet = tmp_path / "报名表.csv"
    sheet.write_text(
        "队名,单位\n东风队,一中\n东风队\u200b,一中\nＡＢＣ,二中\nABC,二中\n红 旗队,三中\n红旗队,三中\n"
        "坏\x07队,四中\nTeam-1,五中\nteam 1,五中\n",
        encoding="utf-8",
    )
    with create_tournament(tmp_path / "s.tdesk", name="报名") as desk:
        rows = es.preview_entrant_sheet(desk, sheet)
    problems = {r.row: str(r.problem) for r in rows if r.problem is not None}
    assert set(problems) == {3, 5, 7, 8}
    assert (
        "repeats row 2" in problems[3] and "repeats row 4" in problems[5] and "repeats row 6" in problems[7]
    )
    assert "control character" in problems[8]
    flagged = {r.row for r in rows if r.warning is not None}
    assert flagged == {10}
