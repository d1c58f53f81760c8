"""The audit trail: time, station, action (translated), round, table, entrant, old → new, reason."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)

from tournament_desk.gui.models.common import LEFT, RIGHT, ROW_ROLE, RowsModel, format_number
from tournament_desk.services.audit import AuditEntry

Index = QModelIndex | QPersistentModelIndex
DISPLAY = Qt.ItemDataRole.DisplayRole
CONTEXT = "AuditTableModel"
CHANGE_MAX = 80

# The services' action codes, as the trail shows them (marked for lupdate, translated when shown).
ACTIONS = {
    "create": QT_TRANSLATE_NOOP(CONTEXT, "Tournament created"),
    "demo": QT_TRANSLATE_NOOP(CONTEXT, "Demo event filled in"),
    "entrant-add": QT_TRANSLATE_NOOP(CONTEXT, "Entrant added"),
    "entrant-edit": QT_TRANSLATE_NOOP(CONTEXT, "Entrant corrected"),
    "entrant-import": QT_TRANSLATE_NOOP(CONTEXT, "Entrants imported"),
    "draw": QT_TRANSLATE_NOOP(CONTEXT, "Round-1 draw"),
    "withdraw": QT_TRANSLATE_NOOP(CONTEXT, "Withdrawal"),
    "pair": QT_TRANSLATE_NOOP(CONTEXT, "Round paired"),
    "repair": QT_TRANSLATE_NOOP(CONTEXT, "Round paired again"),
    "publish": QT_TRANSLATE_NOOP(CONTEXT, "Round published"),
    "lock": QT_TRANSLATE_NOOP(CONTEXT, "Table locked"),
    "unlock": QT_TRANSLATE_NOOP(CONTEXT, "Table unlocked"),
    "swap": QT_TRANSLATE_NOOP(CONTEXT, "Entrants swapped"),
    "result": QT_TRANSLATE_NOOP(CONTEXT, "Result"),
    "restore": QT_TRANSLATE_NOOP(CONTEXT, "Table restored"),
    "forfeit": QT_TRANSLATE_NOOP(CONTEXT, "Forfeit"),
    "late": QT_TRANSLATE_NOOP(CONTEXT, "Late scoresheet"),
    "ruling": QT_TRANSLATE_NOOP(CONTEXT, "Loss by ruling"),
    "deduct": QT_TRANSLATE_NOOP(CONTEXT, "Deduction"),
    "deduct-remove": QT_TRANSLATE_NOOP(CONTEXT, "Deduction removed"),
    "rules": QT_TRANSLATE_NOOP(CONTEXT, "Rules changed"),
    "board": QT_TRANSLATE_NOOP(CONTEXT, "Board result"),
    "boards": QT_TRANSLATE_NOOP(CONTEXT, "Board set"),
    "annulled": QT_TRANSLATE_NOOP(CONTEXT, "Match annulled (withdrawal)"),
    "bye-void": QT_TRANSLATE_NOOP(CONTEXT, "Bye made void (withdrawal)"),
    "ruling-award": QT_TRANSLATE_NOOP(CONTEXT, "Ruling award recomputed"),
    "decision-removed": QT_TRANSLATE_NOOP(CONTEXT, "Forfeit or ruling taken back"),
    "clear": QT_TRANSLATE_NOOP(CONTEXT, "Result cleared"),
    "reinstate": QT_TRANSLATE_NOOP(CONTEXT, "Withdrawal taken back"),
    "lot": QT_TRANSLATE_NOOP(CONTEXT, "Lot recorded (摸牌)"),
    "knockout-draw": QT_TRANSLATE_NOOP(CONTEXT, "Knockout draw"),
    "declarers": QT_TRANSLATE_NOOP(CONTEXT, "Fixed declarers set"),
}


def _tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def action_text(action: str) -> str:
    """The action in the user's language; an action code we do not know yet is shown as it is."""
    return _tr(str(ACTIONS[action])) if action in ACTIONS else action


def _value(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if isinstance(value, float):
        return format_number(value)
    if isinstance(value, list):  # a list of lists (a pairing's tables) reads "1 甲 乙, 2 丙 丁"
        inner = any(isinstance(v, list) for v in value)
        return (", " if inner else ",").join(
            " ".join(map(_value, v)) if isinstance(v, list) else _value(v) for v in value
        )
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_value(v)}" for k, v in value.items()) + "}"
    return str(value)


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
            return compact_change(entry.old, entry.new)
        return entry.reason or ""

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        entry, column = self.rows[index.row()], index.column()
        if role == DISPLAY:
            return self.text(entry, column)
        if role == Qt.ItemDataRole.ToolTipRole and column in (self.COL_CHANGE, self.COL_REASON):
            return (full_change(entry.old, entry.new) if column == self.COL_CHANGE else entry.reason) or None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(RIGHT if column in (self.COL_ROUND, self.COL_TABLE) else LEFT)
        if role == ROW_ROLE:
            return entry
        return None
