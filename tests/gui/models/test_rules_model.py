"""models/rules_model: an event's rules in words, as stored in its file, and the level table's bands."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from tournament_desk.domain.rules import LEVEL_TABLES, Band, LevelTable, RuleSet
from tournament_desk.gui.models.rules_model import (
    LevelTableModel,
    band_change,
    band_points,
    describe_rules,
    table_name,
)
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.event import event_info, update_rules


@pytest.mark.parametrize(
    ("band", "points"),
    [(Band(0, 0, 3), "0"), (Band(5, 35, 2), "5–35"), (Band(160, None, -2, 40), "160 and more")],
)
def test_band_points(band: Band, points: str) -> None:
    assert band_points(band) == points


def test_band_change_counts_levels_either_way() -> None:
    assert band_change(Band(5, 35, 1)) == "declarer goes up 1 level"
    assert band_change(Band(0, 0, 3)) == "declarer goes up 3 levels"
    assert band_change(Band(120, 155, -1)) == "defenders take the stage and go up 1 level"
    assert band_change(Band(200, None, -3)) == "defenders take the stage and go up 3 levels"


def test_an_edited_level_table_is_named_as_edited() -> None:
    preset = next(iter(LEVEL_TABLES.values()))
    assert "edited" not in table_name(preset)
    edited = LevelTable(preset.preset, preset.bands[:-1])
    assert table_name(edited) == f"{table_name(preset)}, edited"


def test_rules_changed_in_the_file_read_back_in_words(empty_session: DeskSession) -> None:
    desk = empty_session.desk
    rules = replace(
        event_info(desk).rules,
        ruling_fixed_vp=15,
        late_award="ruling",
        withdrawal_award="own-average",
        late_arrival_minutes=20,
    )
    update_rules(desk, rules, reason="test")
    described = dict(describe_rules(event_info(desk).rules))
    assert described["Loss by ruling"] == "The offender gets 0; the opponent gets a fixed 15 VP"
    assert described["Late arrival award"] == "the opponent gets the loss-by-ruling award"
    assert described["Late arrival"] == "More than 20 minutes late is a forfeit"
    assert "Withdrawal" not in described  # what a withdrawal does is the format's to say (below)


def test_the_withdrawal_row_is_the_formats_own_sentence() -> None:
    """rules.md §5.7: a Swiss event's rules page must not list the round robin's award to later opponents."""
    said = "Its next match is a walkover: its opponent goes through."
    assert dict(describe_rules(RuleSet(), withdrawal=said))["Withdrawal"] == said


def test_the_level_table_model_shows_each_band(qtmodeltester: ModelTester) -> None:
    bands = LEVEL_TABLES["two-deck-80-by-40"].bands
    model = LevelTableModel()
    model.set_rows(bands)
    qtmodeltester.check(model)
    assert model.rowCount() == len(bands)
    assert model.data(model.index(0, 0)) == "0"
    assert model.data(model.index(0, 1)) == "declarer goes up 3 levels"
    assert (
        model.data(model.index(0, 1), Qt.ItemDataRole.ToolTipRole) == "0 points → declarer goes up 3 levels"
    )
    assert model.headerData(0, Qt.Orientation.Horizontal) == "Defenders' points"
    assert model.headerData(2, Qt.Orientation.Horizontal) is None


def test_a_team_match_event_shows_the_pairs_a_team_sends() -> None:
    """The Rules page of a team-match event (rules.md §5.8) has a row for its pairs; other events have none."""
    from tournament_desk.domain.scoring_modes import scoring_mode

    rules = replace(RuleSet(), team_pairs=7)
    described = dict(describe_rules(rules, scoring_mode("team-match")))
    assert described["Team match"].startswith("7 pairs a team; the team winning 4 of the 7 pair games")
    # Only the rules a team match uses (issue 26): no VP, MP scale or level-scored tiebreaks; its own chain.
    assert not {"Victory points (VP)", "Match points (MP)", "Tiebreaks", "Forfeit"} & set(described)
    assert (
        described["Bye"] == "3 points" and described["Loss by ruling"] == "the opponent wins the match 3 : 0"
    )
    assert described["Ranking"] == (
        "total points → the result between the tied teams → game ratio (pair games won ÷ lost) → shared rank"
    )
    for mode in (None, scoring_mode("levels"), scoring_mode("duplicate")):
        assert "Team match" not in dict(describe_rules(rules, mode))
        assert "Victory points (VP)" in dict(describe_rules(rules, mode))


@pytest.mark.slow
def test_the_rules_page_of_a_team_match_demo_shows_its_pairs(qtbot: QtBot, tmp_path: Path) -> None:
    """The window's Rules page reads the event's mode: a team-match demo of three pairs a team says so."""
    from tournament_desk.gui.pages.rules import RulesPage
    from tournament_desk.services.demo import create_demo

    session = DeskSession(
        create_demo(tmp_path / "t.tdesk", entrants=4, played=1, scoring="team-match", pairs=3)
    )
    try:
        page = RulesPage(session)
        qtbot.addWidget(page)
        page.show_data(page.read())
        shown = page.rule_labels["Team match"].text()
        assert shown.startswith("3 pairs a team; the team winning 2 of the 3 pair games wins the match")
    finally:
        session.close()
