"""What can happen to a table besides its result: forfeits, rulings, late scoresheets and 0.5-MP deductions.

A mixin for an entry page (``page.EntryPage``): it offers them on a context menu and runs each as an undoable
step of this station (``services.undo``), so the audit trail shows undo as well.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QPoint
from PySide6.QtWidgets import QMenu, QWidget

from tournament_desk.gui.dialogs.reason_dialog import ask_reason
from tournament_desk.gui.pages.undo import deduction_step, label
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.results import forfeits as fs
from tournament_desk.services.results import levels as rs
from tournament_desk.services.undo import Label


def _tr(text: str) -> str:
    return QCoreApplication.translate("TableActions", text)


class TableActions:
    """Mixed into an ``EntryPage`` (its ``session``, ``round_no``, ``say``, ``earlier_round_ok``,
    ``write_step`` and ``deductions_changed``)."""

    session: DeskSession
    round_no: int | None
    menu: QMenu
    clears_results = (
        False  # the levels page offers "Clear the result"; duplicate boards are cleared one by one
    )

    if TYPE_CHECKING:  # the page's

        def say(self, text: str, *, error: bool = False) -> None: ...
        def earlier_round_ok(self) -> bool: ...
        def deductions_changed(self) -> None: ...
        def write_step(self, round_no: int, table: int, what: Label, action: Callable[..., Any], *args: Any,
                       **kwargs: Any) -> bool: ...  # fmt: skip

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

    def clear_table(self, table: int) -> None:
        """Take a table's result away (typed for the wrong table); Ctrl+Z puts it back."""
        if self.round_no is None or not self.earlier_round_ok():
            return
        self.write_step(self.round_no, table, label("clear"), rs.clear_result)

    def ask_reason(self, what: str, body: str = "") -> str | None:
        """The reason for a manual change; ``body`` says what changes and for whom (tests replace this)."""
        parent = self if isinstance(self, QWidget) else None
        return ask_reason(parent, what, body or what)

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
        self.write_step(self.round_no, table, what, action, side, reason=reason, **extra)

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
