"""``tdesk rules``: the rule set as JSON (every option, round-tripping), as lines a director reads (the window's
words), and with ``--explain`` what each option means, the regulation it follows and an example."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tournament_desk.domain.errors import BadInput, Message
from tournament_desk.domain.rule_notes import note_lines, rule_notes
from tournament_desk.domain.rule_options import level_table_from_json, mp_scale_name
from tournament_desk.domain.rule_words import band_sentence, describe_rules
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


def rules_text(rules: RuleSet, mode: ScoringMode | None = None, *, withdrawal: Message | None = None) -> str:
    """The rule set in lines, worded as the window's Rules page words it (``domain/rule_words.py``; the codes
    only in ``--json``): the level table and its bands, then every rule the event's ``mode`` uses (all of them
    without one), with what a withdrawal does in the event's format where it is given."""
    described = describe_rules(rules, mode, withdrawal=withdrawal)
    (table_label, table), rest = described[0], described[1:]
    lines = [tr("{label}: {text}", label=table_label, text=table)]
    lines += ["  " + render(band_sentence(band)) for band in rules.level_table.bands]
    lines += [tr("{label}: {text}", label=label, text=text) for label, text in rest]
    return "\n".join(lines)


def explain_text(rules: RuleSet, mode: ScoringMode | None = None) -> str:
    """``tdesk rules --explain``: what each option the event uses means, the regulation it follows (seed and
    article, or the program's default) and an example worked out with the event's rules."""
    blocks = []
    for note in rule_notes(rules, mode):
        blocks.append("\n".join([render(note.title), *("  " + render(line) for line in note_lines(note))]))
    return "\n\n".join(blocks)
