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

from tournament_desk.gui.icons import warning_icon
from tournament_desk.gui.models.common import LEFT, PROBLEM_COLOUR, RIGHT, ROW_ROLE, RowsModel, format_number
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
    "restore-backup": QT_TRANSLATE_NOOP(CONTEXT, "Restored from a backup"),
    "move": QT_TRANSLATE_NOOP(CONTEXT, "Event moved"),
    "live-entry": QT_TRANSLATE_NOOP(CONTEXT, "Result from a phone"),
    "clock": QT_TRANSLATE_NOOP(CONTEXT, "Round clock"),
    "announce": QT_TRANSLATE_NOOP(CONTEXT, "Announcement"),
    "announce-withdraw": QT_TRANSLATE_NOOP(CONTEXT, "Announcement withdrawn"),
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


# --- each entry as a sentence ---------------------------------------------------------------------------
# Actions outside the ordinary course of an event (SPEC: recorded as such): marked on the audit page.
NON_STANDARD = frozenset({"lock", "repair", "restore-backup"})


def non_standard(entry: AuditEntry) -> bool:
    """A swap that breaks a pairing rule, a lock, a re-pairing, a restore from a backup."""
    if entry.action == "swap":
        return isinstance(entry.new, dict) and bool(entry.new.get("breaks"))
    return entry.action in NON_STANDARD


def _side(side: Any) -> str:
    return {"home": _tr("the home side"), "away": _tr("the away side"), "both": _tr("both sides")}.get(
        str(side), str(side)
    )


def result_summary(state: Any) -> str:
    """A table's stored state in words: "9 : 6", "forfeit by the away side", "no result"."""
    if not isinstance(state, dict):
        return _tr("no result")
    kind, side = state.get("kind"), state.get("side")
    home, away = state.get("home_level"), state.get("away_level")
    if kind == "played" and home and away:
        return f"{home} : {away}"
    if kind == "played":
        xmp = state.get("xmp")
        return _tr("played") if xmp is None else _tr("{xmp} XMP").format(xmp=xmp)
    return {
        "forfeit": _tr("forfeit by {side}"),
        "late": _tr("late scoresheet of {side}"),
        "ruling": _tr("loss by ruling for {side}"),
        "annulled": _tr("annulled (withdrawal)"),
        "pending": _tr("no result"),
        None: _tr("no result"),
    }.get(kind, str(kind)).format(side=_side(side))


FIELDS = {"name": QT_TRANSLATE_NOOP(CONTEXT, "name"), "unit": QT_TRANSLATE_NOOP(CONTEXT, "unit"),
          "players": QT_TRANSLATE_NOOP(CONTEXT, "players")}  # fmt: skip


def _where(entry: AuditEntry) -> str:
    if entry.round is not None and entry.table is not None:
        return _tr("Round {round}, table {table}").format(round=entry.round, table=entry.table)
    if entry.round is not None:
        return _tr("Round {round}").format(round=entry.round)
    return ""


def _what(entry: AuditEntry) -> str | None:
    """The change itself in words, or None for an action without its own sentence."""
    a, old, new = entry.action, entry.old, entry.new
    old_d = old if isinstance(old, dict) else {}
    new_d = new if isinstance(new, dict) else {}
    name = entry.entrant or ""
    if a == "result":
        if not old_d or old_d.get("kind") in (None, "pending"):
            return _tr("result {new} entered").format(new=result_summary(new))
        return _tr("result {old} changed to {new}").format(old=result_summary(old), new=result_summary(new))
    if a in ("forfeit", "late", "ruling", "annulled", "ruling-award", "decision-removed", "live-entry"):
        text = {
            "forfeit": _tr("forfeit: {new}"), "late": _tr("late scoresheet: {new}"),
            "ruling": _tr("loss by ruling: {new}"), "annulled": _tr("annulled by a withdrawal: {new}"),
            "ruling-award": _tr("award of the loss by ruling recomputed: {old} → {new}"),
            "decision-removed": _tr("forfeit or ruling taken back: {old} → {new}"),
            "live-entry": _tr("result {new} from a phone"),
        }[a]  # fmt: skip
        return text.format(old=result_summary(old), new=result_summary(new))
    if a == "restore":
        return _tr("put back to {new} (was {old})").format(old=result_summary(old), new=result_summary(new))
    if a == "clear":
        return _tr("result {old} cleared").format(old=result_summary(old))
    if a == "reinstate" and entry.table is not None:
        return _tr("{name} reinstated: {old} → {new}").format(
            name=name, old=result_summary(old), new=result_summary(new)
        )
    if a == "reinstate":
        return _tr("{name}'s withdrawal taken back").format(name=name)
    if a == "withdraw":
        return _tr("{name} withdrawn after round {round}").format(name=name, round=new_d.get("after_round"))
    if a == "bye-void":
        return _tr("the bye of {name} made void by the withdrawal").format(name=name)
    if a == "deduct":
        return _tr("{mp} MP deducted from {name}").format(mp=_value(new_d.get("mp")), name=name)
    if a == "deduct-remove":
        return _tr("deduction of {mp} MP from {name} taken back").format(
            mp=_value(old_d.get("mp")), name=name
        )
    if a in ("lock", "unlock"):
        return _tr("table locked: a re-pairing keeps it") if a == "lock" else _tr("table unlocked")
    if a == "swap":
        first, second = [*(new_d.get("swap") or []), "", ""][:2]
        text = _tr("{first} and {second} swapped").format(first=first, second=second)
        breaks = new_d.get("breaks") or {}
        if breaks:
            rules = sorted({str(r) for r in breaks.values()})
            names = {"same-unit": _tr("two entrants of one unit"), "rematch": _tr("a rematch")}
            text += _tr(", against the pairing rules at table {tables} ({rules})").format(
                tables=", ".join(str(t) for t in breaks), rules=", ".join(names.get(r, r) for r in rules)
            )
        return text
    if a in ("pair", "repair"):
        tables = len(new_d.get("tables") or [])
        text = (
            _tr("paired: {count} tables")
            if a == "pair"
            else _tr("paired again: {count} tables (locked kept)")
        )
        bye = new_d.get("bye")
        return text.format(count=tables) + (_tr(", bye: {name}").format(name=bye) if bye else "")
    if a == "publish":
        return _tr("published")
    if a == "entrant-add":
        return _tr("{name} registered").format(name=name)
    if a == "entrant-edit":
        changed = [k for k in (*old_d, *(k for k in new_d if k not in old_d)) if old_d.get(k) != new_d.get(k)]
        parts = [_tr("{field} {old} → {new}").format(field=_tr(str(FIELDS[k])) if k in FIELDS else k,
                                                    old=_value(old_d.get(k)), new=_value(new_d.get(k)))
                 for k in changed]  # fmt: skip
        return _tr("{name} corrected: {changes}").format(name=name, changes=_tr("; ").join(parts))
    if a == "entrant-import":
        return _tr("{rows} entrants imported from {file}").format(
            rows=new_d.get("rows"), file=new_d.get("file")
        )
    if a == "draw":
        if new_d.get("method") == "random":
            return _tr("round-1 draw at random (seed {seed})").format(seed=new_d.get("seed"))
        return _tr("round-1 draw in the director's order")
    if a == "create":
        return _tr("tournament “{name}” created").format(name=new_d.get("name", ""))
    if a == "demo":
        return _tr(
            "demo event filled in: {entrants} entrants in {units} units, {played} rounds played"
        ).format(entrants=new_d.get("entrants"), units=new_d.get("units"), played=new_d.get("played"))
    if a == "rules":
        return _tr("rules changed")
    if a == "restore-backup":
        return _tr("the event restored from the backup {backup}; the file before it kept as {kept}").format(
            backup=new_d.get("backup"), kept=new_d.get("kept") or "—"
        )
    if a == "board" and "board" in new_d:
        return _tr("board {board}: {change}").format(
            board=new_d["board"], change=compact_change(old, {k: v for k, v in new_d.items() if k != "board"})
        )
    return None


def sentence(entry: AuditEntry, *, context: bool = True) -> str:
    """The entry as one sentence in the user's language: where, what, and (``context``) station, time, reason.

    "Round 3, table 7: result 9 : 6 changed to 10 : 6 (station A, 14:02, reason: misread)"
    """
    what = _what(entry)
    if what is None:
        change = compact_change(entry.old, entry.new)
        what = action_text(entry.action) + (f": {change}" if change else "")
    where = _where(entry)
    text = _tr("{where}: {what}").format(where=where, what=what) if where else what[:1].upper() + what[1:]
    if non_standard(entry):
        text = _tr("Non-standard: {text}").format(text=text)
    if not context:
        return text
    time = entry.at.strftime("%H:%M")
    if entry.reason:
        extra = _tr("(station {station}, {time}, reason: {reason})").format(
            station=entry.station, time=time, reason=entry.reason
        )
    else:
        extra = _tr("(station {station}, {time})").format(station=entry.station, time=time)
    return _tr("{text} {context}").format(text=text, context=extra)


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
            return sentence(entry)
        return entry.reason or ""

    @staticmethod
    def tooltip(entry: AuditEntry) -> str:
        """The sentence, whether the action is non-standard, and the raw values stored (old → new)."""
        lines = [sentence(entry)]
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
