"""How ``tdesk`` prints: aligned tables that count Chinese characters as two columns, and the JSON shapes."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from typing import Any

from tournament_desk.domain.levels import format_level
from tournament_desk.domain.results import figure
from tournament_desk.services.rounds import TableView
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


def table_figures(t: TableView) -> dict[str, Any]:
    """A table's levels and stored figures for ``round --json`` (nothing while it has no result)."""
    out: dict[str, Any] = {}
    if t.home_level is not None and t.away_level is not None:
        out.update(home_level=format_level(t.home_level), away_level=format_level(t.away_level))
    if t.outcome is not None:
        o = t.outcome
        out.update(home_mp=o.home_mp, away_mp=o.away_mp, home_vp=number(o.home_vp), away_vp=number(o.away_vp))
    if t.side is not None:
        out["side"] = t.side
    return out


def standings_json(result: Standings) -> dict[str, Any]:
    """SPEC §12's shape. A format ranked by other figures (round robin) adds them, its chain's columns and
    what separated each row; opponents' score has no meaning there and is null."""
    swiss = result.columns[:3] == ("mp", "vp", "opp_mp")
    extra = () if swiss else tuple(k for k in result.columns if k not in ("mp", "vp", "points"))
    staged = result.stage is not None
    return {
        "after_round": result.after_round,
        **({} if swiss else {"format": result.format, "columns": list(result.columns)}),
        **({"stage": result.stage} if staged else {}),
        "rows": [
            {
                "rank": r.rank,
                "name": r.entrant.name,
                "unit": r.entrant.unit,
                "mp": float(r.mp),
                "vp": number(r.vp),
                "opp_mp": float(r.opp_mp) if swiss else None,
                "played": r.played,
                "deducted": float(r.deducted),
                "withdrawn": r.entrant.withdrawn,
                **({"xmp": r.xmp} if r.xmp is not None else {}),
                **{k: figure(r, k) for k in extra if k != "xmp"},
                **({} if swiss else {"separated_by": r.separated_by}),
                **({"group": r.group, "qualified": r.qualified} if staged else {}),
                **({"lot_needed": True} if r.lot_needed else {}),
                **({"board_scores": list(r.board_scores)} if r.board_scores is not None else {}),
            }
            for r in result.rows
        ],
    }
