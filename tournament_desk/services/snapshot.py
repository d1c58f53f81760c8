"""Read the event into the domain's plain data (no ORM rows leave this module)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.event import EventData
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.standings import Deduction, MatchRecord, StandingEntrant
from tournament_desk.services.stages import StageInfo, current_stage, mode_of
from tournament_desk.storage import models as m

# Forfeits and rulings count as a level difference of 2 for the innocent side (rules.md §7.4).
AWARD_DIFF = 2
SCORED = tuple(s.value for s in ResultState if s.scores)
GAMES_COUNT = (ResultState.PLAYED.value, ResultState.LATE.value)


def _award_diff(side: str | None) -> int:
    return {"home": -AWARD_DIFF, "away": AWARD_DIFF}.get(side or "", 0)


def load(session: Session, *, for_pairing: bool = False, stage: StageInfo | None = None) -> EventData:
    """The event as plain data; ``for_pairing`` adds every pairing made so far (met opponents, home counts).

    ``stage``: whose settings go with the data (default: the current stage's).
    """
    # Plain rows on the Core connection, not ORM objects or ORM result handling: an event has tens of
    # thousands of tables, read again after every result the desk types (SQLite's own GROUP BY was slower).
    db = session.connection()
    stage = stage or current_stage(session)
    mode = mode_of(session)
    entrants = db.execute(
        select(
            m.Entrant.id,
            m.Entrant.name,
            m.Entrant.unit,
            m.Entrant.draw_no,
            m.Entrant.withdrawn_after_round,
            m.Entrant.sort_key,
        ).order_by(m.Entrant.draw_no, m.Entrant.id)
    ).all()
    rows = db.execute(
        select(
            m.Match.round_no, m.Match.home_id, m.Match.away_id, m.Match.home_mp, m.Match.away_mp,
            m.Match.home_vp, m.Match.away_vp, m.Match.kind, m.Match.side, m.Match.home_level,
            m.Match.away_level, m.Match.xmp, m.Match.home_games, m.Match.away_games,
        )
    ).all()  # fmt: skip
    matches: list[MatchRecord] = []
    for r, home, away, hmp, amp, hvp, avp, kind, side, hlevel, alevel, xmp, hgames, agames in rows:
        if kind not in SCORED:
            continue
        diff = mode.level_diff(hlevel, alevel, xmp) if kind == ResultState.PLAYED else _award_diff(side)
        # Pair games count toward the game ratio only where they decided the match (rules.md §5.8): a forfeit or a
        # ruling keeps the games typed before it, but they are not what the match scored.
        games = (hgames, agames) if kind in GAMES_COUNT else (None, None)
        matches.append(
            MatchRecord(r, home, away, hmp or 0.0, amp or 0.0, hvp or 0.0, avp or 0.0, diff, *games)
        )
    rounds = db.execute(
        select(m.Round.number, m.Round.bye_entrant_id, m.Round.bye_mp, m.Round.bye_vp, m.Round.bye_state)
    ).all()
    byes = [(n, e, mp, vp) for n, e, mp, vp, state in rounds if e is not None and state == ResultState.BYE]
    matches.extend(MatchRecord(n, e, None, mp or 0.0, 0.0, vp or 0.0, 0.0) for n, e, mp, vp in byes)
    # Boards scored across the room (a Mitchell movement's); none in other events.
    board_results: list[tuple[int, int, int, int, int, int]] = [
        tuple(r)  # type: ignore[misc]
        for r in db.execute(
            select(
                m.PairBoard.round_no,
                m.PairBoard.table_no,
                m.PairBoard.board_no,
                m.PairBoard.points,
                m.PairBoard.penalty_ns,
                m.PairBoard.penalty_ew,
            )
        )
    ]
    return EventData(
        entrants=[
            StandingEntrant(i, name, unit, draw_no or 0, after is not None, key)
            for i, name, unit, draw_no, after, key in entrants
        ],
        units={i: unit for i, _, unit, _, _, _ in entrants},
        withdrawn_after={i: after for i, _, _, _, after, _ in entrants},
        matches=matches,
        deductions=[
            Deduction(r, e, mp)
            for r, e, mp in session.execute(
                select(m.Deduction.round_no, m.Deduction.entrant_id, m.Deduction.mp)
            )
        ],
        pairings=[(home, away) for _, home, away, *_ in rows] if for_pairing else [],
        byes={e for _, e, _, _ in byes},
        bye_holders={n: e for n, e, _, _, _ in rounds if e is not None},
        settings=stage.settings,
        schedule=[(r, home, away, kind) for r, home, away, *_, kind, _s, _h, _a, _x, _hg, _ag in rows],
        board_results=board_results,
        mode=mode,
    )
