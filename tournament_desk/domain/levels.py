"""Levels (级): 2 < 3 < … < 10 < J < Q < K < A, stored as 2…14; "passed A" (过A) is 15 (rules.md §4)."""

from __future__ import annotations

from tournament_desk.domain.errors import BadInput

MIN_LEVEL = 2
ACE = 14
PASSED_ACE = 15

_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A", 15: "过A"}
_ALIASES = {
    "J": 11,
    "Q": 12,
    "K": 13,
    "A": 14,
    "勾": 11,
    "钩": 11,
    "圈": 12,
    "尖": 14,
    "过A": 15,
    "A+": 15,
    "过尖": 15,
}
# Full-width forms arrive from Chinese input methods; fold them to ASCII before parsing.
_FULLWIDTH = str.maketrans("０１２３４５６７８９ＡＪＱＫａｊｑｋ＋", "0123456789AJQKajqk+")


def parse_level(text: object) -> int:
    """Parse a level as the desk types it: ``2``–``10``, ``J/Q/K/A``, ``11``–``14``, 勾/圈/尖, ``过A``/``A+``/``15``."""
    raw = str(text).strip() if text is not None else ""
    folded = raw.translate(_FULLWIDTH).upper().replace(" ", "")
    if folded in _ALIASES:
        return _ALIASES[folded]
    if folded.isascii() and folded.isdigit():  # "²" and other Unicode digits are not levels
        value = int(folded)
        if MIN_LEVEL <= value <= PASSED_ACE:
            return value
    if not raw:
        raise BadInput("A level is missing: type 2–10, J, Q, K, A or 过A.")
    raise BadInput("'{text}' is not a level: type 2–10, J, Q, K, A or 过A.", text=raw)


def format_level(level: int) -> str:
    """The level as printed on a scoresheet: ``2``…``10``, ``J``, ``Q``, ``K``, ``A``, ``过A``."""
    if not MIN_LEVEL <= level <= PASSED_ACE:
        raise ValueError(f"level out of range: {level}")
    return _NAMES.get(level, str(level))
