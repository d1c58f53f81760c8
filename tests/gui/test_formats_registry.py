"""The window's registry of stage formats (gui/formats, issue 24): every format of the domain has its module, the
pages follow each event's chain of stages, a format registered in the domain only still gets a wizard entry and
every page, and no other module of the window names a format."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.architecture.every_format import register_fifth
from tests.gui.test_mitchell_e2e import format_index
from tournament_desk.domain.formats import FORMATS
from tournament_desk.gui.formats import GUI_FORMATS, gui_format, stage_pages, wizard_choices
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.pages.entry.duplicate import DuplicateResultsPage
from tournament_desk.gui.pages.entry.knockout import KnockoutPage
from tournament_desk.gui.pages.entry.levels import ResultsPage
from tournament_desk.gui.pages.entry.mitchell import PairBoardsPage
from tournament_desk.gui.pages.entry.team_match import TeamMatchPage
from tournament_desk.gui.pages.groups import GroupsPage
from tournament_desk.gui.printing import printable_reports
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.event import event_info

GUI = Path(__file__).resolve().parents[2] / "tournament_desk" / "gui"


def test_every_format_of_the_domain_has_its_module_in_the_window() -> None:
    assert set(FORMATS) == set(GUI_FORMATS)
    assert all(gui_format(name).name == name for name in FORMATS)


@pytest.mark.parametrize(
    ("chain", "scoring", "pages"),
    [
        (("swiss",), "levels", [ResultsPage]),
        (("swiss",), "duplicate", [DuplicateResultsPage]),
        (("swiss",), "team-match", [TeamMatchPage]),
        (("round-robin",), "team-match", [TeamMatchPage]),
        (("round-robin",), "levels", [ResultsPage]),
        (("groups-knockout", "knockout"), "levels", [ResultsPage, GroupsPage, KnockoutPage]),
        (("knockout",), "levels", [ResultsPage, KnockoutPage]),
        (("knockout-round-robin", "round-robin-final"), "levels", [ResultsPage, KnockoutPage]),
        (("mitchell",), "levels", [PairBoardsPage]),
    ],
)
def test_the_pages_follow_the_chain_of_stages(
    chain: tuple[str, ...], scoring: str, pages: list[type]
) -> None:
    assert stage_pages(chain, scoring) == pages


def test_the_wizard_lists_every_format_an_event_can_start_with() -> None:
    listed = [c.format for c in wizard_choices()]
    assert listed == ["swiss", "round-robin", "round-robin", "groups-knockout", "knockout",
                      "knockout-round-robin", "mitchell"]  # fmt: skip
    assert [c.settings for c in wizard_choices() if c.format == "round-robin"] == [{}, {"double": True}]


@pytest.mark.slow
def test_a_format_registered_in_the_domain_only_opens_like_swiss(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    name = register_fifth(monkeypatch)
    assert name not in GUI_FORMATS
    assert gui_format(name).pages("levels") == (ResultsPage,)
    assert gui_format(name).pages("duplicate") == (DuplicateResultsPage,)
    window.new_file()
    page = window.wizard.event_page
    page.name.setText("第五种赛制")
    page.format.setCurrentIndex(format_index(page.format, name))
    assert page.format.currentText() == name  # no label of its own yet: its name
    assert page.rounds.isEnabled() and page.scoring.isVisibleTo(page)
    assert not any(widget.isVisibleTo(page) for _, widget in page.rows.values())
    page.rounds.setValue(4)
    window.wizard.next()
    window.wizard.next()
    window.wizard.file_page.path.setText(str(tmp_path / "fifth.tdesk"))
    window.wizard.accept()
    assert window.session is not None
    info = window.session.read(event_info)
    assert info.stage_formats == (name,) and info.rounds_planned == 4
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert titles == ["Entrants", "Rounds", "Results", "Standings", "Audit", "Rules"]
    assert "bracket" not in printable_reports(window.session)


def test_a_swiss_event_prints_no_bracket(demo_session: DeskSession) -> None:
    assert "bracket" not in printable_reports(demo_session)


@pytest.mark.slow
def test_no_module_of_the_window_outside_the_registry_names_a_format() -> None:
    """A string equal to a format's name outside gui/formats is a table keyed by format, or a comparison."""
    found = [
        f"{path.relative_to(GUI)}:{node.lineno} {node.value!r}"
        for path in sorted(GUI.rglob("*.py"))
        if "formats" not in path.relative_to(GUI).parts
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in FORMATS
    ]
    assert found == []
