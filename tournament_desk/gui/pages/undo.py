"""Undo and redo for result entry, kept by the services in the event (issues 14, 18).

Every undoable step runs through ``services.undo.record`` (or ``record_deduction``): the step and its entry in
this station's journal are one transaction. Undo and redo ask the services to put the table back, which they
do only while nobody changed it since; so the history survives reopening the file and changing the language
(the window is rebuilt), and the audit trail shows undo as well.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from tournament_desk.gui.pages.entry.stale import changed_returned
from tournament_desk.gui.session import DeskSession
from tournament_desk.i18n import render
from tournament_desk.services import undo as us
from tournament_desk.services.results.deductions import DeductionView
from tournament_desk.services.results.table import ChangedElsewhere
from tournament_desk.services.undo import Kind, Label, StepView, label

__all__ = ["StationUndo", "add_undo_controls", "deduction_step", "label", "table_step"]


def _tr(text: str) -> str:
    return QCoreApplication.translate("UndoControls", text)


def table_step(
    session: DeskSession,
    round_no: int,
    table: int,
    what: Label,
    action: Callable[..., Any],
    *args: Any,
    on_done: Callable[[int], None],
    kind: Kind = "table",
    on_overtaken: Callable[[ChangedElsewhere], None] | None = None,
    **kwargs: Any,
) -> bool:
    """Run ``action`` on one table as an undoable step (``kind`` "sheet": a duplicate table's boards too);
    False when the services refused it (the sentence has been shown). ``on_overtaken``: a refusal because
    the table changed since the edit began goes there instead of being shown (the page asks, issue 23)."""
    record = us.record if on_overtaken is None else changed_returned(us.record)
    done = session.run(None, record, kind, round_no, table, what, action, *args, **kwargs)
    if isinstance(done, ChangedElsewhere):
        assert on_overtaken is not None
        on_overtaken(done)
        return False
    if done is None:
        return False
    on_done(table)
    return True


def deduction_step(
    session: DeskSession, round_no: int, name: str, mp: float, reason: str, on_done: Callable[[], None]
) -> bool:
    done: DeductionView | None = session.run(None, us.record_deduction, round_no, name, mp, reason=reason)
    if done is None:
        return False
    on_done()
    return True


class StationUndo(QObject):
    """This station's journal as a page sees it: undo and redo the last step, and tell the page which
    table moved (``on_step``) so it shows it without a full reload."""

    def __init__(self, page: QWidget, session: DeskSession, on_step: Callable[[StepView], None]) -> None:
        super().__init__(page)
        self.page, self.session, self.on_step = page, session, on_step
        self.undo_button: QPushButton | None = None
        self.redo_button: QPushButton | None = None
        self.stale = False  # a change while the page was hidden: the buttons are looked at when it shows
        session.changed.connect(self.changed)
        page.installEventFilter(self)

    def changed(self, _changes: object) -> None:
        if self.page.isVisible():
            self.refresh()
        else:
            self.stale = True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.page and event.type() == QEvent.Type.Show and self.stale:
            self.refresh()
        return False

    def undo(self) -> StepView | None:
        return self._step(us.undo_last)

    def redo(self) -> StepView | None:
        return self._step(us.redo_last)

    def _step(self, service: Callable[..., StepView]) -> StepView | None:
        step: StepView | None = self.session.run(self.page, service)
        if step is not None:
            self.on_step(step)
        self.refresh()
        return step

    def history(self, limit: int | None = None) -> us.UndoHistory:
        return self.session.read(us.history, limit)

    def count(self) -> int:
        """How many steps this station can undo or redo."""
        history = self.history()
        return len(history.undo) + len(history.redo)

    def refresh(self) -> None:
        """The buttons enabled as the journal allows, their tooltips naming the step."""
        if self.undo_button is None or self.redo_button is None:
            return
        self.stale = False
        history = self.history(limit=1)
        for button, steps, text in (
            (self.undo_button, history.undo, _tr("Undo: {step}")),
            (self.redo_button, history.redo, _tr("Redo: {step}")),
        ):
            button.setEnabled(bool(steps))
            button.setToolTip(text.format(step=render(steps[0].text)) if steps else "")


def add_undo_controls(
    page: QWidget,
    bar: QHBoxLayout,
    stack: StationUndo,
    on_undo: Callable[[], object] | None = None,
    on_redo: Callable[[], object] | None = None,
) -> tuple[QPushButton, QPushButton]:
    """Undo and Redo buttons on ``bar``, enabled as the journal allows, and Ctrl+Z / Ctrl+Y on the page.

    ``on_undo`` / ``on_redo`` replace the journal's own undo and redo (to move the cursor as well)."""
    undo = QPushButton(_tr("Undo"))
    undo.setObjectName("undo-button")
    redo = QPushButton(_tr("Redo"))
    redo.setObjectName("redo-button")
    undo_slot = on_undo or stack.undo
    redo_slot = on_redo or stack.redo
    for button, slot in ((undo, undo_slot), (redo, redo_slot)):
        button.clicked.connect(lambda _checked=False, slot=slot: slot())
        bar.addWidget(button)
    for keys, slot in (
        (QKeySequence.StandardKey.Undo, undo_slot),
        (QKeySequence.StandardKey.Redo, redo_slot),
    ):
        action = QAction(page)
        action.setShortcut(keys)
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.triggered.connect(lambda _checked=False, slot=slot: slot())
        page.addAction(action)
    stack.undo_button, stack.redo_button = undo, redo
    stack.refresh()
    return undo, redo
