"""Undo and redo for result entry: every step writes through the services, so undo is audited too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence, QUndoCommand, QUndoStack
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from tournament_desk.gui.session import RESULTS, DeskSession
from tournament_desk.services import boards as bs
from tournament_desk.services import deductions as ds
from tournament_desk.services import results as rs


class TableCommand(QUndoCommand):
    """A change to one table (levels, forfeit, ruling, late scoresheet).

    The first redo runs the action itself; afterwards redo and undo put the table back to the state
    recorded after and before it. An action the services refuse becomes obsolete and leaves the stack.
    """

    def __init__(
        self,
        session: DeskSession,
        round_no: int,
        table: int,
        text: str,
        action: Callable[..., Any],
        *args: Any,
        on_done: Callable[[int], None],
        **kwargs: Any,
    ) -> None:
        super().__init__(text)
        self.session, self.round_no, self.table = session, round_no, table
        self.action, self.args, self.kwargs = action, args, kwargs
        self.on_done = on_done
        self.before: dict[str, object] | None = None
        self.after: dict[str, object] | None = None

    # How a table's state is read and put back: its result (levels, forfeits, …); SheetCommand: its boards too.
    read_state: Callable[..., dict[str, object]] = staticmethod(rs.table_state)
    write_state: Callable[..., object] = staticmethod(rs.restore_table)

    def redo(self) -> None:
        if self.after is None:
            self.before = self.session.read(self.read_state, self.round_no, self.table)
            if self.session.run(None, self.action, self.round_no, self.table, *self.args, changes={RESULTS},
                                **self.kwargs) is None:  # fmt: skip
                self.setObsolete(True)
                return
            self.after = self.session.read(self.read_state, self.round_no, self.table)
        else:
            self.session.run(None, self.write_state, self.round_no, self.table, self.after, reason="redo",
                             changes={RESULTS})  # fmt: skip
        self.on_done(self.table)

    def undo(self) -> None:
        assert self.before is not None
        self.session.run(None, self.write_state, self.round_no, self.table, self.before, reason="undo",
                         changes={RESULTS})  # fmt: skip
        self.on_done(self.table)


class SheetCommand(TableCommand):
    """A change to the boards of a duplicate table: undo and redo put every board and the result back."""

    read_state = staticmethod(bs.sheet_state)
    write_state = staticmethod(bs.restore_sheet)


class DeductionCommand(QUndoCommand):
    def __init__(
        self,
        session: DeskSession,
        round_no: int,
        name: str,
        mp: float,
        reason: str,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        text = QCoreApplication.translate("DeductionCommand", "deduct {mp} MP from {name}")
        super().__init__(text.format(mp=f"{mp:g}", name=name))
        self.session, self.round_no, self.name, self.mp, self.reason = session, round_no, name, mp, reason
        self.on_done = on_done
        self.deduction_id: int | None = None

    def redo(self) -> None:
        done = self.session.run(None, ds.deduct, self.round_no, self.name, self.mp, reason=self.reason,
                                changes={RESULTS})  # fmt: skip
        if done is None:
            self.setObsolete(True)
            return
        self.deduction_id = done.id
        if self.on_done is not None:
            self.on_done()

    def undo(self) -> None:
        assert self.deduction_id is not None
        self.session.run(None, ds.remove_deduction, self.deduction_id, reason="undo", changes={RESULTS})
        if self.on_done is not None:
            self.on_done()


def add_undo_controls(
    page: QWidget,
    bar: QHBoxLayout,
    stack: QUndoStack,
    on_undo: Callable[[], None] | None = None,
    on_redo: Callable[[], None] | None = None,
) -> tuple[QPushButton, QPushButton]:
    """Undo and Redo buttons on ``bar``, enabled as the stack allows, and Ctrl+Z / Ctrl+Y on the page.

    ``on_undo`` / ``on_redo`` replace the stack's own undo and redo (to move the cursor as well)."""
    undo = QPushButton(QCoreApplication.translate("UndoControls", "Undo"))
    redo = QPushButton(QCoreApplication.translate("UndoControls", "Redo"))
    undo_slot, redo_slot = on_undo or stack.undo, on_redo or stack.redo
    for button, slot, can_change in (
        (undo, undo_slot, stack.canUndoChanged),
        (redo, redo_slot, stack.canRedoChanged),
    ):
        button.clicked.connect(slot)
        can_change.connect(button.setEnabled)
        button.setEnabled(False)
        bar.addWidget(button)
    for keys, slot in (
        (QKeySequence.StandardKey.Undo, undo_slot),
        (QKeySequence.StandardKey.Redo, redo_slot),
    ):
        action = QAction(page)
        action.setShortcut(keys)
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.triggered.connect(slot)
        page.addAction(action)
    return undo, redo
