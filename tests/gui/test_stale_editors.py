"""No stale desk write (issue 23, item 3): two desks on one event, in one process. Station A begins typing a
table; station B stores another result for it through the services; A's page follows (the row refreshes in
place) but keeps what A is typing; A's Enter stores nothing and asks: keep theirs (nothing written) or put mine
(written with a reason naming what it replaced; a third change meanwhile is asked about again, never lost).
On the results page (also for a table entered from the phones) and the knockout page; the duplicate boards
page and the Mitchell page: test_stale_boards.py. The same race on a PostgreSQL server:
tests/stations/test_stale_window.py."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QComboBox, QLineEdit
from pytestqt.qtbot import QtBot

from tests.gui.questions import KEEP, PUT, Answer, Questions
from tests.gui.stale import line_editor, no_question, trail, type_into, visible
from tests.web.events import make_cup
from tournament_desk.gui.models.common import CHANGED_COLOUR
from tournament_desk.gui.models.knockout import KnockoutModel
from tournament_desk.gui.models.results import ResultsModel
from tournament_desk.gui.pages.entry.knockout import KnockoutPage
from tournament_desk.gui.pages.entry.levels import ResultsPage
from tournament_desk.gui.session import DeskSession
from tournament_desk.services import live
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.results.levels import record_result, table_state
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.usefixtures("real_boxes")  # the real question, answered by its buttons (Questions)


# --- the results page -----------------------------------------------------------------------------------
@pytest.fixture
def shared(tmp_path: Path) -> Path:
    """A Swiss event of 12 teams (6 tables) with round 1 played and round 2 paired, on a shared file."""
    path = tmp_path / "shared.tdesk"
    create_demo(path, entrants=12, units=3, played=1, seed=2).close()
    with Desk.open(path, station="B站") as other:
        pair_next_round(other)
    return path


@pytest.fixture
def station_a(shared: Path) -> Iterator[DeskSession]:
    """This window's station, watching the others as the window does (the file's mark once a second)."""
    session = DeskSession(Desk.open(shared, station="A站"))
    yield session
    session.close()


def results_page(qtbot: QtBot, session: DeskSession) -> ResultsPage:
    page = ResultsPage(session)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    qtbot.waitUntil(lambda: page.model.rowCount() > 0)  # on a server the page reads on a worker thread
    return page


def start_table(qtbot: QtBot, page: ResultsPage, table: int, column: int) -> QLineEdit:
    page.move_to(table)
    page.edit(page.proxy.mapFromSource(page.model.index(page.model.row_of_table(table), column)))
    qtbot.waitUntil(lambda: visible(page.table, QLineEdit, "level-editor") is not None)
    return line_editor(page.table, "level-editor")


def race_on_results_page(qtbot: QtBot, page: ResultsPage, other: Callable[[], None]) -> None:
    """A types table 6's home level J; ``other`` (station B) stores its result; the page follows within the
    watcher's look, keeping A's J; A types J's Enter and the away level 8, and Enter."""
    editor = start_table(qtbot, page, 6, ResultsModel.COL_HOME_LEVEL)
    type_into(qtbot, editor, "J")
    other()
    row = page.model.row_of_table(6)
    qtbot.waitUntil(lambda: page.model.rows[row].home_level == 13, timeout=3000)  # B's K is on the row
    assert editor.isVisible() and editor.text() == "J"  # what A is typing is not rewritten
    assert (
        "B站" in page.message.text() and "K : 10" in page.message.text() and "Table 6" in page.message.text()
    )
    tint = page.model.index(row, ResultsModel.COL_HOME).data(Qt.ItemDataRole.BackgroundRole)
    assert isinstance(tint, QBrush) and tint.color() == CHANGED_COLOUR
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # J kept for the table; the away level's editor opens
    qtbot.waitUntil(lambda: page.table.currentIndex().column() == ResultsModel.COL_AWAY_LEVEL)
    qtbot.waitUntil(lambda: visible(page.table, QLineEdit, "level-editor") is not None)
    away = line_editor(page.table, "level-editor")
    type_into(qtbot, away, "8")
    qtbot.keyClick(away, Qt.Key.Key_Return)


def b_records(
    path: Path, levels: tuple[str, str], station: str = "B站", table: int = 6
) -> Callable[[], None]:
    def write() -> None:
        with Desk.open(path, station=station) as other:
            record_result(other, 2, table, *levels)

    return write


@pytest.mark.slow
def test_keep_theirs_stores_nothing_and_shows_theirs(
    qtbot: QtBot, shared: Path, station_a: DeskSession, shown_errors: list[str]
) -> None:
    page = results_page(qtbot, station_a)
    before = len(trail(station_a.desk, 2, 6))
    questions = Questions(Answer(KEEP))
    race_on_results_page(qtbot, page, b_records(shared, ("K", "10")))
    qtbot.waitUntil(lambda: questions.done, timeout=3000)
    assert "B站" in questions.texts[0] and "K : 10" in questions.texts[0] and "J : 8" in questions.texts[0]
    state = table_state(station_a.desk, 2, 6)
    assert (state["home_level"], state["away_level"]) == ("K", "10")
    entries = trail(station_a.desk, 2, 6)
    assert len(entries) == before + 1 and entries[-1].station == "B站"  # B's write, and nothing from A
    row = page.model.rows[page.model.row_of_table(6)]
    assert (row.home_level, row.away_level, row.typed_home) == (13, 10, None)  # theirs shown, J dropped
    assert "kept" in page.message.text() and "J : 8" in page.message.text()
    assert page.stale.edits == {} and shown_errors == []


@pytest.mark.slow
def test_put_mine_stores_it_with_a_reason_naming_what_it_replaced(
    qtbot: QtBot, shared: Path, station_a: DeskSession, shown_errors: list[str]
) -> None:
    page = results_page(qtbot, station_a)
    questions = Questions(Answer(PUT))
    race_on_results_page(qtbot, page, b_records(shared, ("K", "10")))
    qtbot.waitUntil(lambda: questions.done, timeout=3000)
    qtbot.waitUntil(lambda: table_state(station_a.desk, 2, 6)["home_level"] == "J")
    assert table_state(station_a.desk, 2, 6)["away_level"] == "8"
    last = trail(station_a.desk, 2, 6)[-1]
    assert last.station == "A站" and last.reason is not None
    assert "replaced station B站's K : 10" in last.reason and last.old["home_level"] == "K"
    row = page.model.rows[page.model.row_of_table(6)]
    assert (row.home_level, row.away_level) == (11, 8)
    assert shown_errors == []


@pytest.mark.slow
def test_a_third_change_before_put_mine_is_asked_about_again(
    qtbot: QtBot, shared: Path, station_a: DeskSession, shown_errors: list[str]
) -> None:
    """C stores Q : 9 while A's question about B's K : 10 is open: A's "put mine" is refused and asked about
    again, naming C; keeping C's leaves it stored."""
    page = results_page(qtbot, station_a)
    questions = Questions(Answer(PUT, before=b_records(shared, ("Q", "9"), station="C站")), Answer(KEEP))
    race_on_results_page(qtbot, page, b_records(shared, ("K", "10")))
    qtbot.waitUntil(lambda: questions.done, timeout=3000)
    assert "B站" in questions.texts[0] and "K : 10" in questions.texts[0]
    assert "C站" in questions.texts[1] and "Q : 9" in questions.texts[1] and "J : 8" in questions.texts[1]
    state = table_state(station_a.desk, 2, 6)
    assert (state["home_level"], state["away_level"]) == ("Q", "9")
    assert [e.station for e in trail(station_a.desk, 2, 6)][-2:] == ["B站", "C站"]
    assert shown_errors == []


@pytest.mark.slow
def test_nothing_changed_elsewhere_saves_at_once(qtbot: QtBot, station_a: DeskSession) -> None:
    """Another station's change to another table asks nothing: A's typing is stored on Enter as always."""
    page = results_page(qtbot, station_a)
    editor = start_table(qtbot, page, 6, ResultsModel.COL_HOME_LEVEL)
    type_into(qtbot, editor, "J")
    assert station_a.path is not None
    b_records(station_a.path, ("K", "10"), table=5)()
    qtbot.waitUntil(lambda: not page.model.rows[page.model.row_of_table(5)].missing, timeout=3000)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: visible(page.table, QLineEdit, "level-editor") is not None)
    away = line_editor(page.table, "level-editor")
    type_into(qtbot, away, "8")
    qtbot.keyClick(away, Qt.Key.Key_Return)
    no_question(qtbot)
    assert table_state(station_a.desk, 2, 6)["home_level"] == "J" and page.stale.edits == {}


@pytest.mark.slow
def test_esc_ends_the_edit(qtbot: QtBot, station_a: DeskSession) -> None:
    """Esc drops the typing and the edit: a change meanwhile is not asked about at the next typing."""
    page = results_page(qtbot, station_a)
    editor = start_table(qtbot, page, 6, ResultsModel.COL_HOME_LEVEL)
    type_into(qtbot, editor, "J")
    assert set(page.stale.edits) == {6}
    qtbot.keyClick(editor, Qt.Key.Key_Escape)
    assert page.stale.edits == {}


@pytest.mark.slow
def test_a_table_from_the_phones_is_decided_expecting_what_a_saw(
    qtbot: QtBot,
    shared: Path,
    station_a: DeskSession,
    shown_errors: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A table the page shows as entered from a phone (pending) is decided through live.resolve, which is given
    the table as A saw it when typing began: B's result meanwhile is asked about, and "put mine" decides it over
    B's, expecting B's."""
    page = results_page(qtbot, station_a)
    real_source, real_sources = page.read_source, page.keep_sources
    monkeypatch.setattr(page, "read_source", lambda t: "pending" if t == 6 else real_source(t))
    monkeypatch.setattr(
        page, "keep_sources", lambda views, tables=None: {**real_sources(views, tables), 6: "pending"}
    )
    page.show_round()
    assert page.model.rows[page.model.row_of_table(6)].source == "pending"
    calls: list[dict[str, object] | None] = []
    real_resolve = live.resolve

    def resolve(desk: Desk, *args: object, **kwargs: object) -> object:
        calls.append(kwargs.get("expected"))  # type: ignore[arg-type]
        return real_resolve(desk, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(live, "resolve", resolve)
    questions = Questions(Answer(PUT))
    race_on_results_page(qtbot, page, b_records(shared, ("K", "10")))
    qtbot.waitUntil(lambda: questions.done, timeout=3000)
    qtbot.waitUntil(lambda: table_state(station_a.desk, 2, 6)["home_level"] == "J")
    assert [c["home_level"] if c else "-" for c in calls] == [None, "K"]  # as A saw it; then B's, when asked
    last = trail(station_a.desk, 2, 6)[-1]
    assert last.station == "A站" and last.reason is not None and "B站" in last.reason
    assert shown_errors == []


# --- the knockout page: levels and the side on stage -------------------------------------------------------
@pytest.mark.slow
def test_knockout_page_asks_before_putting_mine_over_another_stations(
    qtbot: QtBot, tmp_path: Path, shown_errors: list[str]
) -> None:
    """A types table 1's home level J; B stores K : 10; the knockout page follows in place (no reload: A's
    editor and J stay); A types the away level J and the side on stage 主: nothing is stored, the question
    comes; "put mine" stores J : J with home on stage, its reason naming B's K : 10."""
    path = tmp_path / "cup.tdesk"
    round_no = make_cup(path)
    session = DeskSession(Desk.open(path, station="A站"))
    try:
        page = KnockoutPage(session)
        qtbot.addWidget(page)
        page.show()
        qtbot.waitExposed(page)
        assert page.round_no == round_no and page.model.rows[0].missing
        page.edit(page.model.index(0, KnockoutModel.COL_HOME_LEVEL))
        qtbot.waitUntil(lambda: visible(page.table, QLineEdit, "level-editor") is not None)
        editor = line_editor(page.table, "level-editor")
        type_into(qtbot, editor, "J")
        with Desk.open(path, station="B站") as other:
            record_result(other, round_no, 1, "K", "10")
        qtbot.waitUntil(lambda: page.model.rows[0].home_level == 13, timeout=3000)
        assert editor.isVisible() and editor.text() == "J"
        assert "B站" in page.message.text() and "K : 10" in page.message.text()
        qtbot.keyClick(editor, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: page.table.currentIndex().column() == KnockoutModel.COL_AWAY_LEVEL)
        qtbot.waitUntil(lambda: visible(page.table, QLineEdit, "level-editor") is not None)
        away = line_editor(page.table, "level-editor")
        type_into(qtbot, away, "J")
        qtbot.keyClick(away, Qt.Key.Key_Return)  # equal levels: who was on stage?
        qtbot.waitUntil(lambda: visible(page.table, QComboBox, "on-stage-editor") is not None)
        box = visible(page.table, QComboBox, "on-stage-editor")
        assert isinstance(box, QComboBox) and box.lineEdit() is not None
        questions = Questions(Answer(PUT))
        box.lineEdit().insert("主")
        qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: questions.done, timeout=3000)
        assert (
            "B站" in questions.texts[0] and "K : 10" in questions.texts[0] and "J : J" in questions.texts[0]
        )
        qtbot.waitUntil(lambda: table_state(session.desk, round_no, 1)["home_level"] == "J")
        state = table_state(session.desk, round_no, 1)
        assert (state["away_level"], state.get("on_stage")) == ("J", "home")
        last = trail(session.desk, round_no, 1)[-1]
        assert (
            last.station == "A站"
            and last.reason is not None
            and "replaced station B站's K : 10" in last.reason
        )
        assert page.model.rows[0].winner == "home" and shown_errors == []
    finally:
        session.close()


# --- the duplicate boards page: one room of one board -----------------------------------------------------
