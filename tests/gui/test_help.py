"""help: F1's text for each page, its keys, and an event's rules, escaped into HTML."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from tournament_desk.domain.rules import RuleSet
from tournament_desk.gui.help import help_html, keys, topic_text, topic_title
from tournament_desk.gui.models.rules_model import describe_rules


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
