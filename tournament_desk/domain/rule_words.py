"""A rule set in the director's words, one wording for every face: the window's Rules page and F1, ``tdesk rules``.

Every sentence is a ``Message`` (English template + figures); a face renders it in the user's language through
``tournament_desk.i18n`` (the Chinese in ``i18n/zh_cn_rule_notes.py``). The internal codes of the options
(``levels``, ``fixed``, ``opp_mp``) appear only in ``tdesk rules --json``.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournament_desk.domain.errors import Message, msg
from tournament_desk.domain.results import number
from tournament_desk.domain.rule_options import team_pairs_text
from tournament_desk.domain.rules import LEVEL_TABLES, Award, Band, LevelTable, MpStep, RuleSet
from tournament_desk.domain.scoring_modes.base import ScoringMode

PRESET_NAMES: dict[str, Message] = {
    "one-deck-40": msg("One deck, 40 points"),
    "two-deck-80-by-20": msg("Two decks, 80 points, a level per 20 points"),
    "two-deck-80-by-40": msg("Two decks, 80 points, a level per 40 points"),
    "two-deck-80-35": msg("Two decks, 80 points, Xiyangyang Cup table"),
}
RULING_MODES: dict[str, Message] = {
    "own-average": msg("its own average VP so far"),
    "twenty-minus-offender-average": msg("20 minus the offender's average VP"),
    "fixed": msg("a fixed number of VP"),
    "recorded": msg("the score already recorded"),
}
TIEBREAK_NAMES: dict[str, Message] = {
    "mp": msg("MP"),
    "vp": msg("VP"),
    "opp_mp": msg("opponents' score"),
}
# The steps of a ranking chain a scoring mode brings (``ScoringMode.ranking``).
RANKING_STEPS: dict[str, Message] = {
    "points": msg("total points"),
    "h2h_points": msg("the result between the tied teams"),
    "game_ratio": msg("game ratio (pair games won ÷ lost)"),
}

Described = list[tuple[Message, Message]]
PLAIN = "{text}"  # a template that translates to itself


def plain(text: str) -> Message:
    """A text that is already in the user's words (a director's own table name, figures)."""
    return Message(PLAIN, {"text": text})


def named(names: dict[str, Message], key: str) -> Message:
    """The name of an option's code; an unknown code (a newer file) as itself."""
    return names.get(key) or plain(key)


def preset_name(preset: str) -> Message:
    return named(PRESET_NAMES, preset)


def ruling_mode_name(mode: str) -> Message:
    return named(RULING_MODES, mode)


def tiebreak_name(key: str) -> Message:
    return named(TIEBREAK_NAMES, key)


def table_name(table: LevelTable) -> Message:
    """The preset's name, marked when the bands were edited away from the preset."""
    preset = LEVEL_TABLES.get(table.preset)
    if preset is None or preset.bands != table.bands:
        return msg("{name}, edited", name=preset_name(table.preset))
    return preset_name(table.preset)


def band_points(band: Band) -> Message:
    if band.high is None:
        return msg("{low} and more", low=band.low)
    return plain(str(band.low) if band.high == band.low else f"{band.low}–{band.high}")


def change_words(change: int) -> Message:
    """A signed level change from the declarer's side, in words (rules.md §6)."""
    if change == 1:
        return msg("declarer goes up 1 level")
    if change > 0:
        return msg("declarer goes up {n} levels", n=change)
    if change == 0:
        return msg("defenders take the stage")
    if change == -1:
        return msg("defenders take the stage and go up 1 level")
    return msg("defenders take the stage and go up {n} levels", n=-change)


def band_change(band: Band) -> Message:
    if band.step is None:
        return change_words(band.change)
    return msg(
        "{change}, one more for every further {step} points", change=change_words(band.change), step=band.step
    )


def band_sentence(band: Band) -> Message:
    """E.g. "0 points → declarer goes up 3 levels", "80–115 points → defenders take the stage"."""
    if band.high is None:
        return msg("{low} points or more → {change}", low=band.low, change=band_change(band))
    return msg("{points} points → {change}", points=band_points(band), change=band_change(band))


def vp_text(cap: int) -> Message:
    return msg(
        "Winner 10+N : loser 10−N, N = level difference up to {cap} ({high} : {low} from a difference of {cap})",
        cap=cap,
        high=10 + cap,
        low=10 - cap,
    )


def mp_text(scale: Sequence[MpStep]) -> Message:
    steps = sorted(scale, key=lambda s: s.min_difference, reverse=True)
    parts = []
    for i, step in enumerate(steps):
        upper = steps[i - 1].min_difference - 1 if i else None
        if upper is None:
            diff = f"≥ {step.min_difference}"
        elif upper <= step.min_difference:
            diff = str(step.min_difference)
        else:
            diff = f"{step.min_difference}–{upper}"
        parts.append(f"{diff} → {number(step.winner)} : {number(step.loser)}")
    return msg("By level difference: {steps}", steps=", ".join(parts))


def award_text(award: Award) -> Message:
    return msg("{mp} MP and {vp} VP", mp=number(award.mp), vp=number(award.vp))


def ruling_award_text(rules: RuleSet) -> Message:
    """What the opponent of a side that lost by ruling gets, with the fixed award's figure."""
    if rules.ruling_award == "fixed":
        return msg("a fixed {vp} VP", vp=number(rules.ruling_fixed_vp))
    return ruling_mode_name(rules.ruling_award)


def ruling_text(rules: RuleSet) -> Message:
    return msg("The offender gets 0; the opponent gets {award}", award=ruling_award_text(rules))


def tiebreaks_text(rules: RuleSet) -> Message:
    return _chain([tiebreak_name(key) for key in rules.tiebreaks])


def _chain(steps: list[Message]) -> Message:
    """Steps joined by arrows, each rendered in the user's language."""
    return Message(
        " → ".join(f"{{s{i}}}" for i in range(len(steps))), {f"s{i}": s for i, s in enumerate(steps)}
    )


def conversion_text(rules: RuleSet) -> Message:
    """Duplicate events: how a board's two rooms become levels (rules.md §7.2)."""
    if rules.duplicate_conversion == "points-table":
        steps = ", ".join(f"{s.min_difference}:{s.levels}" for s in rules.points_table)
        return msg("the rooms' point difference by the conversion table ({steps})", steps=steps)
    return msg("each room by the level table; XMP = open room NS − closed room NS")


def describe_rules(
    rules: RuleSet, mode: ScoringMode | None = None, *, withdrawal: Message | None = None
) -> Described:
    """(label, sentence) for every rule but the level table's bands, in the order the Rules page shows them;
    with the event's ``mode``, what only that mode has (a team match of pairs: the pairs a team sends, rules.md
    §5.8; duplicate boards: how the rooms convert; without a mode, every line); ``withdrawal``: what a withdrawal does in the event's
    format, as the format says it (rules.md §5.7)."""
    if mode is not None and mode.team_pairs(rules) is not None:
        return team_match_rules(rules, mode, withdrawal)
    late_award = (
        msg("the opponent gets the forfeit award")
        if rules.late_award == "forfeit"
        else msg("the opponent gets the loss-by-ruling award")
    )
    described: Described = [
        (msg("Level table"), table_name(rules.level_table)),
        (msg("Victory points (VP)"), vp_text(rules.vp_cap)),
        (msg("Match points (MP)"), mp_text(rules.mp_scale)),
        (
            msg("Forfeit"),
            msg(
                "{award} to the opponent; the side that forfeits gets 0", award=award_text(rules.forfeit_win)
            ),
        ),
        (msg("Bye"), award_text(rules.bye)),
        (msg("Loss by ruling"), ruling_text(rules)),
        (msg("Deductions"), msg("{mp} MP per violation", mp=number(rules.deduction_step))),
        (msg("Late arrival"), late_text(rules)),
        (msg("Late arrival award"), late_award),
        *([(msg("Withdrawal"), withdrawal)] if withdrawal is not None else []),
        (msg("Tiebreaks"), tiebreaks_text(rules)),
    ]
    if mode is None or mode.boards:
        described.append((msg("Duplicate boards"), conversion_text(rules)))
    return described


def late_text(rules: RuleSet) -> Message:
    return msg("More than {minutes} minutes late is a forfeit", minutes=rules.late_arrival_minutes)


def team_match_rules(rules: RuleSet, mode: ScoringMode, withdrawal: Message | None) -> Described:
    """The rules a team match of pairs uses (rules.md §5.8), each as the mode scores it: no VP, no MP scale, no
    tiebreaks of the level-scored events; its ranking chain instead."""
    ruled = mode.ruling_outcome("home", 0.0, rules)  # the home team offends: the away team wins the match
    chain = mode.ranking()
    steps = [named(RANKING_STEPS, key) for key in chain.keys] if chain is not None else []
    return [
        (msg("Level table"), table_name(rules.level_table)),
        (msg("Team match"), team_pairs_text(rules)),
        (
            msg("Pair game"),
            msg(
                "won by the pair that passes A first; else by the higher level; on equal levels by the declarer "
                "(庄家); a pair that does not show loses its game"
            ),
        ),
        (msg("Bye"), msg("{points} points", points=number(mode.bye_outcome(rules).home_mp))),
        (
            msg("Loss by ruling"),
            msg(
                "the opponent wins the match {won} : {lost}",
                won=number(ruled.away_mp),
                lost=number(ruled.home_mp),
            ),
        ),
        (msg("Deductions"), msg("{points} points per violation", points=number(rules.deduction_step))),
        (msg("Late arrival"), late_text(rules)),
        *([(msg("Withdrawal"), withdrawal)] if withdrawal is not None else []),
        (msg("Ranking"), _chain([*steps, msg("shared rank")])),
    ]
