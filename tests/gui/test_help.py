"""help: F1's text for each page, its keys, an event's rules, and what the options the page deals with mean
(the regulation each follows and an example), escaped into HTML."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tournament_desk.domain.rule_notes import NOTES, rule_notes
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring_modes import scoring_mode
from tournament_desk.gui.help import (
    PAGE_OPTIONS,
    help_html,
    keys,
    notes_html,
    page_options,
    topic_text,
    topic_title,
)
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.models.rules_model import describe_rules
from tournament_desk.gui.pages.rules import RulesPage
from tournament_desk.i18n import set_language
from tournament_desk.services.event import create_tournament


def test_an_unknown_page_gets_the_getting_started_help(qapp: QApplication) -> None:
    assert topic_title("NoSuchPage") == "Tournament Desk"
    assert topic_text("NoSuchPage") == topic_text("StartPage") != []
    assert topic_title("StandingsPage") == "Standings"
    assert topic_text("StandingsPage") != topic_text("StartPage")


def test_the_html_has_the_title_paragraphs_and_every_key(qapp: QApplication) -> None:
    html = help_html("AuditPage")
    assert html.startswith("<h2>Audit</h2>")
    assert html.count("<p>") == len(topic_text("AuditPage"))
    assert all(f"<b>{k}</b>" in html for k, _ in keys() if "<" not in k)
    assert "The rules in force" not in html


def test_the_rules_in_force_are_listed_and_escaped(qapp: QApplication) -> None:
    rules = describe_rules(RuleSet())
    html = help_html("RulesPage", [*rules, ("<Note>", "a & b")])
    assert "<h3>The rules in force</h3>" in html
    assert html.count("<tr>") == len(keys()) + len(rules) + 1
    assert "<b>&lt;Note&gt;</b></td><td>a &amp; b" in html


def test_the_options_a_page_deals_with_are_explained_with_their_regulation(qapp: QApplication) -> None:
    notes = rule_notes(RuleSet(), scoring_mode("levels"), page_options("ResultsPage"))
    assert {n.key for n in notes} >= {"forfeit_win", "ruling_award", "late_arrival_minutes", "deduction_step"}
    assert "team_pairs" not in {n.key for n in notes}  # not an option of a levels event
    html = help_html("ResultsPage", describe_rules(RuleSet()), notes)
    assert "<h3>What the rules mean</h3>" in html
    assert html.count("<p><b>") == len(notes)
    assert "Regulation: seed 000 (2015 Ohio Chinese Festival 40-point Shengji rules), article 19 (4)" in html
    assert "Example: The away pair of table 5 does not come: the home pair gets 2.5 MP and 12 VP" in html
    assert "What the rules mean" not in help_html("ResultsPage", describe_rules(RuleSet()))


def test_every_page_explains_only_real_options(qapp: QApplication) -> None:
    for topic, options in PAGE_OPTIONS.items():
        assert options and set(options) <= set(NOTES), topic
        assert topic_title(topic) != "Tournament Desk", topic
    assert page_options("RulesPage") == tuple(NOTES) == page_options("RulesDialog")
    assert page_options("AuditPage") == () == page_options("StartPage")


def test_the_explanations_follow_the_language(qapp: QApplication) -> None:
    notes = rule_notes(RuleSet(), keys=["bye"])
    set_language("zh")
    try:
        html = notes_html(notes)
    finally:
        set_language(None)
    assert (
        "<b>轮空</b>" in html and "本程序默认：各规程均未规定轮空得分" in html and "示例：11 对参赛" in html
    )
    assert notes_html([]) == ""


def test_f1_on_the_rules_page_explains_every_option_of_the_event(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "rules.tdesk"
    create_tournament(path, name="规则说明").close()
    assert window.open_file(path)
    page = window.show_page(RulesPage)
    qtbot.keyClick(page, Qt.Key.Key_F1)
    dialog = window.help_dialog
    assert dialog is not None and dialog.topic == "RulesPage"
    text = dialog.text.toPlainText()
    assert "The rules in force" in text and "What the rules mean" in text
    for note in rule_notes(RuleSet(), scoring_mode("levels")):
        assert note.title.template in text
    assert "Team match of pairs" not in text and "article 18, withdrawal" in text
