"""The questions the Mitchell boards page (牌套成绩, ``mitchell``) asks: which pair of a table loses 0.5 match
points and why (seed 002), and why a different value for a filled cell is a correction. Their texts are in
the page's translation context.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QInputDialog, QWidget

from tournament_desk.gui.dialogs.reason_dialog import ask_reason
from tournament_desk.gui.models.pair_boards import EntryRow


def tr(text: str) -> str:
    return QCoreApplication.translate("PairBoardsPage", text)


def ask_deduction(parent: QWidget, round_no: int, table: int, ns: str, ew: str) -> tuple[str, str] | None:
    """The pair of the table (NS or EW) that loses 0.5 match points, and the reason; None if either is not
    given."""
    items = [tr("{name} (NS)").format(name=ns), tr("{name} (EW)").format(name=ew)]
    choice, ok = QInputDialog.getItem(
        parent, tr("Deduct 0.5 match points"), tr("Which pair?"), items, 0, False
    )
    if not ok:
        return None
    name = ns if choice == items[0] else ew
    body = tr("Round {round}, table {table}: 0.5 match points off {name}.").format(
        round=round_no, table=table, name=name
    )
    reason = ask_reason(parent, tr("Deduct 0.5 match points"), body, required=True)
    if not reason:
        return None
    return name, reason


def ask_correction(parent: QWidget | None, row: EntryRow, old: str, new: str) -> str | None:
    """The reason for correcting a board that already has ``old`` to ``new`` (required, as ``tdesk result
    --correct`` requires ``--reason``; kept in the audit trail); None when the director cancels."""
    body = tr(
        "Round {round}, table {table} ({ns} NS – {ew} EW), board {board}: {old} is corrected to {new}."
    ).format(round=row.round, table=row.table, ns=row.ns, ew=row.ew, board=row.board, old=old, new=new)
    return ask_reason(parent, tr("Correct board {board}").format(board=row.board), body, required=True)
