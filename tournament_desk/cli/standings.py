"""``tdesk standings``: the standings after any round, as a table or JSON (rules.md §9, §12).

A module of its own so that the command loads the standings and nothing of the result entry (boards, team-match
games, the phones' services): ``cli.dispatch`` imports only the module a command runs.
"""

from __future__ import annotations

import json

from tournament_desk.cli.base import Commands
from tournament_desk.cli.output import standings_json, text_table
from tournament_desk.domain.results import FIGURE_LABELS, figure_text
from tournament_desk.i18n import tr
from tournament_desk.services.standings import current_standings


class StandingsCommands(Commands):
    def standings(self) -> None:
        with self.open() as desk:
            result = current_standings(desk, self.args.after_round)
        if self.args.json:
            self.out(json.dumps(standings_json(result), ensure_ascii=False))
            return
        self.out(tr("Standings after round {round}", round=result.after_round))
        if not result.complete:
            self.out(tr("Some results of these rounds are still missing."))
        headers = [tr("Rank"), tr("Name"), tr("Unit"), *(tr(FIGURE_LABELS[c]) for c in result.columns)]
        headers.append(tr("Played"))
        rows: list[list[object]] = [
            [
                r.rank,
                r.entrant.name + (" " + tr("(withdrawn)") if r.entrant.withdrawn else ""),
                r.entrant.unit or "",
                *(figure_text(r, c) for c in result.columns),
                r.played,
            ]
            for r in result.rows
        ]
        self.out(text_table(headers, rows, {0, *range(3, len(headers))}))
