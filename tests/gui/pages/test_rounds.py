"""The Rounds and Standings pages in each format's words (issue 27): a fixed schedule's draft is only checked and
published, and says why; a Mitchell round heads its sides North–South / East–West with no match points, and its
standings say each direction is ranked apart, as ``tdesk standings --json`` ranks them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tournament_desk.gui.models.rounds import RoundModel
from tournament_desk.gui.pages.rounds import RoundsPage
from tournament_desk.gui.pages.standings import StandingsPage
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.entrants import add_entrant, draw
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results.pair_boards import record_pair_board, table_boards
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.standings import current_standings

pytestmark = pytest.mark.slow  # each builds an event and a page


def event(path: Path, names: list[str], *, played: bool = False, **settings: object) -> DeskSession:
    desk = create_tournament(path, name="赛", **settings)  # type: ignore[arg-type]
    for name in names:
        add_entrant(desk, name)
    draw(desk, seed=1)
    pair_next_round(desk, publish=played)
    if played:  # every board of round 1 (Mitchell)
        for table in range(1, len(names) // 2 + 1):
            for board in table_boards(desk, 1, table):
                record_pair_board(desk, 1, table, board.board, (table * 3 + board.board * 11) % 29 * 5)
    return DeskSession(desk)


@pytest.fixture
def round_robin(qapp: object, tmp_path: Path) -> Iterator[DeskSession]:
    session = event(tmp_path / "rr.tdesk", [f"队{n}" for n in range(1, 7)], format="round-robin")
    yield session
    session.close()


@pytest.fixture
def mitchell(qapp: object, tmp_path: Path) -> Iterator[DeskSession]:
    names = [f"第{n}对" for n in range(1, 11)]
    session = event(tmp_path / "m.tdesk", names, played=True, format="mitchell", boards_per_round=2)
    yield session
    session.close()


def rounds_page(qtbot: QtBot, session: DeskSession) -> RoundsPage:
    page = RoundsPage(session)
    qtbot.addWidget(page)
    page.show()
    page.reload()
    return page


def headings(page: RoundsPage) -> list[str]:
    model = page.table.model()
    return [
        str(model.headerData(c, Qt.Orientation.Horizontal))
        for c in range(model.columnCount())
        if not page.table.isColumnHidden(c)
    ]


def test_a_round_robin_draft_is_only_published_and_says_why(qtbot: QtBot, round_robin: DeskSession) -> None:
    page = rounds_page(qtbot, round_robin)
    status = page.status.text()
    assert "draft" in status and "swap, lock or re-pair tables, then publish" not in status
    assert "round robin's schedule follows from the draw numbers" in status and "publish it" in status
    for button in (page.swap_button, page.lock_button, page.repair_button):
        assert button.isHidden() and not button.isEnabled()
    assert page.publish_button.isEnabled()
    page.publish_button.click()
    qtbot.waitUntil(
        lambda: "every result" in page.status.text() or "still have no result" in page.status.text()
    )


def test_a_swiss_draft_still_offers_its_adjustments(qtbot: QtBot, tmp_path: Path) -> None:
    session = event(tmp_path / "s.tdesk", [f"队{n}" for n in range(1, 7)], rounds=3)
    try:
        page = rounds_page(qtbot, session)
        assert "swap, lock or re-pair tables, then publish it" in page.status.text()
        assert all(b.isEnabled() and not b.isHidden() for b in (page.swap_button, page.repair_button))
        assert "Home / NS" in headings(page) and headings(page).count("MP") == 2
    finally:
        session.close()


def test_a_mitchell_round_heads_north_south_and_east_west_without_match_points(
    qtbot: QtBot, mitchell: DeskSession
) -> None:
    page = rounds_page(qtbot, mitchell)
    shown = headings(page)
    assert shown[1:3] == ["North–South (stays)", "East–West (moves)"]
    assert "MP" not in shown and not any("Home" in h or "Away" in h for h in shown)
    results = [page.model.index(r, RoundModel.COL_RESULT).data() for r in range(page.model.rowCount())]
    assert results[0] == "Boards 1, 2: entered" and all(r.endswith(": entered") for r in results)
    cell = page.schedule_model.index(0, 1).data()
    assert cell.endswith("✓") and "played" not in cell


def test_mitchell_standings_rank_each_direction_apart_as_the_cli(qtbot: QtBot, mitchell: DeskSession) -> None:
    page = StandingsPage(mitchell)
    qtbot.addWidget(page)
    page.show()
    page.reload()
    model = page.model
    assert model.column_of("direction") == 0 and model.column_of("rank") == 1  # the list read per direction
    assert page.format_note.isVisible() and "ranked separately" in page.format_note.text()
    expected = mitchell.read(current_standings, 1)
    shown = [(model.index(r, 0).data(), model.index(r, 1).data()) for r in range(model.rowCount())]
    assert shown == [({"NS": "NS", "EW": "EW"}[r.direction or ""], str(r.rank)) for r in expected.rows]
    for direction in ("NS", "EW"):  # each direction's places start at 1 and never fall back
        ranks = [int(rank) for d, rank in shown if d == direction]
        assert ranks[0] == 1 and ranks == sorted(ranks)


def test_a_swiss_standings_page_says_nothing_of_directions(qtbot: QtBot, tmp_path: Path) -> None:
    session = event(tmp_path / "s.tdesk", [f"队{n}" for n in range(1, 7)], rounds=3)
    try:
        page = StandingsPage(session)
        qtbot.addWidget(page)
        page.show()
        page.reload()
        assert page.model.column_of("rank") == 0 and page.format_note.isHidden()
    finally:
        session.close()
