"""A 20-team groups-then-knockout event (5 groups of 4 → a knockout of 16 with one bye, a third-place match) run
through the real widgets: group results typed on the results page, a lot (摸牌) recorded in the lot dialog (a
wrong order refused first, changing nothing), the knockout drawn in the draw dialog, the knockout typed on the
knockout page (equal levels decided by the side on stage) to the final; the placing equals ``tdesk bracket
--json`` on the same file."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QLineEdit, QSpinBox
from pytestqt.qtbot import QtBot

from tests.gui.conftest import drawn_event, open_event, save_from_wizard
from tests.gui.test_desk_e2e import type_level
from tournament_desk.cli import main as cli_main
from tournament_desk.domain.levels import format_level
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.models.knockout import KnockoutModel
from tournament_desk.gui.pages.entry.knockout import KnockoutPage
from tournament_desk.gui.pages.entry.levels import ResultsPage
from tournament_desk.gui.pages.groups import GroupsPage
from tournament_desk.gui.pages.rounds import RoundsPage
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.bracket import bracket_view
from tournament_desk.services.groups import group_stage
from tournament_desk.services.rounds import round_view

TEAMS = [f"{n:02d}号队" for n in range(1, 21)]  # the number is the team's strength: lower is stronger


def make_event(path: Path) -> None:
    drawn_event(path, "金秋杯分组赛", TEAMS, seed=3, format="groups-knockout", third_place=True)


def group_levels(home: str, away: str, group: str | None) -> tuple[str, str]:
    """Group A draws every match 10 : 10 (a four-way tie only a lot decides); elsewhere the stronger team wins by
    the difference of the numbers, so the other groups are decided outright."""
    if group == "A":
        return "10", "10"
    h, a = int(home[:2]), int(away[:2])
    won = format_level(min(14, 2 + abs(h - a)))
    return (won, "2") if h < a else ("2", won)


def visible_knockout_editor(page: KnockoutPage) -> QLineEdit | QComboBox | None:
    editors = [
        *page.table.findChildren(QLineEdit, "level-editor"),
        *page.table.findChildren(QComboBox, "on-stage-editor"),
    ]
    return next((e for e in editors if e.isVisible()), None)


def type_knockout(qtbot: QtBot, page: KnockoutPage, text: str, column: int) -> None:
    qtbot.waitUntil(lambda: visible_knockout_editor(page) is not None)
    assert page.table.currentIndex().column() == column
    editor = visible_knockout_editor(page)
    if isinstance(editor, QComboBox):
        line = editor.lineEdit()
        assert line is not None
        line.insert(text)
        qtbot.keyClick(line, Qt.Key.Key_Return)
        return
    assert isinstance(editor, QLineEdit)
    if text.isascii():
        qtbot.keyClicks(editor, text)
    else:
        editor.insert(text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)


def pair_and_publish(window: MainWindow, qtbot: QtBot) -> int:
    rounds = window.show_page(RoundsPage)
    assert isinstance(rounds, RoundsPage)
    with qtbot.waitSignal(rounds.worker.finished, timeout=60_000):
        rounds.pair_button.click()
    rounds.publish_button.click()
    round_no = rounds.selected_round()
    assert round_no is not None
    return round_no


@pytest.mark.slow
def test_groups_then_knockout_through_the_widgets(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, shown_errors: list[str]
) -> None:
    path = tmp_path / "分组赛.tdesk"
    make_event(path)
    session = open_event(window, path)
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert titles[:5] == ["Entrants", "Rounds", "Results", "Groups", "Knockout"]

    # The group stage: three rounds of ten tables, typed on the results page.
    for expected in (1, 2, 3):
        round_no = pair_and_publish(window, qtbot)
        assert round_no == expected
        view = session.read(round_view, round_no)
        assert view.stage_label == "groups" and len(view.tables) == 10
        results = window.show_page(ResultsPage)
        assert isinstance(results, ResultsPage) and results.round_no == round_no
        results.start_typing()
        for t in view.tables:
            home, away = group_levels(t.home, t.away, t.group)
            type_level(qtbot, results, home)
            type_level(qtbot, results, away)
        assert not any(r.missing for r in results.model.rows)

    groups = window.show_page(GroupsPage)
    assert isinstance(groups, GroupsPage)
    assert set(groups.tables) == {"A", "B", "C", "D", "E"}
    tied = sorted(session.read(group_stage).groups[0].lot_needed)
    assert len(tied) == 4
    assert "Group A" in groups.banner.text() and "lot" in groups.banner.text()
    assert groups.lot_button.isEnabled() and not groups.draw_button.isEnabled()
    table_a = groups.tables["A"].model_
    assert table_a.rowCount() == 4 and table_a.columnCount() == 2 + 4 + 4
    assert {table_a.index(r, table_a.columnCount() - 1).data() for r in range(4)} == {"lot needed"}

    # The lot dialog: a wrong order (a tied team left out) is refused with a sentence and changes nothing.
    groups.open_lot()
    dialog = groups.lot_dialog
    assert dialog is not None and dialog.group() == "A"
    assert sorted(dialog.order()) == tied and all(name in dialog.tied_label.text() for name in tied)
    assert dialog.width() >= 500
    audit_before = len(session.read(audit_trail))
    left_out = dialog.order_list.takeItem(1)
    assert left_out is not None
    dialog.accept()
    assert len(shown_errors) == 1 and left_out.text() in shown_errors[0]
    assert dialog.isVisible() and dialog.result() != QDialog.DialogCode.Accepted
    assert sorted(session.read(group_stage).groups[0].lot_needed) == tied
    assert len(session.read(audit_trail)) == audit_before

    # Again, whole: the first team moved to the bottom by keyboard (Alt+Down), then recorded.
    dialog.show_group()
    first = dialog.order()[0]
    dialog.order_list.setCurrentRow(0)
    for _ in range(3):
        qtbot.keyClick(dialog.order_list, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    drawn_order = dialog.order()
    assert drawn_order[-1] == first and sorted(drawn_order) == tied
    dialog.reason_edit.setText("裁判长主持摸牌")
    dialog.accept()
    assert not dialog.isVisible() and len(shown_errors) == 1
    stage = session.read(group_stage)
    assert stage.waiting_for is None and stage.groups[0].lot_needed == []
    assert [r.entrant.name for r in stage.groups[0].rows] == drawn_order
    assert len(stage.qualifiers) == 15 and stage.knockout_size == 16
    assert not groups.lot_button.isEnabled() and groups.draw_button.isEnabled()
    assert "15 qualifiers" in groups.banner.text()

    # The knockout draw: a random draw from a shown seed.
    groups.open_draw()
    draw_dialog = groups.draw_dialog
    assert draw_dialog is not None
    assert [draw_dialog.order_list.item(i).text() for i in range(15)] == stage.qualifiers
    draw_dialog.seed_spin.setValue(5)
    draw_dialog.accept()
    assert not draw_dialog.isVisible() and len(shown_errors) == 1
    bracket = session.read(bracket_view)
    assert bracket is not None and bracket.size == 16
    assert "drawn" in groups.banner.text()

    # The knockout: four rounds (16 → 8 → 4 → 2, with the third-place match), typed on the knockout page.
    on_stage_tables = []
    for expected in (4, 5, 6, 7):
        round_no = pair_and_publish(window, qtbot)
        assert round_no == expected
        page = window.show_page(KnockoutPage)
        assert isinstance(page, KnockoutPage) and page.round_no == round_no
        rows = list(page.model.rows)
        assert rows and all(r.missing for r in rows)
        page.start_typing()
        for row in rows:
            if row.table == 1:  # equal levels: the away side was on stage at the end, and wins
                type_knockout(qtbot, page, "9", KnockoutModel.COL_HOME_LEVEL)
                type_knockout(qtbot, page, "9", KnockoutModel.COL_AWAY_LEVEL)
                assert "on stage" in page.message.text()
                type_knockout(qtbot, page, "客", KnockoutModel.COL_ON_STAGE)
                on_stage_tables.append((round_no, row.away))
            else:
                type_knockout(qtbot, page, "Q", KnockoutModel.COL_HOME_LEVEL)
                type_knockout(qtbot, page, "9", KnockoutModel.COL_AWAY_LEVEL)
        saved = {r.table: r for r in page.model.rows}
        assert not any(r.missing for r in saved.values())
        assert saved[1].on_stage == "away" and saved[1].winner == "away"
        assert all(r.winner == "home" for t, r in saved.items() if t != 1)
        assert page.model.index(0, KnockoutModel.COL_WINNER).data() == saved[1].away
    assert shown_errors == [shown_errors[0]]

    bracket = session.read(bracket_view)
    assert bracket is not None
    final = bracket.rounds[-1]
    assert any(c.third_place for c in final)
    champion = next(c for c in final if not c.third_place)
    assert champion.on_stage == "away" and champion.winner == champion.away
    assert (7, champion.away) in on_stage_tables
    # The drawing and the placing on screen follow the stored bracket.
    page = window.show_page(KnockoutPage)
    assert isinstance(page, KnockoutPage)
    assert page.drawing.view == bracket and page.drawing.minimumWidth() > 4 * page.drawing.BOX_WIDTH
    on_screen = [
        tuple(page.placing.item(r, c).text() for c in range(3)) for r in range(page.placing.rowCount())
    ]
    assert on_screen == [(p, n, g or "") for p, n, g in bracket.placing]

    cli = subprocess.run([sys.executable, "-m", "tournament_desk.cli", "bracket", str(path), "--json"],
                         capture_output=True, text=True, check=True)  # fmt: skip
    expected = json.loads(cli.stdout)
    assert [(p["placing"], p["name"], p["group"]) for p in expected["placing"]] == bracket.placing
    assert expected["placing"][0] == {
        "placing": "1",
        "name": champion.away,
        "group": expected["placing"][0]["group"],
    }


@pytest.mark.slow
def test_the_wizard_offers_groups_then_knockout(window: MainWindow, tmp_path: Path) -> None:
    from tournament_desk.services.event import event_info

    path = tmp_path / "分组.tdesk"
    window.new_file()
    wizard = window.wizard
    page = wizard.event_page
    page.name.setText("分组赛")
    group_size, knockout_size = page.row_widget("group-size"), page.row_widget("knockout-size")
    snake, third_place = page.row_widget("snake"), page.row_widget("third-place")
    assert isinstance(group_size, QSpinBox) and isinstance(knockout_size, QComboBox)
    assert isinstance(snake, QCheckBox) and isinstance(third_place, QCheckBox)
    assert group_size.isHidden() and third_place.isHidden()  # other formats: not offered
    page.format.setCurrentIndex(3)  # after Swiss, round robin, double round robin
    assert not group_size.isHidden() and not page.rounds.isEnabled()
    assert (group_size.minimum(), group_size.maximum(), group_size.value()) == (3, 6, 4)
    assert [knockout_size.itemData(i) for i in range(knockout_size.count())] == [None, 2, 4, 8, 16, 32, 64]
    group_size.setValue(5)
    knockout_size.setCurrentIndex(knockout_size.findData(8))
    snake.setChecked(True)
    third_place.setChecked(True)
    info = save_from_wizard(window, path).read(event_info)
    assert info.format == "groups-knockout"
    assert info.settings is not None
    assert {k: info.settings.get(k) for k in ("group_size", "knockout_size", "snake", "third_place")} == {
        "group_size": 5, "knockout_size": 8, "snake": True, "third_place": True}  # fmt: skip
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert "Groups" in titles and "Knockout" in titles


def stronger(home: str, away: str) -> tuple[str, str]:
    """The team with the lower number wins by the difference of the numbers (capped at A)."""
    h, a = int(home[:2]), int(away[:2])
    won = format_level(min(14, 2 + abs(h - a)))
    return (won, "2") if h < a else ("2", won)


@pytest.mark.slow
def test_a_32_team_event_in_the_window_ends_as_the_same_event_through_tdesk(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, shown_errors: list[str]
) -> None:
    """8 groups of 4 → a knockout of 16 → the final, typed in the window; the same draw seeds and results
    through `tdesk` on another file give the same bracket and placing."""
    teams = [f"{n:02d}号队" for n in range(1, 33)]
    path = tmp_path / "窗口.tdesk"
    drawn_event(path, "三十二队杯", teams, seed=11, format="groups-knockout")
    session = open_event(window, path)
    for _ in range(3):
        round_no = pair_and_publish(window, qtbot)
        view = session.read(round_view, round_no)
        assert len(view.tables) == 16
        results = window.show_page(ResultsPage)
        assert isinstance(results, ResultsPage)
        results.start_typing()
        for t in view.tables:
            home, away = stronger(t.home, t.away)
            type_level(qtbot, results, home)
            type_level(qtbot, results, away)
    groups = window.show_page(GroupsPage)
    assert isinstance(groups, GroupsPage)
    assert groups.draw_button.isEnabled() and not groups.lot_button.isEnabled()
    groups.open_draw()
    assert groups.draw_dialog is not None
    groups.draw_dialog.seed_spin.setValue(5)
    groups.draw_dialog.accept()
    for _ in range(4):
        round_no = pair_and_publish(window, qtbot)
        page = window.show_page(KnockoutPage)
        assert isinstance(page, KnockoutPage)
        page.start_typing()
        for row in list(page.model.rows):
            home, away = stronger(row.home, row.away)
            type_knockout(qtbot, page, home, KnockoutModel.COL_HOME_LEVEL)
            type_knockout(qtbot, page, away, KnockoutModel.COL_AWAY_LEVEL)
    assert shown_errors == []
    in_window = session.read(bracket_view)
    assert in_window is not None and in_window.placing[0][1] == "01号队"

    def tdesk(*args: object) -> str:  # in process: the same entry point as the command, faster
        out = io.StringIO()
        with redirect_stdout(out):
            assert cli_main([str(a) for a in args]) == 0
        return out.getvalue()

    other = tmp_path / "命令行.tdesk"
    tdesk("new", other, "--name", "三十二队杯", "--format", "groups-knockout")
    for name in teams:
        tdesk("entrant", "add", other, name)
    tdesk("draw", other, "--seed", 11)
    for round_no in range(1, 8):
        if round_no == 4:
            tdesk("draw", other, "--stage", "knockout", "--seed", 5)
        for t in json.loads(tdesk("pair", other, "--json"))["tables"]:
            tdesk("result", other, round_no, t["table"], *stronger(t["home"], t["away"]))
    through_cli = json.loads(tdesk("bracket", other, "--json"))
    assert [(p["placing"], p["name"], p["group"]) for p in through_cli["placing"]] == in_window.placing
    assert [[(c["home"], c["away"], c["winner"]) for c in r] for r in through_cli["rounds"]] == [
        [(c.home, c.away, c.winner) for c in r] for r in in_window.rounds
    ]
