"""The knockout's bracket (对阵图) as far as the results go, with the placing (rules.md §7.4, §7.6, §7.7), for every
face (tdesk, the window, the reports): the bracket of the event's knockout stage wherever it stands in the chain
(after groups, alone, or before a round-robin final).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from tournament_desk.domain.errors import Message, msg
from tournament_desk.domain.formats.knockout import TBD
from tournament_desk.domain.formats.knockout_stage import Knockout
from tournament_desk.domain.levels import format_level
from tournament_desk.domain.results import ResultState
from tournament_desk.services.desk import Desk, names_by_id, rules_of
from tournament_desk.services.snapshot import load
from tournament_desk.services.stages import all_stages, current_stage
from tournament_desk.storage import models as m


@dataclass(frozen=True)
class BracketMatchView:
    round: int  # the event's round number
    knockout_round: int  # 1 = the first knockout round
    position: int
    table: int | None
    home: str | None  # None: nobody (a bye); "" for a side not known yet
    away: str | None
    home_from: int | None
    away_from: int | None
    winner: str | None
    decided: bool
    levels: str  # "9 : 9" once played ("3局 : 2局": the pair games of a team match)
    on_stage: str | None
    third_place: bool
    state: ResultState | None  # the stored table's state (None: not paired yet, or no table)
    games: tuple[int, int] | None = None  # the pair games each team won, in a team match of pairs


@dataclass(frozen=True)
class BracketView:
    size: int
    rounds: list[list[BracketMatchView]]
    placing: list[tuple[str, str, str | None]]  # (placing, name, group) in order
    round_names: list[Message]  # "Final", "Semi-finals", "Round of 16", …


ROUND_NAMES = {1: "Final", 2: "Semi-finals", 3: "Quarter-finals"}


def round_name(knockout_round: int, total: int) -> Message:
    """ "Final", "Semi-finals", "Quarter-finals", "Round of 16", … (translated by each face)."""
    left = total - knockout_round + 1
    return msg(ROUND_NAMES[left]) if left in ROUND_NAMES else msg("Round of {count}", count=2**left)


def bracket_view(desk: Desk) -> BracketView | None:
    """The knockout bracket as far as the results go, with the placing; None before the knockout is drawn."""
    with desk.db.transaction() as session:
        found = [(s, s.format) for s in all_stages(session) if isinstance(s.format, Knockout)]
        if not found:
            return None
        stage, knockout = found[0]
        data = load(session, stage=stage)
        if "lines" not in stage.settings:  # a knockout by draw before round 1: the bracket the draw gives
            people = data.active_in(1)
            if len(people) < 2 or not all(e.draw_no for e in people):
                return None
            data = knockout.drawn(data)
        first = int(data.settings["first_round"])
        stored = {
            (mt.round_no, frozenset((mt.home_id, mt.away_id))): mt
            for mt in session.scalars(select(m.Match).where(m.Match.round_no >= first))
        }
        levels = {
            k: (mt.home_level, mt.away_level, mt.on_stage)
            for k, mt in stored.items()
            if mt.home_level is not None and mt.away_level is not None and mt.kind == ResultState.PLAYED
        }
        bracket = knockout.bracket(data, levels)
        names = names_by_id(session)
        total = bracket.round_count

        def name(side: int | None) -> str | None:
            if side is None:
                return None
            return "" if side == TBD else names[side]

        # Knockout rounds into a round-robin final: the bracket ends where K remain (rules.md §7.7).
        played = knockout.rounds_to_play(bracket.size, data.settings)
        rounds = []
        for cells in bracket.rounds[:played]:
            row = []
            for c in cells:
                event_round = first + c.round - 1
                mt = None
                if c.home not in (None, TBD) and c.away not in (None, TBD):
                    mt = stored.get((event_round, frozenset((c.home, c.away))))
                lv, games = "", None
                if c.level is not None:
                    lv = f"{format_level(c.level[0])} : {format_level(c.level[1])}"
                elif mt is not None and mt.kind == ResultState.PLAYED and mt.home_games is not None:
                    games = (mt.home_games, mt.away_games or 0)  # a team match of pairs: the pair games won
                    lv = f"{games[0]}局 : {games[1]}局"
                row.append(
                    BracketMatchView(
                        event_round,
                        c.round,
                        c.position,
                        mt.table_no if mt is not None else c.table,
                        name(c.home),
                        name(c.away),
                        c.home_from,
                        c.away_from,
                        names[c.winner] if c.winner is not None else None,
                        c.decided,
                        lv,
                        c.on_stage,
                        c.third_place,
                        ResultState(mt.kind) if mt is not None else None,
                        games,
                    )
                )
            rounds.append(row)
        ranking = stage.format.rank(data, rules_of(session))
        later = current_stage(session)
        if later.number > stage.number:  # a round-robin final decides the first places (rules.md §7.7)
            ranking = later.format.rank(load(session, stage=later), rules_of(session))
        placing = [(r.placing or "", r.entrant.name, r.group) for r in ranking.rows]
        return BracketView(
            bracket.size, rounds, placing, [round_name(k, total) for k in range(1, played + 1)]
        )


def round_byes(view: BracketView | None, round_no: int) -> tuple[int, tuple[str, ...]] | None:
    """The knockout round (its index in ``view.rounds``) that the event's round ``round_no`` plays, and the
    entrants who go through it without a match (a bye: no opponent in the bracket); None for a round outside
    the knockout."""
    for k, matches in enumerate(view.rounds if view is not None else []):
        if any(mt.round == round_no for mt in matches):
            byes = tuple(
                mt.winner for mt in matches
                if mt.table is None and mt.winner and not mt.third_place and None in (mt.home, mt.away)
            )  # fmt: skip
            return k, byes
    return None
