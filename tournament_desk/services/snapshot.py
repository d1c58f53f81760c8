"""Read the event into the domain's plain data (no ORM rows leave this module)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache, partial
from operator import itemgetter
from typing import Any, cast

from sqlalchemy import ClauseElement, ColumnClause, Connection, func, literal_column, select
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from tournament_desk.domain.event import EventData
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.scoring_modes.base import ScoringMode
from tournament_desk.domain.standings import Deduction, MatchRecord, StandingEntrant
from tournament_desk.services.stages import StageInfo, current_stage, mode_of
from tournament_desk.storage import models as m

# Forfeits and rulings count as a level difference of 2 for the innocent side (rules.md §7.4).
AWARD_DIFF = 2
SCORED = frozenset(s.value for s in ResultState if s.scores)
GAMES_COUNT = frozenset((ResultState.PLAYED.value, ResultState.LATE.value))
_PLAYED, _LATE = ResultState.PLAYED.value, ResultState.LATE.value
_AWARD = {"home": -AWARD_DIFF, "away": AWARD_DIFF}

ENTRANTS = select(
    m.Entrant.id,
    m.Entrant.name,
    m.Entrant.unit,
    m.Entrant.draw_no,
    m.Entrant.withdrawn_after_round,
    m.Entrant.sort_key,
).order_by(m.Entrant.draw_no, m.Entrant.id)
_ZERO: ColumnClause[float] = literal_column("0.0")
# Every table, in the order stored (the order a standings adds up), MP and VP 0.0 where none is stored.
MATCHES = select(
    m.Match.round_no, m.Match.home_id, m.Match.away_id, func.coalesce(m.Match.home_mp, _ZERO),
    func.coalesce(m.Match.away_mp, _ZERO), func.coalesce(m.Match.home_vp, _ZERO),
    func.coalesce(m.Match.away_vp, _ZERO), m.Match.kind, m.Match.side, m.Match.home_level,
    m.Match.away_level, m.Match.xmp, m.Match.home_games, m.Match.away_games,
).order_by(m.Match.id)  # fmt: skip
# Boards scored across the room (a Mitchell movement's); none in other events.
PAIR_BOARDS = select(
    m.PairBoard.round_no,
    m.PairBoard.table_no,
    m.PairBoard.board_no,
    m.PairBoard.points,
    m.PairBoard.penalty_ns,
    m.PairBoard.penalty_ew,
)
_SCHEDULE = itemgetter(0, 1, 2, 7)  # (round, home, away, kind) of a MATCHES row
_PAIRING = itemgetter(1, 2)
# A MatchRecord from a tuple of its fields, without a Python call.
_RECORD = partial(tuple.__new__, MatchRecord)
# (statement's id, dialect) → (its SQL, the statement, kept so that the id stays its own)
_SQL: dict[tuple[int, str], tuple[str, ClauseElement]] = {}


def plain_rows(db: Connection, statement: ClauseElement) -> list[tuple[Any, ...]]:
    """The rows of a statement without parameters, as the driver returns them, in this transaction.

    Plain tuples rather than SQLAlchemy's row objects: a standings read fetches tens of thousands of rows, after
    every result typed; making a row object costs more than the tuple the driver made, and the garbage collector
    keeps track of each one (a tuple of plain values it drops at its first look). The columns read this way
    (integers, floats, text) come from the drivers (sqlite3, psycopg) as SQLAlchemy would give them.
    """
    key = (id(statement), db.dialect.name)
    known = _SQL.get(key)
    if known is None:
        compiled = statement.compile(dialect=db.dialect)
        if compiled.params:
            raise ValueError("plain_rows reads statements without parameters")
        known = _SQL[key] = (str(compiled), statement)
    sql, dbapi = known[0], db.dialect.loaded_dbapi
    cursor = db.connection.cursor()
    try:
        cursor.execute(sql)
        return cast("list[tuple[Any, ...]]", cursor.fetchall())
    except dbapi.Error as exc:  # as SQLAlchemy reports it, so a busy file or a lost server reads as usual
        raise DBAPIError.instance(sql, None, exc, dbapi.Error, dialect=db.dialect) from exc
    finally:
        cursor.close()


class _EntrantMemo:
    """The entrants as last read, with what was made of them: standings are read again after every result,
    while the entrants hardly ever change, so equal rows give back the same (frozen) objects."""

    last: tuple[list[tuple[Any, ...]], list[StandingEntrant]] = ([], [])

    @classmethod
    def entrants(cls, rows: list[tuple[Any, ...]]) -> list[StandingEntrant]:
        seen, made = cls.last
        if rows != seen:
            made = [
                StandingEntrant(i, name, unit, draw_no or 0, after is not None, key)
                for i, name, unit, draw_no, after, key in rows
            ]
            cls.last = (rows, made)
        return list(made)


def _matches(rows: list[tuple[Any, ...]], mode: ScoringMode) -> list[MatchRecord]:
    """The scored tables as the domain's records (a pending or annulled table scores nothing).

    Column by column, each in one call (a table's MP and VP already 0.0 where none is stored: ``MATCHES``).
    """
    scored = [r for r in rows if r[7] in SCORED]
    if not scored:
        return []
    rnd, home, away, hmp, amp, hvp, avp, kind, side, hlevel, alevel, xmp, hgames, agames = zip(
        *scored, strict=True
    )
    # What a played table counts: a function of the two levels (or the XMP) alone, so worked out once for each
    # pair of levels met (a few dozen), not for each table.
    diff: list[int | None] = list(map(lru_cache(maxsize=None)(mode.level_diff), hlevel, alevel, xmp))
    games: tuple[Sequence[int | None], Sequence[int | None]] = (hgames, agames)
    if kind.count(_PLAYED) != len(kind):
        home_games, away_games = list(hgames), list(agames)
        for i in [i for i, k in enumerate(kind) if k != _PLAYED]:
            # A forfeit, a late scoresheet or a ruling: the award's level difference (rules.md §7.4). Pair games
            # count toward the game ratio only where they decided the match (rules.md §5.8): a forfeit or a ruling
            # keeps the games typed before it, but they are not what the match scored.
            diff[i] = _AWARD.get(side[i] or "", 0)
            if kind[i] not in GAMES_COUNT:
                home_games[i] = away_games[i] = None
        games = (home_games, away_games)
    return list(map(_RECORD, zip(rnd, home, away, hmp, amp, hvp, avp, diff, *games, strict=True)))


def load(session: Session, *, for_pairing: bool = False, stage: StageInfo | None = None) -> EventData:
    """The event as plain data; ``for_pairing`` adds every pairing made so far (met opponents, home counts).

    ``stage``: whose settings go with the data (default: the current stage's).
    """
    # The driver's plain rows (``plain_rows``), not ORM objects or SQLAlchemy's rows: an event has tens of
    # thousands of tables, read again after every result the desk types (SQLite's own GROUP BY was slower).
    db = session.connection()
    stage = stage or current_stage(session)
    mode = mode_of(session)
    entrant_rows = plain_rows(db, ENTRANTS)
    rows = plain_rows(db, MATCHES)
    matches = _matches(rows, mode)
    rounds = db.execute(
        select(m.Round.number, m.Round.bye_entrant_id, m.Round.bye_mp, m.Round.bye_vp, m.Round.bye_state)
    ).all()
    byes = [(n, e, mp, vp) for n, e, mp, vp, state in rounds if e is not None and state == ResultState.BYE]
    matches.extend(MatchRecord(n, e, None, mp or 0.0, 0.0, vp or 0.0, 0.0) for n, e, mp, vp in byes)
    return EventData(
        entrants=_EntrantMemo.entrants(entrant_rows),
        units={i: unit for i, _, unit, _, _, _ in entrant_rows},
        withdrawn_after={i: after for i, _, _, _, after, _ in entrant_rows},
        matches=matches,
        deductions=[
            Deduction(r, e, mp)
            for r, e, mp in session.execute(
                select(m.Deduction.round_no, m.Deduction.entrant_id, m.Deduction.mp)
            )
        ],
        pairings=list(map(_PAIRING, rows)) if for_pairing else [],
        byes={e for _, e, _, _ in byes},
        bye_holders={n: e for n, e, _, _, _ in rounds if e is not None},
        settings=stage.settings,
        schedule=list(map(_SCHEDULE, rows)),
        board_results=plain_rows(db, PAIR_BOARDS),
        mode=mode,
    )
