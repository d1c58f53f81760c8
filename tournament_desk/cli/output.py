"""How ``tdesk`` prints: aligned tables that count Chinese characters as two columns, and the JSON shapes."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from typing import Any

from tournament_desk.services.standings import Standings


def number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else round(value, 2)


def text_width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, width: int, right: bool = False) -> str:
    gap = " " * max(0, width - text_width(text))
    return gap + text if right else text + gap


def text_table(headers: Sequence[str], rows: Sequence[Sequence[object]], numeric: set[int]) -> str:
    cells = [[str(c) for c in headers], *[[("" if c is None else str(c)) for c in row] for row in rows]]
    widths = [max(text_width(r[i]) for r in cells) for i in range(len(headers))]
    return "\n".join(
        "  ".join(pad(c, widths[i], i in numeric) for i, c in enumerate(r)).rstrip() for r in cells
    )


def change_text(old: Any, new: Any) -> str:
    def short(value: Any) -> str:
        text = json.dumps(value, ensure_ascii=False)
        return text if len(text) <= 60 else text[:57] + "…"

    if old is None:
        return short(new)
    return f"{short(old)} → {short(new)}"


def standings_json(result: Standings) -> dict[str, Any]:
    return {
        "after_round": result.after_round,
        "rows": [
            {
                "rank": r.rank,
                "name": r.entrant.name,
                "unit": r.entrant.unit,
                "mp": float(r.mp),
                "vp": number(r.vp),
                "opp_mp": float(r.opp_mp),
                "played": r.played,
                "deducted": float(r.deducted),
                "withdrawn": r.entrant.withdrawn,
                **({"xmp": r.xmp} if r.xmp is not None else {}),
            }
            for r in result.rows
        ],
    }
