"""``tdesk`` for groups then knockout (rules.md §7.4, §12): lots, the knockout draw, the group tables, the bracket.

tdesk lot FILE --group G --order "X,Y[,…]"                the recorded lot (摸牌) among entrants tied on everything
tdesk draw FILE --stage knockout [--seed N | --order …]   the fresh knockout draw of exactly the qualifiers
tdesk groups FILE [--json]                                the group tables
tdesk bracket FILE [--json]                               the bracket and the placing
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from tournament_desk.cli.base import Commands
from tournament_desk.cli.output import text_table
from tournament_desk.domain.results import FIGURE_LABELS, figure_text, group_figures
from tournament_desk.i18n import render, tr
from tournament_desk.services.bracket import BracketView, bracket_view
from tournament_desk.services.groups import (
    GroupStageView,
    draw_knockout,
    group_stage,
    record_lot,
)


def group_rows_json(view: GroupStageView) -> list[dict[str, Any]]:
    return [
        {
            "group": g.name,
            "complete": g.complete,
            "rows": [
                {
                    "rank": r.rank,
                    "name": r.entrant.name,
                    "mp": float(r.mp),
                    "level_diff": r.level_diff,
                    "played": r.played,
                    "qualified": r.qualified,
                    "lot_needed": r.lot_needed,
                    "withdrawn": r.entrant.withdrawn,
                }
                for r in g.rows
            ],
        }
        for g in view.groups
    ]


def bracket_json(view: BracketView) -> dict[str, Any]:
    return {
        "size": view.size,
        "rounds": [
            [
                {
                    "round": c.round,
                    "table": c.table,
                    "home": c.home,
                    "away": c.away,
                    "winner": c.winner,
                    "levels": None if c.games else c.levels or None,
                    **({"games": f"{c.games[0]}:{c.games[1]}"} if c.games else {}),
                    **({"on_stage": c.on_stage} if c.on_stage else {}),
                    **({"third_place": True} if c.third_place else {}),
                }
                for c in cells
            ]
            for cells in view.rounds
        ],
        "placing": [{"placing": p, "name": n, "group": g} for p, n, g in view.placing],
    }


class GroupCommands(Commands):
    """The groups-then-knockout commands of ``tdesk``."""

    def lot(self) -> None:
        a = self.args
        with self.open() as desk:
            record_lot(desk, a.group, _names(a.order), reason=a.reason)
        self.out(tr("Recorded the lot: {order}.", order=" > ".join(_names(a.order))))

    def draw_knockout(self) -> None:
        a = self.args
        with self.open() as desk:
            drawn = draw_knockout(
                desk, seed=a.seed, order=_names(a.order) if a.order is not None else None, reason=a.reason
            )
        rows = [
            [i // 2 + 1, drawn.lines[i] or tr("(bye)"), drawn.lines[i + 1] or tr("(bye)")]
            for i in range(0, len(drawn.lines), 2)
        ]
        self.out(text_table([tr("Match"), tr("Home / NS"), tr("Away / EW")], rows, {0}))
        if drawn.seed is not None:
            self.out(tr("Drawn at random (seed {seed}).", seed=drawn.seed))

    def groups(self) -> None:
        with self.open() as desk:
            view = group_stage(desk)
        figures = group_figures(view.columns or ("points", "level_diff"))  # a team match: its games
        # Entrants of different groups still to draw for the last knockout places or the byes.
        across = set(view.tied_thirds) if not view.qualifiers else set()
        if self.args.json:
            self.out(
                json.dumps(
                    {
                        "knockout_size": view.knockout_size,
                        "groups": group_rows_json(view),
                        "qualifiers": view.qualifiers,
                        "drawn": view.drawn,
                    },
                    ensure_ascii=False,
                )
            )
            return
        for g in view.groups:
            self.out(tr("Group {group}", group=g.name))
            order = {name: i for i, name in enumerate(g.members)}
            rows = [
                [
                    r.rank,
                    r.entrant.name,
                    *(
                        g.cells[(r.entrant.name, o)].levels if (r.entrant.name, o) in g.cells else ""
                        for o in g.members
                    ),
                    *(figure_text(r, k) for k in figures),
                    _mark(r.qualified, r.lot_needed, r.entrant.name in across),
                ]
                for r in sorted(g.rows, key=lambda r: order.get(r.entrant.name, len(order)))
            ]
            headers = [tr("Rank"), tr("Name"), *(str(i) for i in range(1, len(g.members) + 1)),
                       *(tr(FIGURE_LABELS[k]) for k in figures), ""]  # fmt: skip
            self.out(text_table(headers, rows, {0}))
            self.out("")
        if view.qualifiers:
            self.out(tr("Qualifiers: {names}", names="、".join(view.qualifiers)))

    def bracket(self) -> None:
        with self.open() as desk:
            view = bracket_view(desk)
        if view is None:
            if self.args.json:
                self.out(json.dumps(None))
                return
            self.out(tr("The knockout has not been drawn yet."))
            return
        if self.args.json:
            self.out(json.dumps(bracket_json(view), ensure_ascii=False))
            return
        for name, cells in zip(view.round_names, view.rounds, strict=True):
            self.out(render(name))
            rows = []
            for c in cells:
                home = c.home if c.home is not None else tr("(bye)")
                away = c.away if c.away is not None else tr("(bye)")
                label = tr("Third place") if c.third_place else ""
                rows.append([c.table or "", home or "?", away or "?", c.levels, c.winner or "", label])
            self.out(text_table([tr("Table"), tr("Home / NS"), tr("Away / EW"), tr("Result"), tr("Winner"), ""],
                                rows, {0}))  # fmt: skip
            self.out("")
        self.out(text_table([tr("Place"), tr("Name"), tr("Group")], [list(p) for p in view.placing], set()))


def _mark(qualified: bool | None, lot_needed: bool, across: bool = False) -> str:
    """The row's last column: a lot in its group, a lot across the groups (qualified whichever way it falls:
    only the bye is drawn for), qualified, or nothing."""
    if lot_needed:
        return tr("lot needed")
    if across:
        return tr("qualified, bye lot") if qualified else tr("lot across groups")
    return tr("qualified") if qualified else ""


def _names(text: str) -> Sequence[str]:
    return [n for n in text.replace("，", ",").replace("、", ",").split(",") if n.strip()]
