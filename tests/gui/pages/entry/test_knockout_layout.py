"""The knockout page's layout (issue 27): the winner and source columns are wide enough before any result is
typed (never "⋯" once one is), and at 1200×800 the bracket of 16 gets the room its final's box needs."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QFont, QFontMetrics
from pytestqt.qtbot import QtBot

from tests.gui.conftest import open_event
from tournament_desk.gui.columns import cell_padding
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.models.knockout import KnockoutModel
from tournament_desk.gui.models.results import source_marks
from tournament_desk.gui.pages.entry.knockout import KnockoutPage
from tournament_desk.services.entrants import add_entrant, draw
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round, round_view

pytestmark = pytest.mark.slow  # a window and an event

CITIES = "复旦交通同济华师南京东南浙江科大厦门四川武汉中山北京清华南开天津"
NAMES = [f"{CITIES[2 * i : 2 * i + 2]}大学升级协会第{i + 1}代表队" for i in range(16)]


def knockout(path: Path, played: int) -> None:
    """Sixteen long names, a third-place match; ``played`` rounds typed, the next one paired and empty."""
    desk = create_tournament(path, name="淘汰赛", format="knockout", third_place=True)
    try:
        for name in NAMES:
            add_entrant(desk, name)
        draw(desk, order=NAMES)
        for r in range(1, played + 1):
            pair_next_round(desk)
            for t in round_view(desk, r).tables:
                rs.record_result(desk, r, t.table, "J", "8")
        pair_next_round(desk)
    finally:
        desk.close()


def page_of(window: MainWindow, qtbot: QtBot, path: Path) -> KnockoutPage:
    window.resize(1200, 800)
    open_event(window, path)
    page = window.show_page(KnockoutPage)
    assert isinstance(page, KnockoutPage)
    qtbot.waitUntil(lambda: page.model.rowCount() > 0)
    return page


def test_the_winner_and_source_columns_are_wide_before_any_result(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "ko.tdesk"
    knockout(path, played=0)
    page = page_of(window, qtbot, path)
    table, header = page.table, page.table.horizontalHeader()
    assert all(r.winner is None for r in page.model.rows)  # nothing typed: the columns are empty
    bold = QFont(table.font())
    bold.setBold(True)
    widest = max(QFontMetrics(bold).horizontalAdvance(n) for r in page.model.rows for n in (r.home, r.away))
    assert header.sectionSize(KnockoutModel.COL_WINNER) >= widest + cell_padding(table)
    marks = [source_marks(s, False)[0] for s in ("desk", "pending", "confirmed", "disputed")]
    needed = max(table.fontMetrics().horizontalAdvance(m) for m in marks)
    assert header.sectionSize(KnockoutModel.COL_SOURCE) >= needed + cell_padding(table)


def test_the_final_of_a_bracket_of_16_is_whole_at_1200_by_800(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "ko16.tdesk"
    knockout(path, played=2)
    page = page_of(window, qtbot, path)
    pane, drawing = page.pane, page.pane.drawing
    qtbot.waitUntil(lambda: drawing.view is not None)
    final = max(drawing.boxes.values(), key=lambda box: box.right())
    assert final.right() <= pane.scroll_area.viewport().width()  # the final's box whole, without scrolling
    assert pane.scroll_area.horizontalScrollBar().maximum() == 0
    assert pane.placing.width() >= pane.placing.fontMetrics().horizontalAdvance("中" * pane.PLACING_EMS)
