"""The notes on what a match not played, a late side, a ruling, a deduction or a withdrawal gives (rules.md §5.3–§5.7):
the regulation each follows and an example worked out with the event's rules."""

from __future__ import annotations

from tournament_desk.domain.errors import Message, msg
from tournament_desk.domain.results import number
from tournament_desk.domain.rule_note import RuleNote, cite
from tournament_desk.domain.rule_words import ruling_award_text
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import ruling_mp


def forfeit_win_note(rules: RuleSet) -> RuleNote:
    return RuleNote(
        "forfeit_win",
        msg("Forfeit (弃权)"),
        msg(
            "A side that does not play (absent, too late) forfeits: it scores 0 MP and 0 VP and its opponent "
            "gets this award. When both sides forfeit, both score 0."
        ),
        (cite("002", msg("pairs rules (1), 4 (11), late arrival and forfeit")),),
        msg(
            "The away pair of table 5 does not come: the home pair gets {mp} MP and {vp} VP, the away pair 0.",
            mp=number(rules.forfeit_win.mp),
            vp=number(rules.forfeit_win.vp),
        ),
    )


def bye_note(rules: RuleSet) -> RuleNote:
    return RuleNote(
        "bye",
        msg("Bye (轮空)"),
        msg(
            "With an odd number of entrants one sits out each round: the lowest placed that has not had a bye. "
            "It scores this award and counts as no opponent in the opponents' score."
        ),
        (),
        msg(
            "11 pairs: the lowest-placed pair without a bye rests and gets {mp} MP and {vp} VP.",
            mp=number(rules.bye.mp),
            vp=number(rules.bye.vp),
        ),
        msg("no regulation sets a bye award, so a bye scores like a forfeit win."),
    )


def ruling_award_note(rules: RuleSet) -> RuleNote:
    played = (13.0, 11.0, 15.0)
    own = round(sum(played) / len(played), 1)
    return RuleNote(
        "ruling_award",
        msg("Loss by ruling (判负)"),
        msg(
            "The chief referee rules that a side lost a match (a serious violation, three recorded violations "
            "in one round): the offender gets 0 and the opponent gets its own average VP, 20 minus the "
            "offender's average, a fixed number of VP, or the score already recorded. Its MP follow from "
            "the VP, at least those of a win."
        ),
        (cite("000", msg("article 19 (4), loss by ruling")),),
        msg(
            "Now: {award}. With its own average, an opponent that scored 13, 11 and 15 VP at its tables gets "
            "{own} VP and {mp} MP.",
            award=ruling_award_text(rules),
            own=number(own),
            mp=number(ruling_mp(own, rules)),
        ),
    )


def ruling_fixed_vp_note(rules: RuleSet) -> RuleNote:
    vp = rules.ruling_fixed_vp
    return RuleNote(
        "ruling_fixed_vp",
        msg("Fixed ruling award"),
        msg("The VP the opponent of a side ruled to have lost gets when the ruling award is a fixed number."),
        (cite("000", msg("article 19 (4), loss by ruling")),),
        msg(
            "{vp} VP → N = {n}, {mp} MP; 11.5 VP would give {half} MP (no rounding up).",
            vp=number(vp),
            n=number(vp - 10),
            mp=number(ruling_mp(vp, rules)),
            half=number(ruling_mp(11.5, rules)),
        ),
    )


def deduction_step_note(rules: RuleSet) -> RuleNote:
    step = rules.deduction_step
    return RuleNote(
        "deduction_step",
        msg("Deductions (扣场分)"),
        msg(
            "A discipline violation (noise, leaving the seat without leave, cards put back in the wrong "
            "wallet) costs the offender this many MP each time; its opponent's MP do not change."
        ),
        (
            cite("001", msg("section 5, discipline")),
            cite("002", msg("pairs rules (1), 4 (12), deductions")),
        ),
        msg(
            "A pair on 9 MP is deducted twice: {after} MP; its opponents keep theirs.",
            after=number(9 - 2 * step),
        ),
    )


def late_arrival_minutes_note(rules: RuleSet) -> RuleNote:
    minutes = rules.late_arrival_minutes
    return RuleNote(
        "late_arrival_minutes",
        msg("Late arrival (迟到)"),
        msg(
            "Counted from the chief referee's start, a side that arrives later than this forfeits the round."
        ),
        (
            cite("001", msg("section 4, rule 11, late arrival")),
            cite("002", msg("pairs rules (1), 4 (11), late arrival and forfeit")),
            cite("000", msg("article 20, late arrival (15 minutes)")),
        ),
        msg(
            "Limit {minutes} minutes: a pair {later} minutes late forfeits; one {sooner} minutes late plays.",
            minutes=minutes,
            later=minutes + 2,
            sooner=max(minutes - 2, 0),
        ),
    )


def late_award_note(rules: RuleSet) -> RuleNote:
    return RuleNote(
        "late_award",
        msg("Late arrival award"),
        msg(
            "What the opponent of a side that came too late gets: the forfeit award, or the award of a loss "
            "by ruling."
        ),
        (
            cite("002", msg("pairs rules (1), 4 (11), late arrival and forfeit")),
            cite("000", msg("article 20, late arrival (15 minutes)")),
        ),
        msg(
            "The forfeit award gives {mp} MP and {vp} VP; the ruling award, now {ruling}.",
            mp=number(rules.forfeit_win.mp),
            vp=number(rules.forfeit_win.vp),
            ruling=ruling_award_text(rules),
        ),
    )


def withdrawal_award_note(rules: RuleSet) -> RuleNote:
    return RuleNote(
        "withdrawal_award",
        msg("Withdrawal (退出)"),
        msg(
            "Swiss: the results played stand and the side forfeits its later rounds. Round robin: with fewer "
            "than half its matches played, all its results are annulled; with half or more they stand and "
            "each remaining opponent gets this award."
        ),
        (cite("000", msg("article 18, withdrawal")),),
        msg(
            "7 entrants, 6 matches each: leaving after 2 matches annuls them; leaving after 3, each of the 3 "
            "remaining opponents gets {award}.",
            award=withdrawal_award_text(rules),
        ),
    )


def withdrawal_award_text(rules: RuleSet) -> Message:
    if rules.withdrawal_award == "fixed":
        return msg("a fixed {vp} VP", vp=number(rules.withdrawal_vp))
    if rules.withdrawal_award == "own-average":
        return msg("its own average VP so far")
    return msg("20 minus the withdrawn side's average VP")


def withdrawal_vp_note(rules: RuleSet) -> RuleNote:
    vp = rules.withdrawal_vp
    return RuleNote(
        "withdrawal_vp",
        msg("Fixed withdrawal award"),
        msg("The VP each remaining opponent gets when the withdrawal award is a fixed number."),
        (cite("000", msg("article 18, withdrawal")),),
        msg(
            "{vp} VP and {mp} MP to each remaining opponent.", vp=number(vp), mp=number(ruling_mp(vp, rules))
        ),
    )
