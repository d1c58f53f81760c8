"""A table's stored result: finding a table to write to, its state as the audit trail and undo keep it, the
check that refuses a change based on a stale read, and the refusal of a first entry on a table that holds
another result (``AlreadyRecorded``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput, Message, msg
from tournament_desk.domain.formats.base import Decided
from tournament_desk.domain.levels import format_level, parse_level
from tournament_desk.domain.results import LARGEST, ResultState
from tournament_desk.domain.scoring import (
    Outcome,
)
from tournament_desk.services.stages import current_stage
from tournament_desk.storage import models as m


@dataclass(frozen=True)
class ResultView:
    round: int
    table: int
    home: str
    away: str
    kind: ResultState
    outcome: Outcome


def find_table(session: Session, round_no: int, table_no: int, *, changing: bool = True) -> m.Match:
    """The table, checked for entering a result (``changing``: also that its result may still change)."""
    # A number past any event (a typo, a forged request) is no round: not a query the database cannot hold.
    rnd = session.get(m.Round, round_no) if 0 < round_no <= LARGEST else None
    if rnd is None:
        raise BadInput("Round {round} has not been paired yet.", round=round_no)
    match = (
        session.scalars(
            select(m.Match).where(m.Match.round_no == round_no, m.Match.table_no == table_no)
        ).first()
        if 0 < table_no <= LARGEST
        else None
    )
    if match is None:
        count = len(session.scalars(select(m.Match.id).where(m.Match.round_no == round_no)).all())
        if rnd.bye_entrant_id is not None:
            bye = session.get(m.Entrant, rnd.bye_entrant_id)
            raise BadInput(
                "Round {round} has tables 1–{last} and a bye for {bye}, which needs no result; there is no table {table}.",
                round=round_no,
                last=count,
                table=table_no,
                bye=bye.name if bye else "?",
            )
        raise BadInput(
            "Round {round} has tables 1–{last}; there is no table {table}.",
            round=round_no,
            last=count,
            table=table_no,
        )
    if not rnd.published:
        raise BadInput(
            "Round {round} is not published yet; publish its pairing before entering results.", round=round_no
        )
    if changing:
        _check_still_open(session, rnd)
    return match


def _check_still_open(session: Session, rnd: m.Round) -> None:
    """Results that decided who went on cannot change afterwards: a group's once the knockout is drawn, a
    knockout round's once the next round is paired (rules.md §7.4)."""
    stage = current_stage(session)
    if rnd.stage_no < stage.number:
        raise BadInput(
            "The knockout has been drawn from the group results; round {round}'s results can no longer change.",
            round=rnd.number,
        )
    closed = stage.format.closed_after(rnd.number)
    if closed is not None and session.get(m.Round, rnd.number + 1) is not None:
        raise BadInput(closed.template, **closed.params)


class ChangedElsewhere(BadInput):
    """The table is no longer what the caller saw: another station (or window) changed it since."""


# Fields a page need not have seen to be up to date: they follow from the ones it shows.
_EXTRA = frozenset({"home_mp", "away_mp", "home_vp", "away_vp", "xmp", "on_stage", "games"})


def seen_state(
    kind: str, side: str | None, home_level: int | None, away_level: int | None
) -> dict[str, object]:
    """What a page shows of a table, in ``match_state``'s terms: pass it as ``expected`` to a write."""
    return {
        "kind": str(kind),
        "side": side,
        "home_level": format_level(home_level) if home_level else None,
        "away_level": format_level(away_level) if away_level else None,
    }


def check_unchanged(
    session: Session, match: m.Match, seen: dict[str, object], now: dict[str, object]
) -> None:
    """Refuse a change based on a stale read (issue 18): ``seen`` is the table as the caller last read it
    (all of ``match_state``, or the fields a page shows: kind, side, levels), ``now`` as it is stored; when
    they differ, say who changed it last, and when."""
    if all(now.get(key) == value for key, value in seen.items()) and set(now) - set(seen) <= _EXTRA:
        return
    last = session.scalars(
        select(m.Audit)
        .where(m.Audit.round_no == match.round_no, m.Audit.table_no == match.table_no)
        .order_by(m.Audit.id.desc())
    ).first()
    raise ChangedElsewhere(
        "Round {round} table {table} was changed at station {station} at {time} since you looked at it; look "
        "again before changing it. Nothing was changed.",
        round=match.round_no,
        table=match.table_no,
        station=last.station if last is not None else "?",
        time=last.at.strftime("%H:%M") if last is not None else "?",
    )


# --- a first entry: the table holds no result yet, or exactly this one (rules.md §12) --------------------------
# The writes take ``correct``: None (the window's pages: whatever is there is replaced; they guard a stale read
# with ``expected=``), False (a first entry: a table or board holding a different result refuses with
# ``AlreadyRecorded``, the same result again changes nothing) or True (a correction: there must be a result to
# replace; the same result again changes nothing either).


class AlreadyRecorded(BadInput):
    """A first entry found a different result already recorded (the same table typed at a second station, a
    mistyped table number): nothing was written. The sentence names the result, the station and the time."""


# Audit actions that change a table's recorded result (not a phone's entry, a lock, a swap of the pairing).
RESULT_ACTIONS = ("result", "board", "forfeit", "late", "ruling", "ruling-award", "decision-removed", "clear",
                  "restore", "game", "games")  # fmt: skip


def last_change(session: Session, round_no: int, table_no: int, board: int | None = None) -> m.Audit | None:
    """The latest audit entry that changed a table's result (``board``: that board's, if the trail names one;
    else the table's)."""
    entries = session.scalars(
        select(m.Audit)
        .where(m.Audit.round_no == round_no, m.Audit.table_no == table_no, m.Audit.action.in_(RESULT_ACTIONS))
        .order_by(m.Audit.id.desc())
    )
    first = None
    for entry in entries:
        if board is None:
            return entry
        first = first or entry
        if entry.action == "restore" or _board_of(entry.new) == board:
            return entry
    return first


def _board_of(text: str | None) -> object:
    value = json.loads(text) if text else None
    return value.get("board") if isinstance(value, dict) else None


def _names(session: Session, match: m.Match) -> tuple[str, str]:
    home, away = session.get(m.Entrant, match.home_id), session.get(m.Entrant, match.away_id)
    return (home.name if home else "?"), (away.name if away else "?")


def when(at: datetime) -> str:
    """A time as the refusal says it: 14:05 today, 2026-11-21 14:05 on another day."""
    return at.strftime("%H:%M" if at.date() == datetime.now().date() else "%Y-%m-%d %H:%M")


def already_recorded(
    session: Session, match: m.Match, recorded: Message | str, board: int | None = None
) -> AlreadyRecorded:
    """The refusal of a first entry on a table (``board``: one board of it) that holds ``recorded``."""
    last = last_change(session, match.round_no, match.table_no, board)
    home, away = _names(session, match)
    where: dict[str, object] = {"round": match.round_no, "table": match.table_no, "home": home, "away": away,
                                "recorded": recorded}  # fmt: skip
    if board is not None:
        where["board"] = board
    if last is None:
        if board is not None:
            return AlreadyRecorded(
                "Round {round} table {table} ({home} – {away}) board {board} already has a result: {recorded}. "
                "Nothing was changed.",
                **where,
            )
        return AlreadyRecorded(
            "Round {round} table {table} ({home} – {away}) already has a result: {recorded}. Nothing was changed.",
            **where,
        )
    if board is not None:
        return AlreadyRecorded(
            "Round {round} table {table} ({home} – {away}) board {board} already has a result: {recorded}, "
            "entered at station {station} at {time}. Nothing was changed.",
            station=last.station,
            time=when(last.at),
            **where,
        )
    return AlreadyRecorded(
        "Round {round} table {table} ({home} – {away}) already has a result: {recorded}, entered at station "
        "{station} at {time}. Nothing was changed.",
        station=last.station,
        time=when(last.at),
        **where,
    )


def recorded_row(
    session: Session, match: m.Match, recorded: Message | str, board: int | None = None
) -> Message:
    """An imported row's part of the refusal of a sheet: the result its table (board) holds, where and when."""
    last = last_change(session, match.round_no, match.table_no, board)
    where: dict[str, object] = {"round": match.round_no, "table": match.table_no, "recorded": recorded,
                                "station": last.station if last else "?", "time": when(last.at) if last else "?"}  # fmt: skip
    if board is not None:
        return msg("round {round} table {table} board {board} already has {recorded} (station {station}, {time})",
                   board=board, **where)  # fmt: skip
    return msg("round {round} table {table} already has {recorded} (station {station}, {time})", **where)


def refuse_rows(problems: list[Message], recorded: bool) -> None:
    """Refuse a whole sheet when any row has a problem, naming the first 20: ``AlreadyRecorded`` when a row's
    table holds another result already (a face then offers to correct), else ``BadInput``."""
    if not problems:
        return
    if recorded:
        raise AlreadyRecorded("Nothing was imported: {problems}.", problems=problems[:20])
    raise BadInput("Nothing was imported: {problems}.", problems=problems[:20])


def nothing_to_correct(round_no: int, table_no: int, board: int | None = None) -> BadInput:
    """A correction on a table (board) with no result: most likely a mistyped number; nothing was written."""
    if board is not None:
        return BadInput(
            "Round {round} table {table} board {board} has no result yet, so there is nothing to correct; "
            "check the numbers, or enter it as a first result.",
            round=round_no,
            table=table_no,
            board=board,
        )
    return BadInput(
        "Round {round} table {table} has no result yet, so there is nothing to correct; check the numbers, or "
        "enter it as a first result.",
        round=round_no,
        table=table_no,
    )


def is_empty(match: m.Match) -> bool:
    """No result at all: nothing a first entry could overwrite."""
    return match.kind == ResultState.PENDING and match.home_level is None and match.away_level is None


def recorded_text(session: Session, match: m.Match) -> Message | str:
    """What a table holds, as the refusal of a first entry names it: ``Q : 9``, ``9 : 9, 甲 on stage``, a
    forfeit, late scoresheet or ruling against a side (named), a withdrawal's decision."""
    home, away = _names(session, match)
    side = {"home": home, "away": away}.get(match.side or "")
    levels = (
        f"{format_level(match.home_level)} : {format_level(match.away_level)}"
        if match.home_level and match.away_level
        else None
    )
    state = ResultState(match.kind)
    if match.note == "withdrawn":
        return msg("decided by a withdrawal")
    if state == ResultState.FORFEIT:
        return msg("a forfeit by {side}", side=side) if side else msg("a forfeit by both sides")
    if state == ResultState.LATE:
        if side is None:
            return msg("a late scoresheet by both sides")
        return msg("a late scoresheet by {side}", side=side)
    if state == ResultState.RULING:
        return msg("a loss by ruling for {side}", side=side or "?")
    if state == ResultState.ANNULLED:
        return msg("annulled")
    if levels is not None and match.on_stage and match.home_level == match.away_level:
        on_stage = home if match.on_stage == "home" else away
        return msg("{levels}, {side} on stage", levels=levels, side=on_stage)
    if levels is not None:
        return levels
    if match.xmp is not None:
        return msg("{xmp} XMP", xmp=match.xmp)
    return msg(state.value)


def match_state(match: m.Match) -> dict[str, object]:
    """What a table's result is now, as the audit trail and undo keep it."""
    state: dict[str, object] = {
        "kind": match.kind,
        "side": match.side,
        "home_level": format_level(match.home_level) if match.home_level else None,
        "away_level": format_level(match.away_level) if match.away_level else None,
        "home_mp": match.home_mp,
        "away_mp": match.away_mp,
        "home_vp": match.home_vp,
        "away_vp": match.away_vp,
    }
    if match.xmp is not None:  # duplicate boards (only there, so a Swiss trail reads as it always did)
        state["xmp"] = match.xmp
    if match.on_stage is not None:  # knockout, equal levels
        state["on_stage"] = match.on_stage
    if match.home_games is not None and match.away_games is not None:  # knockout of several games (局)
        state["games"] = f"{match.home_games}:{match.away_games}"
    return state


def apply_state(match: m.Match, state: dict[str, object]) -> None:
    """Set a table's result fields back to ``match_state``'s record of them."""
    match.kind = str(state["kind"])
    match.side = state["side"] if isinstance(state["side"], str) else None
    match.home_level = parse_level(state["home_level"]) if state["home_level"] else None
    match.away_level = parse_level(state["away_level"]) if state["away_level"] else None
    for key in ("home_mp", "away_mp", "home_vp", "away_vp"):
        value = state[key]
        setattr(match, key, float(value) if isinstance(value, int | float) else None)
    xmp = state.get("xmp")
    match.xmp = xmp if isinstance(xmp, int) else None
    on_stage = state.get("on_stage")
    match.on_stage = on_stage if isinstance(on_stage, str) else None
    games = state.get("games")
    home_games, _, away_games = str(games or "").partition(":")
    match.home_games = int(home_games) if games else None
    match.away_games = int(away_games) if games else None


def apply_outcome(match: m.Match, kind: ResultState, side: str | None, outcome: Outcome | None) -> None:
    """Store a result state and its score (none: no score yet); the side on stage and the games are cleared."""
    match.kind, match.side = kind.value, side
    match.on_stage = None
    match.home_games = match.away_games = None
    match.home_mp = outcome.home_mp if outcome else None
    match.away_mp = outcome.away_mp if outcome else None
    match.home_vp = outcome.home_vp if outcome else None
    match.away_vp = outcome.away_vp if outcome else None


def apply_decided(match: m.Match, decided: Decided) -> None:
    """Store a result a format decided (a withdrawal's forfeit or annulment); levels entered are kept."""
    apply_outcome(match, decided.state, decided.side, decided.outcome)
    match.note = decided.note or None


def result_view(session: Session, match: m.Match) -> ResultView:
    """A table's result as the window, the command line and the pages show it."""
    home = session.get(m.Entrant, match.home_id)
    away = session.get(m.Entrant, match.away_id)
    assert home is not None and away is not None
    outcome = Outcome(match.home_mp or 0.0, match.away_mp or 0.0, match.home_vp or 0.0, match.away_vp or 0.0)
    return ResultView(match.round_no, match.table_no, home.name, away.name, ResultState(match.kind), outcome)
