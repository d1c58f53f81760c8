"""The change an audit entry records, in words (``reports.audit_text`` puts the sentence together): a stored
value as plain text, a table's state ("9 : 6", "forfeit by the away side"), and one sentence builder per area
(results, entrants, rounds, the event as a whole, the phones and clock), each answering None for an action not its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tournament_desk.domain.errors import Message, msg


def number_text(value: float) -> str:
    """7.5 → "7.5", 41.0 → "41": no needless decimals, no "-0"."""
    if value == 0:
        return "0"
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def value_text(value: Any, *, keys: bool = False) -> str:
    """A stored value as plain text: "—" for none, numbers without needless decimals, lists comma-joined;
    ``keys``: a mapping shows its keys too (``{kind: played}``, for a change we have no sentence for)."""

    def text(v: Any) -> str:
        return value_text(v, keys=keys)

    if value is None:
        return "—"
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if isinstance(value, float):
        return number_text(value)
    if isinstance(value, list):  # a list of lists (a pairing's tables) reads "1 甲 乙, 2 丙 丁"
        inner = any(isinstance(v, list) for v in value)
        return (", " if inner else ",").join(
            " ".join(map(text, v)) if isinstance(v, list) else text(v) for v in value
        )
    if isinstance(value, dict):
        if keys:
            return "{" + ", ".join(f"{k}: {text(v)}" for k, v in value.items()) + "}"
        return ", ".join(text(v) for v in value.values())
    return str(value)


SIDES = {"home": msg("the home side"), "away": msg("the away side"), "both": msg("both sides")}


def result_summary(state: Any) -> Message | str:
    """A table's stored state in words: "9 : 6", "forfeit by the away side", "no result"."""
    if not isinstance(state, dict):
        return msg("no result")
    kind, side = state.get("kind"), state.get("side")
    home, away = state.get("home_level"), state.get("away_level")
    if kind == "played" and home and away:
        return f"{home} : {away}"
    if kind == "played":
        xmp = state.get("xmp")
        return msg("played, no levels") if xmp is None else msg("{xmp} XMP", xmp=value_text(xmp))
    who = SIDES.get(str(side), str(side))
    if kind == "forfeit":
        return msg("forfeit by {side}", side=who)
    if kind == "late":
        return msg("late scoresheet of {side}", side=who)
    if kind == "ruling":
        return msg("loss by ruling for {side}", side=who)
    if kind == "annulled":
        return msg("annulled (withdrawal)")
    if kind in (None, "pending"):
        return msg("no result")
    if kind == "bye":
        return msg("a bye")
    if kind == "rest":
        return msg("no match (rest)")
    return str(kind)


FIELDS = {"name": msg("name"), "unit": msg("unit"), "players": msg("players")}
RULES_BROKEN = {"same-unit": msg("two entrants of one unit"), "rematch": msg("a rematch")}


def _dict(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, dict) else {}


def result_change(a: str, old: Any, new: Any, name: str, table: int | None) -> Message | None:
    """The actions on a table's result."""
    before, after = result_summary(old), result_summary(new)
    if a == "result":
        if _dict(old).get("kind") in (None, "pending"):
            return msg("result {new} entered", new=after)
        return msg("result {old} changed to {new}", old=before, new=after)
    texts = {
        "forfeit": msg("forfeit: {new}", new=after),
        "late": msg("late scoresheet: {new}", new=after),
        "ruling": msg("loss by ruling: {new}", new=after),
        "annulled": msg("annulled by a withdrawal: {new}", new=after),
        "live-entry": msg("result {new} from a phone", new=after),
        "ruling-award": msg("award of the loss by ruling recomputed: {old} → {new}", old=before, new=after),
        "decision-removed": msg("forfeit or ruling taken back: {old} → {new}", old=before, new=after),
        "restore": msg("put back to {new} (was {old})", old=before, new=after),
        "clear": msg("result {old} cleared", old=before),
        **dict.fromkeys(
            ("played", "pending", "bye", "rest"),
            msg(
                "decided by the withdrawal of {name}: {old} → {new}",
                name=_dict(new).get("withdrawn") or name,
                old=before,
                new=after,
            ),
        ),
    }
    if a in texts:
        return texts[a]
    if a == "reinstate" and table is not None:
        return msg("{name} reinstated: {old} → {new}", name=name, old=before, new=after)
    return None


def entrant_change(a: str, old: Mapping[str, Any], new: Mapping[str, Any], name: str) -> Message | None:
    """The actions on an entrant."""
    if a == "reinstate":
        return msg("{name}'s withdrawal taken back", name=name)
    if a == "withdraw":
        return msg(
            "{name} withdrawn after round {round}", name=name, round=value_text(new.get("after_round"))
        )
    if a == "bye-void":
        return msg("the bye of {name} made void by the withdrawal", name=name)
    if a == "deduct":
        return msg("{mp} MP deducted from {name}", mp=value_text(new.get("mp")), name=name)
    if a == "deduct-remove":
        return msg("deduction of {mp} MP from {name} taken back", mp=value_text(old.get("mp")), name=name)
    if a == "entrant-add":
        return msg("{name} registered", name=name)
    if a == "entrant-edit":
        keys = [k for k in (*old, *(k for k in new if k not in old)) if old.get(k) != new.get(k)]
        changes = [
            msg("{field} {old} → {new}", field=FIELDS.get(k, k), old=value_text(old.get(k)),
                new=value_text(new.get(k)))
            for k in keys
        ]  # fmt: skip
        return msg("{name} corrected: {changes}", name=name, changes=changes or "—")
    if a == "entrant-import":
        left_out, corrected = new.get("left_out") or [], new.get("corrected") or {}
        if left_out or corrected:  # rows the preview left out or corrected (old → new text in the details)
            return msg("{rows} entrants imported from {file}, rows left out: {left_out}, rows corrected: {corrected}",
                       rows=new.get("rows"), file=new.get("file"), left_out=", ".join(map(str, left_out)) or "—",
                       corrected=", ".join(corrected) or "—")  # fmt: skip
        return msg("{rows} entrants imported from {file}", rows=new.get("rows"), file=new.get("file"))
    return None


def round_change(a: str, new: Mapping[str, Any]) -> Message | None:
    """Pairing, drawing and publishing."""
    if a == "lock":
        return msg("table locked: a re-pairing keeps it")
    if a == "unlock":
        return msg("table unlocked")
    if a == "swap":
        first, second = [*(new.get("swap") or []), "", ""][:2]
        text = msg("{first} and {second} swapped", first=first, second=second)
        breaks = new.get("breaks") or {}
        if not breaks:
            return text
        rules = [
            RULES_BROKEN.get(r, msg("{rule}", rule=r)) for r in sorted({str(r) for r in breaks.values()})
        ]
        return msg(
            "{swap}, against the pairing rules at table {tables} ({rules})",
            swap=text, tables=", ".join(str(t) for t in breaks), rules=rules,
        )  # fmt: skip
    if a in ("pair", "repair"):
        count = len(new.get("tables") or [])
        text = msg("paired: {count} tables" if a == "pair" else "paired again: {count} tables (locked kept)",
                   count=count)  # fmt: skip
        bye = new.get("bye")
        return msg("{paired}, bye: {name}", paired=text, name=bye) if bye else text
    if a == "publish":
        return msg("pairing published")
    if a == "draw":
        if new.get("method") == "random":
            return msg("round-1 draw at random (seed {seed})", seed=new.get("seed"))
        return msg("round-1 draw in the director's order")
    return None


def event_change(a: str, old: Mapping[str, Any], new: Mapping[str, Any]) -> Message | None:
    """The event as a whole, its rules, boards and stages."""
    if a == "create":
        return msg("tournament “{name}” created", name=new.get("name", ""))
    if a == "demo":
        return msg("demo event filled in: {entrants} entrants in {units} units, {played} rounds played",
                   entrants=new.get("entrants"), units=new.get("units"), played=new.get("played"))  # fmt: skip
    if a == "rules":
        return msg("rules changed")
    if a == "restore-backup":
        return msg("the event restored from the backup {backup}; the file before it kept as {kept}",
                   backup=new.get("backup"), kept=new.get("kept") or "—")  # fmt: skip
    if a == "board" and "board" in new:
        return msg("board {board} scored", board=new["board"])
    if a == "boards":
        return msg("board set of {count} boards", count=len(new) if isinstance(new, list) else 0)
    if a == "lot":
        return msg(
            "lot drawn in group {group}: {order}", group=new.get("group"), order=value_text(new.get("order"))
        )
    if a == "knockout-draw":
        return msg("knockout drawn: {lines}", lines=value_text([x for x in new.get("lines") or [] if x]))
    if a == "declarers":
        return msg("fixed declarers set for {count} boards", count=len(new))
    if a == "move":
        return msg("event moved from {source} to {target}", source=old.get("from"), target=new.get("to"))
    return None


def live_change(a: str, old: Mapping[str, Any], new: Mapping[str, Any]) -> Message | None:
    """The phones, the entry cards, the round clock, announcements and the public standings."""
    if a == "live-release":
        return msg("the table's phones released: other phones may enter")
    if a in ("card-bind", "card-release", "card-reissue"):
        phone = (new if a == "card-bind" else old).get("phone") or "—"
        return msg({"card-bind": "the entry card taken on phone {phone}", "card-release": "the entry card let go "
                    "of phone {phone}", "card-reissue": "a new code for the entry card; the old code and its phone "
                    "({phone}) stopped"}[a], phone=phone)  # fmt: skip
    if a in ("phone-lock", "phone-unlock", "cards-issued"):
        tables, count = value_text(new.get("tables")), new.get("count")
        return msg({"phone-lock": "phone entry closed for tables {tables}", "phone-unlock": "phone entry opened "
                    "for tables {tables}", "cards-issued": "entry cards issued for {count} entrants"}[a],
                   tables=tables, count=count)  # fmt: skip
    if a == "clock":
        if "minutes" in new:
            return msg("round clock set to {minutes} minutes", minutes=new.get("minutes"))
        if new.get("action") == "start":
            return msg("round clock started")
        if new.get("action") == "pause":
            return msg("round clock paused")
        return msg(
            "round clock changed: {minutes} minutes left", minutes=int(new.get("remaining") or 0) // 60
        )
    if a == "announce":
        return msg("announcement: {text}", text=new.get("text"))
    if a == "announce-withdraw":
        return msg("announcement withdrawn: {text}", text=old.get("text"))
    if a == "live-freeze":
        rounds = int(new.get("rounds") or 0)
        if rounds:
            return msg("public standings frozen for the last {rounds} rounds (phones, projector, export)",
                       rounds=rounds)  # fmt: skip
        return msg("public standings no longer frozen")
    return None


def change(action: str, old: Any, new: Any, name: str, table: int | None) -> Message | None:
    """The change in words, from the area the action belongs to; None for an action without its own sentence."""
    return (
        result_change(action, old, new, name, table)
        or entrant_change(action, _dict(old), _dict(new), name)
        or round_change(action, _dict(new))
        or event_change(action, _dict(old), _dict(new))
        or live_change(action, _dict(old), _dict(new))
    )
