"""Sort keys for Chinese names: by pinyin, with numbers inside names in numeric order.

Team names are often numbered ("复旦一队", "复旦二队", "Team 10"): a reader looks for 一队 before 二队
and 2 before 10, while plain pinyin would put 一 (yī) after 二 (èr), 三 (sān) and 四 (sì).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import cache, lru_cache, total_ordering
from typing import Any

_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_NUMBER = re.compile(r"[0-9]+|[零〇一二两三四五六七八九十百]+")


@cache
def _pypinyin() -> tuple[Callable[..., list[str]], Any]:
    """pypinyin, imported on first use: loading its phrase dictionary costs about 0.2 s, which a
    command that never sorts names (``tdesk result``) should not pay."""
    from pypinyin import Style, lazy_pinyin

    return lazy_pinyin, Style


def lazy_pinyin(text: str, **options: Any) -> list[str]:
    return _pypinyin()[0](text, **options)


def chinese_number(text: str) -> int | None:
    """The value of a Chinese numeral up to 999 (一, 十二, 二十, 一百零五), or None if it is not one."""
    if text.isdigit() and text.isascii():
        return int(text)
    total, current = 0, 0
    for char in text:
        if char in _DIGITS:
            current = _DIGITS[char]
        elif char == "十":
            total += (current or 1) * 10
            current = 0
        elif char == "百":
            total += (current or 1) * 100
            current = 0
        else:
            return None
    return total + current


def _segments(name: str) -> list[tuple[int, str]]:
    """Alternate text and numbers; a number sorts by value, below any letter at the same place."""
    parts: list[tuple[int, str]] = []
    position = 0
    for match in _NUMBER.finditer(name):
        if match.start() > position:
            parts.append((1, _text_key(name[position : match.start()])))
        value = chinese_number(match.group())
        parts.append((0, f"{value:09d}") if value is not None else (1, match.group()))
        position = match.end()
    if position < len(name):
        parts.append((1, _text_key(name[position:])))
    return parts


@lru_cache(maxsize=65536)
def _text_key(text: str) -> str:
    """A run of a name between numbers in toneless pinyin: the same runs come back name after name (复旦 of 复旦一队,
    复旦二队 …; 队 of every team), and pypinyin's phrase matching is the slow part of registering a field."""
    return " ".join(lazy_pinyin(text)).casefold()


@lru_cache(maxsize=65536)
def name_key(name: str) -> tuple[tuple[tuple[int, str], ...], str, str]:
    """A key that puts names in the order a Chinese reader expects: pinyin, numbers by value, tones, characters."""
    toned = " ".join(lazy_pinyin(name, style=_pypinyin()[1].TONE3, errors="default")).casefold()
    return tuple(_segments(name)), toned, name


@lru_cache(maxsize=65536)
def pinyin(name: str) -> str:
    """The name in toneless pinyin, lower case, syllables joined by spaces (for search and index letters)."""
    return " ".join(lazy_pinyin(name, errors="default")).casefold()


def search_form(text: str) -> str:
    """Text as a search compares it: full-width and half-width alike, no case, no spaces (ＡＢＣ 一队 → abc一队)."""
    return "".join(unicodedata.normalize("NFKC", text).casefold().split())


def _has_han(text: str) -> bool:
    return any("\u3400" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff" for char in text)


def matches_name(wanted: str, text: str) -> bool:
    """Whether ``text`` (a name, a unit, any cell) holds ``wanted`` (already in ``search_form``): as written,
    or, for Chinese text, in its pinyin spelled out ("fudan" finds 复旦一队) or by initials ("fdyd")."""
    if not wanted:
        return True
    folded = search_form(text)
    if wanted in folded:
        return True
    if not (wanted.isascii() and _has_han(folded)):
        return False
    syllables = pinyin(folded).split()
    return wanted in "".join(syllables) or wanted in "".join(s[0] for s in syllables)


def sort_key(name: str) -> str:
    """``name_key`` as one string that sorts the same way, kept with each entrant when it is registered, so
    that ordering names later (tied standings rows) needs no pinyin table at all."""
    segments, toned, _ = name_key(name)
    parts = "\x1f".join(f"{kind}{text}" for kind, text in segments)
    return f"{parts}\x1e{toned}\x1e{name}"


def entrant_key(name: str, stored: str | None) -> str:
    """The stored sort key, or (an entrant from before keys were stored) the one worked out now."""
    return stored if stored else sort_key(name)


@total_ordering
class LazyNameKey:
    """``name_key(name)`` computed only if two names have to be ordered.

    As the last-but-one element of a sort key after the scores, it costs nothing (and loads no
    pinyin table) unless two rows tie on every score; equal names are equal without it.
    """

    __slots__ = ("name", "stored")

    def __init__(self, name: str, stored: str | None = None) -> None:
        self.name = name
        self.stored = stored

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LazyNameKey) and self.name == other.name

    def __hash__(self) -> int:
        return hash(self.name)

    def __lt__(self, other: LazyNameKey) -> bool:
        if self.name == other.name:
            return False
        return entrant_key(self.name, self.stored) < entrant_key(other.name, other.stored)
