"""Ranking chains with head-to-head steps: the round robin (rules.md §7.3) and the group stage (§7.4).

A chain is a list of steps applied in order. Entrants equal on every step so far form a tied group; the next
step splits each tied group:

- a *total* step ranks by a figure over all the entrant's matches (VP, points, MP, level difference);
- a *head-to-head* step ranks the members of one tied group by that figure over the matches among them only
  (a mini-league). It is applied once, to each group as the step before left it, and not again to the
  sub-groups it leaves tied: those go on to the next step (rules.md §7.4: "when the mini-league still ties some of
  them, apply step 3 to those");
- the *lot* step (groups only) orders what is still tied by the positions the director recorded; the
  program never draws a lot: without one, the tied entrants share the rank and ``lot_needed`` says so.

A head-to-head step marked ``complete_only`` (team matches, rules.md §5.8, whose chain also serves a Swiss) is
applied only when every two members of the tied group have met: in a Swiss, tied teams that never played each
other have no result between them, and a mini-league of some of their matches would rank a team down for the
opponents the pairing did not give it. Such a group goes on to the next step whole.

Entrants equal on every step share a rank (1, 1, 3), listed by name. A match with no opponent (a bye or rest)
is not a head-to-head match; deductions lower the MP (points) total only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from tournament_desk.domain.sorting import LazyNameKey
from tournament_desk.domain.standings import Deduction, MatchRecord, StandingEntrant

Figure = Literal["vp", "mp", "level_diff", "game_ratio"]
Chain = Literal["vp", "points"]


@dataclass(frozen=True)
class Step:
    key: str  # what ``separated_by`` names: "vp", "h2h_vp", "mp", "points", "h2h_points", "level_diff",
    # "game_ratio", "lot"
    figure: Figure | None  # the figure totalled (None: the lot)
    head_to_head: bool = False
    complete_only: bool = False  # head-to-head only where every two of the tied group have met


# rules.md §7.3: VP → head-to-head VP → MP; win/draw/loss: points → head-to-head points → level difference.
CHAINS: dict[Chain, tuple[Step, ...]] = {
    "vp": (Step("vp", "vp"), Step("h2h_vp", "vp", True), Step("mp", "mp")),
    "points": (Step("points", "mp"), Step("h2h_points", "mp", True), Step("level_diff", "level_diff")),
}
# rules.md §7.4: points → mini-league among the tied → level difference (小分) → the recorded lot (摸牌).
LOT = Step("lot", None)
GROUP_CHAIN = (*CHAINS["points"], LOT)
# rules.md §5.8, team matches of pairs: points → the result between the tied teams (a mini-league with more than
# two) → the game ratio (得失局率) → shared rank.
TEAM_CHAIN = (
    Step("points", "mp"),
    Step("h2h_points", "mp", head_to_head=True, complete_only=True),
    Step("game_ratio", "game_ratio"),
)


@dataclass(frozen=True)
class RankingChain:
    """A ranking a scoring mode brings with it: its steps, and the figures the standings show (in order)."""

    steps: tuple[Step, ...]
    columns: tuple[str, ...]

    @property
    def keys(self) -> tuple[str, ...]:
        """The steps' keys (what ``separated_by`` names), as ``Ranking.chain`` lists them."""
        return tuple(s.key for s in self.steps)

    def with_lot(self) -> RankingChain:
        """The chain of a group stage: the director's recorded lot (摸牌) last (rules.md §7.4)."""
        return RankingChain((*self.steps, LOT), self.columns)

    def across(self) -> tuple[Figure, ...]:
        """The totals of the chain, without its head-to-head and lot steps: how rows of different groups
        compare (the best thirds, rules.md §7.4)."""
        return tuple(s.figure for s in self.steps if s.figure is not None and not s.head_to_head)

    def tie_key(self, row: RankedRow) -> tuple[float | None, ...]:
        """The row's figures on every step before the lot: rows equal on it are tied on every criterion."""
        return tuple(
            row.h2h if s.head_to_head else float(getattr(row, s.figure)) for s in self.steps if s.figure
        )

    def across_key(self, row: RankedRow) -> tuple[float, ...]:
        """The row's figures of ``across`` (the best thirds' comparison), best first."""
        return tuple(float(getattr(row, figure)) for figure in self.across())


# The group stage's standings (rules.md §7.4): its chain and the figures shown.
GROUP_RANKING = RankingChain(GROUP_CHAIN, ("points", "h2h", "level_diff"))
TEAM_RANKING = RankingChain(TEAM_CHAIN, ("points", "h2h", "games_won", "games_lost", "game_ratio"))


@dataclass(frozen=True)
class RankedRow:
    rank: int
    entrant: StandingEntrant
    vp: float
    mp: float  # after deductions (the 3/1/0 points in a win/draw/loss event)
    h2h: float | None  # the head-to-head figure among those it was tied with; None when it was not tied
    level_diff: int
    played: int
    deducted: float
    separated_by: str | None  # the step that put it below the row above; None: first, or a shared rank
    lot_needed: bool = False  # tied on everything with no lot recorded: the tied entrants must draw
    games_won: int = 0  # team matches of pairs (rules.md §5.8): pair games won and lost over all its matches
    games_lost: int = 0
    game_ratio: float = 0.0  # 得失局率 (``game_ratio``): won ÷ lost, infinite when it lost none


@dataclass
class _Totals:
    vp: float = 0.0
    mp: float = 0.0
    level_diff: int = 0
    played: int = 0
    deducted: float = 0.0
    games_won: int = 0
    games_lost: int = 0
    values: list[float] = field(default_factory=list)  # the chain's values, step by step

    @property
    def game_ratio(self) -> float:
        # Only a team match has games: the module is not loaded for the others.
        from tournament_desk.domain.team_match import game_ratio

        return game_ratio(self.games_won, self.games_lost)


def _totals(
    entrants: Sequence[StandingEntrant],
    matches: Sequence[MatchRecord],
    deductions: Iterable[Deduction],
    last: float,
) -> dict[int, _Totals]:
    acc = {e.id: _Totals() for e in entrants}
    for m in matches:
        for me, vp, mp, sign in ((m.home, m.home_vp, m.home_mp, 1), (m.away, m.away_vp, m.away_mp, -1)):
            if me is None or me not in acc:
                continue
            t = acc[me]
            t.vp += vp
            t.mp += mp
            t.level_diff += sign * (m.level_diff or 0)
            t.played += 1
            won, lost = (m.home_games, m.away_games) if sign > 0 else (m.away_games, m.home_games)
            t.games_won += won or 0
            t.games_lost += lost or 0
    for d in deductions:
        if d.round <= last and d.entrant in acc:
            acc[d.entrant].deducted += d.mp
            acc[d.entrant].mp -= d.mp
    return acc


def _all_met(group: Sequence[int], matches: Sequence[MatchRecord]) -> bool:
    """Whether every two members of ``group`` have a match between them."""
    members = set(group)
    met = {frozenset((m.home, m.away)) for m in matches if m.away is not None and {m.home, m.away} <= members}
    return len(met) == len(group) * (len(group) - 1) // 2


def _head_to_head(group: Sequence[int], matches: Sequence[MatchRecord], figure: Figure) -> dict[int, float]:
    members = set(group)
    score = dict.fromkeys(group, 0.0)
    for m in matches:
        if m.away is None or m.home not in members or m.away not in members:
            continue
        if figure == "vp":
            score[m.home] += m.home_vp
            score[m.away] += m.away_vp
        elif figure == "mp":
            score[m.home] += m.home_mp
            score[m.away] += m.away_mp
        else:
            score[m.home] += m.level_diff or 0
            score[m.away] -= m.level_diff or 0
    return score


def _grid(x: float) -> float:
    return round(x, 6)  # averages can be fractional: compare on a fixed grid so 0.1 + 0.2 ties with 0.3


def rank_chain(
    entrants: Sequence[StandingEntrant],
    matches: Iterable[MatchRecord],
    deductions: Iterable[Deduction] = (),
    *,
    chain: Sequence[Step],
    after_round: int | None = None,
    lots: Mapping[int, int] | None = None,
) -> list[RankedRow]:
    """Rank ``entrants`` by ``chain`` over the matches up to ``after_round`` (see the module's docstring)."""
    last = after_round if after_round is not None else float("inf")
    played = [m for m in matches if m.round <= last]
    totals = _totals(entrants, played, deductions, last)
    h2h: dict[int, float | None] = {e.id: None for e in entrants}
    lots = lots or {}
    lot_needed: set[int] = set()
    groups: list[list[int]] = [[e.id for e in entrants]]
    for step in chain:
        split: list[list[int]] = []
        for group in groups:
            if step.figure is None:  # the lot: only where every tied entrant has a recorded position
                if len(group) > 1 and not all(e in lots for e in group):
                    lot_needed.update(group)
                    values = dict.fromkeys(group, 0.0)
                else:
                    values = {e: -float(lots[e]) if len(group) > 1 else 0.0 for e in group}
            elif step.head_to_head:
                if step.complete_only and len(group) > 1 and not _all_met(group, played):
                    values = dict.fromkeys(group, 0.0)  # no result between all of them: the next step decides
                elif len(group) > 1:
                    values = _head_to_head(group, played, step.figure)
                    h2h.update(values)
                else:
                    values = {group[0]: 0.0}
            else:
                values = {e: float(getattr(totals[e], step.figure)) for e in group}
            for e in group:
                totals[e].values.append(_grid(values[e]))
            if step.figure is None and group[0] in lot_needed:
                split.append(group)  # no lot yet: they stay tied
                continue
            by_value: dict[float, list[int]] = {}
            for e in group:
                by_value.setdefault(_grid(values[e]), []).append(e)
            split.extend(by_value[v] for v in sorted(by_value, reverse=True))
        groups = split
    by_id = {e.id: e for e in entrants}
    rows: list[RankedRow] = []
    position = 0
    for group in groups:
        members = sorted(
            group, key=lambda e: (LazyNameKey(by_id[e].name, by_id[e].sort_key), by_id[e].draw_no)
        )
        rank = position + 1
        for index, e in enumerate(members):
            separated_by = None
            if index == 0 and rows:
                above = totals[rows[-1].entrant.id].values
                separated_by = next(
                    (s.key for s, a, b in zip(chain, above, totals[e].values, strict=True) if a != b), None
                )
            t = totals[e]
            rows.append(
                RankedRow(
                    rank,
                    by_id[e],
                    t.vp,
                    t.mp,
                    h2h[e],
                    t.level_diff,
                    t.played,
                    t.deducted,
                    separated_by,
                    e in lot_needed,
                    t.games_won,
                    t.games_lost,
                    t.game_ratio,
                )
            )
        position += len(group)
    return rows


def rank_round_robin(
    entrants: Sequence[StandingEntrant],
    matches: Iterable[MatchRecord],
    deductions: Iterable[Deduction] = (),
    *,
    after_round: int | None = None,
    chain: Chain = "vp",
) -> list[RankedRow]:
    """rules.md §7.3: VP → head-to-head VP → MP, or (win/draw/loss) points → head-to-head → level difference."""
    return rank_chain(entrants, matches, deductions, chain=CHAINS[chain], after_round=after_round)


def rank_group(
    entrants: Sequence[StandingEntrant],
    matches: Iterable[MatchRecord],
    deductions: Iterable[Deduction] = (),
    *,
    after_round: int | None = None,
    lots: Mapping[int, int] | None = None,
) -> list[RankedRow]:
    """rules.md §7.4: points → mini-league among the tied → level difference (小分) → the recorded lot."""
    return rank_chain(entrants, matches, deductions, chain=GROUP_CHAIN, after_round=after_round, lots=lots)
