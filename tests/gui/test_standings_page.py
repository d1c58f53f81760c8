"""The standings page: after any round, equal to the service's standings, with tiebreaks on hover."""

from __future__ import annotations

import subprocess
from pathlib import Path

import openpyxl
import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tournament_desk.gui.models.common import format_number
from tournament_desk.gui.models.standings_model import StandingsTableModel
from tournament_desk.gui.pages.standings import StandingsPage
from tournament_desk.gui.session import ROUNDS, DeskSession
from tournament_desk.services.output.export import export
from tournament_desk.services.results.deductions import deduct
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.standings import current_standings

COL = StandingsTableModel


def make_page(qtbot: QtBot, session: DeskSession) -> StandingsPage:
    page = StandingsPage(session)
    qtbot.addWidget(page)
    page.show()
    return page


def shown(page: StandingsPage) -> list[list[str]]:
    model = page.model
    return [[model.index(r, c).data() for c in range(model.columnCount())] for r in range(model.rowCount())]


@pytest.mark.slow
def test_standings_after_each_round_equal_the_service(qtbot: QtBot, demo_session: DeskSession) -> None:
    page = make_page(qtbot, demo_session)
    assert page.round_spin.value() == 2  # the last complete round
    assert (page.round_spin.minimum(), page.round_spin.maximum()) == (0, 2)
    for round_no in (2, 1, 0):
        page.set_round(round_no)
        expected = current_standings(demo_session.desk, round_no)
        assert page.model.rows == expected.rows
        assert [row[COL.COL_NAME] for row in shown(page)] == [r.entrant.name for r in expected.rows]
        assert [row[COL.COL_RANK] for row in shown(page)] == [str(r.rank) for r in expected.rows]
        assert [row[COL.COL_MP] for row in shown(page)] == [format_number(r.mp) for r in expected.rows]
        assert [row[COL.COL_VP] for row in shown(page)] == [format_number(r.vp) for r in expected.rows]
    assert page.status_label.text() == ""  # round 0, some rounds paired: nothing to say
    page.set_round(2)
    assert page.status_label.text() == "Every result up to round 2 is in."


def test_numbers_are_right_aligned_without_needless_decimals(qtbot: QtBot, demo_session: DeskSession) -> None:
    page = make_page(qtbot, demo_session)
    for row in range(page.model.rowCount()):
        for column in (COL.COL_RANK, COL.COL_MP, COL.COL_VP, COL.COL_OPP, COL.COL_PLAYED):
            index = page.model.index(row, column)
            assert index.data(Qt.ItemDataRole.TextAlignmentRole) & Qt.AlignmentFlag.AlignRight
            assert not index.data().endswith(".0")


def test_a_tooltip_names_the_tiebreak_that_separated_a_row(qtbot: QtBot, demo_session: DeskSession) -> None:
    page = make_page(qtbot, demo_session)
    rows = page.model.rows
    separated = [i for i, r in enumerate(rows) if i and r.separated_by is not None]
    assert separated
    names = {"mp": "MP", "vp": "VP", "opp_mp": "opponents' score"}
    for i in separated:
        key = rows[i].separated_by
        assert key is not None
        above, value = getattr(rows[i - 1], key), getattr(rows[i], key)
        tip = page.model.index(i, COL.COL_NAME).data(Qt.ItemDataRole.ToolTipRole)
        assert tip == (
            f"Separated from {rows[i - 1].entrant.name} by {names[key]} "
            f"({format_number(above)} vs {format_number(value)})"
        )


def test_missing_results_are_announced(qtbot: QtBot, demo_session: DeskSession) -> None:
    page = make_page(qtbot, demo_session)
    pair_next_round(demo_session.desk)
    demo_session.notify({ROUNDS})
    assert page.round_spin.maximum() == 3
    assert page.round_spin.value() == 2  # still the last complete round
    page.set_round(3)
    assert page.standings is not None and not page.standings.complete
    assert page.status_label.text() == (
        "Results are still missing in round(s) 3: these standings are provisional."
    )
    assert page.model.rows == current_standings(demo_session.desk, 3).rows


def test_an_empty_event(qtbot: QtBot, empty_session: DeskSession) -> None:
    page = make_page(qtbot, empty_session)
    assert page.model.rowCount() == 0
    assert page.round_spin.maximum() == 0
    assert page.status_label.text() == "No round has been played yet."


@pytest.mark.slow
def test_kept_standings_never_go_stale(qtbot: QtBot, demo_session: DeskSession) -> None:
    """The page keeps the standings it read while only a later round changes (issue 16: the desk typing the
    round in play costs no recompute), and reads them again the moment anything they depend on changes."""
    from tournament_desk.gui.session import RESULTS
    from tournament_desk.services.results.levels import record_result

    page = make_page(qtbot, demo_session)
    desk = demo_session.desk
    assert page.round_spin.value() == 2
    view = pair_next_round(desk)  # round 3, in play
    demo_session.notify({ROUNDS})
    kept = page.standings
    record_result(desk, 3, view.tables[0].table, "A", "2")
    demo_session.notify({RESULTS})
    assert page.standings is kept  # round 3 is not in the standings after round 2
    record_result(desk, 2, 1, "A", "2")  # a correction of round 2
    demo_session.notify({RESULTS})
    assert page.standings is not kept
    assert page.model.rows == current_standings(desk, 2).rows


@pytest.mark.system  # pdftotext
def test_a_deduction_shows_with_the_same_sign_in_the_window_the_pdf_and_the_workbook(
    qtbot: QtBot, demo_session: DeskSession, tmp_path: Path
) -> None:
    """The issue found −0.5 in the PDF and 0.5 in the window and Excel: all three now say -0.5."""
    desk = demo_session.desk
    name = current_standings(desk, 2).rows[0].entrant.name
    deduct(desk, 2, name, 0.5, reason="迟到")
    page = make_page(qtbot, demo_session)
    page.set_round(2)
    column = next(c for c in range(page.model.columnCount())
                  if page.model.headerData(c, Qt.Orientation.Horizontal) == "Deducted")  # fmt: skip
    window = {row[COL.COL_NAME]: row[column] for row in shown(page)}
    assert window[name] == "-0.5"
    export(desk, "standings", tmp_path / "s.pdf", round_no=None)
    text = subprocess.run(["pdftotext", "-layout", str(tmp_path / "s.pdf"), "-"], capture_output=True,
                          text=True, check=True).stdout  # fmt: skip
    line = next(li for li in text.splitlines() if name in li)
    assert "-0.5" in line or "−0.5" in line
    export(desk, "all", tmp_path / "e.xlsx", round_no=None)
    book = openpyxl.load_workbook(tmp_path / "e.xlsx")
    sheet = next(book[t] for t in book.sheetnames if t.endswith("轮后名次"))
    values = [list(r) for r in sheet.iter_rows(values_only=True)]
    row = next(r for r in values if name in r)
    assert -0.5 in row and 0.5 not in row
