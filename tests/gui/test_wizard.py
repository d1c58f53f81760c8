"""The new-tournament wizard's scoring choice (gui/wizard.py, gui/formats/scorings.py, issue 26): a team match of
pairs offers the number of pairs (odd, 3 to 9, default 5) and only the formats that can carry it; the event
made is a team-match event whose results are typed on the team-match page."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QComboBox

from tests.gui.conftest import save_from_wizard
from tests.gui.test_mitchell_e2e import format_index
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.pages.entry.team_match import TeamMatchPage
from tournament_desk.gui.wizard import EventPage
from tournament_desk.services.event import event_info


def enabled(box: QComboBox) -> dict[object, bool]:
    """Each entry's data (a format's name, a scoring mode) → whether it can be chosen."""
    model = box.model()
    assert isinstance(model, QStandardItemModel)
    found: dict[object, bool] = {}
    for i in range(box.count()):
        data = box.itemData(i)
        key = data if isinstance(data, str) else data.format
        found[key] = found.get(key, False) or model.item(i).isEnabled()
    return found


def pairs_box(page: EventPage) -> QComboBox:
    widget = page.row_widget("pairs")
    assert isinstance(widget, QComboBox)
    return widget


def choose_scoring(page: EventPage, mode: str) -> None:
    page.scoring.setCurrentIndex(page.scoring.findData(mode))


def test_a_team_match_offers_the_pairs_and_only_the_formats_that_carry_it(window: MainWindow) -> None:
    window.new_file()
    page = window.wizard.event_page
    assert not pairs_box(page).isVisibleTo(page)  # levels: no pairs to choose
    choose_scoring(page, "team-match")
    assert page.scoring.currentText() == "Team match of pairs (团体赛，每队 P 对)"
    box = pairs_box(page)
    assert box.isVisibleTo(page)
    assert [box.itemData(i) for i in range(box.count())] == [5, 3, 7, 9] and box.currentData() == 5
    assert page.kind.currentData() == "teams" and not page.kind.isEnabled()
    assert page.kind.currentText() == "Teams of pairs (the pairs a team sends, below)"
    assert page.scoring_note.isVisibleTo(page) and "3 points" in page.scoring_note.text()
    assert enabled(page.format) == {
        "swiss": True,
        "round-robin": True,
        "groups-knockout": True,
        "knockout": True,  # any format that pairs teams (rules.md §5.8)
        "knockout-round-robin": True,
        "mitchell": False,
    }
    choose_scoring(page, "duplicate")
    assert not enabled(page.format)["knockout"] and not enabled(page.format)["mitchell"]
    # Back to levels: every format again, and no pairs.
    choose_scoring(page, "levels")
    assert all(enabled(page.format).values()) and not pairs_box(page).isVisibleTo(page)
    assert page.kind.isEnabled() and page.kind.itemText(page.kind.findData("teams")) == "Teams of four"


def test_a_format_that_cannot_carry_a_team_match_greys_it_out(window: MainWindow) -> None:
    window.new_file()
    page = window.wizard.event_page
    page.format.setCurrentIndex(format_index(page.format, "knockout"))
    # A knockout is decided by levels and the side on stage, or by the pair games won: not by duplicate boards.
    assert enabled(page.scoring) == {"levels": True, "duplicate": False, "team-match": True}
    page.format.setCurrentIndex(format_index(page.format, "mitchell"))  # pairs, not teams
    assert enabled(page.scoring) == {"levels": True, "duplicate": False, "team-match": False}
    page.format.setCurrentIndex(format_index(page.format, "groups-knockout"))
    assert enabled(page.scoring)["team-match"]
    choose_scoring(page, "team-match")
    assert pairs_box(page).isVisibleTo(page) and page.row_widget("group-size").isVisibleTo(page)
    assert page.settings()["pairs"] == 5


@pytest.mark.slow
def test_the_wizard_makes_a_team_match_event_of_seven_pairs(window: MainWindow, tmp_path: Path) -> None:
    window.new_file()
    wizard = window.wizard
    page = wizard.event_page
    page.name.setText("团体赛")
    page.format.setCurrentIndex(format_index(page.format, "round-robin"))
    choose_scoring(page, "team-match")
    box = pairs_box(page)
    box.setCurrentIndex(box.findData(7))
    wizard.next()
    assert "game ratio" in wizard.rules_page.note.text()  # the rules page says what a team match scores
    session = save_from_wizard(window, tmp_path / "团体赛.tdesk")
    info = session.read(event_info)
    assert (info.format, info.scoring, info.entrants_kind, info.rules.team_pairs) == (
        "round-robin",
        "team-match",
        "teams",
        7,
    )
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert "Team matches" in titles and "Results" not in titles
    assert isinstance(window.show_page(TeamMatchPage), TeamMatchPage)


def test_the_rules_page_keeps_the_levels_wording_for_levels(window: MainWindow) -> None:
    window.new_file()
    window.wizard.event_page.name.setText("积分赛")
    window.wizard.next()
    assert "VP" in window.wizard.rules_page.note.text()
