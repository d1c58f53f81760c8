"""``tdesk undo FILE`` / ``tdesk redo FILE``: this station's last step (``--station``), as the window's Ctrl+Z.

The step is put back only while nobody changed the table since (``services.undo``).
"""

from __future__ import annotations

from tournament_desk.cli.base import Commands
from tournament_desk.i18n import tr
from tournament_desk.services import undo as undo_services


class UndoCommands(Commands):
    """``tdesk undo`` and ``tdesk redo``."""

    def undo(self) -> None:
        with self.open() as desk:
            step = undo_services.undo_last(desk)
            self.out(tr("Undone: {step}", step=step.text))

    def redo(self) -> None:
        with self.open() as desk:
            step = undo_services.redo_last(desk)
            self.out(tr("Redone: {step}", step=step.text))
