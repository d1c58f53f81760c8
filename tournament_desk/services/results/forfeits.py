"""Results decided at the desk rather than played: forfeits, late scoresheets and losses by ruling, and the
ruling awards that follow the results they average (rules.md §5.3, §5.5).

What a decision scores is the event's scoring mode's (``ScoringMode.forfeit_outcome``/``ruling_outcome``: a
team match of pairs is won 3 : 0, rules.md §5.8), and what was played is read through the mode's services
(``ModeServices.played``: the levels, the boards' XMP, or the pair games of a team match)."""

from __future__ import annotations

from typing import Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import SIDES, Outcome, ruling_vp, score_late_scoresheet
from tournament_desk.services.desk import Desk, audit, rules_of
from tournament_desk.services.modes import mode_services
from tournament_desk.services.results.table import (
    ResultView,
    apply_outcome,
    find_table,
    match_state,
    result_view,
)
from tournament_desk.services.stages import mode_of
from tournament_desk.storage import models as m


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
    names for that (the forfeit award, or the loss-by-ruling award, rules.md §5.3)."""
    _check_side(side)
    if late and arrival:
        raise BadInput("A forfeit is either a late scoresheet or a late arrival, not both.")
    with desk.db.transaction(write=True) as session:
        rules, mode = rules_of(session), mode_of(session)
        match = find_table(session, round_no, table_no)
        old = match_state(match)
        if arrival and rules.late_award == "ruling" and side != "both":
            if rules.ruling_award == "recorded":  # nothing was played to record: the fixed award
                outcome = mode.ruling_outcome(side, rules.ruling_fixed_vp, rules)  # type: ignore[arg-type]
            else:
                outcome = _ruling_outcome(session, match, side, rules)  # type: ignore[arg-type]
            apply_outcome(match, ResultState.FORFEIT, side, outcome)
            match.note = "late-arrival"
        elif late:
            played = mode_services(session).played(session, match, rules)
            if played is None:
                raise BadInput(
                    "Table {table} of round {round} has no played result to keep; enter its result first.",
                    table=table_no,
                    round=round_no,
                )
            apply_outcome(match, ResultState.LATE, side, score_late_scoresheet(side, played))  # type: ignore[arg-type]
            mode_services(session).settle(session, match)  # what the mode keeps of the play (a team's games)
        else:
            apply_outcome(match, ResultState.FORFEIT, side, mode.forfeit_outcome(side, rules))  # type: ignore[arg-type]
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
        return result_view(session, match)


def _vp_history(session: Session, entrant_id: int, before_round: int) -> list[float]:
    """VP of the matches an entrant actually played at a table before ``before_round`` (rules.md §5.5: byes,
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
    """What a loss by ruling scores now (rules.md §5.5): the rule set's award to the innocent side, or, with
    ``recorded``, the result on the scoresheet for both sides as if played."""
    if rules.ruling_award == "recorded":
        played = mode_services(session).played(session, match, rules)
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
    return mode_of(session).ruling_outcome(offender, awarded, rules)


def refresh_rulings(session: Session, desk: Desk, after_round: int) -> None:
    """Recompute the award of every later loss by ruling once a result of ``after_round`` changed (rules.md §5.5:
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
        apply_outcome(match, ResultState.RULING, match.side, outcome)
        if match_state(match) != old:
            audit(session, desk, "ruling-award", round_no=match.round_no, table_no=match.table_no, old=old,
                  new=match_state(match), reason="an earlier result changed")  # fmt: skip


def rule_loss(
    desk: Desk, round_no: int, table_no: int, offender: Literal["home", "away"], *, reason: str | None = None
) -> ResultView:
    """A loss by ruling (判负): the offender scores 0/0, the opponent what the rule set awards (rules.md §5.5)."""
    if offender not in ("home", "away"):
        raise BadInput("The side must be home or away, not '{side}'.", side=offender)
    with desk.db.transaction(write=True) as session:
        rules = rules_of(session)
        match = find_table(session, round_no, table_no)
        old = match_state(match)
        apply_outcome(match, ResultState.RULING, offender, _ruling_outcome(session, match, offender, rules))
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
        return result_view(session, match)


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
        services = mode_services(session)
        played = services.played(session, match, rules_of(session))
        apply_outcome(match, ResultState.PENDING if played is None else ResultState.PLAYED, None, played)
        match.note = None
        services.settle(session, match)  # what the mode keeps of the play (a team match's games won)
        audit(session, desk, "decision-removed", round_no=round_no, table_no=table_no, old=old,
              new=match_state(match), reason=reason)  # fmt: skip
        refresh_rulings(session, desk, round_no)
        return result_view(session, match)
