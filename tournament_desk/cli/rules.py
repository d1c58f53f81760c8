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
from tournament_desk.i18n import tr


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
    """The rule set in lines; with the event's ``mode``, what only that mode has (a team match: its pairs)."""
    lines = [
        tr("Level table: {name}", name=rules.level_table.preset),
        "  " + ", ".join(_band(b.low, b.high, b.change, b.step) for b in rules.level_table.bands),
        tr("Match points: {scale}", scale=mp_scale_name(rules)),
        tr("Forfeit: {mp} MP and {vp} VP to the opponent", mp=number(rules.forfeit_win.mp), vp=number(rules.forfeit_win.vp)),
        tr("Bye: {mp} MP and {vp} VP", mp=number(rules.bye.mp), vp=number(rules.bye.vp)),
        tr("Loss by ruling: {award} (fixed award {vp} VP)", award=rules.ruling_award, vp=number(rules.ruling_fixed_vp)),
        tr("Late arrival: over {minutes} minutes forfeits; the opponent gets the {award} award",
           minutes=rules.late_arrival_minutes, award=rules.late_award),
        tr("Withdrawal (round robin): {award} (fixed award {vp} VP)", award=rules.withdrawal_award,
           vp=number(rules.withdrawal_vp)),
        tr("Tiebreaks: {order}", order=" → ".join(rules.tiebreaks)),
        tr("Duplicate boards: {conversion}", conversion=rules.duplicate_conversion),
    ]  # fmt: skip
    if mode is not None and mode.team_pairs(rules) is not None:  # SPEC §5.8
        lines.append(tr("Team match: {rule}", rule=team_pairs_text(rules)))
    return "\n".join(lines)
