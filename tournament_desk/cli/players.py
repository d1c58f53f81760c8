"""``tdesk players``: an event's players (who plays for whom, their idents, whom the registry knows), the merges
the registry proposes and the director confirms, and the registry of players on this computer (list, export,
import)."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from tournament_desk.cli.base import Commands
from tournament_desk.cli.output import text_table
from tournament_desk.domain.errors import BadInput
from tournament_desk.i18n import tr
from tournament_desk.services import players as player_services
from tournament_desk.services import players_registry as registry
from tournament_desk.services.desk import now

_WHY = {
    "unit-spelling": "the unit is spelt otherwise",
    "unit-missing": "one of them has no unit",
    "ident": "the same ident",
    "several": "several players of the registry have this name and unit",
    "same": "the same name and unit",
}


class PlayerCommands(Commands):
    def players(self) -> None:
        a = self.args
        registry_actions = [x for x in (a.registry, a.registry_export, a.registry_import) if x]
        if registry_actions:
            if a.file or a.db or a.merge or a.not_same or a.ident or a.remember:
                raise BadInput("The registry options go alone: tdesk players --registry-export OUT.xlsx.")
            self.registry_command()
            return
        if not (a.file or a.db):
            raise BadInput(
                "Name a tournament file, or --registry, --registry-export OUT or --registry-import IN."
            )
        with self.open() as desk:
            if a.merge:
                merged = player_services.merge_players(desk, [(a.merge[0], a.merge[1])], reason=a.reason)
                self.out(tr("{name} is now linked to the registry's player {known}.", name=merged[0].name,
                            known=a.merge[1]))  # fmt: skip
            elif a.not_same:
                player_services.keep_apart(desk, [(a.not_same[0], a.not_same[1])], reason=a.reason)
                self.out(tr("Kept apart: player {player} is not the registry's player {known}.",
                            player=a.not_same[0], known=a.not_same[1]))  # fmt: skip
            elif a.ident:
                if not a.ident[0].isdigit():
                    raise BadInput("The player number '{id}' is not a number.", id=a.ident[0])
                info = player_services.set_ident(desk, int(a.ident[0]), a.ident[1] or None, reason=a.reason)
                self.out(tr("{name}'s ident is now '{ident}'.", name=info.name, ident=info.ident or ""))
            elif a.remember:
                done = player_services.remember_players(desk)
                self.out(tr("{added} players added to the registry, {updated} updated.", added=done.added,
                            updated=done.updated))  # fmt: skip
            else:
                self.list_players(desk)

    def list_players(self, desk: Any) -> None:
        rows = player_services.list_players(desk)
        proposals = player_services.proposals(desk)
        if self.args.json:
            self.out(json.dumps({"players": [asdict(p) for p in rows],
                                 "proposals": [_proposal_json(p) for p in proposals]}, ensure_ascii=False))  # fmt: skip
            return
        headers = [tr("No."), tr("Player"), tr("Unit"), tr("Ident"), tr("Entrant"), tr("In the registry")]
        self.out(text_table(headers, [[p.id, p.name, p.unit or "", p.ident or "", p.entrant or "",
                                       tr("yes") if p.known else ""] for p in rows], {0}))  # fmt: skip
        if proposals:
            self.out("")
            self.out(tr("Likely the same person (confirm with tdesk players FILE --merge PLAYER REGISTRY, or refuse "
                        "with --not-same PLAYER REGISTRY):"))  # fmt: skip
            self.out(text_table(
                [tr("No."), tr("Player"), tr("Unit"), tr("Registry No."), tr("Known as"), tr("Known unit"), tr("Why")],
                [[p.player.id, p.player.name, p.player.unit or "", p.known.id, p.known.name, p.known.unit or "",
                  tr(_WHY[p.why])] for p in proposals],
                {0, 3},
            ))  # fmt: skip

    def registry_command(self) -> None:
        a = self.args
        if a.registry_export:
            count = registry.export_registry(Path(a.registry_export))
            self.out(tr("{count} players written to {path}.", count=count, path=a.registry_export))
        elif a.registry_import:
            done = registry.import_registry(Path(a.registry_import), at=now())
            self.out(tr("{added} players added to the registry, {updated} updated.", added=done.added,
                        updated=done.updated))  # fmt: skip
        else:
            known = registry.known_players()
            if a.json:
                self.out(json.dumps({"players": [asdict(k) for k in known],
                                     "duplicates": [[d.new.ref, d.known.ref, d.why] for d in registry.duplicates()]},
                                    ensure_ascii=False))  # fmt: skip
                return
            headers = [tr("No."), tr("Player"), tr("Unit"), tr("Ident"), tr("Also written")]
            self.out(text_table(headers, [[k.id, k.name, k.unit or "", k.ident or "",
                                           "、".join(f"{n}（{u}）" if u else n for n, u in k.spellings)]
                                          for k in known], {0}))  # fmt: skip


def _proposal_json(p: player_services.MergeProposal) -> dict[str, Any]:
    return {"player": p.player.id, "registry": p.known.id, "why": p.why, "name": p.player.name,
            "unit": p.player.unit, "registry_name": p.known.name, "registry_unit": p.known.unit}  # fmt: skip
