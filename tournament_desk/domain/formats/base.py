"""What every competition format answers (rules.md §7): who plays whom next, how it ranks, what a withdrawal does.

A format is one module under ``domain/formats``; services, the CLI, the window and the reports ask the event's
format through this interface and never compare format names. Scoring a table (levels, duplicate boards) is a
separate axis: see ``domain/scoring_modes``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tournament_desk.domain.errors import BadInput, Message, msg
from tournament_desk.domain.event import EventData
from tournament_desk.domain.pairing import Locked, PairedTable
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import Outcome, Side, score_levels
from tournament_desk.domain.scoring_modes.base import ScoringMode
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
    repeat_bye: bool = False  # the bye went to an entrant that had had one (rules.md §5.4)
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
class Withdrawal:
    """An entrant withdrawn after round ``after_round``, and the event's stored tables its withdrawal may change."""

    entrant: int
    after_round: int
    tables: tuple[TableFact, ...]


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


@dataclass(frozen=True)
class Advance:
    """Who goes on from a stage to the next: ``everyone``, the stage's ``qualifiers`` (a group stage's), or
    the ``last`` ``count`` entrants still in (a knockout played until K remain, rules.md §7.7)."""

    rule: str = "everyone"
    count: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, **({"count": self.count} if self.count is not None else {})}


@dataclass(frozen=True)
class StagePlan:
    """One stage of an event's chain: the format it runs, and the rule that says who goes on to the next."""

    format: str
    advance: Advance = field(default_factory=Advance)

    def to_dict(self) -> dict[str, Any]:
        return {"format": self.format, "advance": self.advance.to_dict()}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> StagePlan:
        advance = raw.get("advance") or {}
        count = advance.get("count")
        return cls(
            str(raw["format"]), Advance(str(advance.get("rule", "everyone")), int(count) if count else None)
        )


@dataclass(frozen=True)
class Advancing:
    """The end of a stage: who goes on (in the order the next stage numbers them) and where the others are
    placed for good (entrant, best place, the place as printed: "5–8")."""

    entrants: tuple[int, ...]
    placed: tuple[tuple[int, int, str], ...] = ()


# Games won at a table (局, home and away), where a knockout match is played over several.
Games = tuple[int, int] | None
# A table's result as the formats compare two entries of it: (home level, away level, side on stage, games).
ResultKey = tuple[int, int, str | None, Games]


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
    # What ``tdesk`` calls the stage in its JSON where an event has several ("groups", "knockout").
    stage_label: ClassVar[str | None] = None
    # The scoring modes (``domain.scoring_modes``) an event created with this format can be scored by; None:
    # every mode. Read through ``carries``; the stages that follow (a groups event's knockout) play on in the
    # event's mode, going on by the match result.
    scorings: ClassVar[tuple[str, ...] | None] = None

    def carries(self, scoring: str) -> bool:
        """Whether an event created with this format can be scored by the mode named ``scoring``: the window's
        wizard offers only those, and ``create_tournament`` refuses the others (rules.md §5.8, §7)."""
        return self.scorings is None or scoring in self.scorings

    # --- the event's chain of stages (rules.md §7.4, §7.6, §7.7) ---------------------------------------------
    def chain(self, settings: Mapping[str, Any]) -> tuple[StagePlan, ...]:
        """The stages of an event created with this format, in order (most formats: this one alone)."""
        return (StagePlan(self.name),)

    def stage_over(self, data: EventData, paired: int) -> bool:
        """Whether this stage has played its last round once ``paired`` rounds are paired and complete, so
        that the next stage of the chain starts (a stage that ends by a director's draw says False)."""
        return False

    def advancing(self, data: EventData, rules: RuleSet) -> Advancing:
        """Who goes on to the next stage once ``stage_over``."""
        raise BadInput("This stage sends nobody on to another stage.")

    def starts_from(self, advancing: Advancing, first_round: int) -> dict[str, Any]:
        """The settings of this format as a later stage started by the one before (its first round is
        ``first_round`` of the event)."""
        raise BadInput("This format cannot follow another stage.")

    # --- one table's result (levels typed at the table) ------------------------------------------------
    def table_outcome(
        self,
        home: int,
        away: int,
        rules: RuleSet,
        *,
        on_stage: str | None = None,
        games: tuple[int, int] | None = None,
    ) -> Outcome:
        """What the levels reached at a table score (rules.md §5.1, §5.2); refuses what this format does not use."""
        return self._score(home, away, rules, on_stage, games)

    def _score(self, home: int, away: int, rules: RuleSet, on_stage: str | None, games: Games) -> Outcome:
        """``table_outcome`` as this format scores it (most formats: the levels alone)."""
        if on_stage is not None:
            raise BadInput(
                "The side on stage decides only knockout matches of equal levels; leave it out here."
            )
        if games is not None:
            raise BadInput("Games won (局) decide only knockout matches; leave them out here.")
        return score_levels(home, away, rules)

    def result_key(
        self, home: int, away: int, on_stage: str | None = None, games: tuple[int, int] | None = None
    ) -> ResultKey:
        """What makes two entries of a table's levels the same result (a knockout: the deciding side too)."""
        return (home, away, None, None)

    def winner(self, home_mp: float, away_mp: float) -> str | None:
        """The side that goes on from a table with a result (a knockout's), else None."""
        return None

    def closed_after(self, round_no: int) -> Message | None:
        """Why a round's results can no longer change once the round after it is paired (None: they can)."""
        return None

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
    def plan_round(self, data: EventData, round_no: int, rules: RuleSet, locked: Locked = ()) -> PlannedRound:
        """The tables of round ``round_no`` (every earlier round is complete); ``locked`` as kept by the director
        (only an ``adjustable`` format is given any)."""

    def schedule(self, data: EventData) -> list[PlannedRound] | None:
        """Every round of the stage, where the format knows them in advance (None: paired as it goes)."""
        return None

    @abstractmethod
    def rank(self, data: EventData, rules: RuleSet, *, after_round: int | None = None) -> Ranking:
        """The standings after ``after_round`` (default: every result stored)."""

    def withdrawal_note(self, rules: RuleSet, mode: ScoringMode | None = None) -> Message:
        """What withdrawing an entrant does in this format (rules.md §5.7), in one sentence for the director: the
        window's withdraw dialog and rules page say it (Swiss: played results stand, later tables forfeited)."""
        return msg(
            "Results already played stand and the entrant is not paired again; a table it already has in a later "
            "round becomes a forfeit, with the forfeit award to its opponent, and a later bye it holds is void."
        )

    @abstractmethod
    def withdraw(self, data: EventData, leaving: Withdrawal, rules: RuleSet) -> WithdrawalPlan:
        """What an entrant ``leaving`` does to the stored tables (rules.md §5.7); ``data`` already has it withdrawn."""


def gone_sides(data: EventData, round_no: int, home: int, away: int) -> list[str]:
    """The sides of a table ("home", "away") whose entrant has withdrawn before round ``round_no``."""
    return [
        side
        for side, entrant in (("home", home), ("away", away))
        if data.withdrawn_after.get(entrant) is not None
        and round_no > (data.withdrawn_after.get(entrant) or 0)
    ]


def withdrawal_changes(
    leaving: Withdrawal, decide: Callable[[TableFact], Decided | None], *, annul: bool = False
) -> dict[tuple[int, int], Decided]:
    """What a withdrawal does to the stored tables of the entrant ``leaving``: every one annulled (``annul``: a
    round robin left before half its matches), or each later one as ``decide`` says (None: unchanged)."""
    changes: dict[tuple[int, int], Decided] = {}
    for t in leaving.tables:
        if leaving.entrant not in (t.home, t.away):
            continue
        if annul:
            changes[(t.round, t.table)] = Decided(ResultState.ANNULLED, None, None, "withdrawn")
        elif t.round > leaving.after_round and (fixed := decide(t)) is not None:
            changes[(t.round, t.table)] = fixed
    return changes


def void_byes(data: EventData, leaving: Withdrawal) -> tuple[int, ...]:
    """The later rounds whose bye the entrant ``leaving`` holds: no one gets them now."""
    return tuple(
        r for r, holder in data.bye_holders.items() if holder == leaving.entrant and r > leaving.after_round
    )


def withdrawn_table(
    data: EventData,
    round_no: int,
    home: int,
    away: int,
    rules: RuleSet,
    *,
    annulled: Callable[[int], bool] = lambda _entrant: False,
    forfeit: Callable[[Side, int, int], Outcome] | None = None,
) -> Decided | None:
    """How a table of round ``round_no`` is decided when a side of it has withdrawn before that round (None: no
    side has): it counts for nobody where a withdrawn side's results are ``annulled``; else it is forfeited by
    the withdrawn side or both, scored by ``forfeit(side, home, away)`` (default: the scoring mode's forfeit)."""
    gone = gone_sides(data, round_no, home, away)
    if not gone:
        return None
    side: Side = "home" if gone == ["home"] else "away" if gone == ["away"] else "both"
    if any(annulled(home if s == "home" else away) for s in gone):
        return Decided(ResultState.ANNULLED, side, None, "withdrawn")
    outcome = forfeit(side, home, away) if forfeit is not None else data.mode.forfeit_outcome(side, rules)
    return Decided(ResultState.FORFEIT, side, outcome, "withdrawn")
