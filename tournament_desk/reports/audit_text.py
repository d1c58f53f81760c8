"""Each audit-trail entry as one sentence in the user's language, for the audit page and the workbook alike.

"Round 3, table 7: result 9 : 6 changed to 10 : 6" — never the stored keys or JSON (``away_level: — → Q``).
The sentence is built as a ``Message`` tree and rendered through the project's catalogue
(``tournament_desk.i18n``), so the window and the 操作记录 sheet cannot drift apart. No Qt here.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, Protocol

from tournament_desk.domain.errors import Message, msg
from tournament_desk.i18n import render
from tournament_desk.reports.audit_changes import change, value_text


class AuditRecord(Protocol):
    """What a sentence needs of an entry (``domain.chain.AuditEntry``)."""

    @property
    def at(self) -> datetime: ...
    @property
    def station(self) -> str: ...
    @property
    def action(self) -> str: ...
    @property
    def round(self) -> int | None: ...
    @property
    def table(self) -> int | None: ...
    @property
    def entrant(self) -> str | None: ...
    @property
    def old(self) -> Any: ...
    @property
    def new(self) -> Any: ...
    @property
    def reason(self) -> str | None: ...


# The services' action codes by name.
ACTIONS: dict[str, Message] = {
    "create": msg("Tournament created"),
    "demo": msg("Demo event filled in"),
    "entrant-add": msg("Entrant added"),
    "entrant-edit": msg("Entrant corrected"),
    "entrant-import": msg("Entrants imported"),
    "player-ident": msg("Player's ident set"),
    "player-merge": msg("Player merged with the registry"),
    "player-apart": msg("Player kept apart from the registry"),
    "draw": msg("Round-1 draw"),
    "withdraw": msg("Withdrawal"),
    "pair": msg("Round paired"),
    "repair": msg("Round paired again"),
    "publish": msg("Round published"),
    "lock": msg("Table locked"),
    "unlock": msg("Table unlocked"),
    "swap": msg("Entrants swapped"),
    "result": msg("Result"),
    "restore": msg("Table restored"),
    "forfeit": msg("Forfeit"),
    "late": msg("Late scoresheet"),
    "ruling": msg("Loss by ruling"),
    "deduct": msg("Deduction"),
    "deduct-remove": msg("Deduction removed"),
    "rules": msg("Rules changed"),
    "board": msg("Board result"),
    "game": msg("Pair game result"),
    "games": msg("Pair games of a team match"),
    "lineup": msg("Line-up"),
    "boards": msg("Board set"),
    "annulled": msg("Match annulled (withdrawal)"),
    "bye-void": msg("Bye made void (withdrawal)"),
    "ruling-award": msg("Ruling award recomputed"),
    "decision-removed": msg("Forfeit or ruling taken back"),
    "clear": msg("Result cleared"),
    "reinstate": msg("Withdrawal taken back"),
    "lot": msg("Lot recorded (摸牌)"),
    "knockout-draw": msg("Knockout draw"),
    "declarers": msg("Fixed declarers set"),
    "restore-backup": msg("Restored from a backup"),
    "move": msg("Event moved"),
    "live-entry": msg("Result from a phone"),
    "live-release": msg("Phones of a table released"),
    "cards-issued": msg("Entry cards issued"),
    "card-bind": msg("Entry card taken on a phone"),
    "card-release": msg("Entry card released from its phone"),
    "card-reissue": msg("Entry card reissued"),
    "phone-lock": msg("Phone entry closed"),
    "phone-unlock": msg("Phone entry opened"),
    "clock": msg("Round clock"),
    "announce": msg("Announcement"),
    "announce-withdraw": msg("Announcement withdrawn"),
    "live-freeze": msg("Public standings frozen"),
    "live-port": msg("Server port of the printed codes"),
    # A series file's own trail (services.series).
    "series-new": msg("Series created"),
    "series-add": msg("Events added to the series"),
    "series-remove": msg("Event taken out of the series"),
    "series-confirm": msg("Events' changes accepted"),
    "series-merge": msg("Spellings merged"),
    "series-unmerge": msg("Merge taken back"),
    # A withdrawal decides the entrant's later tables: each is audited under the state it gets (ResultState).
    **dict.fromkeys(("played", "pending", "bye", "rest"), msg("Table decided by a withdrawal")),
}

# Actions outside the ordinary course of an event (docs/rules.md: recorded as such).
NON_STANDARD = frozenset({"lock", "repair", "restore-backup"})


def action_name(action: str, lang: str | None = None) -> str:
    """The action in the language; an action code we do not know yet is shown as it is."""
    return render(ACTIONS[action], lang) if action in ACTIONS else action


def non_standard(entry: AuditRecord) -> bool:
    """A swap that breaks a pairing rule, a lock, a re-pairing, a restore from a backup."""
    if entry.action == "swap":
        return isinstance(entry.new, dict) and bool(entry.new.get("breaks"))
    return entry.action in NON_STANDARD


def _where(entry: AuditRecord) -> Message | None:
    if entry.round is not None and entry.table is not None:
        return msg("Round {round}, table {table}", round=entry.round, table=entry.table)
    if entry.round is not None:
        return msg("Round {round}", round=entry.round)
    return None


def values_changed(old: Any, new: Any) -> str:
    """The stored values of an action without its own sentence: the new ones, else the old ones."""
    return value_text(new) if new is not None else value_text(old) if old is not None else ""


def what(entry: AuditRecord, detail: Callable[[Any, Any], str] = values_changed) -> Message | str:
    """The change itself in words; an action without its own sentence is named, with ``detail(old, new)``."""
    a, old, new = entry.action, entry.old, entry.new
    known = change(a, old, new, entry.entrant or "", entry.table)
    if known is not None:
        return known
    values = detail(old, new)
    return msg("{action}: {change}", action=ACTIONS.get(a, a), change=values) if values else ACTIONS.get(a, a)


# The reasons the program itself writes (``services.undo``: a step undone or redone), said in words.
_OWN_REASONS: dict[str, Message] = {"undo": msg("undone (Ctrl+Z)"), "redo": msg("redone (Ctrl+Y)")}


def reason_words(reason: str | None, lang: str | None = None) -> str:
    """An entry's reason as it is shown: the director's words as typed, the program's own in the user's
    language ("undo": 撤销（Ctrl+Z）)."""
    own = _OWN_REASONS.get(reason or "")
    return render(own, lang) if own is not None else reason or ""


def sentence(
    entry: AuditRecord,
    lang: str | None = None,
    *,
    context: bool = True,
    detail: Callable[[Any, Any], str] = values_changed,
) -> str:
    """The entry as one sentence: where, what, and (``context``) station, time and reason.

    "Round 3, table 7: result 9 : 6 changed to 10 : 6 (station A, 14:02, reason: misread)"
    """
    where = _where(entry)
    change = what(entry, detail)
    text: Message | str
    if where is not None:
        text = msg("{where}: {what}", where=where, what=change)
    else:
        rendered = change if isinstance(change, str) else render(change, lang)
        text = rendered[:1].upper() + rendered[1:]
    if non_standard(entry):
        text = msg("Non-standard: {text}", text=text)
    if context:
        time = entry.at.strftime("%H:%M")
        extra = (
            msg(
                "(station {station}, {time}, reason: {reason})",
                station=entry.station,
                time=time,
                reason=reason_words(entry.reason, lang),
            )
            if entry.reason
            else msg("(station {station}, {time})", station=entry.station, time=time)
        )
        text = msg("{text} {context}", text=text, context=extra)
    return text if isinstance(text, str) else render(text, lang)
