"""The audit trail: time, station, action (translated), round, table, entrant, the change as a sentence
(``reports.audit_text``, shared with the workbook), reason."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)

from tournament_desk.domain.chain import AuditEntry
from tournament_desk.gui.icons import warning_icon
from tournament_desk.gui.models.common import LEFT, PROBLEM_COLOUR, RIGHT, ROW_ROLE, RowsModel
from tournament_desk.reports.audit_changes import value_text
from tournament_desk.reports.audit_text import ACTIONS, action_name, non_standard, reason_words, sentence

__all__ = ["ACTIONS", "AuditTableModel", "action_text", "compact_change", "full_change", "sentence"]

Index = QModelIndex | QPersistentModelIndex
DISPLAY = Qt.ItemDataRole.DisplayRole
CONTEXT = "AuditTableModel"
CHANGE_MAX = 80


def _tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def action_text(action: str) -> str:
    """The action in the user's language; an action code we do not know yet is shown as it is."""
    return action_name(action)


def _value(value: Any) -> str:
    return value_text(value, keys=True)


def _shorten(text: str) -> str:
    return text if len(text) <= CHANGE_MAX else text[: CHANGE_MAX - 1] + "…"


def compact_change(old: Any, new: Any) -> str:
    """Old → new in a line: for records, only the fields that changed ("unit: A → B; players: …")."""
    if isinstance(old, dict) and isinstance(new, dict):
        keys = [k for k in (*old, *(k for k in new if k not in old)) if old.get(k) != new.get(k)]
        parts = [f"{k}: {_value(old.get(k))} → {_value(new.get(k))}" for k in keys]
        return _shorten("; ".join(parts))
    if old is None and new is None:
        return ""
    if old is None:
        if isinstance(new, dict):
            return _shorten("; ".join(f"{k}: {_value(v)}" for k, v in new.items()))
        return _shorten(_value(new))
    if new is None and isinstance(old, dict):
        return _shorten("; ".join(f"{k}: {_value(v)} → —" for k, v in old.items()))
    return _shorten(f"{_value(old)} → {_value(new)}")


def full_change(old: Any, new: Any) -> str:
    def dump(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, indent=1)

    if old is None:
        return dump(new) if new is not None else ""
    return f"{dump(old)}\n→\n{dump(new)}"


class AuditTableModel(RowsModel[AuditEntry]):
    COLUMNS = 8
    COL_TIME, COL_STATION, COL_ACTION, COL_ROUND, COL_TABLE, COL_ENTRANT, COL_CHANGE, COL_REASON = range(8)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != DISPLAY or not 0 <= section < 8:
            return None
        return (
            _tr("Time"),
            _tr("Station"),
            _tr("Action"),
            _tr("Round"),
            _tr("Table"),
            _tr("Entrant"),
            _tr("Change"),
            _tr("Reason"),
        )[section]

    def text(self, entry: AuditEntry, column: int) -> str:
        if column == self.COL_TIME:
            return entry.at.strftime("%Y-%m-%d %H:%M:%S")
        if column == self.COL_STATION:
            return entry.station
        if column == self.COL_ACTION:
            return action_text(entry.action)
        if column == self.COL_ROUND:
            return "" if entry.round is None else str(entry.round)
        if column == self.COL_TABLE:
            return "" if entry.table is None else str(entry.table)
        if column == self.COL_ENTRANT:
            return entry.entrant or ""
        if column == self.COL_CHANGE:
            return sentence(entry, detail=compact_change)
        return reason_words(entry.reason)  # the program's own reasons (undo) in words

    @staticmethod
    def tooltip(entry: AuditEntry) -> str:
        """The sentence, whether the action is non-standard, and the raw values stored (old → new)."""
        lines = [sentence(entry, detail=compact_change)]
        if non_standard(entry):
            lines.append(_tr("A non-standard action: outside the ordinary course of the event."))
        raw = full_change(entry.old, entry.new)
        if raw:
            lines += ["", _tr("Stored values ({action}):").format(action=entry.action), raw]
        return "\n".join(lines)

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        entry, column = self.rows[index.row()], index.column()
        if role == DISPLAY:
            return self.text(entry, column)
        if role == Qt.ItemDataRole.ToolTipRole and column == self.COL_CHANGE:
            return self.tooltip(entry)
        if role == Qt.ItemDataRole.ToolTipRole and column == self.COL_REASON:
            return entry.reason or None
        if role == Qt.ItemDataRole.DecorationRole and column == self.COL_CHANGE and non_standard(entry):
            return warning_icon()
        if role == Qt.ItemDataRole.ForegroundRole and non_standard(entry):
            return PROBLEM_COLOUR
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(RIGHT if column in (self.COL_ROUND, self.COL_TABLE) else LEFT)
        if role == ROW_ROLE:
            return entry
        return None
