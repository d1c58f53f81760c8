"""Entering what happened at a table: levels, forfeits, late scoresheets, rulings, and MP deductions."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput, Message, TournamentError, msg
from tournament_desk.domain.formats.base import Decided
from tournament_desk.domain.formats.knockout_stage import knockout_outcome
from tournament_desk.domain.levels import format_level, parse_level
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import (
    SIDES,
    Outcome,
    ruling_vp,
    score_forfeit,
    score_late_scoresheet,
    score_levels,
    score_ruling,
)
from tournament_desk.services.backups import take_backup
from tournament_desk.services.desk import Desk, audit, rules_of
from tournament_desk.services.sheets import read_sheet
from tournament_desk.services.stages import current_stage, mode_of, stage_of_round
from tournament_desk.storage import models as m

RESULT_COLUMNS = {
    "round": ("轮", "轮次", "round"),
    "table": ("桌", "桌号", "table"),
    "home": ("主队", "南北", "home", "ns"),
    "away": ("客队", "东西", "away", "ew"),
}


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
    rnd = session.get(m.Round, round_no)
    if rnd is None:
        raise BadInput("Round {round} has not been paired yet.", round=round_no)
    match = session.scalars(
        select(m.Match).where(m.Match.round_no == round_no, m.Match.table_no == table_no)
    ).first()
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
    knockout round's once the next round is paired (SPEC §7.4)."""
    stage = current_stage(session)
    if rnd.stage_no < stage.number:
        raise BadInput(
            "The knockout has been drawn from the group results; round {round}'s results can no longer change.",
            round=rnd.number,
        )
    if stage.format.knockout and session.get(m.Round, rnd.number + 1) is not None:
        raise BadInput(
            "The winners of round {round} already play in round {next}; its results can no longer change.",
            round=rnd.number,
            next=rnd.number + 1,
        )


def table_state(desk: Desk, round_no: int, table_no: int) -> dict[str, object]:
    """What a table holds now, in the form ``restore_table`` takes back (for undo)."""
    with desk.db.transaction() as session:
        return match_state(find_table(session, round_no, table_no, changing=False))


class ChangedElsewhere(BadInput):
    """The table is no longer what the caller saw: another station (or window) changed it since."""


# Fields a page need not have seen to be up to date: they follow from the ones it shows.
_EXTRA = frozenset({"home_mp", "away_mp", "home_vp", "away_vp", "xmp", "on_stage"})


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


def restore_table(
    desk: Desk,
    round_no: int,
    table_no: int,
    state: dict[str, object],
    *,
    reason: str | None = None,
    expected: dict[str, object] | None = None,
) -> ResultView:
    """Put a table back as ``table_state`` described it (undo and redo write through here, audited).

    ``expected``: the table as this station left it; if anyone changed it since, nothing is restored
    (undo restores what I changed, only if nobody changed it since).
    """
    with desk.db.transaction(write=True) as session:
        match = find_table(session, round_no, table_no)
        old = match_state(match)
        if expected is not None:
            check_unchanged(session, match, expected, old)
        apply_state(match, state)
        audit(session, desk, "restore", round_no=round_no, table_no=table_no, old=old, new=match_state(match),
              reason=reason)  # fmt: skip
        refresh_rulings(session, desk, round_no)
        return _view(session, match)


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


def _apply(match: m.Match, kind: ResultState, side: str | None, outcome: Outcome | None) -> None:
    match.kind, match.side = kind.value, side
    match.on_stage = None
    match.home_mp = outcome.home_mp if outcome else None
    match.away_mp = outcome.away_mp if outcome else None
    match.home_vp = outcome.home_vp if outcome else None
    match.away_vp = outcome.away_vp if outcome else None


def apply_decided(match: m.Match, decided: Decided) -> None:
    """Store a result a format decided (a withdrawal's forfeit or annulment); levels entered are kept."""
    _apply(match, decided.state, decided.side, decided.outcome)
    match.note = decided.note or None


def _view(session: Session, match: m.Match) -> ResultView:
    home = session.get(m.Entrant, match.home_id)
    away = session.get(m.Entrant, match.away_id)
    assert home is not None and away is not None
    outcome = Outcome(match.home_mp or 0.0, match.away_mp or 0.0, match.home_vp or 0.0, match.away_vp or 0.0)
    return ResultView(match.round_no, match.table_no, home.name, away.name, ResultState(match.kind), outcome)


def _record_levels(
    session: Session,
    desk: Desk,
    rules: RuleSet,
    round_no: int,
    table_no: int,
    home: int,
    away: int,
    reason: str | None,
    on_stage: str | None = None,
    expected: dict[str, object] | None = None,
) -> m.Match:
    if not mode_of(session).takes_levels:
        raise BadInput(
            "This event is scored by duplicate boards: enter the defenders' points of each board and room."
        )
    match = find_table(session, round_no, table_no)
    fmt = stage_of_round(session, round_no).format
    if fmt.board_scored:
        raise BadInput(
            "This event is scored board by board: enter each board's defenders' points (--board N --points P)."
        )
    knockout = fmt.knockout
    if on_stage is not None and on_stage not in ("home", "away"):
        raise BadInput("The side on stage must be home or away, not '{side}'.", side=on_stage)
    if on_stage is not None and not knockout:
        raise BadInput("The side on stage decides only knockout matches of equal levels; leave it out here.")
    old = match_state(match)
    if expected is not None:
        check_unchanged(session, match, expected, old)
    match.home_level, match.away_level = home, away
    if knockout:
        outcome = knockout_outcome(home, away, on_stage, rules)  # type: ignore[arg-type]
        _apply(match, ResultState.PLAYED, None, outcome)
        match.on_stage = on_stage if home == away else None
    else:
        _apply(match, ResultState.PLAYED, None, score_levels(home, away, rules))
    audit(
        session,
        desk,
        "result",
        round_no=round_no,
        table_no=table_no,
        old=old,
        new=match_state(match),
        reason=reason,
    )
    refresh_rulings(session, desk, round_no)
    return match


def record_result(
    desk: Desk,
    round_no: int,
    table_no: int,
    home_level: str | int,
    away_level: str | int,
    *,
    reason: str | None = None,
    on_stage: str | None = None,
    expected: dict[str, object] | None = None,
) -> ResultView:
    """Record the levels both sides reached at a table; a second entry corrects the first (audited).

    Knockout matches of equal levels need ``on_stage`` ("home" or "away"): the side on stage at the end wins.
    ``expected``: the table as the caller last read it (``table_state``); changed since → ``ChangedElsewhere``.
    """
    home, away = parse_level(home_level), parse_level(away_level)
    with desk.db.transaction(write=True) as session:
        match = _record_levels(
            session, desk, rules_of(session), round_no, table_no, home, away, reason, on_stage, expected
        )
        return _view(session, match)


def parse_whole(text: str, what: str) -> int:
    """A round, table or board number as typed."""
    try:
        value = int(text.strip())
    except ValueError:
        if what == "round":
            raise BadInput("'{text}' is not a round number.", text=text) from None
        if what == "board":
            raise BadInput("'{text}' is not a board number.", text=text) from None
        raise BadInput("'{text}' is not a table number.", text=text) from None
    return value


def import_results(desk: Desk, sheet: Path, *, reason: str | None = None) -> list[ResultView]:
    """Import a results sheet (columns round, table, home, away levels): every row or none."""
    rows = read_sheet(sheet, RESULT_COLUMNS, required=tuple(RESULT_COLUMNS))
    if not rows:
        raise BadInput("'{path}' has no results to import.", path=str(sheet))
    problems: list[Message] = []
    seen: dict[tuple[int, int], int] = {}
    with desk.db.transaction(write=True) as session:
        rules = rules_of(session)
        checked: list[tuple[int, int, int, int]] = []
        for row in rows:  # every row checked before anything is written (or backed up)
            try:
                round_no = parse_whole(row.cells["round"], "round")
                table_no = parse_whole(row.cells["table"], "table")
                home, away = parse_level(row.cells["home"]), parse_level(row.cells["away"])
                if (round_no, table_no) in seen:
                    raise BadInput("it repeats row {first}", first=seen[(round_no, table_no)])
                seen[(round_no, table_no)] = row.number
                find_table(session, round_no, table_no)
                if not mode_of(session).takes_levels:
                    raise BadInput(
                        "This event is scored by duplicate boards: enter the defenders' points of each board and room."
                    )
                checked.append((round_no, table_no, home, away))
            except TournamentError as exc:
                problems.append(msg("row {row}: {problem}", row=row.number, problem=exc.message))
        if problems:
            raise BadInput("Nothing was imported: {problems}.", problems=problems[:20])
        take_backup(desk, "before-import")
        done = [_record_levels(session, desk, rules, *entry, reason) for entry in checked]
        return [_view(session, mt) for mt in done]


def _check_side(side: str) -> None:
    if side not in SIDES:
        raise BadInput("The side must be home, away or both, not '{side}'.", side=side)


def forfeit(
    desk: Desk,
    round_no: int,
    table_no: int,
    side: str,
    *,
    reason: str | None = None,
    late: bool = False,
    arrival: bool = False,
) -> ResultView:
    """A forfeit (弃权) at a table; ``late``: a scoresheet handed in late, the other side keeps its result;
    ``arrival``: a side arrived later than the rule set's limit, and its opponent gets the award the rule set
    names for that (the forfeit award, or the loss-by-ruling award, SPEC §5.3)."""
    _check_side(side)
    if late and arrival:
        raise BadInput("A forfeit is either a late scoresheet or a late arrival, not both.")
    with desk.db.transaction(write=True) as session:
        rules = rules_of(session)
        match = find_table(session, round_no, table_no)
        old = match_state(match)
        if arrival and rules.late_award == "ruling" and side != "both":
            if rules.ruling_award == "recorded":  # nothing was played to record: the fixed award
                outcome = score_ruling(side, rules.ruling_fixed_vp, rules)  # type: ignore[arg-type]
            else:
                outcome = _ruling_outcome(session, match, side, rules)  # type: ignore[arg-type]
            _apply(match, ResultState.FORFEIT, side, outcome)
            match.note = "late-arrival"
        elif late:
            played = mode_of(session).played_outcome(match.home_level, match.away_level, match.xmp, rules)
            if played is None:
                raise BadInput(
                    "Table {table} of round {round} has no played result to keep; enter its result first.",
                    table=table_no,
                    round=round_no,
                )
            _apply(match, ResultState.LATE, side, score_late_scoresheet(side, played))  # type: ignore[arg-type]
        else:
            _apply(match, ResultState.FORFEIT, side, score_forfeit(side, rules))  # type: ignore[arg-type]
            match.note = "late-arrival" if arrival else None
        audit(
            session,
            desk,
            "late" if late else "forfeit",
            round_no=round_no,
            table_no=table_no,
            old=old,
            new=match_state(match),
            reason=reason,
        )
        refresh_rulings(session, desk, round_no)
        return _view(session, match)


def _vp_history(session: Session, entrant_id: int, before_round: int) -> list[float]:
    """VP of the matches an entrant actually played at a table before ``before_round`` (SPEC §5.5: byes,
    forfeits and rulings left out)."""
    return [
        (mt.home_vp if mt.home_id == entrant_id else mt.away_vp) or 0.0
        for mt in session.scalars(
            select(m.Match).where(
                m.Match.round_no < before_round,
                m.Match.kind == ResultState.PLAYED,
                (m.Match.home_id == entrant_id) | (m.Match.away_id == entrant_id),
            )
        )
    ]


def _ruling_outcome(
    session: Session, match: m.Match, offender: Literal["home", "away"], rules: RuleSet
) -> Outcome:
    """What a loss by ruling scores now (SPEC §5.5): the rule set's award to the innocent side, or, with
    ``recorded``, the result on the scoresheet for both sides as if played."""
    if rules.ruling_award == "recorded":
        played = mode_of(session).played_outcome(match.home_level, match.away_level, match.xmp, rules)
        if played is None:
            raise BadInput(
                "This rule set awards the score already recorded, but the table has no result yet."
            )
        return played
    winner_id, offender_id = (
        (match.away_id, match.home_id) if offender == "home" else (match.home_id, match.away_id)
    )
    awarded = ruling_vp(
        rules,
        winner_vps=_vp_history(session, winner_id, match.round_no),
        offender_vps=_vp_history(session, offender_id, match.round_no),
    )
    return score_ruling(offender, awarded, rules)


def refresh_rulings(session: Session, desk: Desk, after_round: int) -> None:
    """Recompute the award of every later loss by ruling once a result of ``after_round`` changed (SPEC §5.5:
    an average-based award follows the results it averages); each changed award is audited."""
    rules = rules_of(session)
    for match in session.scalars(
        select(m.Match)
        .where(m.Match.kind == ResultState.RULING, m.Match.round_no > after_round)
        .order_by(m.Match.round_no, m.Match.table_no)
    ):
        if match.side not in ("home", "away"):
            continue
        outcome = _ruling_outcome(session, match, match.side, rules)  # type: ignore[arg-type]
        old = match_state(match)
        _apply(match, ResultState.RULING, match.side, outcome)
        if match_state(match) != old:
            audit(session, desk, "ruling-award", round_no=match.round_no, table_no=match.table_no, old=old,
                  new=match_state(match), reason="an earlier result changed")  # fmt: skip


def rule_loss(
    desk: Desk, round_no: int, table_no: int, offender: Literal["home", "away"], *, reason: str | None = None
) -> ResultView:
    """A loss by ruling (判负): the offender scores 0/0, the opponent what the rule set awards (SPEC §5.5)."""
    if offender not in ("home", "away"):
        raise BadInput("The side must be home or away, not '{side}'.", side=offender)
    with desk.db.transaction(write=True) as session:
        rules = rules_of(session)
        match = find_table(session, round_no, table_no)
        old = match_state(match)
        _apply(match, ResultState.RULING, offender, _ruling_outcome(session, match, offender, rules))
        audit(
            session,
            desk,
            "ruling",
            round_no=round_no,
            table_no=table_no,
            old=old,
            new=match_state(match),
            reason=reason,
        )
        refresh_rulings(session, desk, round_no)
        return _view(session, match)


def clear_decision(desk: Desk, round_no: int, table_no: int, *, reason: str | None = None) -> ResultView:
    """Take back a forfeit, late scoresheet or ruling: the table goes back to what was played at it (its levels
    or boards), or to no result (audited)."""
    with desk.db.transaction(write=True) as session:
        match = find_table(session, round_no, table_no)
        if not ResultState(match.kind).decided_off_the_table:
            raise BadInput(
                "Table {table} of round {round} has no forfeit, late scoresheet or ruling to remove.",
                table=table_no,
                round=round_no,
            )
        old = match_state(match)
        played = mode_of(session).played_outcome(
            match.home_level, match.away_level, match.xmp, rules_of(session)
        )
        _apply(match, ResultState.PENDING if played is None else ResultState.PLAYED, None, played)
        match.note = None
        audit(session, desk, "decision-removed", round_no=round_no, table_no=table_no, old=old,
              new=match_state(match), reason=reason)  # fmt: skip
        refresh_rulings(session, desk, round_no)
        return _view(session, match)


def clear_result(desk: Desk, round_no: int, table_no: int, *, reason: str | None = None) -> ResultView:
    """Take a table's result away altogether: levels, forfeit, ruling (a result typed for the wrong table).

    A table decided by a withdrawal is left alone (reinstate the entrant instead); boards of a duplicate
    table are cleared board by board on their own sheet.
    """
    with desk.db.transaction(write=True) as session:
        match = find_table(session, round_no, table_no)
        if not ResultState(match.kind).has_result and match.home_level is None and match.away_level is None:
            raise BadInput(
                "Table {table} of round {round} has no result to clear.", table=table_no, round=round_no
            )
        if match.note == "withdrawn":
            raise BadInput(
                "Table {table} of round {round} was decided by a withdrawal; reinstate the entrant to change it.",
                table=table_no,
                round=round_no,
            )
        if not mode_of(session).takes_levels:
            raise BadInput("Clear a duplicate table's boards one by one on its scoresheet.")
        old = match_state(match)
        _apply(match, ResultState.PENDING, None, None)
        match.home_level = match.away_level = None
        match.note = None
        audit(session, desk, "clear", round_no=round_no, table_no=table_no, old=old, new=match_state(match),
              reason=reason)  # fmt: skip
        refresh_rulings(session, desk, round_no)
        return _view(session, match)
