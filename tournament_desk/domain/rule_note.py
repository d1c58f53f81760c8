"""A note on one rule-set option: what it does, the regulation it follows (seed and article), an example.

The notes themselves are ``domain/rule_notes.py`` (the scoring and the tables) and ``domain/rule_notes_awards.py``
(what a match not played, late, ruled or left gives); the Chinese is in ``i18n/zh_cn_rule_notes.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament_desk.domain.errors import Message, msg

SEEDS: dict[str, Message] = {
    "000": msg("2015 Ohio Chinese Festival 40-point Shengji rules"),
    "001": msg("2022 staff team championship rules (80 points, duplicate)"),
    "002": msg("2022 Fujian seniors' games, Shengji (80 points) rules"),
    "003": msg("Yaoji poker tournament rules, academy edition"),
    "004": msg("collected Shengji rule pages"),
}


@dataclass(frozen=True)
class RuleNote:
    key: str  # the RuleSet field it explains
    title: Message
    what: Message  # what the option does, in the director's terms
    sources: tuple[Message, ...]  # the seed and article it follows; empty: the program's own default
    example: Message  # worked out with the rules the note was made for
    default: Message | None = (
        None  # where no article sets the option: why the program's default is what it is
    )


def note_lines(note: RuleNote) -> list[Message]:
    """A note as lines both faces show: what the option does, the regulation it follows (or why the program's
    default), and the example. The title is ``note.title``."""
    lines = [note.what]
    if note.sources:
        lines.append(msg("Regulation: {sources}", sources=list(note.sources)))
    if note.default is not None:
        lines.append(msg("Program's default: {why}", why=note.default))
    lines.append(msg("Example: {example}", example=note.example))
    return lines


def cite(seed: str, article: Message) -> Message:
    return msg("seed {seed} ({regulation}), {article}", seed=seed, regulation=SEEDS[seed], article=article)
