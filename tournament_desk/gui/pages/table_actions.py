"""What can happen to a table besides its result: forfeits, rulings, late scoresheets and 0.5-MP deductions.

A mixin for a results page: it offers them on a context menu and runs each as an undoable step of this
station (``services.undo``), so the audit trail shows undo as well. The host page provides ``session``,
``round_no``, ``say`` and ``table_saved``.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from PySide6.QtCore import QCoreApplication, QPoint
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from tournament_desk.gui.dialogs.reason_dialog import ask_reason
from tournament_desk.gui.pages.undo import deduction_step, label, table_step
from tournament_desk.gui.session import DeskSession
from tournament_desk.services import forfeits as fs
from tournament_desk.services import results as rs
from tournament_desk.services.rounds import last_paired_round


def _tr(text: str) -> str:
    return QCoreApplication.translate("TableActions", text)


class TableActions:
    session: DeskSession
    round_no: int | None
    menu: QMenu
    # The earlier round the director has agreed to change (asked once each time a round is shown).
    earlier_round_agreed: int | None = None
    clears_results = (
        False  # the levels page offers "Clear the result"; duplicate boards are cleared one by one
    )

    def say(self, text: str, *, error: bool = False) -> None:
        raise NotImplementedError

    def table_saved(self, table: int) -> None:
        raise NotImplementedError

    def table_menu(self, parent: QWidget, table: int, home: str, away: str, at: QPoint) -> None:
        """Pop up the table's actions at ``at`` (global coordinates)."""
        menu = QMenu(parent)
        menu.setObjectName("table-actions-menu")
        sides = (("home", home), ("away", away))
        forfeit = menu.addMenu(_tr("&Forfeit"))
        for side, name in (*sides, ("both", _tr("both sides"))):
            forfeit.addAction(name, partial(self.table_action, table, "forfeit", side, home, away))
        ruling = menu.addMenu(_tr("Loss by &ruling"))
        for side, name in sides:
            ruling.addAction(name, partial(self.table_action, table, "ruling", side, home, away))
        late = menu.addMenu(_tr("&Late scoresheet"))
        for side, name in sides:
            late.addAction(name, partial(self.table_action, table, "late", side, home, away))
        deduct = menu.addMenu(_tr("&Deduct 0.5 MP"))
        for _, name in sides:
            deduct.addAction(name, partial(self.deduct, name))
        if self.clears_results:
            menu.addSeparator()
            menu.addAction(_tr("&Clear the result (Delete)"), partial(self.clear_table, table))
        menu.popup(at)
        self.menu = menu

    def earlier_round_ok(self) -> bool:
        """Changing a round once a later one is paired is never silent: ask once for the round shown."""
        if self.round_no is None or self.earlier_round_agreed == self.round_no:
            return True
        last = self.session.read(last_paired_round)
        if last <= self.round_no:
            return True
        parent = self if isinstance(self, QWidget) else None
        answer = QMessageBox.question(
            parent,
            _tr("Change an earlier round"),
            _tr("Round {later} has already been paired from the standings after round {n}. Changing round {n} "
                "changes those standings but not the pairing already made. Change round {n}?")
            .format(later=last, n=self.round_no),
        )  # fmt: skip
        if answer != QMessageBox.StandardButton.Yes:
            self.say(_tr("Nothing changed."))
            return False
        self.earlier_round_agreed = self.round_no
        return True

    def clear_table(self, table: int) -> None:
        """Take a table's result away (typed for the wrong table); Ctrl+Z puts it back."""
        if self.round_no is None or not self.earlier_round_ok():
            return
        table_step(
            self.session, self.round_no, table, label("clear"), rs.clear_result, on_done=self.table_saved
        )

    def ask_reason(self, what: str, body: str = "") -> str | None:
        """The reason for a manual change; ``body`` says what changes and for whom (tests replace this)."""
        parent = self if isinstance(self, QWidget) else None
        return ask_reason(parent, what, body or what)

    def deductions_changed(self) -> None:
        """A deduction was made or taken back (the results grid marks the table)."""

    def table_action(self, table: int, kind: str, side: str, home: str = "", away: str = "") -> None:
        assert self.round_no is not None
        if not self.earlier_round_ok():
            return
        titles = {"forfeit": _tr("Forfeit"), "ruling": _tr("Loss by ruling"), "late": _tr("Late scoresheet")}
        who = {"home": home, "away": away, "both": _tr("both sides")}.get(side, side) or side
        bodies = {
            "forfeit": _tr("Forfeit by {who}"),
            "ruling": _tr("Loss by ruling for {who}"),
            "late": _tr("Late scoresheet by {who}"),
        }
        body = _tr("Round {round}, table {table}: {home} – {away}").format(
            round=self.round_no, table=table, home=home, away=away
        ) + "\n" + bodies[kind].format(who=who)  # fmt: skip
        reason = self.ask_reason(titles[kind], body)
        if reason is None:
            return
        names = {"home": home, "away": away}
        what = label("forfeit-both") if side == "both" else label(kind, who=names.get(side) or side)
        action = fs.rule_loss if kind == "ruling" else fs.forfeit
        extra: dict[str, Any] = {"late": True} if kind == "late" else {}
        table_step(self.session, self.round_no, table, what, action, side, reason=reason, on_done=self.table_saved,
                   **extra)  # fmt: skip

    def deduct(self, name: str) -> None:
        assert self.round_no is not None
        if not self.earlier_round_ok():
            return
        body = _tr("Round {round}: deduct 0.5 MP from {name}").format(round=self.round_no, name=name)
        reason = self.ask_reason(_tr("Deduct 0.5 MP"), body)
        if reason:
            deduction_step(self.session, self.round_no, name, 0.5, reason, self.deductions_changed)
        elif reason is not None:
            self.say(_tr("A deduction needs a reason."), error=True)
