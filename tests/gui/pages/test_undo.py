"""pages/undo: this station's undo journal behind a page's Undo and Redo buttons and Ctrl+Z / Ctrl+Y."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QHBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from tournament_desk.domain.results import ResultState
from tournament_desk.gui.pages.undo import StationUndo, add_undo_controls, deduction_step, label, table_step
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.entrants import list_entrants
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import pair_next_round, table_view
from tournament_desk.services.undo import StepView


def controls(qtbot: QtBot, session: DeskSession) -> tuple[QWidget, StationUndo, list[StepView]]:
    page = QWidget()
    qtbot.addWidget(page)
    steps: list[StepView] = []
    stack = StationUndo(page, session, steps.append)
    add_undo_controls(page, QHBoxLayout(page), stack)
    page.show()
    return page, stack, steps


def enter(session: DeskSession, round_no: int, table: int, done: list[int]) -> bool:
    what = label("levels", home="9", away="7")
    return table_step(session, round_no, table, what, record_result, "9", "7", on_done=done.append)


@pytest.mark.slow
def test_a_step_enables_undo_naming_it_and_undo_puts_the_table_back(
    qtbot: QtBot, demo_session: DeskSession, shown_errors: list[str]
) -> None:
    _, stack, steps = controls(qtbot, demo_session)
    assert stack.undo_button is not None and stack.redo_button is not None
    assert not stack.undo_button.isEnabled() and not stack.redo_button.isEnabled()
    view = pair_next_round(demo_session.desk)
    table = view.tables[0].table
    done: list[int] = []
    assert enter(demo_session, 3, table, done)
    assert done == [table]
    assert stack.undo_button.isEnabled()
    assert stack.undo_button.toolTip() == f"Undo: round 3 table {table}: 9 : 7"
    stack.undo_button.click()
    assert [s.table for s in steps] == [table]
    assert table_view(demo_session.desk, 3, table).kind == ResultState.PENDING
    assert stack.redo_button.isEnabled() and not stack.undo_button.isEnabled()
    assert stack.count() == 1
    stack.redo()
    assert table_view(demo_session.desk, 3, table).kind == ResultState.PLAYED
    assert shown_errors == []


@pytest.mark.slow
def test_a_refused_step_says_why_and_is_not_done(
    qtbot: QtBot, demo_session: DeskSession, shown_errors: list[str]
) -> None:
    done: list[int] = []
    assert not enter(demo_session, 9, 1, done)  # no round 9
    assert done == [] and len(shown_errors) == 1


def test_a_hidden_page_looks_at_its_buttons_when_shown_again(qtbot: QtBot, demo_session: DeskSession) -> None:
    page, stack, _ = controls(qtbot, demo_session)
    page.hide()
    view = pair_next_round(demo_session.desk)
    assert enter(demo_session, 3, view.tables[0].table, [])
    assert stack.stale and stack.undo_button is not None and not stack.undo_button.isEnabled()
    page.show()
    assert not stack.stale and stack.undo_button.isEnabled()


def test_a_deduction_is_a_step_too(qtbot: QtBot, demo_session: DeskSession) -> None:
    _, stack, _ = controls(qtbot, demo_session)
    name = list_entrants(demo_session.desk)[0].name
    called: list[bool] = []
    assert deduction_step(demo_session, 2, name, 1.0, "late", lambda: called.append(True))
    assert called == [True]
    assert (
        stack.undo_button is not None
        and stack.undo_button.toolTip() == f"Undo: round 2: deduct 1 MP from {name}"
    )
