"""Ctrl+D on the result-entry pages (``gui/pages/entry/sources.py``): what the message line says of the next
disputed table is worded for what its phones enter — levels as each side entered them, a team match's pair games
(rules.md §5.8) by game, with the teams' names, in the window's language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.gui.test_live_disputes import disputed  # noqa: F401 (the fixture: a team match disputed on games 2, 3)
from tournament_desk import i18n
from tournament_desk.gui.pages.entry.team_match import TeamMatchPage
from tournament_desk.gui.session import DeskSession
from tournament_desk.gui.settings import Translations

pytestmark = pytest.mark.slow  # real widgets and a real file


@pytest.fixture
def chinese(qapp: QApplication) -> Iterator[None]:
    translations = Translations(qapp)
    translations.apply("zh_CN")
    yield
    translations.apply("en")
    i18n.set_language(None)  # the services' sentences follow the environment again


def ctrl_d_page(qtbot: QtBot, session: DeskSession) -> TeamMatchPage:
    page = TeamMatchPage(session)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    qtbot.waitUntil(lambda: page.matches.rowCount() == 2)
    # offscreen, key events do not reach the shortcut map reliably: the page's Ctrl+D shortcut itself is fired
    ctrl_d = next(k for k in page.grid_view.findChildren(QShortcut) if k.key() == QKeySequence("Ctrl+D"))
    ctrl_d.activated.emit()
    assert page.table_no == 1
    return page


def ctrl_d_message(qtbot: QtBot, session: DeskSession) -> str:
    return ctrl_d_page(qtbot, session).message.text()


def test_ctrl_d_puts_the_cursor_on_the_first_disputed_game(
    qtbot: QtBot,
    disputed: DeskSession,  # noqa: F811
) -> None:
    """Game 1 was agreed: the cursor goes to game 2's home level, where the desk types the decided game."""
    from tournament_desk.gui.models.team_match import GamesModel

    page = ctrl_d_page(qtbot, disputed)
    at = page.grid_view.currentIndex()
    assert (at.row(), at.column()) == (1, GamesModel.COL_HOME)


def test_ctrl_d_on_a_team_match_names_the_disputed_games_and_the_teams(
    qtbot: QtBot,
    disputed: DeskSession,  # noqa: F811
) -> None:
    text = ctrl_d_message(qtbot, disputed)
    assert text.startswith("Table 1: 甲队 and 丁队 entered game 2, 3 differently (")
    assert "game 2: J : J, 丁队 declaring  ≠  J : J, 甲队 declaring" in text
    assert "game 3: the pair of 甲队 absent  ≠  10 : 9" in text
    assert "home entered" not in text and "away declaring" not in text


def test_ctrl_d_on_a_team_match_in_chinese(
    qtbot: QtBot,
    disputed: DeskSession,  # noqa: F811
    chinese: None,
) -> None:
    text = ctrl_d_message(qtbot, disputed)
    assert text.startswith("第 1 桌：甲队 与 丁队 录入的第 2, 3 局不一致（第 2 局：")
    assert "甲队 的对子缺席" in text or "甲队的对子缺席" in text
    assert "entered" not in text and "declaring" not in text and "game" not in text
