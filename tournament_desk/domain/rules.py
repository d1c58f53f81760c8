"""Rule sets as data: level tables (rules.md §6), VP/MP scales (§5.1, §5.2), awards (§5.3–5.5), tiebreaks (§9).

A rule set is a frozen value that round-trips through plain JSON-able dicts, so the tournament file keeps
the exact rules an event was scored with and a director's edited copy never touches the presets.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any, Literal

from tournament_desk.domain.errors import BadInput

RulingAward = Literal["own-average", "twenty-minus-offender-average", "fixed", "recorded"]
# What each remaining opponent of a round-robin entrant that withdrew after half its matches gets (rules.md §5.7).
WithdrawalAward = Literal["fixed", "own-average", "twenty-minus-withdrawn-average"]
WITHDRAWAL_AWARDS: tuple[WithdrawalAward, ...] = ("fixed", "own-average", "twenty-minus-withdrawn-average")
# A side arriving later than the limit forfeits; its opponent gets the forfeit award (seed 002) or the
# loss-by-ruling award (seed 000 art. 20), by rule-set option (rules.md §5.3).
LateAward = Literal["forfeit", "ruling"]
# Duplicate boards (rules.md §7.2): each room through the level table, or the rooms' point difference through
# the 级分换算表 (points → levels).
DuplicateConversion = Literal["level-table", "points-table"]
DUPLICATE_CONVERSIONS: tuple[DuplicateConversion, ...] = ("level-table", "points-table")
TIEBREAKS = ("mp", "vp", "opp_mp")
DEFAULT_TEAM_PAIRS = 5  # rules.md §5.8, seed 004: five pairs a side, best of five (5 场 3 胜)


@dataclass(frozen=True)
class Band:
    """Defenders' points ``low``…``high`` (``high`` None: no upper end) give ``change`` levels.

    ``change`` is signed from the declarer's side: +k declarer goes up k, 0 defenders take the stage,
    −k defenders take the stage and go up k. With ``step`` set, every further ``step`` points past
    ``low + step - 5`` is one more level to the defenders (the open-ended "every further 40" rule).
    """

    low: int
    high: int | None
    change: int
    step: int | None = None


@dataclass(frozen=True)
class LevelTable:
    preset: str
    bands: tuple[Band, ...]

    def change(self, defenders_points: int) -> int:
        """Signed level change for the declarer given the defenders' points (multiples of 5, ≥ 0)."""
        if defenders_points < 0 or defenders_points % 5:
            raise BadInput(
                "Defenders' points must be 0 or more in steps of 5, not {points}.",
                points=defenders_points,
            )
        for band in self.bands:
            if defenders_points >= band.low and (band.high is None or defenders_points <= band.high):
                if band.step is None:
                    return band.change
                return band.change - (defenders_points - band.low) // band.step
        raise BadInput("The level table has no row for {points} points.", points=defenders_points)


def _table(preset: str, *bands: tuple[int, int | None, int] | tuple[int, int | None, int, int]) -> LevelTable:
    return LevelTable(preset, tuple(Band(*b) for b in bands))


LEVEL_TABLES: dict[str, LevelTable] = {
    # seed 000: one deck, 100 points in the pack plus doubling of the bottom cards.
    "one-deck-40": _table("one-deck-40", (0, 0, 2), (5, 35, 1), (40, 75, 0), (80, 115, -1), (120, None, -2)),
    # seed 002: 20-point units up to five levels either way.
    "two-deck-80-by-20": _table(
        "two-deck-80-by-20",
        (0, 0, 5),
        (5, 20, 4),
        (25, 40, 3),
        (45, 60, 2),
        (65, 75, 1),
        (80, 95, 0),
        (100, 115, -1),
        (120, 135, -2),
        (140, 155, -3),
        (160, 175, -4),
        (180, None, -5),
    ),
    # seeds 003, 004: 40-point units; every further 40 past 160 is one level more for the defenders.
    "two-deck-80-by-40": _table(
        "two-deck-80-by-40",
        (0, 0, 3),
        (5, 35, 2),
        (40, 75, 1),
        (80, 115, 0),
        (120, 155, -1),
        (160, None, -2, 40),
    ),
    # seed 004 (喜羊羊杯)
    "two-deck-80-35": _table(
        "two-deck-80-35", (0, 0, 3), (5, 30, 2), (35, 75, 1), (80, 115, 0), (120, 155, -1), (160, None, -2)
    ),
}
DEFAULT_PRESET = "two-deck-80-by-40"


@dataclass(frozen=True)
class MpStep:
    """A level difference of at least ``min_difference`` gives the winner ``winner`` and the loser ``loser``."""

    min_difference: int
    winner: float
    loser: float


# rules.md §5.2, seeds 001/002: both sides' MP add to 3.
MP_SCALE_LEVELS = (MpStep(3, 3.0, 0.0), MpStep(2, 2.5, 0.5), MpStep(1, 2.0, 1.0), MpStep(0, 1.5, 1.5))
# Group stages (seed 003): win 3 / draw 1 / loss 0.
MP_SCALE_WIN_DRAW_LOSS = (MpStep(1, 3.0, 0.0), MpStep(0, 1.0, 1.0))


@dataclass(frozen=True)
class Award:
    mp: float
    vp: float


@dataclass(frozen=True)
class PointStep:
    """级分换算表: a point difference between the rooms of at least ``min_difference`` is ``levels`` levels."""

    min_difference: int
    levels: int


# rules.md §7.2 default: every 20 points of difference is one level (written out to 400 points, 20 levels).
DEFAULT_POINTS_TABLE = tuple(PointStep(20 * k, k) for k in range(1, 21))


def check_points_table(steps: tuple[PointStep, ...]) -> tuple[PointStep, ...]:
    """A conversion table: steps of growing point differences (multiples of 5) giving growing levels."""
    if not steps:
        raise BadInput("The conversion table needs at least one step.")
    previous = PointStep(0, 0)
    for step in steps:
        if step.min_difference <= previous.min_difference or step.min_difference % 5:
            raise BadInput(
                "The conversion table's point differences must grow in steps of 5; {points} does not.",
                points=step.min_difference,
            )
        if step.levels <= previous.levels:
            raise BadInput(
                "The conversion table's levels must grow with the points; {levels} at {points} does not.",
                levels=step.levels,
                points=step.min_difference,
            )
        previous = step
    return steps


def parse_points_table(text: str) -> tuple[PointStep, ...]:
    """``20:1, 40:2, 60:3`` (points:levels, separated by commas, spaces or semicolons)."""
    steps = []
    for part in text.replace("，", ",").replace("；", ",").replace(";", ",").replace(" ", ",").split(","):
        if not part.strip():
            continue
        points, _, levels = part.replace("：", ":").partition(":")
        if not points.strip().isdigit() or not levels.strip().isdigit():
            raise BadInput("'{text}' is not a conversion step: write POINTS:LEVELS, e.g. 20:1.", text=part)
        steps.append(PointStep(int(points), int(levels)))
    return check_points_table(tuple(steps))


@dataclass(frozen=True)
class RuleSet:
    level_table: LevelTable = field(default_factory=lambda: LEVEL_TABLES[DEFAULT_PRESET])
    vp_cap: int = 10
    mp_scale: tuple[MpStep, ...] = MP_SCALE_LEVELS
    forfeit_win: Award = Award(2.5, 12)
    bye: Award = Award(2.5, 12)
    ruling_award: RulingAward = "fixed"
    ruling_fixed_vp: float = 12
    deduction_step: float = 0.5
    late_arrival_minutes: int = 10
    late_award: LateAward = "forfeit"
    tiebreaks: tuple[str, ...] = TIEBREAKS
    duplicate_conversion: DuplicateConversion = "level-table"
    points_table: tuple[PointStep, ...] = DEFAULT_POINTS_TABLE
    withdrawal_award: WithdrawalAward = "fixed"
    withdrawal_vp: float = 12
    # Team matches of pairs (rules.md §5.8): the pairs a team sends, P (odd, 3 to 9); read only in such events.
    team_pairs: int = DEFAULT_TEAM_PAIRS

    @property
    def win_draw_loss(self) -> bool:
        """Matches score win 3 / draw 1 / loss 0 (seed 003) rather than the level-difference scale."""
        return self.mp_scale == MP_SCALE_WIN_DRAW_LOSS

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        table = data["level_table"]
        return cls(
            level_table=LevelTable(table["preset"], tuple(Band(**b) for b in table["bands"])),
            vp_cap=int(data["vp_cap"]),
            mp_scale=tuple(MpStep(**s) for s in data["mp_scale"]),
            forfeit_win=Award(**data["forfeit_win"]),
            bye=Award(**data["bye"]),
            ruling_award=data["ruling_award"],
            ruling_fixed_vp=float(data["ruling_fixed_vp"]),
            deduction_step=float(data["deduction_step"]),
            late_arrival_minutes=int(data["late_arrival_minutes"]),
            late_award=data.get("late_award", "forfeit"),  # saved before the option existed: the default
            tiebreaks=tuple(data["tiebreaks"]),
            # Rule sets saved before duplicate scoring existed have neither key.
            duplicate_conversion=data.get("duplicate_conversion", "level-table"),
            points_table=tuple(PointStep(**s) for s in data["points_table"])
            if data.get("points_table")
            else DEFAULT_POINTS_TABLE,
            # Rule sets saved before round robin existed have neither key.
            withdrawal_award=data.get("withdrawal_award", "fixed"),
            withdrawal_vp=float(data.get("withdrawal_vp", 12)),
            # Rule sets saved before team matches of pairs existed: the seed's five pairs.
            team_pairs=int(data.get("team_pairs", DEFAULT_TEAM_PAIRS)),
        )


def preset_rules(preset: str = DEFAULT_PRESET) -> RuleSet:
    """The default rule set with the level table of ``preset``."""
    if preset not in LEVEL_TABLES:
        raise BadInput(
            "Unknown rule preset '{preset}': choose one of {choices}.",
            preset=preset,
            choices=", ".join(LEVEL_TABLES),
        )
    return replace(RuleSet(), level_table=LEVEL_TABLES[preset])
