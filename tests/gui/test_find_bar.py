"""find_bar: Ctrl+F finds rows of the current page's table by name, unit or number, in the order shown."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from tournament_desk.gui.find_bar import FindBar
from tournament_desk.gui.models.entrants_model import EntrantsTableModel
from tournament_desk.gui.models.standings_model import StandingsTableModel
from tournament_desk.gui.pages.base import Page
from tournament_desk.gui.pages.entrants import EntrantsPage
from tournament_desk.gui.pages.standings import StandingsPage
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.entrants import add_entrant

NAME = StandingsTableModel.COL_NAME


def setup(qtbot: QtBot, session: DeskSession) -> tuple[StandingsPage, FindBar]:
    page = StandingsPage(session)
    qtbot.addWidget(page)
    page.show()
    bar = FindBar()
    qtbot.addWidget(bar)
    bar.open_for(page)
    return page, bar


def current_name(page: StandingsPage) -> str:
    return page.model.index(page.table.currentIndex().row(), NAME).data()


def test_typing_selects_the_first_match_and_enter_moves_on(qtbot: QtBot, demo_session: DeskSession) -> None:
    page, bar = setup(qtbot, demo_session)
    assert bar.isVisible()
    names = [page.model.index(r, NAME).data() for r in range(page.model.rowCount())]
    unit = page.model.rows[0].entrant.unit
    assert unit
    bar.edit.setText(unit)  # typed as an input method would: keyClicks takes Latin-1 only
    expected = [r for r in range(len(names)) if page.model.rows[r].entrant.unit == unit]
    assert bar.matches == expected and bar.count.text() == f"1 of {len(expected)}"
    assert page.table.currentIndex().row() == expected[0]
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    assert page.table.currentIndex().row() == expected[1]
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert page.table.currentIndex().row() == expected[0]
    bar.previous_match()  # wraps round to the last
    assert page.table.currentIndex().row() == expected[-1]


def test_full_width_and_case_compare_alike(qtbot: QtBot, demo_session: DeskSession) -> None:
    page, bar = setup(qtbot, demo_session)
    name = page.model.index(3, NAME).data()
    full = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in name.upper())
    bar.edit.setText(full)
    assert 3 in bar.matches
    assert current_name(page) == page.model.index(bar.matches[0], NAME).data()


def test_no_match_is_said_in_red_and_an_empty_search_says_nothing(
    qtbot: QtBot, demo_session: DeskSession
) -> None:
    _, bar = setup(qtbot, demo_session)
    bar.edit.setText("没有这个队")
    assert bar.count.text() == "No match" and "color" in bar.count.styleSheet()
    bar.next_match()  # nothing to go to
    bar.edit.setText("")
    assert bar.count.text() == "" and bar.matches == []


def test_a_page_without_a_table_has_nothing_to_search(qtbot: QtBot, empty_session: DeskSession) -> None:
    class Blank(Page):
        def title(self) -> str:
            return "Blank"

    page = Blank(empty_session)
    qtbot.addWidget(page)
    bar = FindBar()
    qtbot.addWidget(bar)
    bar.open_for(page)
    assert bar.count.text() == "Nothing to search on this page"


@pytest.mark.slow
def test_closing_the_bar_gives_the_table_the_keyboard(qtbot: QtBot, demo_session: DeskSession) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    page = StandingsPage(demo_session, host)
    bar = FindBar(host)
    QVBoxLayout(host).addWidget(page)
    host.layout().addWidget(bar)
    host.show()
    qtbot.waitExposed(host)
    host.activateWindow()
    bar.open_for(page)
    bar.close_bar()
    assert not bar.isVisible()
    qtbot.waitUntil(lambda: page.table.hasFocus())


def test_pinyin_and_its_initials_find_chinese_names_as_the_entrants_search_does(
    qtbot: QtBot, empty_session: DeskSession
) -> None:
    for name, unit in (
        ("复旦一队", "复旦大学"),
        ("同济一队", "同济大学"),
        ("复旦二队", "复旦大学"),
        ("Team 10", None),
    ):
        add_entrant(empty_session.desk, name, unit=unit)
    page = EntrantsPage(empty_session)
    qtbot.addWidget(page)
    page.show()
    page.reload()
    bar = FindBar()
    qtbot.addWidget(bar)
    bar.open_for(page)

    def found(text: str) -> list[str]:
        bar.edit.setText(text)
        return [page.proxy.index(r, EntrantsTableModel.COL_NAME).data() for r in bar.matches]

    assert found("fudan") == ["复旦一队", "复旦二队"]  # full pinyin, as typed without tones
    assert found("FuDan Er") == ["复旦二队"]  # case and spaces do not matter
    assert found("tjyd") == ["同济一队"]  # initials
    assert page.proxy.index(page.table.currentIndex().row(), EntrantsTableModel.COL_NAME).data() == "同济一队"
    assert found("tongjidaxue") == ["同济一队"]  # a unit by its pinyin
    assert found("team 10") == ["Team 10"] and found("xyz") == []
    # the entrants page's own search finds the same rows: one matcher for both
    for text in ("fudan", "tjyd", "FuDan Er"):
        page.search_edit.setText(text)
        shown = [
            page.proxy.index(r, EntrantsTableModel.COL_NAME).data() for r in range(page.proxy.rowCount())
        ]
        page.search_edit.setText("")
        assert shown == found(text)
