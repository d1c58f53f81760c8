"""Line-ups of team matches of pairs (rules.md §5.8): which of a team's pairs plays at which board of its match.

A team sends P pairs (the rule set's ``team_pairs``). Its pairs are named from its players in registration
order: pair k is players 2k−1 and 2k ("甲/乙"); a pair whose players are not registered is "第k对" (Pair k).
Before a match's games are entered, each team's line-up for that round may be given (``set_lineup``): board i
of the match puts the i-th pair of the home line-up against the i-th of the away line-up. Without one, a team
plays in registration order. Once a game of the match is entered its line-ups are fixed: a line-up set after
the games would silently move results from one pair to another.

Stored as ``team_lineup`` rows (round, team, "2,1,3,4,5"); each change is audited ("lineup").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput, Message, msg
from tournament_desk.domain.team_match import check_lineup, default_lineup
from tournament_desk.services.desk import Desk, audit, rules_of
from tournament_desk.services.entrants import split_players
from tournament_desk.services.results.table import find_table
from tournament_desk.storage import models as m

TeamSide = Literal["home", "away"]
PairName = Message | str


@dataclass(frozen=True)
class Lineup:
    """One team's line-up in one round: ``order[i]`` is the team's pair (1…P) at board i + 1, ``names`` the
    names of those pairs in board order; ``given``: entered at the desk (else the registration order)."""

    round: int
    team: str
    order: tuple[int, ...]
    names: tuple[PairName, ...]
    given: bool


def pair_names(players: str | None, pairs: int) -> tuple[PairName, ...]:
    """The names of a team's pairs in registration order: pair k is players 2k−1 and 2k ("甲/乙"), or "第k对"
    (``Pair {n}``) when the team has not registered both of them."""
    listed = split_players(players)
    names: list[PairName] = []
    for k in range(1, pairs + 1):
        two = listed[2 * k - 2 : 2 * k]
        names.append("/".join(two) if len(two) == 2 else msg("Pair {n}", n=k))
    return tuple(names)


def _order(text: str, pairs: int) -> tuple[int, ...] | None:
    order = tuple(int(p) for p in text.split(","))
    return order if sorted(order) == list(range(1, pairs + 1)) else None  # another P since: ignored


def stored_order(session: Session, round_no: int, entrant_id: int, pairs: int) -> tuple[int, ...] | None:
    """The line-up the desk gave this team for the round, or None (registration order)."""
    row = session.get(m.TeamLineup, (round_no, entrant_id))
    return None if row is None else _order(row.pairs, pairs)


def _lineup(
    round_no: int, name: str, players: str | None, stored: tuple[int, ...] | None, pairs: int
) -> Lineup:
    order = stored or default_lineup(pairs)
    names = pair_names(players, pairs)
    return Lineup(round_no, name, order, tuple(names[p - 1] for p in order), stored is not None)


def lineup_in(session: Session, round_no: int, entrant_id: int, pairs: int) -> Lineup:
    """A team's line-up in a round, inside the caller's transaction."""
    team = session.get(m.Entrant, entrant_id)
    assert team is not None
    stored = stored_order(session, round_no, entrant_id, pairs)
    return _lineup(round_no, team.name, team.players, stored, pairs)


def lineups_in(
    session: Session, round_no: int, teams: Sequence[tuple[int, int]], pairs: int
) -> list[tuple[Lineup, Lineup]]:
    """The home and away line-ups of each (home id, away id) of a round in two reads, however many tables:
    what a team match's sheet (one table, or a whole round) shows beside its games."""
    ids = {i for pair in teams for i in pair}
    entrant = m.Entrant
    known = {
        row.id: (row.name, row.players)
        for row in session.execute(
            select(entrant.id, entrant.name, entrant.players).where(entrant.id.in_(ids))
        )
    }
    lineup = m.TeamLineup
    given = {
        row.entrant_id: _order(row.pairs, pairs)
        for row in session.execute(
            select(lineup.entrant_id, lineup.pairs).where(
                lineup.round_no == round_no, lineup.entrant_id.in_(ids)
            )
        )
    }
    return [
        (
            _lineup(round_no, *known[home], given.get(home), pairs),
            _lineup(round_no, *known[away], given.get(away), pairs),
        )
        for home, away in teams
    ]


def parse_order(text: str | Sequence[int], players: str | None, pairs: int) -> tuple[int, ...]:
    """A line-up as typed: the team's pair numbers in board order ("2,1,3,4,5"), or its pairs' names
    ("丙/丁,甲/乙,…"); refused unless each of the team's P pairs is named once."""
    if not isinstance(text, str):
        return check_lineup(list(text), pairs)
    names = [str(n) for n in pair_names(players, pairs)]
    order: list[int] = []
    for sep in ("，", ";", "；", " "):
        text = text.replace(sep, ",")
    for part in (p.strip() for p in text.split(",") if p.strip()):
        if part.isdigit():
            order.append(int(part))
            continue
        wanted = sorted(split_players(part.replace("、", "/")))
        found = [k for k, name in enumerate(names, 1) if sorted(name.split("/")) == wanted]
        if not found:
            raise BadInput(
                "'{pair}' is not one of the team's pairs; give their numbers 1 to {pairs} or their names.",
                pair=part,
                pairs=pairs,
            )
        order.append(found[0])
    return check_lineup(order, pairs)


def _check_no_games(session: Session, match: m.Match) -> None:
    entered = session.scalar(select(m.PairGame.id).where(m.PairGame.match_id == match.id).limit(1))
    if entered is not None:
        raise BadInput(
            "Round {round} table {table} has pair games entered already; its line-ups can no longer change.",
            round=match.round_no,
            table=match.table_no,
        )


def set_lineup(
    desk: Desk,
    round_no: int,
    table_no: int,
    *,
    home: str | Sequence[int] | None = None,
    away: str | Sequence[int] | None = None,
    reason: str | None = None,
) -> tuple[Lineup, Lineup]:
    """Set the line-up of the home team, the away team or both at a table of a round (one action, audited per
    team whose line-up changes); refused as a whole once a game of the match is entered. Returns both
    line-ups as they now are."""
    if home is None and away is None:
        raise BadInput("Give the line-up of the home team, the away team or both.")
    with desk.db.transaction(write=True) as session:
        pairs = rules_of(session).team_pairs
        match = find_table(session, round_no, table_no)
        _check_no_games(session, match)
        for entrant_id, given in ((match.home_id, home), (match.away_id, away)):
            if given is None:
                continue
            team = session.get(m.Entrant, entrant_id)
            assert team is not None
            order = parse_order(given, team.players, pairs)
            _store(session, desk, match, team, order, pairs, reason)
        return lineup_in(session, round_no, match.home_id, pairs), lineup_in(
            session, round_no, match.away_id, pairs
        )


def _store(
    session: Session,
    desk: Desk,
    match: m.Match,
    team: m.Entrant,
    order: tuple[int, ...],
    pairs: int,
    reason: str | None,
) -> None:
    stored = stored_order(session, match.round_no, team.id, pairs)
    if stored == order:
        return  # the same line-up again: nothing changes, nothing is audited
    old = stored or default_lineup(pairs)
    row = session.get(m.TeamLineup, (match.round_no, team.id))
    text = ",".join(str(p) for p in order)
    if row is None:
        session.add(m.TeamLineup(round_no=match.round_no, entrant_id=team.id, pairs=text))
    else:
        row.pairs = text
    session.flush()
    audit(session, desk, "lineup", round_no=match.round_no, table_no=match.table_no, entrant_id=team.id,
          old={"team": team.name, "pairs": ",".join(map(str, old))}, new={"team": team.name, "pairs": text},
          reason=reason)  # fmt: skip


def table_lineups(desk: Desk, round_no: int, table_no: int) -> tuple[Lineup, Lineup]:
    """The home and away line-ups of a table (given, or the registration order)."""
    with desk.db.transaction() as session:
        pairs = rules_of(session).team_pairs
        match = find_table(session, round_no, table_no, changing=False)
        return lineup_in(session, round_no, match.home_id, pairs), lineup_in(
            session, round_no, match.away_id, pairs
        )
