"""Sort keys for Chinese names: by pinyin (with tones as the tiebreak), then by the characters themselves."""

from __future__ import annotations

from functools import lru_cache

from pypinyin import Style, lazy_pinyin


@lru_cache(maxsize=65536)
def name_key(name: str) -> tuple[str, str, str]:
    """A key that puts 张三 near 赵四 the way a Chinese reader expects (pinyin order), Latin names alike."""
    plain = " ".join(lazy_pinyin(name, errors="default")).casefold()
    toned = " ".join(lazy_pinyin(name, style=Style.TONE3, errors="default")).casefold()
    return plain, toned, name
