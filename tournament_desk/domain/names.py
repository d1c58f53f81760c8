"""Names as people type them, made comparable (issue 15): one normal form for entrant, unit, player and
tournament names wherever they enter (typed, imported, from the command line).

- NFKC: full-width ``ＡＢＣ`` and ``Team１`` become ``ABC`` and ``Team1``; NFD ``Café`` becomes NFC.
- Zero-width characters (U+200B–U+200D, U+2060, U+FEFF) and soft hyphens are dropped: invisible, they
  would make ``东风队`` and ``东风队`` + U+200B two entrants.
- Other control characters (NUL, BEL, an ANSI escape) are refused: no keyboard makes them, and they
  would print as garbage or move the terminal's cursor.
- White space runs become one space, none at the ends; a space between two Chinese characters is dropped
  (``红 旗队`` is ``红旗队``: Chinese names are not written with spaces, while ``Team 1`` keeps its space).

``similar_key`` is looser (case, spaces and punctuation folded) and only warns: ``Team-1`` beside ``team 1``
in a sign-up sheet are probably one entrant typed twice.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from tournament_desk.domain.errors import BadInput, msg

NAME_MAX = 40
UNIT_MAX = 60
PLAYERS_MAX = 120
TOURNAMENT_MAX = 100

_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"))
_CJK = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef"


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """White space runs, a space between two Chinese characters, what ``similar_key`` folds: compiled when a name
    is first made normal (most commands read names but never normalise one)."""
    return re.compile(r"\s+"), re.compile(rf"(?<=[{_CJK}]) (?=[{_CJK}])"), re.compile(r"[\s\W_]+")


def normal_form(text: str | None) -> str:
    """The name as stored and compared; raises BadInput for control characters."""
    value = unicodedata.normalize("NFKC", text or "").translate(_INVISIBLE)
    bad = next((ch for ch in value if unicodedata.category(ch) == "Cc" and ch not in "\t\n\r"), None)
    if bad is not None:
        raise BadInput(
            "The name contains a control character (U+{code:04X}) that no keyboard types; type it again.",
            code=ord(bad),
        )
    spaces, cjk_gap, _ = _patterns()
    return cjk_gap.sub("", spaces.sub(" ", value).strip())


def checked_name(text: str | None, *, what: str = "name", most: int = NAME_MAX) -> str:
    """``normal_form`` with a length bound; ``what`` names the field in the sentence ("name", "unit", …)."""
    value = normal_form(text)
    if len(value) > most:
        raise BadInput(
            "The {what} '{start}…' is longer than {most} characters.",
            what=msg(what),
            start=value[:20],
            most=most,
        )
    return value


def similar_key(text: str) -> str:
    """A looser key for near-duplicate warnings: case, white space and punctuation folded."""
    return _patterns()[2].sub("", normal_form(text)).casefold()
