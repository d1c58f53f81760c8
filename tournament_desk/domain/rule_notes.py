"""What each rule-set option means, in the director's terms: the regulation it follows and an example.

One note per ``RuleSet`` field: a title, what the option does, where it comes from (the seed regulation and its
article, rules.md §2; none where the program sets a default no regulation gives, and then the note says so) and an
example worked out with the event's own rules, so it stays true when a copy of the rules is edited. The window's
F1 and ``tdesk rules --explain`` show them; the Chinese is in ``i18n/zh_cn_rule_notes.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from tournament_desk.domain import rule_notes_awards as awards
from tournament_desk.domain.errors import msg
from tournament_desk.domain.results import number
from tournament_desk.domain.rule_note import SEEDS, RuleNote, cite, note_lines
from tournament_desk.domain.rule_words import change_words, table_name, tiebreaks_text
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import mp_for_difference, vp_for_difference
from tournament_desk.domain.scoring_modes.base import ScoringMode

__all__ = ["NOTES", "SEEDS", "RuleNote", "applicable_keys", "note_lines", "rule_notes"]


def _level_table(rules: RuleSet) -> RuleNote:
    points = 125
    return RuleNote(
        "level_table",
        msg("Level table (升级表)"),
        msg(
            "After each deal the defenders' points decide who goes up: few points and the declarers go up, "
            "enough points and the defenders take the stage. Choose the table your regulations print; a copy "
            "can be edited band by band before round 1."
        ),
        (
            cite("000", msg("the level table at its head (one deck, 40 points)")),
            cite("002", msg("pairs rules (1), 1 (5), a level per 20 points")),
            cite("003", msg("part 1 (11), a level per 40 points")),
            cite("004", msg("Shengji contest rules 1.5, and the Xiyangyang Cup plan 7.9")),
        ),
        msg(
            "With “{table}”: the defenders take {points} points → {change}.",
            table=table_name(rules.level_table),
            points=points,
            change=change_words(rules.level_table.change(points)),
        ),
    )


def _vp_cap(rules: RuleSet) -> RuleNote:
    high, low = vp_for_difference(3, rules)
    top_high, top_low = vp_for_difference(rules.vp_cap + 2, rules)
    return RuleNote(
        "vp_cap",
        msg("Victory points (标准分, VP)"),
        msg(
            "Every match shares 20 VP by the level difference N: the winner 10+N, the loser 10−N; N counts up "
            "to the cap, so a larger difference gives no more."
        ),
        (
            cite("000", msg("annex, VP conversion table")),
            cite("002", msg("pairs rules (1), 2 (1), scoring")),
        ),
        msg(
            "Levels J against 8: N = 3 → {high} : {low}. A difference of {big} → {top_high} : {top_low}.",
            high=high,
            low=low,
            big=rules.vp_cap + 2,
            top_high=top_high,
            top_low=top_low,
        ),
    )


def _mp_scale(rules: RuleSet) -> RuleNote:
    wins = [(n, *mp_for_difference(n, rules)) for n in (2, 0)]
    return RuleNote(
        "mp_scale",
        msg("Match points (场分, MP)"),
        msg(
            "Match points rank the field and pair the Swiss rounds. By level difference the winner gets 3, "
            "2.5, 2 or 1.5 and both sides' MP add to 3; a group stage scores win 3, draw 1, loss 0 instead."
        ),
        (
            cite("001", msg("section 2, rule 2, scoring")),
            cite("002", msg("pairs rules (1), 2 (1), scoring")),
            cite("003", msg("part 2, first stage: win 3, draw 1, loss 0")),
        ),
        msg(
            "A difference of 2 → {w2} : {l2} MP; equal levels → {w0} : {l0} MP.",
            w2=number(wins[0][1]),
            l2=number(wins[0][2]),
            w0=number(wins[1][1]),
            l0=number(wins[1][2]),
        ),
    )


def _tiebreaks(rules: RuleSet) -> RuleNote:
    return RuleNote(
        "tiebreaks",
        msg("Tiebreaks (排名依据)"),
        msg(
            "The order in which entrants are ranked: by the first figure, those equal on it by the next. The "
            "opponents' score is the sum of the MP of every opponent met."
        ),
        (
            cite("001", msg("section 2, rule 3, ranking")),
            cite("002", msg("pairs rules (1), 2 (3), ranking")),
        ),
        msg(
            "Order {order}: two teams on 12 MP, the one with 70 VP ranks above the one with 66.",
            order=tiebreaks_text(rules),
        ),
    )


def _duplicate_conversion(rules: RuleSet) -> RuleNote:
    return RuleNote(
        "duplicate_conversion",
        msg("Duplicate boards: conversion (复式换算)"),
        msg(
            "How a board played in both rooms becomes levels (XMP): each room through the level table and "
            "the two results compared, or the rooms' point difference through the conversion table."
        ),
        (cite("001", msg("section 2, rule 2, scoring")),),
        msg(
            "By the level table: North-South scores +2 levels in the open room and −1 in the closed room → "
            "XMP = 2 − (−1) = +3 to the home team on that board."
        ),
        msg(
            "seed 001 names the conversion but does not say how; each room by the level table is this "
            "program's choice."
        ),
    )


def _points_table(rules: RuleSet) -> RuleNote:
    difference = 45
    levels = max((s.levels for s in rules.points_table if s.min_difference <= difference), default=0)
    return RuleNote(
        "points_table",
        msg("Conversion table (级分换算表)"),
        msg(
            "With the conversion table, the rooms' point difference on a board gives the levels of this table."
        ),
        (cite("001", msg("section 2, rule 2, scoring")),),
        msg("A difference of {points} points → {levels} levels.", points=difference, levels=levels),
        msg(
            "seed 001 names the table but does not print it; a level per 20 points is this program's choice."
        ),
    )


def _team_pairs(rules: RuleSet) -> RuleNote:
    pairs = rules.team_pairs
    return RuleNote(
        "team_pairs",
        msg("Team match of pairs (团体赛)"),
        msg(
            "Each team sends this many pairs; they play the other team's pairs at the same time, one game "
            "each. The team winning most games wins the match: 3 points, the loser 1."
        ),
        (cite("004", msg("annex 1, 1.3 and 1.4: five pairs, best of five, 3 points a win and 1 a loss")),),
        msg(
            "{pairs} pairs: winning {need} of the {pairs} games wins the match, 3 points to 1.",
            pairs=pairs,
            need=pairs // 2 + 1,
        ),
    )


NOTES: dict[str, Callable[[RuleSet], RuleNote]] = {
    "level_table": _level_table,
    "vp_cap": _vp_cap,
    "mp_scale": _mp_scale,
    "forfeit_win": awards.forfeit_win_note,
    "bye": awards.bye_note,
    "ruling_award": awards.ruling_award_note,
    "ruling_fixed_vp": awards.ruling_fixed_vp_note,
    "deduction_step": awards.deduction_step_note,
    "late_arrival_minutes": awards.late_arrival_minutes_note,
    "late_award": awards.late_award_note,
    "tiebreaks": _tiebreaks,
    "duplicate_conversion": _duplicate_conversion,
    "points_table": _points_table,
    "withdrawal_award": awards.withdrawal_award_note,
    "withdrawal_vp": awards.withdrawal_vp_note,
    "team_pairs": _team_pairs,
}
# What a team match of pairs reads of the rule set (rules.md §5.8); the boards' conversion only where boards are played.
TEAM_MATCH_KEYS = ("level_table", "team_pairs", "late_arrival_minutes")
BOARD_KEYS = ("duplicate_conversion", "points_table")


def applicable_keys(rules: RuleSet, mode: ScoringMode | None = None) -> tuple[str, ...]:
    """The options an event of ``mode`` uses (all of them without a mode), in the Rules page's order."""
    if mode is None:
        return tuple(NOTES)
    if mode.team_pairs(rules) is not None:
        return TEAM_MATCH_KEYS
    skipped = {"team_pairs", *(() if mode.boards else BOARD_KEYS)}
    return tuple(key for key in NOTES if key not in skipped)


def rule_notes(
    rules: RuleSet | None = None, mode: ScoringMode | None = None, keys: Iterable[str] | None = None
) -> list[RuleNote]:
    """The notes of the options an event uses (or of ``keys``, those it uses among them), worked out with its
    rules (the defaults without any)."""
    rules = rules if rules is not None else RuleSet()
    wanted = applicable_keys(rules, mode)
    chosen = wanted if keys is None else [key for key in wanted if key in set(keys)]
    return [NOTES[key](rules) for key in chosen]
