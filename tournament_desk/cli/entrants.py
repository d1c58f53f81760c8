"""``tdesk entrant …`` and ``tdesk draw``: registering, importing, withdrawing, reinstating and listing
entrants, and the round-1 draw (the knockout draw is ``cli.groups``)."""

from __future__ import annotations

import json
from pathlib import Path

from tournament_desk.cli.groups import GroupCommands
from tournament_desk.cli.output import (
    text_table,
)
from tournament_desk.i18n import tr
from tournament_desk.services import entrants as entrant_services


class EntrantCommands(GroupCommands):
    def entrant_add(self) -> None:
        with self.open() as desk:
            info = entrant_services.add_entrant(
                desk, self.args.name, unit=self.args.unit, players=self.args.players
            )
            self.out(tr("Registered {name} (draw number {draw_no}).", name=info.name, draw_no=info.draw_no))

    def entrant_import(self) -> None:
        with self.open() as desk:
            added = entrant_services.import_entrants(desk, Path(self.args.sheet))
            self.out(tr("Imported {count} entrants.", count=len(added)))

    def entrant_withdraw(self) -> None:
        with self.open() as desk:
            info = entrant_services.withdraw(
                desk, self.args.name, after_round=self.args.after_round, reason=self.args.reason
            )
            self.out(
                tr("{name} withdraws after round {round}.", name=info.name, round=info.withdrawn_after_round)
            )

    def entrant_reinstate(self) -> None:
        with self.open() as desk:
            info = entrant_services.reinstate(desk, self.args.name, reason=self.args.reason)
        self.out(tr("{name} is back in the event.", name=info.name))

    def entrant_list(self) -> None:
        with self.open() as desk:
            rows = entrant_services.list_entrants(desk)
        if self.args.json:
            self.out(
                json.dumps(
                    [
                        {
                            "name": e.name,
                            "unit": e.unit,
                            "players": list(e.players),
                            "draw_no": e.draw_no,
                            "withdrawn_after_round": e.withdrawn_after_round,
                        }
                        for e in rows
                    ],
                    ensure_ascii=False,
                )
            )
            return
        headers = [tr("No."), tr("Name"), tr("Unit"), tr("Players"), tr("Status")]
        self.out(
            text_table(
                headers,
                [
                    [
                        e.draw_no,
                        e.name,
                        e.unit or "",
                        "、".join(e.players),
                        tr("withdrawn after round {round}", round=e.withdrawn_after_round)
                        if e.withdrawn_after_round is not None
                        else "",
                    ]
                    for e in rows
                ],
                {0},
            )
        )

    def draw(self) -> None:
        if self.args.stage == "groups":
            self.draw_entrants()
        else:
            self.draw_knockout()

    def draw_entrants(self) -> None:
        with self.open() as desk:
            order = self.args.order.replace("，", ",").split(",") if self.args.order is not None else None
            drawn = entrant_services.draw(desk, seed=self.args.seed, order=order)
            self.out(text_table([tr("No."), tr("Name")], [[i, e.name] for i, e in enumerate(drawn, 1)], {0}))
