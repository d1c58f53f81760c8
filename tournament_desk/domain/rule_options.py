"""Every rule-set option as the director sets it (``tdesk rules``, the 规则 page), parsed and checked (rules.md §5–§8).

The rule set itself is ``domain.rules.RuleSet``; this module turns typed options into its fields and refuses a
rule set that could not score an event, with a sentence pointing at what is wrong (for a level table, the
band).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import pairwise
from typing import Any

from tournament_desk.domain.errors import BadInput, Message, msg
from tournament_desk.domain.rules import (
    DUPLICATE_CONVERSIONS,
    LEVEL_TABLES,
    MP_SCALE_LEVELS,
    MP_SCALE_WIN_DRAW_LOSS,
    TIEBREAKS,
    WITHDRAWAL_AWARDS,
    Award,
    Band,
    LevelTable,
    MpStep,
    RuleSet,
    check_points_table,
    parse_points_table,
)
from tournament_desk.domain.team_match import check_pairs

RULING_AWARDS = ("own-average", "twenty-minus-offender-average", "fixed", "recorded")
LATE_AWARDS = ("forfeit", "ruling")
MP_SCALES: dict[str, tuple[MpStep, ...]] = {
    "levels": MP_SCALE_LEVELS,
    "win-draw-loss": MP_SCALE_WIN_DRAW_LOSS,
}
MAX_LATE_MINUTES = 120


def mp_scale_name(rules: RuleSet) -> str:
    return next((name for name, scale in MP_SCALES.items() if scale == rules.mp_scale), "custom")


def _number(text: str, what: str) -> float:
    try:
        value = float(text.strip().replace("，", ".").replace("。", "."))
    except ValueError:
        raise BadInput("'{text}' is not a number of {what}.", text=text, what=msg(what)) from None
    if not math.isfinite(value):
        raise BadInput("'{text}' is not a number of {what}.", text=text, what=msg(what))
    return value


def check_vp(vp: float) -> float:
    vp = float(vp)
    if not (0 <= vp <= 20 and round(vp * 10, 6).is_integer()):
        raise BadInput("An award of VP is between 0 and 20 (to one decimal), not {vp}.", vp=vp)
    return float(vp)


def check_award(award: Award) -> Award:
    if not (0 <= award.mp <= 3 and float(award.mp * 2).is_integer()):
        raise BadInput("An award of MP is 0 to 3 in steps of 0.5, not {mp}.", mp=award.mp)
    return Award(float(award.mp), check_vp(award.vp))


def parse_award(text: str) -> Award:
    """``2.5:12`` (MP:VP)."""
    mp, sep, vp = text.replace("：", ":").partition(":")
    if not sep:
        raise BadInput("'{text}' is not an award: write MP:VP, e.g. 2.5:12.", text=text)
    return check_award(Award(_number(mp, "MP"), _number(vp, "VP")))


def parse_vp(text: str) -> float:
    return check_vp(_number(text, "VP"))


def parse_tiebreaks(text: str) -> tuple[str, ...]:
    """``mp,vp,opp_mp`` in the order they apply."""
    keys = tuple(k.strip().lower() for k in text.replace("，", ",").split(",") if k.strip())
    return check_tiebreaks(keys)


def check_tiebreaks(keys: Sequence[str]) -> tuple[str, ...]:
    unknown = [k for k in keys if k not in TIEBREAKS]
    if unknown or not keys or len(set(keys)) != len(keys):
        raise BadInput(
            "The tiebreaks are {choices}, each once, in the order they apply; not '{text}'.",
            choices=", ".join(TIEBREAKS),
            text=",".join(keys),
        )
    return tuple(keys)


def check_level_table(table: LevelTable) -> LevelTable:
    """rules.md §6: bands in order from 0, no gap, no overlap, multiples of 5, the last open-ended, so that every
    multiple of 5 from 0 up falls in exactly one band; a band that grows by steps has a positive step of 5s."""
    bands = table.bands
    if not bands:
        raise BadInput("The level table needs at least one band.")
    for number, band in enumerate(bands, start=1):
        edges = [band.low] + ([band.high] if band.high is not None else [])
        if any(e < 0 or e % 5 for e in edges) or (band.high is not None and band.high < band.low):
            raise BadInput(
                "Band {band} of the level table ({low}–{high}) must run between multiples of 5, low to high.",
                band=number,
                low=band.low,
                high="" if band.high is None else band.high,
            )
        if band.step is not None and (band.step <= 0 or band.step % 5 or band.high is not None):
            raise BadInput(
                "Band {band} of the level table grows by steps; only the last band can, by a multiple of 5.",
                band=number,
            )
    if bands[0].low != 0:
        raise BadInput("Band 1 of the level table must start at 0 points, not {low}.", low=bands[0].low)
    for number, (before, after) in enumerate(pairwise(bands), start=2):
        if before.high is None:
            raise BadInput("Band {band} of the level table comes after an open-ended band.", band=number)
        if after.low != before.high + 5:
            what = msg("overlaps") if after.low <= before.high else msg("leaves a gap after")
            raise BadInput(
                "Band {band} of the level table starts at {low}: it {what} band {previous}, which ends at {high}.",
                band=number,
                low=after.low,
                what=what,
                previous=number - 1,
                high=before.high,
            )
    if bands[-1].high is not None:
        raise BadInput(
            "The last band of the level table must be open-ended (no upper edge), so that every score is "
            "covered; it ends at {high}.",
            high=bands[-1].high,
        )
    return table


def level_table_from_json(data: Any) -> LevelTable:
    """``{"preset": NAME, "bands": [{"low": 0, "high": 0, "change": 3}, …]}`` (``high`` null: open-ended)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("bands"), list):
        raise BadInput('A level table is a JSON object with a list of "bands".')
    bands = []
    for number, raw in enumerate(data["bands"], start=1):
        try:
            low, high, change = raw["low"], raw.get("high"), raw["change"]
            step = raw.get("step")
            values = [low, change, *(v for v in (high, step) if v is not None)]
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
                raise TypeError
        except (KeyError, TypeError, AttributeError):
            raise BadInput(
                'Band {band} of the level table needs whole numbers "low", "change" and, unless it is the '
                'last, "high".',
                band=number,
            ) from None
        bands.append(Band(low, high, change, step))
    name = str(data.get("preset") or "custom")
    return check_level_table(LevelTable(name, tuple(bands)))


def check_rules(rules: RuleSet) -> RuleSet:
    """Refuse a rule set that cannot score an event; returns it unchanged when it can."""
    check_level_table(rules.level_table)
    check_award(rules.forfeit_win)
    check_award(rules.bye)
    check_vp(rules.ruling_fixed_vp)
    check_vp(rules.withdrawal_vp)
    check_tiebreaks(rules.tiebreaks)
    check_points_table(rules.points_table)
    check_pairs(rules.team_pairs)
    choices: Sequence[tuple[str, Sequence[str], Message]] = (
        (rules.ruling_award, RULING_AWARDS, msg("ruling award")),
        (rules.withdrawal_award, WITHDRAWAL_AWARDS, msg("withdrawal award")),
        (rules.late_award, LATE_AWARDS, msg("late-arrival award")),
        (rules.duplicate_conversion, DUPLICATE_CONVERSIONS, msg("board conversion")),
    )
    for value, allowed, what in choices:
        if value not in allowed:
            raise BadInput(
                "Unknown {what} '{value}': choose one of {choices}.",
                what=what,
                value=value,
                choices=", ".join(allowed),
            )
    if not 0 <= rules.late_arrival_minutes <= MAX_LATE_MINUTES:
        raise BadInput(
            "The late-arrival limit is 0 to {most} minutes, not {minutes}.",
            most=MAX_LATE_MINUTES,
            minutes=rules.late_arrival_minutes,
        )
    if rules.mp_scale not in MP_SCALES.values():
        raise BadInput("The match-point scale must be levels or win-draw-loss.")
    return rules


def apply_options(rules: RuleSet, options: Mapping[str, Any]) -> RuleSet:
    """The rule set with the options given (``None`` values left out), checked. Keys are ``tdesk rules``'s."""
    o = {k: v for k, v in options.items() if v is not None}
    changes: dict[str, Any] = {}
    if "preset" in o:
        if o["preset"] not in LEVEL_TABLES:
            raise BadInput(
                "Unknown rule preset '{preset}': choose one of {choices}.",
                preset=o["preset"],
                choices=", ".join(LEVEL_TABLES),
            )
        changes["level_table"] = LEVEL_TABLES[o["preset"]]
    if "level_table" in o:
        changes["level_table"] = o["level_table"]
    simple = {
        "ruling_award": "ruling_award",
        "late_award": "late_award",
        "withdrawal_award": "withdrawal_award",
        "board_conversion": "duplicate_conversion",
        "late_minutes": "late_arrival_minutes",
    }
    changes.update({field: o[key] for key, field in simple.items() if key in o})
    if "ruling_vp" in o:
        changes["ruling_fixed_vp"] = parse_vp(o["ruling_vp"])
    if "withdrawal_vp" in o:
        changes["withdrawal_vp"] = parse_vp(o["withdrawal_vp"])
    if "forfeit" in o:
        changes["forfeit_win"] = parse_award(o["forfeit"])
    if "bye" in o:
        changes["bye"] = parse_award(o["bye"])
    if "mp_scale" in o:
        if o["mp_scale"] not in MP_SCALES:
            raise BadInput(
                "Unknown match-point scale '{scale}': choose one of {choices}.",
                scale=o["mp_scale"],
                choices=", ".join(MP_SCALES),
            )
        changes["mp_scale"] = MP_SCALES[o["mp_scale"]]
    if "tiebreaks" in o:
        changes["tiebreaks"] = parse_tiebreaks(o["tiebreaks"])
    if "points_table" in o:
        changes["points_table"] = parse_points_table(o["points_table"])
    if "pairs" in o:
        changes["team_pairs"] = parse_pairs(o["pairs"])
    return check_rules(replace(rules, **changes))


def parse_pairs(value: int | str) -> int:
    """The pairs a team sends to a team match (``tdesk new --pairs``, ``tdesk rules --pairs``): odd, 3 to 9."""
    text = str(value).strip()
    if not text.isdigit():
        raise BadInput("A team sends an odd number of pairs from 3 to 9, not {pairs}.", pairs=text)
    return check_pairs(int(text))


def team_pairs_text(rules: RuleSet) -> Message:
    """The team-match rule as a director reads it (the 规则 page, ``tdesk rules`` of a team-match event)."""
    return msg(
        "{pairs} pairs a team; the team winning {need} of the {pairs} pair games wins the match: 3 points, "
        "the loser 1; a forfeited match 3 and 0",
        pairs=rules.team_pairs,
        need=rules.team_pairs // 2 + 1,
    )
