"""What every competition format answers (SPEC §7): who plays whom next, how it ranks, what a withdrawal does.

A format is one module under ``domain/formats``; services, the CLI, the window and the reports ask the event's
format through this interface and never compare format names. Scoring a table (levels, duplicate boards) is a
separate axis: see ``domain/scoring_modes``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tournament_desk.domain.errors import Message
from tournament_desk.domain.event import EventData
from tournament_desk.domain.pairing import PairedTable
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import Outcome
from tournament_desk.domain.standings import StandingRow


@dataclass(frozen=True)
class Decided:
    """A table whose result is known the moment it is paired or a withdrawal is entered."""

    state: ResultState
    side: str | None = None  # the side it goes against ("home", "away", "both")
    outcome: Outcome | None = None  # None: counts for nobody (annulled)
    note: str = ""


@dataclass(frozen=True)
class PlannedRound:
    """The next round as a format plans it: numbered tables, and the one entrant left over.

    ``bye_state`` says what the entrant left over gets: ``bye`` (scored by the bye award, Swiss) or ``rest``
    (no score: the dummy's opponent in a round robin). ``decided`` holds tables whose result is fixed already
    (a round robin's match against an entrant that has withdrawn), by table number.
    """

    tables: tuple[PairedTable, ...]
    bye: int | None = None
    bye_state: ResultState = ResultState.BYE
    decided: Mapping[int, Decided] = field(default_factory=dict)
    notes: tuple[Message, ...] = ()  # what the director must be told (a second bye, relaxed rules and why)
    repeat_bye: bool = False  # the bye went to an entrant that had had one (SPEC §5.4)
    stranded: tuple[int, ...] = ()  # entrants left without a legal partner when rules were relaxed (§8)
    # The stage's settings as they must be stored with this round (None: unchanged), e.g. the groups a
    # group stage fixes when round 1 is paired.
    settings: Mapping[str, Any] | None = None
    # Entrants with no table this round and no score (a round robin group's dummy), besides ``bye``.
    rests: tuple[int, ...] = ()


@dataclass(frozen=True)
class TableFact:
    """One stored table of the event, as a withdrawal sees it."""

    round: int
    table: int
    home: int
    away: int
    state: ResultState


@dataclass(frozen=True)
class WithdrawalPlan:
    """What a withdrawal changes: tables to re-decide (by (round, table)) and byes that become void."""

    changes: Mapping[tuple[int, int], Decided] = field(default_factory=dict)
    void_byes: tuple[int, ...] = ()  # rounds whose bye (held by the withdrawn entrant) no one gets
    annulled_all: bool = False  # round robin: every result of the entrant counts for nobody


@dataclass(frozen=True)
class Ranking:
    """Standings rows in ranking order, and the figures this format shows, in order (keys of ``figure``)."""

    rows: list[StandingRow]
    columns: tuple[str, ...]
    chain: tuple[str, ...]  # the tiebreak chain that ordered them (also keys of ``figure``)


class Format(ABC):
    """One competition format (a stage of an event runs one)."""

    name: ClassVar[str]
    # The director may swap entrants, lock tables and re-pair a draft round (Swiss); a fixed schedule
    # (round robin) may not change.
    adjustable: ClassVar[bool] = True
    # Rounds are known in advance (round robin) rather than paired from the standings (Swiss).
    scheduled: ClassVar[bool] = False
    # An event can be created with this format (a later stage, such as the knockout, cannot).
    creatable: ClassVar[bool] = True
    # The stage settings the director may choose when creating the event (``check_settings`` checks them).
    settings_names: ClassVar[tuple[str, ...]] = ()
    # Each match has a winner who goes on (knockout): equal levels need the side on stage (SPEC §7.4).
    knockout: ClassVar[bool] = False
    # Tables are scored board by board across the room (Mitchell), not by the levels typed for each table.
    board_scored: ClassVar[bool] = False
    # What ``tdesk`` calls the stage in its JSON where an event has several ("groups", "knockout").
    stage_label: ClassVar[str | None] = None

    def groups_by_entrant(self, settings: Mapping[str, Any]) -> dict[int, str]:
        """The group of each entrant, where the stage plays in groups (empty otherwise)."""
        return {}

    def default_rules(self, rules: RuleSet) -> RuleSet:
        """The rule set a new event of this format starts from (group stages score win 3 / draw 1 / loss 0)."""
        return rules

    def check_settings(self, settings: Mapping[str, Any], entrants_kind: str) -> dict[str, Any]:
        """The stage settings as stored; refuses settings this format cannot run with."""
        return dict(settings)

    def planned_rounds(self, entrant_count: int, settings: Mapping[str, Any]) -> int | None:
        """How many rounds the stage has for this many entrants (None: the director decides)."""
        return None

    @abstractmethod
    def plan_round(
        self,
        data: EventData,
        round_no: int,
        rules: RuleSet,
        *,
        locked: Sequence[tuple[int, int]] = (),
    ) -> PlannedRound:
        """The tables of round ``round_no`` (every earlier round is complete)."""

    def schedule(self, data: EventData) -> list[PlannedRound] | None:
        """Every round of the stage, where the format knows them in advance (None: paired as it goes)."""
        return None

    @abstractmethod
    def rank(self, data: EventData, rules: RuleSet, *, after_round: int | None = None) -> Ranking:
        """The standings after ``after_round`` (default: every result stored)."""

    @abstractmethod
    def withdraw(
        self,
        data: EventData,
        entrant: int,
        after_round: int,
        tables: Sequence[TableFact],
        rules: RuleSet,
    ) -> WithdrawalPlan:
        """What withdrawing ``entrant`` after ``after_round`` does to the stored tables (SPEC §5.7)."""


def gone_sides(data: EventData, round_no: int, home: int, away: int) -> list[str]:
    """The sides of a table ("home", "away") whose entrant has withdrawn before round ``round_no``."""
    return [
        side
        for side, entrant in (("home", home), ("away", away))
        if data.withdrawn_after.get(entrant) is not None
        and round_no > (data.withdrawn_after.get(entrant) or 0)
    ]


def withdrawal_changes(
    tables: Sequence[TableFact],
    entrant: int,
    after_round: int,
    decide: Callable[[TableFact], Decided | None],
    *,
    annul: bool = False,
) -> dict[tuple[int, int], Decided]:
    """What a withdrawal does to the stored tables of ``entrant``: every one annulled (``annul``: a round robin
    left before half its matches), or each later one as ``decide`` says (None: unchanged)."""
    changes: dict[tuple[int, int], Decided] = {}
    for t in tables:
        if entrant not in (t.home, t.away):
            continue
        if annul:
            changes[(t.round, t.table)] = Decided(ResultState.ANNULLED, None, None, "withdrawn")
        elif t.round > after_round and (fixed := decide(t)) is not None:
            changes[(t.round, t.table)] = fixed
    return changes
