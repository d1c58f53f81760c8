"""The knockout by draw (rules.md §7.6) and knockout rounds into a round-robin final (§7.7) in the window: the wizard
offers both with their settings; a 12-team knockout (4 byes, a 9 : 9 table decided by the side on stage, a
third-place match) and a 12-team knockout into a final of four are typed through the real widgets to the end,
and the standings page shows what ``tdesk standings --json`` gives for the same results typed through tdesk."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox
from pytestqt.qtbot import QtBot

from tests.gui.conftest import drawn_event, open_event, save_from_wizard
from tests.gui.test_desk_e2e import type_level
from tests.gui.test_groups_e2e import pair_and_publish, type_knockout
from tests.gui.test_mitchell_e2e import format_index
from tournament_desk.cli import main as cli_main
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.models.knockout import KnockoutModel
from tournament_desk.gui.pages.entry.knockout import KnockoutPage
from tournament_desk.gui.pages.entry.levels import ResultsPage
from tournament_desk.gui.pages.groups import GroupsPage
from tournament_desk.gui.pages.standings import StandingsPage
from tournament_desk.gui.printing import printable_reports
from tournament_desk.services.bracket import bracket_view
from tournament_desk.services.event import event_info

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)

TEAMS = [f"{n:02d}队" for n in range(1, 13)]  # the number is the team's strength: lower is stronger
Typed = dict[tuple[int, int], tuple[str, str, str | None]]  # (round, table) → home, away, side on stage


def tdesk(*args: object) -> str:
    """``tdesk`` in process (the same entry point as the command, faster)."""
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli_main([str(a) for a in args]) == 0
    return out.getvalue()


def make_event(path: Path, **settings: Any) -> None:
    drawn_event(path, "抽签淘汰赛", TEAMS, seed=3, **settings)


def stronger(home: str, away: str) -> tuple[str, str]:
    return ("Q", "9") if int(home[:2]) < int(away[:2]) else ("9", "Q")


def standings_on_screen(window: MainWindow) -> list[tuple[str, str, str]]:
    """(rank, name, place) of every row of the standings page, as shown."""
    page = window.show_page(StandingsPage)
    assert isinstance(page, StandingsPage)
    model = page.model
    columns = [model.column_of(key) for key in ("rank", "name", "placing")]
    return [tuple(model.index(r, c).data() for c in columns) for r in range(model.rowCount())]  # type: ignore[misc]


def standings_of(path: Path) -> list[tuple[str, str, str]]:
    shown = json.loads(tdesk("standings", path, "--json"))
    return [(str(r["rank"]), r["name"], r["placing"]) for r in shown["rows"]]


def replay(path: Path, typed: Typed, *options: object) -> None:
    """The same event through tdesk (``options`` of ``tdesk new``): the same entrants, draw and results."""
    tdesk("new", path, "--name", "抽签淘汰赛", *options)
    for name in TEAMS:
        tdesk("entrant", "add", path, name)
    tdesk("draw", path, "--seed", 3)
    for round_no in sorted({r for r, _ in typed}):
        tdesk("pair", path)
        for (r, table), (home, away, side) in sorted(typed.items()):
            if r == round_no:
                tdesk("result", path, r, table, home, away, *(("--on-stage", side) if side else ()))


def play_knockout_round(window: MainWindow, qtbot: QtBot, typed: Typed, *, on_stage_table: int | None) -> int:
    """Pair and publish the next round, then type it on the knockout page: the stronger team wins Q : 9, except
    ``on_stage_table``: 9 : 9 with the away side on stage (who wins)."""
    round_no = pair_and_publish(window, qtbot)
    page = window.show_page(KnockoutPage)
    assert isinstance(page, KnockoutPage) and page.round_no == round_no
    rows = list(page.model.rows)
    assert rows and all(r.missing for r in rows)
    page.start_typing()
    for row in rows:
        if row.table == on_stage_table:
            type_knockout(qtbot, page, "9", KnockoutModel.COL_HOME_LEVEL)
            type_knockout(qtbot, page, "9", KnockoutModel.COL_AWAY_LEVEL)
            assert "on stage" in page.message.text()
            type_knockout(qtbot, page, "客", KnockoutModel.COL_ON_STAGE)
            typed[(round_no, row.table)] = ("9", "9", "away")
        else:
            home, away = stronger(row.home, row.away)
            type_knockout(qtbot, page, home, KnockoutModel.COL_HOME_LEVEL)
            type_knockout(qtbot, page, away, KnockoutModel.COL_AWAY_LEVEL)
            typed[(round_no, row.table)] = (home, away, None)
    assert not any(r.missing for r in page.model.rows)
    return round_no


def test_the_wizard_offers_the_knockout_by_draw_and_into_a_final(window: MainWindow, tmp_path: Path) -> None:
    window.new_file()
    page = window.wizard.event_page
    labels = [page.format.itemText(i) for i in range(page.format.count())]
    assert any("Knockout by draw" in text for text in labels)
    assert any("round-robin final" in text for text in labels)
    third_place, finalists = page.row_widget("third-place"), page.row_widget("finalists")
    assert isinstance(third_place, QCheckBox) and isinstance(finalists, QComboBox)
    page.format.setCurrentIndex(format_index(page.format, "knockout-round-robin"))
    assert finalists.isVisibleTo(page) and not third_place.isVisibleTo(page)
    assert [finalists.itemData(i) for i in range(finalists.count())] == [4, 8]
    assert not page.rounds.isEnabled() and "follow from the number of entrants" in page.rounds_note.text()
    page.format.setCurrentIndex(format_index(page.format, "knockout"))
    assert third_place.isVisibleTo(page) and not finalists.isVisibleTo(page)
    assert not page.row_widget("group-size").isVisibleTo(page)
    page.name.setText("抽签淘汰赛")
    third_place.setChecked(True)
    session = save_from_wizard(window, tmp_path / "淘汰.tdesk")
    info = session.read(event_info)
    assert info.stage_formats == ("knockout",) and info.settings == {"third_place": True}
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert titles == ["Entrants", "Rounds", "Results", "Knockout", "Standings", "Audit", "Rules"]
    assert "bracket" in printable_reports(session)
    knockout = window.show_page(KnockoutPage)
    assert isinstance(knockout, KnockoutPage)
    assert "Entrants page" in knockout.message.text()  # no draw yet: where the bracket comes from

    # Into a final of eight: the knockout page, the results page, no groups page.
    window.new_file()
    page = window.wizard.event_page
    page.name.setText("淘汰加循环")
    page.format.setCurrentIndex(format_index(page.format, "knockout-round-robin"))
    finalists = page.row_widget("finalists")
    assert isinstance(finalists, QComboBox)
    finalists.setCurrentIndex(finalists.findData(8))
    info = save_from_wizard(window, tmp_path / "决赛.tdesk").read(event_info)
    assert info.stage_formats == ("knockout-round-robin", "round-robin-final")
    assert info.settings is not None and info.settings["finalists"] == 8
    assert not any(isinstance(p, GroupsPage) for p in window.pages)
    assert [window.tabs.tabText(i) for i in range(2, 4)] == ["Results", "Knockout"]


def test_a_12_team_knockout_typed_in_the_window_equals_tdesk(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, shown_errors: list[str]
) -> None:
    path = tmp_path / "淘汰.tdesk"
    make_event(path, format="knockout", third_place=True)
    session = open_event(window, path)
    page = window.show_page(KnockoutPage)
    assert isinstance(page, KnockoutPage)
    before = session.read(bracket_view)  # the draw gives the bracket before round 1 is paired
    assert before is not None and before.size == 16
    assert sum(c.away is None or c.home is None for c in before.rounds[0]) == 4  # four byes
    assert page.drawing.view == before and "Rounds page" in page.message.text()
    assert page.placing.isColumnHidden(2)  # no groups: no group column
    assert page.message.textFormat() == Qt.TextFormat.PlainText  # it names entrants

    typed: Typed = {}
    for on_stage_table in (1, None, None, 2):  # round of 16 (4 tables), quarter-finals, semi-finals, final
        play_knockout_round(window, qtbot, typed, on_stage_table=on_stage_table)
    assert len(typed) == 4 + 4 + 2 + 2  # the last round: the final and the third-place match
    assert shown_errors == []
    bracket = session.read(bracket_view)
    assert bracket is not None and any(c.third_place for c in bracket.rounds[-1])
    assert [page.round_box.itemText(i) for i in range(page.round_box.count())] == [
        "Round of 16 (round 1)", "Quarter-finals (round 2)", "Semi-finals (round 3)", "Final (round 4)"]  # fmt: skip
    on_screen = [
        tuple(page.placing.item(r, c).text() for c in (0, 1)) for r in range(page.placing.rowCount())
    ]
    assert on_screen == [(p, n) for p, n, _ in bracket.placing]
    assert [p for p, _, _ in bracket.placing][:4] == ["1", "2", "3", "4"]

    standings = standings_on_screen(window)
    assert standings == standings_of(path)
    other = tmp_path / "命令行.tdesk"
    replay(other, typed, "--format", "knockout", "--third-place")
    assert standings_of(other) == standings


def test_knockout_rounds_into_a_final_of_four_in_the_window(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, shown_errors: list[str]
) -> None:
    """Two knockout rounds (12 → 8 → 4) on the knockout page, then the final's three rounds on the results page;
    the knockout page keeps to the knockout, the standings place 1–4 by the final, 5–8 and 9–12 by the bracket."""
    path = tmp_path / "决赛.tdesk"
    make_event(path, format="knockout-round-robin", finalists=4)
    open_event(window, path)
    typed: Typed = {}
    for on_stage_table in (1, None):
        play_knockout_round(window, qtbot, typed, on_stage_table=on_stage_table)
    for _ in range(3):  # the round-robin final of four: three Berger rounds of two tables
        round_no = pair_and_publish(window, qtbot)
        results = window.show_page(ResultsPage)
        assert isinstance(results, ResultsPage) and results.round_no == round_no
        rows = list(results.model.rows)
        assert len(rows) == 2
        results.start_typing()
        for row in rows:
            home, away = stronger(row.home, row.away)
            type_level(qtbot, results, home)
            type_level(qtbot, results, away)
            typed[(round_no, row.table)] = (home, away, None)
        assert not any(r.missing for r in results.model.rows)
    assert shown_errors == []

    page = window.show_page(KnockoutPage)
    assert isinstance(page, KnockoutPage)
    assert [page.round_box.itemData(i) for i in range(page.round_box.count())] == [1, 2]
    assert page.drawing.view is not None and len(page.drawing.view.rounds) == 2  # no semi-finals, no final

    standings = standings_on_screen(window)
    assert [place for _, _, place in standings] == ["1", "2", "3", "4", *["5–8"] * 4, *["9–12"] * 4]
    assert standings == standings_of(path)
    other = tmp_path / "命令行.tdesk"
    replay(other, typed, "--format", "knockout-round-robin", "--finalists", 4)
    assert standings_of(other) == standings
