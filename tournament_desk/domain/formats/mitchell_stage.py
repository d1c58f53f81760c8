"""Pairs duplicate with a Mitchell movement as a format (rules.md §7.5; seed 002, 牌套双人赛).

The draw seats the pairs (odd draw numbers NS, even EW: ``mitchell.seat_pairs``); the seats and the number of
tables are fixed when round 1 is paired and stored with the stage. An odd number of pairs (2T − 1) plays
T tables with a phantom EW pair: the NS pair it meets is the round's rest (``bye``, no score, no table).
Each round's tables follow the movement (``mitchell.movement``); a table's result is its boards' defenders'
points (``EventData.board_results``), and the ranking is per direction by match points
(``scoring_modes.mitchell_scores``); a pair whose opponent withdrew is scaled up (``missed_boards``).

Stage settings: ``boards_per_round``, ``even`` ("skip" or "relay"), ``rounds`` (None: the whole movement),
``declarers`` (the fixed declarer seat of each board, N/E/S/W, as one string, board 1 first; boards beyond it
rotate N, E, S, W); once round 1 is paired ``tables`` and ``seats`` ({entrant id: [direction, pair]}).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tournament_desk.domain.errors import BadInput, Message, msg
from tournament_desk.domain.event import EventData
from tournament_desk.domain.formats.base import (
    Decided,
    Format,
    Games,
    PlannedRound,
    Ranking,
    Withdrawal,
    WithdrawalPlan,
    gone_sides,
    withdrawal_changes,
)
from tournament_desk.domain.formats.mitchell import (
    EVEN_TABLES,
    MAX_BOARDS_PER_ROUND,
    MAX_TABLES,
    MIN_TABLES,
    Movement,
    boards_of,
    full_rounds,
    movement,
    tables_for,
)
from tournament_desk.domain.pairing import Locked, PairedTable
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import Outcome
from tournament_desk.domain.scoring_modes.base import ScoringMode
from tournament_desk.domain.scoring_modes.mitchell_scores import (
    board_result_ns,
    rank_direction,
    score_direction,
)
from tournament_desk.domain.standings import StandingRow

SEAT_ROTATION = "NESW"


def declarer_of(settings: Mapping[str, Any], board: int) -> str:
    """The fixed declarer seat of a board (定庄): as set, else N, E, S, W in turn from board 1."""
    given = str(settings.get("declarers") or "")
    return given[board - 1] if board <= len(given) else SEAT_ROTATION[(board - 1) % 4]


class Mitchell(Format):
    name = "mitchell"
    adjustable = False
    scheduled = True
    settings_names = ("boards_per_round", "even", "rounds")
    # Pairs score each board by points within their direction (§7.5): neither duplicate matches of two rooms
    # nor team matches of pairs; the event keeps the plain mode.
    scorings = ("levels",)

    def _score(self, home: int, away: int, rules: RuleSet, on_stage: str | None, games: Games) -> Outcome:
        raise BadInput(
            "This event is scored board by board: enter each board's defenders' points (--board N --points P)."
        )

    def check_settings(self, settings: Mapping[str, Any], entrants_kind: str) -> dict[str, Any]:
        if entrants_kind != "pairs":
            raise BadInput("A Mitchell movement is played by pairs: use --entrants pairs.")
        per_round = settings.get("boards_per_round")
        if per_round is None:
            raise BadInput("A Mitchell event needs the number of boards a round (--boards-per-round).")
        if not 1 <= int(per_round) <= MAX_BOARDS_PER_ROUND:
            raise BadInput(
                "A round of a Mitchell movement has 1 to {most} boards, not {count}.",
                most=MAX_BOARDS_PER_ROUND,
                count=per_round,
            )
        even = str(settings.get("even") or "skip")
        if even not in EVEN_TABLES:
            raise BadInput(
                "'{even}' is not a way to move an even number of tables: choose skip or relay.", even=even
            )
        rounds = settings.get("rounds")
        return {"boards_per_round": int(per_round), "even": even, "rounds": int(rounds) if rounds else None}

    # --- the seating and the movement -----------------------------------------------------------------------
    def seats(self, data: EventData) -> dict[int, tuple[str, int]]:
        """Each entrant's direction and pair number: as stored once round 1 is paired, else from the draw."""
        stored = data.settings.get("seats")
        if stored:
            return {int(e): (str(s[0]), int(s[1])) for e, s in stored.items()}
        present = sorted((e for e in data.entrants if not e.withdrawn), key=lambda e: (e.draw_no, e.id))
        tables_for(len(present))
        return {e.id: ("NS" if i % 2 else "EW", (i + 1) // 2) for i, e in enumerate(present, start=1)}

    def movement(self, data: EventData) -> Movement:
        """The movement of the seated pairs; an odd count (2T − 1) has the phantom EW pair T."""
        seats = self.seats(data)
        tables = int(data.settings.get("tables") or tables_for(len(seats)))
        return movement(tables, even=data.settings.get("even") or "skip", rounds=data.settings.get("rounds"),
                        sit_out=len(seats) < 2 * tables)  # fmt: skip

    def planned_rounds(self, entrant_count: int, settings: Mapping[str, Any]) -> int | None:
        tables = (entrant_count + 1) // 2
        if not MIN_TABLES <= tables <= MAX_TABLES:
            return None
        whole = full_rounds(tables, settings.get("even") or "skip")
        chosen = settings.get("rounds")
        return min(int(chosen), whole) if chosen else whole

    def boards(self, data: EventData, round_no: int, table: int) -> range:
        """The boards a table plays in a round."""
        move = self.movement(data)
        return boards_of(move.group_at(round_no, table), int(data.settings["boards_per_round"]))

    def _by_pair(self, data: EventData) -> dict[tuple[str, int], int]:
        return {seat: entrant for entrant, seat in self.seats(data).items()}

    def schedule(self, data: EventData) -> list[PlannedRound]:
        move = self.movement(data)
        return [self._round(data, move, r) for r in range(1, move.rounds + 1)]

    def _round(self, data: EventData, move: Movement, round_no: int) -> PlannedRound:
        """The round's tables; the NS pair the phantom meets sits out (the round's rest, no score)."""
        pairs = self._by_pair(data)
        tables = tuple(
            PairedTable(s.table, pairs[("NS", s.ns)], pairs[("EW", s.ew)])
            for s in move.sittings[round_no - 1]
            if not s.sit_out
        )
        out = move.sit_out(round_no)
        return PlannedRound(tables, pairs[("NS", out.ns)] if out else None, ResultState.REST)

    def plan_round(self, data: EventData, round_no: int, rules: RuleSet, locked: Locked = ()) -> PlannedRound:
        move = self.movement(data)
        if not 1 <= round_no <= move.rounds:
            raise BadInput("All {rounds} rounds of this movement have been paired.", rounds=move.rounds)
        planned = self._round(data, move, round_no)
        decided = {
            t.table: Decided(ResultState.ANNULLED, None, None, "withdrawn")
            for t in planned.tables
            if gone_sides(data, round_no, t.home, t.away)
        }
        settings = None
        if "seats" not in data.settings:
            seats = self.seats(data)
            settings = {**data.settings, "tables": tables_for(len(seats)),
                        "seats": {str(e): [d, p] for e, (d, p) in seats.items()}}  # fmt: skip
        return PlannedRound(planned.tables, planned.bye, ResultState.REST, decided, settings=settings)

    def withdrawal_note(self, rules: RuleSet, mode: ScoringMode | None = None) -> Message:
        return msg(
            "Its later tables are not played: the boards its opponents miss are scaled up to the boards the others "
            "of their direction played (Neuberg); its own results stand."
        )

    def withdraw(self, data: EventData, leaving: Withdrawal, rules: RuleSet) -> WithdrawalPlan:
        """A withdrawn pair's later tables are not played: its opponents' boards are scaled (Neuberg)."""
        not_played = Decided(ResultState.ANNULLED, None, None, "withdrawn")
        return WithdrawalPlan(withdrawal_changes(leaving, lambda _t: not_played))

    # --- scoring and ranking (rules.md §7.5) ----------------------------------------------------------------------
    def board_scores(
        self, data: EventData, *, after_round: int | None = None
    ) -> dict[str, dict[int, dict[int, float]]]:
        """Direction → entrant → board → match points (Neuberg-scaled where a board has fewer results)."""
        move = self.movement(data)
        pairs = self._by_pair(data)
        results: dict[str, dict[int, dict[int, float]]] = {"NS": {}, "EW": {}}
        for round_no, table, board, points, to_ns, to_ew in data.board_results:
            if after_round is not None and round_no > after_round:
                continue
            sitting = move.sitting(round_no, table)
            ns_defended = declarer_of(data.settings, board) in "EW"
            ns = board_result_ns(points, ns_defended, to_ns, to_ew)
            results["NS"].setdefault(board, {})[pairs[("NS", sitting.ns)]] = ns
            results["EW"].setdefault(board, {})[pairs[("EW", sitting.ew)]] = -ns
        scores: dict[str, dict[int, dict[int, float]]] = {}
        for direction in ("NS", "EW"):
            scores[direction] = score_direction(results[direction])
            for entrant, (d, _) in self.seats(data).items():
                if d == direction:
                    scores[direction].setdefault(entrant, {})
        return scores

    def missed_boards(self, data: EventData, after_round: int | None = None) -> dict[int, int]:
        """Entrant → the boards it could not play because its opponent had withdrawn (rules.md §7.5): the boards
        of each of its tables annulled by the other pair's withdrawal, up to ``after_round``. A sit-out is
        not counted: with an odd number of tables every NS pair sits out once, and totals stand as they are."""
        per_round = int(data.settings.get("boards_per_round") or 0)
        missed: dict[int, int] = {}
        for r, home, away, state in data.schedule:
            if (after_round is not None and r > after_round) or state != ResultState.ANNULLED:
                continue
            gone = gone_sides(data, r, home, away)
            for side, entrant in (("home", home), ("away", away)):
                if side not in gone and gone:
                    missed[entrant] = missed.get(entrant, 0) + per_round
        return missed

    def rank(self, data: EventData, rules: RuleSet, *, after_round: int | None = None) -> Ranking:
        """NS and EW ranked separately by total match points less deductions, then the best boards."""
        try:
            scores = self.board_scores(data, after_round=after_round)
        except BadInput:  # not seated yet (an odd count, too few pairs): nobody ranked
            return Ranking([], ("direction", "score"), ("score", "best_boards"))
        last = after_round if after_round is not None else float("inf")
        deducted: dict[int, float] = {}
        for d in data.deductions:
            if d.round <= last:
                deducted[d.entrant] = deducted.get(d.entrant, 0.0) + d.mp
        by_id = {e.id: e for e in data.entrants}
        played: dict[int, int] = {}
        for r, home, away, state in data.schedule:
            if r <= last and ResultState(state).has_result:
                for e in (home, away):
                    played[e] = played.get(e, 0) + 1
        missed = self.missed_boards(data, after_round)
        rows: list[StandingRow] = []
        for direction in ("NS", "EW"):
            mine = scores[direction]
            ranked = rank_direction(
                {
                    e: list(boards.values())
                    for e, boards in sorted(mine.items(), key=lambda i: by_id[i[0]].draw_no)
                },
                {e: deducted[e] for e in mine if e in deducted},
                {e: (len(b) + missed[e]) / len(b) for e, b in mine.items() if missed.get(e) and b},
            )
            for row in ranked:
                rows.append(
                    StandingRow(
                        row.rank,
                        by_id[row.pair],
                        row.total,
                        0.0,
                        0.0,
                        played.get(row.pair, 0),
                        deducted.get(row.pair, 0.0),
                        None,
                        direction=direction,
                        score=row.total,
                        board_scores=row.board_scores,
                    )
                )
        return Ranking(rows, ("direction", "score"), ("score", "best_boards"))
