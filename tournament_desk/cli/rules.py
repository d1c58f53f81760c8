"""``tdesk rules``: the rule set as JSON (every option, round-tripping) and as lines a director reads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.results import number, signed
from tournament_desk.domain.rule_options import level_table_from_json, mp_scale_name, team_pairs_text
from tournament_desk.domain.rules import LevelTable, RuleSet
from tournament_desk.domain.scoring_modes.base import ScoringMode
from tournament_desk.i18n import render, tr


def read_level_table(path: Path) -> LevelTable:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BadInput("There is no file at '{path}'.", path=str(path)) from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise BadInput("'{path}' is not a JSON file.", path=str(path)) from None
    return level_table_from_json(data)


def rules_json(rules: RuleSet) -> dict[str, Any]:
    """The whole rule set, with the names ``tdesk rules`` takes for the scale beside the stored steps."""
    return {**rules.to_dict(), "mp_scale_name": mp_scale_name(rules)}


def _band(low: int, high: int | None, change: int, step: int | None) -> str:
    span = f"{low}–{high}" if high is not None else f"{low}+"
    extra = f" ({signed(-1)} / {step})" if step else ""
    return f"{span} → {signed(change) or '0'}{extra}"


def rules_text(rules: RuleSet, mode: ScoringMode | None = None) -> str:
    """The rule set in lines, only those that apply to the event's ``mode`` (all of them without one): the level
    table always; how a table scores (levels → VP → MP, or a team match's pair games and points); the
    tiebreaks, or the ranking chain the mode brings (SPEC §5.8); the duplicate boards' conversion where the
    mode plays boards."""
    lines = [
        tr("Level table: {name}", name=rules.level_table.preset),
        "  " + ", ".join(_band(b.low, b.high, b.change, b.step) for b in rules.level_table.bands),
    ]
    games = None if mode is None else mode.team_pairs(rules)
    lines += level_scored_lines(rules) if mode is None or games is None else team_match_lines(rules, mode)
    chain = None if mode is None else mode.ranking()
    if chain is None:
        lines.append(tr("Tiebreaks: {order}", order=" → ".join(rules.tiebreaks)))
    else:
        steps = [tr(RANKING_STEPS.get(key, key)) for key in chain.keys]
        lines.append(tr("Ranking: {order}", order=" → ".join([*steps, tr("shared rank")])))
    if mode is None or mode.boards:
        lines.append(tr("Duplicate boards: {conversion}", conversion=rules.duplicate_conversion))
    return "\n".join(lines)


# The steps of a ranking chain a scoring mode brings (``ScoringMode.ranking``), as ``tdesk rules`` names them.
RANKING_STEPS = {
    "points": "total points",
    "h2h_points": "the result between the tied teams",
    "game_ratio": "game ratio (pair games won ÷ lost)",
}


def level_scored_lines(rules: RuleSet) -> list[str]:
    """How a table scored by its levels counts: the MP scale, and the awards of a forfeit, a bye, a ruling, a
    late arrival and a withdrawal (SPEC §5)."""
    return [
        tr("Match points: {scale}", scale=mp_scale_name(rules)),
        tr("Forfeit: {mp} MP and {vp} VP to the opponent", mp=number(rules.forfeit_win.mp), vp=number(rules.forfeit_win.vp)),
        tr("Bye: {mp} MP and {vp} VP", mp=number(rules.bye.mp), vp=number(rules.bye.vp)),
        tr("Loss by ruling: {award} (fixed award {vp} VP)", award=rules.ruling_award, vp=number(rules.ruling_fixed_vp)),
        tr("Late arrival: over {minutes} minutes forfeits; the opponent gets the {award} award",
           minutes=rules.late_arrival_minutes, award=rules.late_award),
        tr("Withdrawal (round robin): {award} (fixed award {vp} VP)", award=rules.withdrawal_award,
           vp=number(rules.withdrawal_vp)),
    ]  # fmt: skip


def team_match_lines(rules: RuleSet, mode: ScoringMode) -> list[str]:
    """A team match of pairs (SPEC §5.8): the pairs a team sends and the points of a match, how a pair game is
    won, and what a match not played scores, each as the mode scores it (no VP, no MP scale)."""
    lost = mode.forfeit_outcome("home", rules)  # the home team forfeits: the away team wins the match
    bye = mode.bye_outcome(rules)
    return [
        tr("Team match: {rule}", rule=render(team_pairs_text(rules))),
        tr("Pair game: won by the pair that passes A first; else by the higher level; on equal levels by the "
           "declarer (庄家); a pair that does not show loses its game"),
        tr("Forfeit, loss by ruling, withdrawal: the opponent wins the match {won} : {lost} in points",
           won=number(lost.away_mp), lost=number(lost.home_mp)),
        tr("Late arrival: over {minutes} minutes forfeits the match", minutes=rules.late_arrival_minutes),
        tr("Bye: {points} points", points=number(bye.home_mp)),
    ]  # fmt: skip
